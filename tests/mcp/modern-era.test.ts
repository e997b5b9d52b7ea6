/** The MCP 2026-07-28 ("modern") era served from the same endpoint: discover, _meta, mirrored headers, resultType, cache fields, error codes. */
import { describe, expect, test } from 'vitest';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { callTool, mcpRequest, MODERN, modernHeaders, modernMeta, pipeline, sampleAgent, send } from './fixtures.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const agent = sampleAgent();
const site = agent.head.site;
const leads = createMemoryLeadStore();
const handler = createMcpHandler({ ...agent, leads: pipeline({ store: leads }) });
const post = (body: unknown, headers: Record<string, string>) => send(handler, mcpRequest(body, headers));
const serverInfoKey = 'io.modelcontextprotocol/serverInfo';

const modernRequest = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: modernMeta() },
});

describe('server/discover', () => {
  test('advertises versions, capabilities, instructions, identity and cache fields', async () => {
    const answer = await post(modernRequest(1, 'server/discover'), modernHeaders('server/discover'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-protocol-version')).toBe(MODERN);
    const result = answer.json.result;
    expect(result.resultType).toBe('complete');
    expect(result.supportedVersions).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(result.instructions).toContain('start_conversation');
    expect(result.ttlMs).toBe(300_000);
    expect(result.cacheScope).toBe('public');
    expect(result._meta[serverInfoKey]).toMatchObject({
      name: 'example.northbeam/site',
      title: site.name,
      version: '1.0.0',
    });
  });

  test('a bare server/discover (no version anywhere) is answered as the era probe', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, {});
    expect(answer.status).toBe(200);
    expect(answer.json.result.supportedVersions).toContain(MODERN);
    expect(answer.headers.get('mcp-protocol-version')).toBe(MODERN);
  });
});

describe('requests with per-request _meta', () => {
  test('tools/list carries resultType, ttlMs, cacheScope and serverInfo', async () => {
    const answer = await post(modernRequest(2, 'tools/list'), modernHeaders('tools/list'));
    expect(answer.status).toBe(200);
    const result = answer.json.result;
    expect(result.resultType).toBe('complete');
    expect(result.tools).toHaveLength(TOOL_NAMES.length);
    expect(result.ttlMs).toBe(300_000);
    expect(result.cacheScope).toBe('public');
    expect(result._meta[serverInfoKey].websiteUrl).toBe(site.baseUrl);
  });

  test.each([
    ['resources/list', 'resources'],
    ['resources/templates/list', 'resourceTemplates'],
    ['prompts/list', 'prompts'],
  ])('%s answers a non-empty cacheable list', async (method, field) => {
    const answer = await post(modernRequest(3, method), modernHeaders(method));
    expect(answer.json.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(answer.json.result[field].length).toBeGreaterThan(0);
  });

  test('tools/call carries resultType and the tool result', async () => {
    const answer = await post(
      callTool(4, 'search_site', { query: 'cloud migration', limit: 2 }, { _meta: modernMeta() }),
      modernHeaders('tools/call', 'search_site'),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.resultType).toBe('complete');
    expect(answer.json.result.structuredContent.returned).toBe(2);
    expect(answer.json.result._meta[serverInfoKey].name).toBe('example.northbeam/site');
  });

  test('a tool failure is still a complete result with isError', async () => {
    const answer = await post(
      callTool(5, 'search_site', { query: '   ' }, { _meta: modernMeta() }),
      modernHeaders('tools/call', 'search_site'),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({ resultType: 'complete', isError: true });
  });

  test('start_conversation records the clientInfo the request declared in _meta', async () => {
    const args = {
      name: 'Grace',
      email: 'grace@example.com',
      message: 'We want to discuss a cloud migration next spring.',
    };
    const answer = await post(callTool(6, 'start_conversation', args, { _meta: modernMeta() }), {
      ...modernHeaders('tools/call', 'start_conversation'),
      'user-agent': 'ignored/1.0',
    });
    expect(answer.json.result.structuredContent.duplicate).toBe(false);
    const lead = leads.leads.find((entry) => entry.email === 'grace@example.com');
    expect(lead?.source).toBe('agent');
    expect(lead?.client).toEqual({ name: 'test-agent', version: '2.1.0' });
  });

  test('header names are case-insensitive and whitespace around values is ignored', async () => {
    const answer = await post(callTool(18, 'get_company_profile', {}, { _meta: modernMeta() }), {
      'MCP-PROTOCOL-VERSION': MODERN,
      'MCP-METHOD': 'tools/call',
      'mcp-name': '  get_company_profile  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.result.structuredContent.format).toBe('short');
  });

  test('a Base64-encoded Mcp-Name is decoded before comparing', async () => {
    const encoded = `=?base64?${btoa('search_site')}?=`;
    const answer = await post(
      callTool(7, 'search_site', { query: 'retail' }, { _meta: modernMeta() }),
      modernHeaders('tools/call', encoded),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.isError).toBeUndefined();
  });
});

describe('modern errors', () => {
  test('an unknown method gets HTTP 404 and -32601', async () => {
    const answer = await post(modernRequest(8, 'tasks/get'), modernHeaders('tasks/get'));
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe(-32601);
    expect(answer.headers.get('mcp-protocol-version')).toBe(MODERN);
  });

  test.each(['ping', 'initialize'])('%s is not part of 2026-07-28: 404 / -32601', async (method) => {
    const answer = await post(
      modernRequest(9, method, method === 'initialize' ? { protocolVersion: MODERN } : {}),
      modernHeaders(method),
    );
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe(-32601);
    expect(answer.json.error.message).toContain('server/discover');
  });

  test('an unsupported version in _meta gets 400 / -32022 with supported and requested', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/list',
      params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }) },
    };
    const answer = await post(body, { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2099-01-01' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: 10,
      error: expect.objectContaining({
        code: -32022,
        data: { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: '2099-01-01' },
      }),
    });
  });

  test('an unsupported version in _meta alone (no header) still gets -32022', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2030-01-01' } },
    };
    const answer = await post(body, {});
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32022);
  });

  test.each([
    ['the MCP-Protocol-Version header is missing', { 'mcp-method': 'tools/list' }],
    ['the header differs from _meta', { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2025-11-25' }],
    ['Mcp-Method is missing', { 'mcp-protocol-version': MODERN }],
    ['Mcp-Method differs from the body', modernHeaders('tools/call')],
    ['Mcp-Method has invalid characters', { ...modernHeaders('tools/list'), 'mcp-method': 'tools/lïst' }],
    [
      'Mcp-Method differs in case (values are case-sensitive)',
      { ...modernHeaders('tools/list'), 'mcp-method': 'TOOLS/LIST' },
    ],
  ])('header validation: 400 / -32020 when %s', async (_, headers) => {
    const answer = await post(modernRequest(12, 'tools/list'), headers);
    expect(answer.status).toBe(400);
    expect(answer.json.id).toBe(12);
    expect(answer.json.error.code).toBe(-32020);
  });

  test('header validation: the 2026 header without _meta version is a mismatch', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 13, method: 'tools/list' }, modernHeaders('tools/list'));
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32020);
  });

  test.each([
    ['Mcp-Name is missing on tools/call', modernHeaders('tools/call')],
    ['Mcp-Name names another tool', modernHeaders('tools/call', 'get_page_markdown')],
    ['Mcp-Name is broken Base64', modernHeaders('tools/call', '=?base64?%%%?=')],
    [
      'Mcp-Name is Base64 with bad padding',
      modernHeaders('tools/call', `=?base64?${btoa('search_site').replace(/=+$/, '')}?=`),
    ],
  ])('header validation: 400 / -32020 when %s', async (_, headers) => {
    const answer = await post(callTool(14, 'search_site', { query: 'data' }, { _meta: modernMeta() }), headers);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32020);
  });

  test('a version in _meta that is not a string gets -32022', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 17,
      method: 'tools/list',
      params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': 20260728 }) },
    };
    const answer = await post(body, modernHeaders('tools/list'));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: -32022, data: { requested: '20260728' } });
  });

  test('a version in _meta that is an object is repeated as JSON, not as [object Object]', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 18,
      method: 'tools/list',
      params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': { major: 2026 } }) },
    };
    const answer = await post(body, modernHeaders('tools/list'));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: -32022, data: { requested: '{"major":2026}' } });
    expect(answer.json.error.message).toContain('"{"major":2026}"');
  });

  test('a malformed clientInfo in _meta gets -32602', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 15,
      method: 'tools/list',
      params: { _meta: modernMeta({ 'io.modelcontextprotocol/clientInfo': 'agent' }) },
    };
    const answer = await post(body, modernHeaders('tools/list'));
    expect(answer.json.error.code).toBe(-32602);
  });

  test('a recognisable modern error lets a dual-era client tell this server is modern', async () => {
    // The dual-era probe: a modern request that fails must fail with a modern error code, never a bare 400.
    const answer = await post(modernRequest(16, 'tools/list'), { 'mcp-protocol-version': MODERN });
    expect([-32020, -32021, -32022]).toContain(answer.json.error.code);
  });
});

describe('era selection does not disturb 2025 clients', () => {
  test('a 2025 request with unrelated _meta (progressToken) stays in the 2025 era', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 'p1' } } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.resultType).toBeUndefined();
    expect(answer.headers.get('mcp-protocol-version')).toBe('2025-11-25');
  });

  test('a _meta naming a 2025 version is served in the 2025 era', async () => {
    const answer = await post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
      },
      {},
    );
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
