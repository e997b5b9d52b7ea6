/** The tools: schemas, success and failure paths, called directly (no transport). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import { createMemoryLimitLedger } from '../../src/leads/limits.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import type { LimitLedger } from '../../src/leads/limits.ts';
import { agentConsentStatement } from '../../src/mcp/tools/start-conversation.ts';
import { CASE_STUDY_LIMIT, INSIGHT_LIMIT, SEARCH_LIMIT } from '../../src/mcp/tools/limits.ts';
import { createTools, type Tool, type ToolResult } from '../../src/mcp/tools/index.ts';
import { ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import { pipeline, sampleAgent, sampleArtefacts, sampleModel } from './fixtures.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020 | Ajv) => void;
const model = sampleModel();
const { head } = sampleAgent();
const site = head.site;
const PROFILE = sampleArtefacts().profile;
// Every language's values, the default language's first: a filter takes the values of the language listed.
const everyLanguage = (of: (language: typeof model) => { name: string }[]) => [
  ...new Set(model.languages.codes.flatMap((code) => of(model.languages.models.get(code)!).map((facet) => facet.name))),
];
const industries = everyLanguage((language) => language.industries);
const tags = everyLanguage((language) => language.tags);
const NOW = new Date('2026-11-20T10:00:00.000Z');
const context = { now: () => NOW };

function toolsWith(leads?: LeadStore, limits?: LimitLedger): Map<string, Tool> {
  const agent = sampleAgent();
  const dependencies = {
    artefacts: agent.artefacts,
    leadPath: agent.leadPath,
    contact: agent.contact,
    ...(leads ? { leads: pipeline({ store: leads, ...(limits ? { limits } : {}) }) } : {}),
  };
  return new Map(createTools(head, dependencies, () => {}).map((tool) => [tool.descriptor.name, tool]));
}
const tools = toolsWith(createMemoryLeadStore());
const call = (name: string, args: Record<string, unknown>, map = tools): Promise<ToolResult> =>
  map.get(name)!.call(args, context);

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
/** Checks a success result: one text block, structuredContent valid against the tool's outputSchema. */
function expectValidSuccess(name: string, result: ToolResult) {
  expect(result.isError).toBeUndefined();
  expect(result.content).toHaveLength(1);
  expect(result.content[0]!.type).toBe('text');
  const validate = ajv.compile(tools.get(name)!.descriptor.outputSchema);
  expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
}
function errorText(result: ToolResult): string {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return result.content[0]!.text;
}

describe('search_site over artefacts that are not from one build', () => {
  test('a result without a page record is a tool error naming the search terms file', async () => {
    const agent = sampleAgent();
    const artefacts = { ...agent.artefacts, page: () => Promise.resolve(undefined) };
    const problems: string[] = [];
    const search = createTools(head, { artefacts }, (tool, error) =>
      problems.push(`${tool} ${error.file} ${error.problem}`),
    ).find((tool) => tool.descriptor.name === 'search_site')!;
    const result = await search.call({ query: 'kubernetes' }, context);
    expect(result.isError).toBe(true);
    expect(problems).toEqual([`search_site ${ARTEFACT_FILES.searchTerms} mismatch`]);
  });
});

describe('descriptors', () => {
  const descriptors = head.tools;

  test('every tool has a title, a description, valid input/output schemas and annotations', () => {
    const draft07 = new Ajv({ strict: false });
    addFormats(draft07);
    for (const descriptor of descriptors) {
      expect(descriptor.title.length).toBeGreaterThan(3);
      expect(descriptor.description.length).toBeGreaterThan(80);
      expect(descriptor.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(descriptor.inputSchema.$schema).toBeUndefined();
      expect(descriptor.outputSchema.type).toBe('object');
      // Valid for Ajv in 2020-12 mode, and for the MCP SDK client's default draft-07 Ajv.
      expect(() => ajv.compile(descriptor.inputSchema)).not.toThrow();
      expect(() => draft07.compile(descriptor.outputSchema)).not.toThrow();
      expect(descriptor.annotations.title).toBe(descriptor.title);
    }
  });

  test('read tools are read-only and closed-world; start_conversation is not read-only and idempotent', () => {
    for (const descriptor of descriptors) {
      if (descriptor.name === 'start_conversation') {
        expect(descriptor.annotations).toMatchObject({
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        });
      } else {
        expect(descriptor.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      }
    }
  });

  test('industry and tag enums come from the published content; limits are advertised', () => {
    const byName = new Map(
      descriptors.map((descriptor) => [
        descriptor.name,
        descriptor.inputSchema.properties as Record<string, Record<string, unknown>>,
      ]),
    );
    expect(byName.get('list_case_studies')!.industry!.enum).toEqual(industries);
    expect(byName.get('list_insights')!.tag!.enum).toEqual(tags);
    expect(byName.get('list_case_studies')!.limit).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: CASE_STUDY_LIMIT.max,
      default: CASE_STUDY_LIMIT.default,
    });
    expect(byName.get('search_site')!.limit).toMatchObject({
      maximum: SEARCH_LIMIT.max,
      default: SEARCH_LIMIT.default,
    });
    expect(byName.get('get_company_profile')!.format!.enum).toEqual(['short', 'full']);
  });

  test("start_conversation's description carries the consent rule", () => {
    const description = descriptors.find((descriptor) => descriptor.name === 'start_conversation')!.description;
    expect(description).toMatch(/ONLY when the user has explicitly asked/);
    expect(description).toMatch(/Never call it on your own initiative/);
    const required = descriptors.find((descriptor) => descriptor.name === 'start_conversation')!.inputSchema.required;
    expect(required).toEqual(['name', 'email', 'message']);
  });
});

describe('get_company_profile', () => {
  test('short (the default) returns exactly the short profile', async () => {
    const result = await call('get_company_profile', {});
    expectValidSuccess('get_company_profile', result);
    expect(result.content[0]!.text).toBe(PROFILE.short);
    expect(result.structuredContent).toEqual({
      format: 'short',
      url: 'https://www.northbeam.example/llms.txt',
      markdown: PROFILE.short,
    });
  });

  test('full returns exactly the full profile; case does not matter', async () => {
    const result = await call('get_company_profile', { format: 'FULL' });
    expect(result.content[0]!.text).toBe(PROFILE.full);
    expect(result.structuredContent!.url).toBe('https://www.northbeam.example/llms-full.txt');
  });

  test('an unknown format is a tool error listing the valid values', async () => {
    expect(errorText(await call('get_company_profile', { format: 'medium' }))).toMatch(
      /format must be one of: short, full/,
    );
  });
});

describe('get_page_markdown', () => {
  const page = sampleArtefacts().pages.find((entry) => entry.kind === 'case-study')!;
  const home = sampleArtefacts().pages.find((entry) => entry.path === '/')!;

  test.each([
    ['the path', page.path],
    ['a trailing slash', `${page.path}/`],
    ['the .md sibling', page.markdownPath],
    ['no leading slash', page.path.slice(1)],
    ['a full base URL', `${site.baseUrl}${page.path}`],
    ['a full agent-host URL with a query', `${site.agentUrl}${page.path}?utm=x#outcomes`],
    ['surrounding whitespace', `  ${page.path}  `],
  ])('accepts %s and returns exactly the page Markdown', async (_, path) => {
    const result = await call('get_page_markdown', { path });
    expectValidSuccess('get_page_markdown', result);
    expect(result.content[0]!.text).toBe(page.markdown);
    expect(result.structuredContent).toMatchObject({
      path: page.path,
      url: `${site.baseUrl}${page.path}`,
      markdownUrl: `${site.baseUrl}${page.markdownPath}`,
      kind: 'case-study',
      title: page.title,
      markdown: page.markdown,
    });
  });

  test.each(['/', '/index.md', '/index', '/index/', 'https://www.northbeam.example', 'https://www.northbeam.example/'])(
    '%s is the home page',
    async (path) => {
      const result = await call('get_page_markdown', { path });
      expect(result.content[0]!.text).toBe(home.markdown);
    },
  );

  test('a path no page has is "no page", not a broken deployment, even where a file could answer to it', async () => {
    for (const path of ['/INDEX', `/insights/${'a'.repeat(300)}`]) {
      expect(errorText(await call('get_page_markdown', { path }))).toMatch(/^No page at /);
    }
  });

  test('an unknown path suggests close matches and search_site', async () => {
    const slug = page.path.split('/').pop()!;
    const text = errorText(await call('get_page_markdown', { path: `/case-study/${slug.slice(0, 8)}` }));
    expect(text).toContain(`No page at /case-study/${slug.slice(0, 8)}`);
    expect(text).toContain(page.path);
    expect(text).toContain('search_site');
  });

  test.each([
    ['a .. segment', '/services/../privacy'],
    ['.. inside a full URL', 'https://www.northbeam.example/services/../../etc/passwd'],
    ['encoded dots', '/services/%2e%2e/privacy'],
    ['double-encoded dots', '/%252e%252e/etc/passwd'],
    ['a backslash', '\\services\\cloud-migration'],
    ['a null byte', '/services/cloud-migration\u0000.md'],
    ['another host', 'https://evil.example/services/cloud-migration'],
    ['a protocol-relative URL to another host', '//evil.example/about'],
    ['a file URL', 'file:///etc/passwd'],
    ['a javascript URL', 'javascript:alert(1)'],
  ])('refuses %s with a tool error', async (_, path) => {
    const text = errorText(await call('get_page_markdown', { path }));
    expect(text).toContain('is not a page path of this site');
    expect(text).not.toContain('root:');
  });

  test('only pages of the catalog are readable, never a file of the project', async () => {
    for (const path of [
      '/package.json',
      '/src/mcp/server.ts',
      '/.env',
      '/content/company.yaml',
      '/node_modules/zod/package.json',
    ]) {
      expect(errorText(await call('get_page_markdown', { path }))).toContain('No page at');
    }
  });

  test('a missing or empty path is a tool error', async () => {
    expect(errorText(await call('get_page_markdown', {}))).toMatch(/path is required/);
    expect(errorText(await call('get_page_markdown', { path: ' ' }))).toMatch(/path must not be empty/);
  });
});

describe('list_case_studies', () => {
  test('lists published case studies newest first with absolute URLs, default limit', async () => {
    const result = await call('list_case_studies', {});
    expectValidSuccess('list_case_studies', result);
    const { caseStudies, total, returned } = result.structuredContent as {
      caseStudies: { date: string; url: string }[];
      total: number;
      returned: number;
    };
    expect(total).toBe(model.caseStudies.length);
    expect(returned).toBe(Math.min(CASE_STUDY_LIMIT.default, total));
    const dates = caseStudies.map((study) => study.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const study of caseStudies)
      expect(study.url).toMatch(/^https:\/\/www\.northbeam\.example\/case-studies\/[a-z0-9-]+$/);
    expect(result.content[0]!.text).toContain(caseStudies[0]!.url);
  });

  test('filters by industry case-insensitively and by slug', async () => {
    const industry = industries.find((name) => name.includes(' ')) ?? industries[0]!;
    const expected = model.caseStudies.filter((study) => study.data.industry === industry).length;
    for (const spelling of [industry, industry.toUpperCase(), industry.toLowerCase().replace(/ /g, '-')]) {
      const result = await call('list_case_studies', { industry: spelling });
      expect(result.structuredContent).toMatchObject({ industry, total: expected });
      for (const study of (result.structuredContent as { caseStudies: { industry: string }[] }).caseStudies)
        expect(study.industry).toBe(industry);
    }
  });

  test('respects limit', async () => {
    const result = await call('list_case_studies', { limit: 2 });
    expect((result.structuredContent as { caseStudies: unknown[] }).caseStudies).toHaveLength(2);
  });

  test('an unknown industry is a tool error listing every industry of the language asked for, and only those', async () => {
    const text = errorText(await call('list_case_studies', { industry: 'Aerospace' }));
    for (const facet of model.industries) expect(text).toContain(facet.name);
    const dutch = model.languages.models.get('nl')!;
    for (const facet of dutch.industries.filter((industry) => !model.index.industries.has(industry.name)))
      expect(text).not.toContain(facet.name);
    const inDutch = errorText(await call('list_case_studies', { industry: 'Aerospace', language: 'nl' }));
    for (const facet of dutch.industries) expect(inDutch).toContain(facet.name);
    expect(inDutch).not.toContain('Retail');
  });

  test.each([[0], [CASE_STUDY_LIMIT.max + 1], [2.5], ['5']])(
    'an invalid limit (%s) is a tool error saying the range',
    async (limit) => {
      expect(errorText(await call('list_case_studies', { limit }))).toMatch(/limit must/);
    },
  );

  test('unknown arguments are a tool error naming the valid ones', async () => {
    expect(errorText(await call('list_case_studies', { sector: 'Energy' }))).toMatch(
      /unknown argument "sector"; this tool takes "industry", "limit"/,
    );
  });
});

describe('list_insights', () => {
  test('lists articles newest first with dates, tags and absolute URLs', async () => {
    const result = await call('list_insights', { limit: INSIGHT_LIMIT.max });
    expectValidSuccess('list_insights', result);
    const { insights, total } = result.structuredContent as {
      insights: { date: string; url: string; tags: string[] }[];
      total: number;
    };
    expect(insights).toHaveLength(model.insights.length);
    expect(total).toBe(model.insights.length);
    const dates = insights.map((insight) => insight.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(insights[0]!.url.startsWith(`${site.baseUrl}/insights/`)).toBe(true);
  });

  test('filters by tag case-insensitively', async () => {
    const tag = tags[0]!;
    const result = await call('list_insights', { tag: tag.toUpperCase() });
    const { insights } = result.structuredContent as { insights: { tags: string[] }[] };
    expect(insights.length).toBe(model.insights.filter((insight) => insight.data.tags.includes(tag)).length);
    for (const insight of insights) expect(insight.tags).toContain(tag);
  });

  test('an unknown tag is a tool error listing the tags', async () => {
    const text = errorText(await call('list_insights', { tag: 'blockchain' }));
    for (const facet of model.tags) expect(text).toContain(facet.name);
  });
});

describe('search_site', () => {
  test('finds pages with kind, title, absolute URL, snippet and score, best first', async () => {
    const result = await call('search_site', { query: 'mainframe ledger' });
    expectValidSuccess('search_site', result);
    const { results, total, returned, query } = result.structuredContent as {
      query: string;
      total: number;
      returned: number;
      results: { kind: string; title: string; url: string; snippet: string; score: number }[];
    };
    expect(query).toBe('mainframe ledger');
    expect(returned).toBe(Math.min(SEARCH_LIMIT.default, total));
    expect(results[0]!.snippet.toLowerCase()).toMatch(/mainframe|ledger/);
    const scores = results.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const entry of results) {
      expect(entry.url.startsWith(site.baseUrl)).toBe(true);
      expect(model.sitePages.some((page) => `${site.baseUrl}${page.path}` === entry.url)).toBe(true);
    }
    expect(result.content[0]!.text).toContain(results[0]!.url);
  });

  test('no matches is a success with an empty list and advice', async () => {
    const result = await call('search_site', { query: 'qqqqzzzz' });
    expectValidSuccess('search_site', result);
    expect(result.structuredContent).toMatchObject({ total: 0, returned: 0, results: [] });
    expect(result.content[0]!.text).toContain('list_case_studies');
  });

  test.each([[''], ['   '], ['\n\t']])('an empty or whitespace query (%j) is a tool error', async (query) => {
    expect(errorText(await call('search_site', { query }))).toMatch(/query is empty/);
  });

  test('a missing query and an over-long one are tool errors', async () => {
    expect(errorText(await call('search_site', {}))).toMatch(/query is required/);
    expect(errorText(await call('search_site', { query: 'x'.repeat(201) }))).toMatch(/longer than 200/);
  });

  test('the same search returns the same result object (memoized)', async () => {
    expect(await call('search_site', { query: 'retail data' })).toBe(
      await call('search_site', { query: 'retail data' }),
    );
  });
});

describe('start_conversation', () => {
  const args = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
    message: 'We would like help moving our batch jobs to the cloud.',
  };

  test('files a lead before reporting success, with a reference and what happens next', async () => {
    const leads = createMemoryLeadStore();
    const result = await call('start_conversation', args, toolsWith(leads));
    expectValidSuccess('start_conversation', result);
    const structured = result.structuredContent as {
      reference: string;
      duplicate: boolean;
      receivedAt: string;
      nextStep: string;
      contactEmail: string;
    };
    expect(structured.reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(structured.duplicate).toBe(false);
    expect(structured.receivedAt).toBe(NOW.toISOString());
    expect(structured.nextStep).toMatch(/principal engineer .* reply by e-mail to ada@example.com/);
    expect(structured.contactEmail).toBe(site.contactEmail);
    expect(result.content[0]!.text).toContain(structured.reference);
    expect(leads.leads).toHaveLength(1);
    expect(leads.leads[0]).toMatchObject({
      reference: structured.reference,
      source: 'agent',
      name: args.name,
      email: args.email,
      company: args.company,
      message: args.message,
      consent: {
        given: true,
        at: NOW.toISOString(),
        via: 'agent-declared',
        statement: agentConsentStatement(site.name),
      },
      notification: { status: 'pending', attempts: 0 },
    });
  });

  test('past the abuse limits it is a tool error saying why, when to retry and whom to write to', async () => {
    const leads = createMemoryLeadStore();
    const tool = toolsWith(leads, createMemoryLimitLedger()).get('start_conversation')!;
    const withIp = { ...context, clientIp: '192.0.2.44' };
    for (let n = 0; n < 3; n++) await tool.call({ ...args, message: `${args.message} Part ${n}.` }, withIp);
    const result = await tool.call({ ...args, message: `${args.message} Part 4.` }, withIp);
    expect(result.isError).toBe(true);
    const text = result.content[0]!.text;
    expect(text).toContain('already sent 3 new contact requests in the last 24 hours');
    expect(text).toContain(`Try again after ${new Date(NOW.getTime() + 24 * 3_600_000).toISOString()}`);
    expect(text).toContain(`write to ${site.contactEmail}`);
    expect(leads.leads).toHaveLength(3);
  });

  test('the same request again returns the first reference and files nothing new', async () => {
    const leads = createMemoryLeadStore();
    const map = toolsWith(leads);
    const first = await call('start_conversation', args, map);
    const second = await call(
      'start_conversation',
      { ...args, email: 'ADA@example.com', message: `  ${args.message}  ` },
      map,
    );
    expect(second.structuredContent).toMatchObject({ reference: first.structuredContent!.reference, duplicate: true });
    expect(second.content[0]!.text).toContain('already received');
    expect(leads.leads).toHaveLength(1);
  });

  test('a store failure is a tool error: not sent, retry later or write to the contact address', async () => {
    const failing: LeadStore = {
      ...createMemoryLeadStore(),
      insert: () => Promise.reject(new Error('blobs: 503')),
    };
    const text = errorText(await call('start_conversation', args, toolsWith(failing)));
    expect(text).toContain('NOT sent');
    expect(text).toContain('again in a few minutes');
    expect(text).toContain(site.contactEmail);
    expect(text).not.toContain('503');
  });

  test('without a lead store it tells the agent where to write instead', async () => {
    expect(errorText(await call('start_conversation', args, toolsWith()))).toContain(site.contactEmail);
  });

  test('with a language, it answers in that language and the lead records it', async () => {
    const leads = createMemoryLeadStore();
    const result = await call('start_conversation', { ...args, language: 'pt' }, toolsWith(leads));
    expectValidSuccess('start_conversation', result);
    const structured = result.structuredContent as { reference: string; nextStep: string };
    expect(structured.nextStep).toBe(
      'Um dos nossos engenheiros principais da Northbeam Engineering lerá o pedido e responderá por e-mail para ada@example.com.',
    );
    expect(result.content[0]!.text).toBe(
      `O pedido chegou à Northbeam Engineering. Referência: ${structured.reference}. ${structured.nextStep} ` +
        `Indique ao utilizador a referência. Para algo urgente, o utilizador pode escrever para ${site.contactEmail}.`,
    );
    expect(leads.leads[0]!.language).toBe('pt');
  });

  test('without a language, it answers in the default language and records it', async () => {
    const leads = createMemoryLeadStore();
    const result = await call('start_conversation', args, toolsWith(leads));
    expect(result.content[0]!.text).toMatch(/^The request reached Northbeam Engineering\. Reference: /);
    expect(leads.leads[0]!.language).toBe('en');
  });

  test("its refusals are in the request's language", async () => {
    const failing: LeadStore = { ...createMemoryLeadStore(), insert: () => Promise.reject(new Error('down')) };
    const text = errorText(await call('start_conversation', { ...args, language: 'nl' }, toolsWith(failing)));
    expect(text).toBe(
      `De aanvraag kon nu niet worden opgeslagen en is dus NIET verstuurd. Roep start_conversation over een paar minuten opnieuw aan, of vraag de gebruiker rechtstreeks te mailen naar ${site.contactEmail}.`,
    );
    const limited = toolsWith(createMemoryLeadStore(), createMemoryLimitLedger()).get('start_conversation')!;
    for (let n = 0; n < 3; n++) await limited.call({ ...args, message: `${args.message} ${n}` }, context);
    const refused = await limited.call({ ...args, message: `${args.message} x`, language: 'pt' }, context);
    expect(refused.content[0]!.text).toMatch(
      /^Não enviado: este endereço de e-mail já enviou 3 pedidos novos nas últimas 24 horas\. .* Informe o utilizador\.$/,
    );
  });

  test("the language argument is an enum of the site's languages", async () => {
    const descriptor = head.tools.find((candidate) => candidate.name === 'start_conversation')!;
    const language = (descriptor.inputSchema as { properties: Record<string, { enum?: string[] }> }).properties
      .language;
    expect(language?.enum).toEqual(['en', 'nl', 'pt']);
    expect(descriptor.inputSchema.required).not.toContain('language');
    const text = errorText(await call('start_conversation', { ...args, language: 'de' }, toolsWith()));
    expect(text).toMatch(/language must be one of: en, nl, pt/);
  });

  test('without its build files it files nothing and says where to write', async () => {
    const leads = createMemoryLeadStore();
    const map = new Map(
      createTools(
        head,
        { artefacts: sampleAgent().artefacts, leadPath: sampleAgent().leadPath, leads: pipeline({ store: leads }) },
        () => {},
      ).map((tool) => [tool.descriptor.name, tool]),
    );
    expect(errorText(await call('start_conversation', args, map))).toContain(site.contactEmail);
    expect(leads.leads).toHaveLength(0);
  });

  test.each([
    ['a missing name', { ...args, name: undefined }, /name is required/],
    ['an invalid e-mail', { ...args, email: 'ada-at-example' }, /email is not an e-mail address/],
    ['a too short message', { ...args, message: 'hi' }, /message is shorter than 10/],
    ['a too long message', { ...args, message: 'x'.repeat(5001) }, /message is longer than 5000/],
    ['a newline in the name', { ...args, name: 'Ada\nBcc: x@example.com' }, /name must be a single line/],
    ['an extra argument', { ...args, consent: true }, /unknown argument "consent"/],
  ])('%s is a tool error that says what to fix, and files nothing', async (_, input, message) => {
    const leads = createMemoryLeadStore();
    const text = errorText(await call('start_conversation', input, toolsWith(leads)));
    expect(text).toMatch(message);
    expect(text).toContain('call start_conversation again');
    expect(leads.leads).toHaveLength(0);
  });
});
