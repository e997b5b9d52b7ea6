/**
 * The MCP TypeScript SDK's own `Client` over `StreamableHTTPClientTransport` against the served
 * /api/mcp: what any SDK-based agent does. Connect (initialize, notifications/initialized, the
 * GET probe that gets 405), list the tools, call each with valid arguments (the SDK
 * validates every structuredContent against the tool's outputSchema), compare the Markdown
 * tools with the served files byte for byte, an invalid argument, and start_conversation twice,
 * then find that lead with `npm run leads -- list --json`, filed by an agent. This SDK speaks
 * MCP 2025-11-25, whose tools/call carries no clientInfo (the stateless server cannot link it to
 * the earlier initialize), so the lead records the client's User-Agent: the client sends one
 * naming itself, as a well-behaved agent does. (2026-07-28 requests declare clientInfo in
 * `_meta`; tests/integration/leads-concurrency.test.ts checks that it is recorded.)
 *
 * The client's requests leave from a random loopback address of their own (fetchFrom), so its
 * lead counts against a fresh per-IP lead limit on every run (the local store keeps the ledger).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { listStoredLeads } from '../support/run-leads.ts';
import { baseUrl, fetchFrom, get, PUBLIC_ORIGIN, randomLoopbackAddress, runId } from './http.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const CLIENT_INFO = { name: 'integration-tests', version: '1.0.0' };
const USER_AGENT = `${CLIENT_INFO.name}/${CLIENT_INFO.version}`;
let client: Client;

beforeAll(async () => {
  client = new Client(CLIENT_INFO);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      fetch: fetchFrom(randomLoopbackAddress()),
      requestInit: { headers: { 'User-Agent': USER_AGENT } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool's structured result; the tests assert on its fields
type ToolResult = { content: { type: string; text?: string }[]; structuredContent?: any; isError?: boolean };

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function text(result: ToolResult): string {
  expect(result.content[0]?.type).toBe('text');
  return result.content[0]!.text!;
}

/** A successful tool result: no isError, structured content, a non-empty text block. */
function expectSuccess(result: ToolResult, what: string) {
  expect(result.isError ?? false, `${what}: ${result.content[0]?.text}`).toBe(false);
  expect(result.structuredContent, what).toBeTypeOf('object');
  expect(text(result).length, what).toBeGreaterThan(20);
}

async function served(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('the MCP SDK client over Streamable HTTP', () => {
  test('connects: the negotiated version, server identity, tools capability and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({
      name: 'example.northbeam/site',
      version: '1.0.0',
      title: 'Northbeam Engineering',
    });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/start_conversation/);
  });

  test('lists every tool, each with a title, description, inputSchema, outputSchema and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(50);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const readOnly = tool.name !== 'start_conversation';
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: readOnly, destructiveHint: false });
      if (readOnly) expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    const start = tools.find((tool) => tool.name === 'start_conversation')!;
    expect(start.inputSchema.required).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(start.description).toMatch(/explicitly asked/);
  });

  test('get_company_profile: short is exactly /llms.txt, full exactly /llms-full.txt', async () => {
    const short = await call('get_company_profile', {});
    expectSuccess(short, 'short profile');
    const llms = await served('/llms.txt');
    expect(text(short)).toBe(llms);
    expect(short.structuredContent).toMatchObject({
      format: 'short',
      url: `${PUBLIC_ORIGIN}/llms.txt`,
      markdown: llms,
    });
    expect((await call('get_company_profile', { format: 'short' })).structuredContent.markdown).toBe(llms);

    const full = await call('get_company_profile', { format: 'full' });
    expectSuccess(full, 'full profile');
    const llmsFull = await served('/llms-full.txt');
    expect(text(full)).toBe(llmsFull);
    expect(full.structuredContent).toMatchObject({
      format: 'full',
      url: `${PUBLIC_ORIGIN}/llms-full.txt`,
      markdown: llmsFull,
    });
  });

  test('get_page_markdown("/services") is exactly the served /services.md, in every accepted path form', async () => {
    const markdown = await served('/services.md');
    for (const path of ['/services', '/services/', '/services.md', `${PUBLIC_ORIGIN}/services`]) {
      const result = await call('get_page_markdown', { path });
      expectSuccess(result, path);
      expect(text(result), path).toBe(markdown);
      expect(result.structuredContent, path).toMatchObject({
        path: '/services',
        url: `${PUBLIC_ORIGIN}/services`,
        markdown,
      });
    }
  });

  test('list_case_studies: newest first, absolute URLs, industry filter case-insensitive', async () => {
    const all = await call('list_case_studies', {});
    expectSuccess(all, 'list_case_studies');
    const studies = all.structuredContent.caseStudies as {
      industry: string;
      url: string;
      date: string;
      client: string;
      summary: string;
      services: unknown[];
    }[];
    expect(studies.length).toBeGreaterThan(1);
    expect(all.structuredContent.returned).toBe(studies.length);
    for (const study of studies) {
      expect(study.url).toMatch(/^https:\/\/www\.northbeam\.example\/case-studies\/[a-z0-9-]+$/);
      expect(study.client.length).toBeGreaterThan(0);
      expect(study.summary.length).toBeGreaterThan(0);
      expect(Array.isArray(study.services)).toBe(true);
      expect((await get(new URL(study.url).pathname)).status, study.url).toBe(200);
    }
    const dates = studies.map((study) => study.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const industry = studies[0]!.industry;
    const filtered = await call('list_case_studies', { industry: industry.toUpperCase(), limit: 50 });
    expectSuccess(filtered, 'industry filter');
    expect(filtered.structuredContent.caseStudies.length).toBeGreaterThan(0);
    for (const study of filtered.structuredContent.caseStudies) expect(study.industry).toBe(industry);
  });

  test('list_insights: limit and tag filter', async () => {
    const two = await call('list_insights', { limit: 2 });
    expectSuccess(two, 'list_insights');
    expect(two.structuredContent.insights).toHaveLength(2);
    expect(two.structuredContent.total).toBeGreaterThan(2);
    const tagged = await call('list_insights', { tag: 'Cloud' });
    expectSuccess(tagged, 'tag filter');
    expect(tagged.structuredContent.insights.length).toBeGreaterThan(0);
    for (const insight of tagged.structuredContent.insights) {
      expect(insight.tags).toContain('cloud');
      expect(insight.url).toMatch(/^https:\/\/www\.northbeam\.example\/insights\//);
      expect(insight.date).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
  });

  test('search_site: ranked results with kind, title, URL, snippet and score', async () => {
    const result = await call('search_site', { query: 'cloud migration', limit: 3 });
    expectSuccess(result, 'search_site');
    const { results } = result.structuredContent as {
      results: { kind: string; title: string; url: string; snippet: string; score: number }[];
    };
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.some((hit) => hit.url === `${PUBLIC_ORIGIN}/services/cloud-migration`)).toBe(true);
    for (const hit of results) {
      expect(hit.url.startsWith(`${PUBLIC_ORIGIN}/`)).toBe(true);
      expect(hit.snippet.toLowerCase()).toMatch(/cloud|migrat/);
      expect(hit.score).toBeGreaterThan(0);
      expect(text(result)).toContain(hit.url);
    }
    const scores = results.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test("search_site answers questions: the company's facts, contact, a listing, a typo", async () => {
    const paths = async (query: string) => {
      const result = await call('search_site', { query, limit: 3 });
      expectSuccess(result, 'search_site');
      return (result.structuredContent as { results: { url: string }[] }).results.map((hit) =>
        hit.url.slice(PUBLIC_ORIGIN.length),
      );
    };
    expect(await paths('where is the company based')).toEqual(expect.arrayContaining(['/about']));
    expect((await paths('how do I get in touch'))[0]).toBe('/contact');
    expect((await paths('when was the company founded'))[0]).toBe('/about');
    expect((await paths('what services do you offer'))[0]).toBe('/services');
    expect((await paths('platfrom engineering'))[0]).toBe('/services/platform-engineering');
  });

  test('search_site in Dutch and Portuguese: the language detected from the query, or asked for; results link their translations', async () => {
    const search = async (args: Record<string, unknown>) => {
      const result = await call('search_site', { limit: 3, ...args });
      expectSuccess(result, 'search_site');
      return result.structuredContent as {
        language: string;
        results: { url: string; language: string; translations?: { language: string; url: string }[] }[];
      };
    };
    const dutch = await search({ query: 'wat kost een cloudmigratie' });
    expect(dutch.language).toBe('nl');
    expect(dutch.results[0]!.url).toBe(`${PUBLIC_ORIGIN}/nl/services/cloud-migration`);
    expect(dutch.results[0]!.translations).toContainEqual({
      language: 'pt',
      url: `${PUBLIC_ORIGIN}/pt/services/cloud-migration`,
    });
    const portuguese = await search({ query: 'migração para a nuvem' });
    expect(portuguese.language).toBe('pt');
    expect(portuguese.results[0]!.url).toBe(`${PUBLIC_ORIGIN}/pt/services/cloud-migration`);
    const asked = await search({ query: 'seguradora', language: 'pt' });
    expect(asked.results.every((result) => result.language === 'pt')).toBe(true);
    const profile = await call('get_company_profile', { language: 'nl' });
    expectSuccess(profile, 'get_company_profile');
    expect(profile.structuredContent.url).toBe(`${PUBLIC_ORIGIN}/nl/llms.txt`);
    expect(text(profile)).toBe(await (await get('/nl/llms.txt')).text());
  });

  test('an invalid argument: isError with a message that says what to do', async () => {
    const result = await call('search_site', { query: '   ' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/query/);
    const unknownPage = await call('get_page_markdown', { path: '/../../etc/passwd' });
    expect(unknownPage.isError).toBe(true);
    expect(text(unknownPage)).not.toMatch(/root:/);
    const badEmail = await call('start_conversation', {
      name: 'Test',
      email: 'not-an-address',
      message: 'This is long enough to pass.',
    });
    expect(badEmail.isError).toBe(true);
    expect(text(badEmail)).toMatch(/email/);
  });

  test('start_conversation: a reference, then the same reference again for the same request', async () => {
    // A fresh message each run, so the first call files a new lead (written to the local
    // Netlify Blobs store). The second call comes back as a duplicate with the same reference:
    // netlify-cli runs every invocation in a new worker, so that can only come from the store.
    const run = runId();
    const lead = {
      name: 'Integration Test',
      email: `integration-tests-${run}@example.com`,
      company: 'Northbeam integration tests',
      message: `Automated integration test ${new Date().toISOString()} ${Math.random().toString(36).slice(2)}: please ignore this request.`,
    };
    const first = await call('start_conversation', lead);
    expectSuccess(first, 'first start_conversation');
    const filed = first.structuredContent as {
      reference: string;
      duplicate: boolean;
      receivedAt: string;
      nextStep: string;
      contactEmail: string;
    };
    expect(filed.reference).toMatch(/^NB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(filed.duplicate).toBe(false);
    expect(Math.abs(Date.parse(filed.receivedAt) - Date.now())).toBeLessThan(120_000);
    expect(filed.nextStep).toContain(lead.email);
    expect(filed.contactEmail).toBe('hello@northbeam.example');
    expect(text(first)).toContain(filed.reference);

    const again = await call('start_conversation', lead);
    expectSuccess(again, 'second start_conversation');
    expect(again.structuredContent).toMatchObject({
      reference: filed.reference,
      duplicate: true,
      receivedAt: filed.receivedAt,
    });
    expect(text(again)).toContain(filed.reference);

    // The duplicate key ignores the case of the address (docs/mcp-design.md).
    const shouted = await call('start_conversation', { ...lead, email: lead.email.toUpperCase() });
    expect(shouted.structuredContent).toMatchObject({ reference: filed.reference, duplicate: true });

    // One lead stored, found by the operator command, filed by an agent: this client.
    const stored = (await listStoredLeads(inject('projectRoot'))).filter((item) => item.email === lead.email);
    expect(stored.map((item) => item.reference)).toEqual([filed.reference]);
    expect(stored[0]).toMatchObject({
      source: 'agent',
      client: { userAgent: USER_AGENT },
      name: lead.name,
      company: lead.company,
      message: lead.message,
      createdAt: filed.receivedAt,
    });
    expect(stored[0]!.consent).toMatchObject({ given: true, via: 'agent-declared' });
  }, 60_000);

  test('ping, the page resources and the prompts (tests/integration/mcp-resources.test.ts checks them in full)', async () => {
    expect(await client.ping()).toEqual({});
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
    expect((await client.listPrompts()).prompts).toHaveLength(3);
  });
});
