/**
 * The MCP server in the asker's language: the read tools' `language` argument, search_site's
 * detection and its results' translations, the tools' messages in the request's language, the
 * instructions, prompts and resources of a site in three languages.
 */
import { describe, expect, test } from 'vitest';
import { createTools, type Tool, type ToolResult } from '../../src/mcp/tools/index.ts';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { mcpRequest, sampleAgent, sampleModel, send } from './fixtures.ts';

const model = sampleModel();
const agent = sampleAgent();
const { head } = agent;
const base = head.site.baseUrl;
const tools = new Map<string, Tool>(
  createTools(
    head,
    { artefacts: agent.artefacts, leadPath: agent.leadPath, contact: agent.contact, stemmers: agent.stemmers },
    () => {},
  ).map((tool) => [tool.descriptor.name, tool]),
);
const call = (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
  tools.get(name)!.call(args, { now: () => new Date('2026-11-20T10:00:00Z') });
const structured = (result: ToolResult) => result.structuredContent as Record<string, unknown>;
const dutch = model.languages.models.get('nl')!;
const portuguese = model.languages.models.get('pt')!;

describe('the language argument', () => {
  test('every read tool and start_conversation advertise it as an enum of the site languages, the default first', () => {
    for (const descriptor of head.tools) {
      const language = (descriptor.inputSchema.properties as Record<string, Record<string, unknown>>).language!;
      expect(language, descriptor.name).toBeDefined();
      expect(language.enum).toEqual(['en', 'nl', 'pt']);
      expect(language.description).toContain('nl (Dutch)');
    }
  });

  test('codes in any case, regional variants and names in English or in the language itself are accepted', async () => {
    for (const language of ['NL', 'nl-BE', 'Dutch', 'nederlands']) {
      const result = await call('list_insights', { language, limit: 1 });
      expect(result.isError, language).toBeUndefined();
      expect(structured(result).total).toBe(dutch.insights.length);
    }
    const wrong = await call('list_insights', { language: 'fr' });
    expect(wrong.isError).toBe(true);
    expect(wrong.content[0]!.text).toContain('language must be one of: en, nl, pt');
  });
});

describe('search_site', () => {
  test('without a language it searches in the language of the query, and says which', async () => {
    const nl = structured(await call('search_site', { query: 'wat kost een cloudmigratie', limit: 3 }));
    expect(nl.language).toBe('nl');
    const results = nl.results as {
      url: string;
      language: string;
      translations: { language: string; url: string }[];
    }[];
    expect(results[0]!.url).toBe(`${base}/nl/services/cloud-migration`);
    expect(results.every((result) => result.language === 'nl')).toBe(true);
    expect(results[0]!.translations).toEqual([
      { language: 'en', url: `${base}/services/cloud-migration` },
      { language: 'pt', url: `${base}/pt/services/cloud-migration` },
    ]);
    const pt = structured(await call('search_site', { query: 'migração para a nuvem', limit: 3 }));
    expect(pt.language).toBe('pt');
    expect((pt.results as { url: string }[])[0]!.url).toBe(`${base}/pt/services/cloud-migration`);
    const en = structured(await call('search_site', { query: 'cloud migration', limit: 3 }));
    expect(en.language).toBe('en');
  });

  test('with a language it searches that language only, and answers in it', async () => {
    const result = await call('search_site', { query: 'cloud', language: 'pt', limit: 5 });
    const urls = (structured(result).results as { url: string }[]).map((item) => item.url);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url.startsWith(`${base}/pt`))).toBe(true);
    expect(result.content[0]!.text).toMatch(/^Resultados da pesquisa por "cloud"/);
    const none = await call('search_site', { query: 'xyzzy', language: 'nl' });
    expect(none.content[0]!.text).toMatch(/^Geen pagina’s gevonden voor "xyzzy"/);
  });
});

describe('the other read tools', () => {
  test("get_company_profile: the language's llms.txt", async () => {
    const result = structured(await call('get_company_profile', { language: 'pt' }));
    expect(result.url).toBe(`${base}/pt/llms.txt`);
    expect(result.markdown).toContain(portuguese.company.tagline);
  });

  test("list tools: the language's entries, headings and labels; its filter values", async () => {
    const result = await call('list_case_studies', { language: 'nl', industry: dutch.industries[0]!.name });
    expect(result.isError).toBeUndefined();
    expect(result.content[0]!.text).toMatch(/^# Cases in de sector /);
    expect(result.content[0]!.text).toContain(`- ${dutch.strings.pages.client}: `);
    const urls = (structured(result).caseStudies as { url: string }[]).map((item) => item.url);
    expect(urls.every((url) => url.startsWith(`${base}/nl/case-studies/`))).toBe(true);
    const unknown = await call('list_case_studies', { language: 'nl', industry: 'Retail' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('komt op deze site niet voor');
    for (const facet of dutch.industries) expect(unknown.content[0]!.text).toContain(facet.name);
  });

  test("list tools: a language's own value, or the default language's value of the same one", async () => {
    for (const [industry, spelling] of [
      ['Zorg', 'Zorg'],
      ['Zorg', 'zorg'],
      ['Zorg', 'Healthcare'],
      ['Zorg', 'healthcare'],
      ['Logistiek', 'Logistics'],
    ] as const) {
      const result = structured(await call('list_case_studies', { language: 'nl', industry: spelling }));
      expect(result, spelling).toMatchObject({ industry, total: dutch.index.industries.get(industry)!.count });
    }
    const saude = structured(await call('list_case_studies', { language: 'pt', industry: 'Healthcare' }));
    expect(saude.industry).toBe('Saúde');
    const tagged = structured(await call('list_insights', { language: 'pt', tag: 'delivery' }));
    expect(tagged).toMatchObject({ tag: 'entrega', total: portuguese.index.tags.get('entrega')!.count });
    const english = await call('list_case_studies', { industry: 'Zorg' });
    expect(english.isError).toBe(true);
  });

  test("get_page_markdown: a page's translation, or the languages it has", async () => {
    const translated = structured(
      await call('get_page_markdown', { path: '/services/cloud-migration', language: 'nl' }),
    );
    expect(translated).toMatchObject({ path: '/nl/services/cloud-migration', language: 'nl' });
    expect(translated.translations).toContainEqual({
      language: 'en',
      path: '/services/cloud-migration',
      url: `${base}/services/cloud-migration`,
    });
    const untranslated = model.caseStudies.find(
      (study) => !dutch.caseStudies.some((other) => other.path === `/nl${study.path}`),
    )!;
    const missing = await call('get_page_markdown', { path: untranslated.path, language: 'nl' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain('niet in het Nederlands gepubliceerd');
    expect(missing.content[0]!.text).toContain(`${untranslated.path} (en)`);
    const unknown = await call('get_page_markdown', { path: '/pt/nada' });
    expect(unknown.content[0]!.text).toMatch(/^Não existe nenhuma página em \/pt\/nada/);
  });
});

describe('instructions, prompts and resources', () => {
  const handler = createMcpHandler(agent);
  const rpc = async (method: string, params: Record<string, unknown> = {}) =>
    (await send(handler, mcpRequest({ jsonrpc: '2.0', id: 1, method, params }))).json;

  test('the instructions name the languages and the language argument', async () => {
    const { result } = await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(result.instructions).toContain('English (en), Dutch (nl), Portuguese (pt)');
    expect(result.instructions).toContain('search_site without one searches in the language the query is written in');
  });

  test("a prompt in a language speaks it and brings that language's pages", async () => {
    const { result } = await rpc('prompts/get', { name: 'company_brief', arguments: { language: 'pt' } });
    const messages = result.messages as {
      content: { type: string; text?: string; uri?: string; resource?: { uri: string } };
    }[];
    // The prompt speaks the language (the `mcp` strings of content/pt/strings.yaml).
    expect(messages[0]!.content.text).toMatch(/^Faça-me um breve resumo da /);
    expect(messages[0]!.content.text).toContain(`(${base}/pt)`);
    expect(messages[1]!.content.resource!.uri).toBe(`${base}/pt`);
    const links = messages.filter((message) => message.content.type === 'resource_link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((message) => message.content.uri!.startsWith(`${base}/pt/`))).toBe(true);
    const work = await rpc('prompts/get', { name: 'relevant_work', arguments: { topic: 'Zorg', language: 'nl' } });
    expect(work.result.description).toContain('Zorg');
    expect(work.result.messages[0].content.text).toMatch(
      /^Wat heeft .* gedaan dat relevant is voor Zorg\? .* heeft \d+ cases? gepubliceerd voor de sector Zorg/,
    );
    const contact = await rpc('prompts/get', { name: 'contact_request', arguments: { language: 'nl' } });
    const steps = contact.result.messages[0].content.text as string;
    expect(steps).toMatch(/^Ik wil graag contact opnemen met /);
    expect(steps).toContain(dutch.company.followUp.who);
    expect(steps).toContain('roep start_conversation aan met language "nl"');
  });
});
