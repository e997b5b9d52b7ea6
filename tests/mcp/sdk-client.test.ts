/**
 * End to end through the real MCP SDK: `Client` + `StreamableHTTPClientTransport`, whose fetch
 * calls the API handler in process (the same function the Netlify shell wraps). Connects
 * (initialize, initialized, the GET probe answered 405), lists the tools and calls each one.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiHandler } from '../../src/http/api.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { MCP_URL, pipeline, sampleAgent, sampleArtefacts, sampleModel } from './fixtures.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const agent = sampleAgent();
const site = agent.head.site;
const model = sampleModel();
const PROFILE = sampleArtefacts().profile;
const leads = createMemoryLeadStore();
const api = createApiHandler({ ...agent, leads: pipeline({ store: leads }) });
const seen: { method: string; status: number; version: string | null }[] = [];

const client = new Client({ name: 'e2e-test-client', version: '0.0.1' });
const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
  fetch: async (url, init) => {
    const request = new Request(url, init);
    const response = await api(request, { clientIp: '192.0.2.10' });
    seen.push({
      method: request.method,
      status: response.status,
      version: request.headers.get('mcp-protocol-version'),
    });
    return response;
  },
});

type Text = { type: 'text'; text: string };
const textOf = (result: unknown) => (result as { content: Text[] }).content[0]!.text;

beforeAll(async () => {
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
});

describe('the MCP SDK client', () => {
  test('connects with the newest 2025 revision and reads the server identity', () => {
    expect(client.getServerVersion()).toMatchObject({
      name: 'example.northbeam/site',
      title: site.name,
      version: '1.0.0',
    });
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(client.getInstructions()).toContain('start_conversation');
    expect(seen[0]).toMatchObject({ method: 'POST', status: 200 });
    // notifications/initialized -> 202, then the optional SSE GET -> 405.
    expect(seen.slice(1, 3).map((entry) => [entry.method, entry.status])).toEqual([
      ['POST', 202],
      ['GET', 405],
    ]);
  });

  test('lists the tools and sends the negotiated version header afterwards', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    expect(tools.every((tool) => tool.outputSchema && tool.annotations && tool.title)).toBe(true);
    expect(seen.at(-1)!.version).toBe('2025-11-25');
  });

  test('get_company_profile', async () => {
    const result = await client.callTool({ name: 'get_company_profile', arguments: { format: 'full' } });
    expect(textOf(result)).toBe(PROFILE.full);
    expect(result.structuredContent).toMatchObject({ format: 'full' });
  });

  test('get_page_markdown', async () => {
    const page = sampleArtefacts().pages.find((entry) => entry.kind === 'service')!;
    const result = await client.callTool({ name: 'get_page_markdown', arguments: { path: `${page.path}.md` } });
    expect(textOf(result)).toBe(page.markdown);
  });

  test('list_case_studies', async () => {
    const result = await client.callTool({
      name: 'list_case_studies',
      arguments: { industry: model.industries[0]!.name.toLowerCase(), limit: 1 },
    });
    expect(result.structuredContent).toMatchObject({ industry: model.industries[0]!.name, returned: 1 });
  });

  test('list_insights', async () => {
    const result = await client.callTool({ name: 'list_insights', arguments: {} });
    expect((result.structuredContent as { insights: unknown[] }).insights.length).toBeGreaterThan(0);
  });

  test('search_site', async () => {
    const result = await client.callTool({
      name: 'search_site',
      arguments: { query: 'platform engineering', limit: 3 },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(3);
  });

  test('start_conversation files one lead with the client User-Agent recorded', async () => {
    const args = {
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      message: 'Could you help us plan a move of our trajectory tools to the cloud?',
    };
    const result = await client.callTool({ name: 'start_conversation', arguments: args });
    expect(result.isError).toBeFalsy();
    const reference = (result.structuredContent as { reference: string }).reference;
    expect(textOf(result)).toContain(reference);
    expect(leads.leads.find((lead) => lead.reference === reference)).toMatchObject({
      source: 'agent',
      email: args.email,
    });
  });

  test('a tool error reaches the client as isError with advice', async () => {
    const result = await client.callTool({ name: 'search_site', arguments: { query: ' ' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('query is empty');
  });

  test('an unknown tool is a protocol error (-32602)', async () => {
    const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
  });

  test('ping, resources/list and prompts/list work', async () => {
    await expect(client.ping()).resolves.toEqual({});
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
    expect((await client.listPrompts()).prompts).toHaveLength(3);
  });
});
