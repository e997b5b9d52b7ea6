/** The prompts: prompts/list, prompts/get (messages embedding or linking the right pages), argument checks and completion. */
import {
  CompleteResultSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { ERROR_CODES } from '../../src/mcp/jsonrpc.ts';
import { PROMPT_LINKS } from '../../src/mcp/prompts.ts';
import { SERVICE_CASE_STUDIES } from '../../src/site/bounds.ts';
import { mcpRequest, modernHeaders, modernMeta, sampleAgent, sampleArtefacts, sampleModel, send } from './fixtures.ts';
import { PROMPT_NAMES } from '../../src/mcp/prompt-catalog.ts';

const handler = createMcpHandler(sampleAgent());
const { head } = sampleAgent();
const site = head.site;
const model = sampleModel();
const pages = sampleArtefacts().pages;
const markdownOf = (path: string) => pages.find((page) => page.path === path)!.markdown;

const rpc = async (method: string, params: Record<string, unknown> = {}) =>
  (await send(handler, mcpRequest({ jsonrpc: '2.0', id: 1, method, params }))).json;
const getPrompt = async (name: string, args?: Record<string, unknown>) => {
  const answer = await rpc('prompts/get', { name, ...(args ? { arguments: args } : {}) });
  return answer.error ? { error: answer.error } : { result: GetPromptResultSchema.parse(answer.result) };
};
type Message = ReturnType<typeof GetPromptResultSchema.parse>['messages'][number];
const embedded = (messages: Message[]) =>
  messages.flatMap((message) => (message.content.type === 'resource' ? [message.content.resource] : []));
const linked = (messages: Message[]) =>
  messages.flatMap((message) => (message.content.type === 'resource_link' ? [message.content.uri] : []));
const texts = (messages: Message[]) =>
  messages.flatMap((message) => (message.content.type === 'text' ? [message.content.text] : [])).join('\n');
const listedUris = async () =>
  new Set(((await rpc('resources/list')).result.resources as { uri: string }[]).map((resource) => resource.uri));

describe('prompts/list', () => {
  test('every prompt of the catalog, each with a title, a description and its arguments', async () => {
    const { prompts } = ListPromptsResultSchema.parse((await rpc('prompts/list')).result);
    expect(
      prompts.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required])]),
    ).toEqual([
      ['company_brief', [['language', false]]],
      [
        'relevant_work',
        [
          ['topic', true],
          ['language', false],
        ],
      ],
      [
        'contact_request',
        [
          ['topic', false],
          ['language', false],
        ],
      ],
    ]);
    for (const prompt of prompts) {
      expect(prompt.title).toContain(site.name);
      expect(prompt.description!.length).toBeGreaterThan(20);
    }
  });
});

describe('company_brief', () => {
  test('embeds the home page and links the services and company pages, all of them listed resources', async () => {
    const { result } = await getPrompt('company_brief');
    const messages = result!.messages;
    expect(texts(messages)).toContain(site.name);
    expect(embedded(messages)).toEqual([{ uri: `${site.baseUrl}/`, mimeType: 'text/markdown', text: markdownOf('/') }]);
    const links = linked(messages);
    expect(links.length).toBeLessThanOrEqual(PROMPT_LINKS);
    for (const service of model.services) expect(links).toContain(`${site.baseUrl}${service.path}`);
    for (const page of model.pages) expect(links).toContain(`${site.baseUrl}${page.path}`);
    const listed = await listedUris();
    for (const uri of links) expect(listed.has(uri), uri).toBe(true);
  });

  test('takes only a language', async () => {
    const { error } = await getPrompt('company_brief', { topic: 'x' });
    expect(error.code).toBe(ERROR_CODES.invalidParams);
    expect(error.message).toBe(
      'Invalid arguments for prompt company_brief: unknown argument topic; it takes language.',
    );
  });
});

describe('relevant_work', () => {
  test.each(model.industries.map((facet) => facet.name))(
    'industry %s: links its case studies, newest first',
    async (industry) => {
      const { result } = await getPrompt('relevant_work', { topic: industry.toLowerCase() });
      const expected = model.caseStudies
        .filter((study) => study.data.industry === industry)
        .slice(0, SERVICE_CASE_STUDIES)
        .map((study) => study.url);
      expect(linked(result!.messages)).toEqual(expected);
      expect(embedded(result!.messages)).toEqual([]);
      expect(texts(result!.messages)).toContain(industry);
    },
  );

  test.each(model.services.map((service) => [service.data.title, service.path] as const))(
    'service %s: embeds the service page and links the case studies that name it',
    async (title, path) => {
      const { result } = await getPrompt('relevant_work', { topic: ` ${title} ` });
      expect(embedded(result!.messages)).toEqual([
        { uri: `${site.baseUrl}${path}`, mimeType: 'text/markdown', text: markdownOf(path) },
      ]);
      const expected = model.caseStudies
        .filter((study) => study.services.some((service) => service.data.title === title))
        .slice(0, SERVICE_CASE_STUDIES)
        .map((study) => study.url);
      expect(linked(result!.messages)).toEqual(expected);
    },
  );

  test('an unknown topic is -32602 naming the closest industries and services', async () => {
    const { error } = await getPrompt('relevant_work', { topic: 'helthcare' });
    expect(error.code).toBe(ERROR_CODES.invalidParams);
    expect(error.message).toContain('is neither an industry nor a service');
    expect(error.data.closest[0]).toBe('Healthcare');
    expect(error.message).toContain('completion/complete');
  });

  test('a missing, empty, too long or non-string topic is -32602 saying what is wrong', async () => {
    expect((await getPrompt('relevant_work')).error.message).toMatch(/topic is required \(An industry or a service/);
    expect((await getPrompt('relevant_work', { topic: '  ' })).error.message).toContain('topic is empty');
    expect((await getPrompt('relevant_work', { topic: 'x'.repeat(201) })).error.message).toContain(
      'topic is longer than 200 characters',
    );
    const notString = await getPrompt('relevant_work', { topic: 3 });
    expect(notString.error.code).toBe(ERROR_CODES.invalidParams);
    expect(notString.error.message).toContain('prompts/get needs params.name');
  });
});

describe('contact_request', () => {
  test('walks through every field start_conversation sends and asks for consent before calling it', async () => {
    const { result } = await getPrompt('contact_request', { topic: 'a data platform' });
    const text = texts(result!.messages);
    const schema = head.tools.find((tool) => tool.name === 'start_conversation')!.inputSchema as {
      properties: Record<string, unknown>;
    };
    for (const field of Object.keys(schema.properties)) expect(text).toContain(`- ${field} (`);
    expect(text).toContain('about a data platform');
    expect(text).toContain('send nothing until I agree');
    const consent = text.indexOf('Ask me whether I agree');
    expect(consent).toBeGreaterThan(text.indexOf('Show me the complete request'));
    expect(text.indexOf('call start_conversation')).toBeGreaterThan(consent);
    expect(text).toContain(site.contactEmail);
    expect((await getPrompt('contact_request')).result!.messages.length).toBe(1);
  });
});

describe('prompts/get errors', () => {
  test('an unknown prompt is -32602 listing the prompts', async () => {
    const { error } = await getPrompt('nope');
    expect(error.code).toBe(ERROR_CODES.invalidParams);
    expect(error.message).toBe(`Unknown prompt: "nope". Available prompts: ${PROMPT_NAMES.join(', ')}.`);
    expect((await rpc('prompts/get', {})).error.code).toBe(ERROR_CODES.invalidParams);
  });

  test('2026-07-28: a prompt is a complete result, without caching hints', async () => {
    const answer = await send(
      handler,
      mcpRequest(
        { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'company_brief', _meta: modernMeta() } },
        modernHeaders('prompts/get', 'company_brief'),
      ),
    );
    expect(answer.json.result.resultType).toBe('complete');
    expect(answer.json.result.ttlMs).toBeUndefined();
    expect(answer.json.result.messages.length).toBeGreaterThan(1);
  });
});

describe('completion of prompt arguments', () => {
  const complete = async (name: string, argument: string, value: string) =>
    rpc('completion/complete', { ref: { type: 'ref/prompt', name }, argument: { name: argument, value } });

  test("relevant_work's topic: the published industries and services", async () => {
    const all = CompleteResultSchema.parse((await complete('relevant_work', 'topic', '')).result).completion;
    // Every language's, the default language's first: completion does not know the language argument.
    const languages = model.languages.codes.map((code) => model.languages.models.get(code)!);
    const expected = [
      ...new Set(languages.flatMap((language) => language.industries.map((facet) => facet.name))),
      ...new Set(languages.flatMap((language) => language.services.map((service) => service.data.title))),
    ];
    expect(all).toEqual({ values: expected, total: expected.length, hasMore: false });
    const some = (await complete('relevant_work', 'topic', 'HEAL')).result.completion;
    expect(some.values[0]).toBe('Healthcare');
    expect(some.values).not.toContain('Energy');
  });

  test('an unknown prompt or argument is -32602', async () => {
    expect((await complete('nope', 'topic', '')).error.code).toBe(ERROR_CODES.invalidParams);
    const argument = await complete('company_brief', 'topic', '');
    expect(argument.error.code).toBe(ERROR_CODES.invalidParams);
    expect(argument.error.message).toContain('its arguments: language');
  });
});
