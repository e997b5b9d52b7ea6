/** The MCP transport and JSON-RPC layer in the 2025 ("legacy") era: every Endpoints/Errors row of the contract for POST /api/mcp. */
import { describe, expect, test, vi } from 'vitest';
import { apiErrorSchema } from '../../src/http/body-schemas.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';
import { MAX_BODY_BYTES } from '../../src/http/limits.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { jsonRpcResponseSchema } from '../../src/mcp/schemas.ts';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { LEGACY_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { callTool, MCP_URL, mcpRequest, pipeline, sampleAgent, send } from './fixtures.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const agent = sampleAgent();
const site = agent.head.site;
const handler = createMcpHandler({ ...agent, leads: pipeline({ store: createMemoryLeadStore() }) });
const post = (body: unknown, headers: Record<string, string> = {}) => send(handler, mcpRequest(body, headers));

function expectJsonRpcHeaders(headers: Headers, version: string) {
  expect(headers.get('content-type')).toBe('application/json');
  expect(headers.get('mcp-protocol-version')).toBe(version);
  expect(headers.get('link')).toBe(LINK_HEADER);
  expect(headers.get('vary')).toBe('Accept');
  expect(headers.get('access-control-allow-origin')).toBe('*');
}

describe('HTTP envelope', () => {
  test('rejects a body that is not application/json with 415 and an ApiError', async () => {
    const answer = await send(handler, mcpRequest('{}', { 'content-type': 'text/plain' }));
    expect(answer.status).toBe(415);
    const error = apiErrorSchema.parse(answer.json).error;
    expect(error.code).toBe('unsupported_media_type');
    expect(error.hint).toContain('Content-Type: application/json');
    expect(error.docs).toBe(`${site.baseUrl}/mcp.md`);
    expect(answer.headers.get('vary')).toBe('Accept');
  });

  test('rejects a request without Content-Type with 415', async () => {
    const request = new Request(MCP_URL, { method: 'POST', body: '{}' });
    request.headers.delete('content-type');
    expect((await send(handler, request)).status).toBe(415);
  });

  test('accepts application/json with a charset parameter', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'content-type': 'Application/JSON; charset=utf-8' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  test.each([[undefined], ['*/*'], ['application/json'], ['application/*'], ['application/json, text/event-stream']])(
    'accepts Accept: %s',
    async (accept) => {
      const request = mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' });
      if (accept === undefined) request.headers.delete('accept');
      else request.headers.set('accept', accept);
      expect((await send(handler, request)).status).toBe(200);
    },
  );

  test.each([['text/event-stream'], ['text/html'], ['application/json;q=0']])(
    'answers Accept: %s with 406',
    async (accept) => {
      const answer = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept });
      expect(answer.status).toBe(406);
      expect(apiErrorSchema.parse(answer.json).error.code).toBe('not_acceptable');
    },
  );

  test('answers a declared body over MAX_BODY_BYTES with 413', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BODY_BYTES) } });
    const answer = await send(handler, mcpRequest(body, { 'content-length': String(body.length) }));
    expect(answer.status).toBe(413);
    expect(apiErrorSchema.parse(answer.json).error.code).toBe('payload_too_large');
  });

  test('answers a streamed body over MAX_BODY_BYTES (no Content-Length) with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(MCP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const answer = await send(handler, request);
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk.byteLength);
  });

  test('accepts a body just under the limit', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: '' } };
    message.params.pad = 'x'.repeat(MAX_BODY_BYTES - JSON.stringify(message).length);
    expect(JSON.stringify(message).length).toBe(MAX_BODY_BYTES);
    expect((await post(message)).status).toBe(200);
  });
});

describe('JSON-RPC errors', () => {
  test('an unparseable body gets -32700, HTTP 400, id null', async () => {
    const answer = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer.status).toBe(400);
    expect(answer.json.id).toBeNull();
    expect(answer.json.error.code).toBe(-32700);
    expectJsonRpcHeaders(answer.headers, '2025-03-26');
    jsonRpcResponseSchema.parse(answer.json);
  });

  test('an empty body gets -32700', async () => {
    expect((await post('')).json.error.code).toBe(-32700);
  });

  test.each([
    ['a number', 42, null],
    ['null', null, null],
    ['missing jsonrpc', { id: 5, method: 'ping' }, 5],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 'a', method: 'ping' }, 'a'],
    ['a numeric method', { jsonrpc: '2.0', id: 6, method: 12 }, 6],
    ['an empty method', { jsonrpc: '2.0', id: 6, method: '' }, 6],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }, null],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, null],
    ['array params', { jsonrpc: '2.0', id: 7, method: 'ping', params: [1] }, 7],
    ['a response object', { jsonrpc: '2.0', id: 8, result: {} }, 8],
  ])('an invalid request (%s) gets -32600, HTTP 400, and echoes a readable id', async (_, body, id) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32600);
    expect(answer.json.id).toBe(id);
    jsonRpcResponseSchema.parse(answer.json);
  });

  test('an unknown method gets -32601 naming the supported methods', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 'x', method: 'sampling/createMessage' });
    expect(answer.status).toBe(200);
    expect(answer.json.id).toBe('x');
    expect(answer.json.error.code).toBe(-32601);
    expect(answer.json.error.message).toContain('tools/call');
  });

  test('an unknown tool gets -32602 listing the tools', async () => {
    const answer = await post(callTool(3, 'delete_everything'));
    expect(answer.status).toBe(200);
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.error.message).toContain('delete_everything');
    expect(answer.json.error.data.availableTools).toContain('search_site');
  });

  test.each([
    ['no params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
    ['a numeric name', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } }],
    [
      'string arguments',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: 'kubernetes' } },
    ],
    [
      'initialize without protocolVersion',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { capabilities: {} } },
    ],
    [
      'initialize with a bad clientInfo',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', clientInfo: { name: 1 } },
      },
    ],
    ['tools/list with a cursor', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'page-2' } }],
    ['tools/list with a numeric cursor', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 2 } }],
  ])('invalid params of a protocol method (%s) get -32602', async (_, body) => {
    const answer = await post(body);
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.id).toBe(1);
  });

  test('an internal error gets -32603 without internals, and is reported to onError', async () => {
    const onError = vi.fn();
    const broken = createMcpHandler({
      ...agent,
      leads: pipeline({ store: createMemoryLeadStore() }),
      onError,
      now: () => {
        throw new Error('secret at /var/task/src/leads/submit.ts:42');
      },
    });
    const answer = await send(
      broken,
      mcpRequest(
        callTool(9, 'start_conversation', {
          name: 'Ada',
          email: 'ada@example.com',
          message: 'Please get in touch about a platform.',
        }),
      ),
    );
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32603, message: 'Internal error. Try again later.' },
    });
    expect(answer.text).not.toMatch(/secret|\/var\/task|submit\.ts|at /);
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('notifications', () => {
  test.each(['notifications/initialized', 'notifications/cancelled', 'notifications/unknown'])(
    '%s gets 202 with no body',
    async (method) => {
      const answer = await post({ jsonrpc: '2.0', method, params: { requestId: 1 } });
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('');
      expect(answer.headers.get('mcp-protocol-version')).toBe('2025-03-26');
      expect(answer.headers.get('link')).toBe(LINK_HEADER);
    },
  );
});

describe('initialize', () => {
  test.each(LEGACY_PROTOCOL_VERSIONS)('echoes the supported version %s', async (version) => {
    const answer = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.result.protocolVersion).toBe(version);
    expect(answer.headers.get('mcp-protocol-version')).toBe(version);
  });

  test.each(['1999-01-01', '2026-07-28', 'latest'])(
    'answers an unsupported or modern-only version (%s) with the newest 2025 version',
    async (version) => {
      const answer = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      expect(answer.json.result.protocolVersion).toBe('2025-11-25');
      expect(answer.headers.get('mcp-protocol-version')).toBe('2025-11-25');
    },
  );

  test('describes the server: serverInfo, capabilities and instructions', async () => {
    const { json } = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    const { serverInfo, capabilities, instructions } = json.result;
    expect(serverInfo).toEqual({
      name: 'example.northbeam/site',
      title: site.name,
      version: '1.0.0',
      description: site.tagline,
      websiteUrl: site.baseUrl,
    });
    expect(capabilities).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(instructions).toContain(site.name);
    expect(instructions).toMatch(/start_conversation[^.]*only action/);
    expect(instructions).toMatch(/ONLY when the user has explicitly asked/);
    expect(instructions).toContain(site.contactEmail);
  });
});

describe('methods', () => {
  test('ping answers an empty result', async () => {
    expect((await post({ jsonrpc: '2.0', id: 'p', method: 'ping' })).json).toEqual({
      jsonrpc: '2.0',
      id: 'p',
      result: {},
    });
  });

  test('tools/list lists the tools in a fixed order', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    expect(answer.status).toBe(200);
    expectJsonRpcHeaders(answer.headers, '2025-03-26');
    const names = answer.json.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(TOOL_NAMES);
    expect(answer.json.result.resultType).toBeUndefined();
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).text).toBe(answer.text);
  });

  test('resources/list, resources/templates/list and prompts/list answer the pages, the page template and the prompts', async () => {
    const resources = (await post({ jsonrpc: '2.0', id: 1, method: 'resources/list' })).json.result.resources;
    expect(resources.length).toBeGreaterThan(0);
    expect(resources[0]).toMatchObject({ uri: `${site.baseUrl}/`, mimeType: 'text/markdown' });
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list' })).json.result).toEqual({
      resourceTemplates: [expect.objectContaining({ uriTemplate: `${site.baseUrl}/{+path}` })],
    });
    const prompts = (await post({ jsonrpc: '2.0', id: 1, method: 'prompts/list' })).json.result.prompts;
    expect(prompts.map((prompt: { name: string }) => prompt.name)).toEqual([
      'company_brief',
      'relevant_work',
      'contact_request',
    ]);
  });

  test('server/discover is not a 2025 method inside a batch', async () => {
    const answer = await post([{ jsonrpc: '2.0', id: 1, method: 'server/discover' }]);
    expect(answer.json[0].error.code).toBe(-32600);
  });
});

describe('MCP-Protocol-Version header', () => {
  test.each(LEGACY_PROTOCOL_VERSIONS)('a supported version (%s) is echoed', async (version) => {
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': version });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-protocol-version')).toBe(version);
  });

  test('without the header the response says 2025-03-26 (the assumed version)', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' })).headers.get('mcp-protocol-version')).toBe(
      '2025-03-26',
    );
  });

  test('an unsupported version gets 400 naming the supported versions', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { 'mcp-protocol-version': '2024-11-05' },
    );
    expect(answer.status).toBe(400);
    expect(answer.json.id).toBe(4);
    expect(answer.json.error.code).toBe(-32022);
    expect(answer.json.error.data).toEqual({ supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: '2024-11-05' });
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(answer.json.error.message).toContain(version);
    expect(answer.headers.get('mcp-protocol-version')).toBe('2025-03-26');
  });

  test('an unsupported version on a notification also gets 400', async () => {
    expect(
      (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': 'nope' })).status,
    ).toBe(400);
  });

  test('mirrored Mcp-Method / Mcp-Name headers are checked when a 2025 client sends them', async () => {
    const wrongMethod = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-method': 'tools/call' });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.json.error.code).toBe(-32020);
    const wrongName = await post(callTool(2, 'search_site', { query: 'data' }), {
      'mcp-method': 'tools/call',
      'mcp-name': 'start_conversation',
    });
    expect(wrongName.json.error.code).toBe(-32020);
    const matching = await post(callTool(3, 'search_site', { query: 'data' }), {
      'mcp-method': 'tools/call',
      'mcp-name': 'search_site',
    });
    expect(matching.json.result.isError).toBeUndefined();
  });
});

describe('batches', () => {
  test('an array in gives an array out, in order; notifications get no entry', async () => {
    const answer = await post([
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
      callTool('c', 'search_site', { query: 'kubernetes', limit: 1 }),
      { jsonrpc: '2.0', id: 'd', method: 'nope' },
    ]);
    expect(answer.status).toBe(200);
    expectJsonRpcHeaders(answer.headers, '2025-03-26');
    expect(answer.json.map((entry: { id: string }) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(answer.json[0].result).toEqual({});
    expect(answer.json[1].result.tools).toHaveLength(TOOL_NAMES.length);
    expect(answer.json[2].result.structuredContent.returned).toBe(1);
    expect(answer.json[3].error.code).toBe(-32601);
  });

  test('a batch of only notifications gets 202 with no body', async () => {
    const answer = await post([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ]);
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
  });

  test('an empty array gets 400 / -32600 as a single response', async () => {
    const answer = await post([]);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  test(`a batch over ${MAX_BATCH_LENGTH} messages gets 400 / -32600 saying the limit`, async () => {
    const batch = Array.from({ length: MAX_BATCH_LENGTH + 1 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const answer = await post(batch);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32600);
    expect(answer.json.error.message).toContain(String(MAX_BATCH_LENGTH));
    expect((await post(batch.slice(0, MAX_BATCH_LENGTH))).json).toHaveLength(MAX_BATCH_LENGTH);
  });

  test('initialize inside a batch gets -32600 and the rest is still answered', async () => {
    const answer = await post([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.json[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(answer.json[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  test('invalid members get -32600 entries; a batch of only invalid members gets 400', async () => {
    const mixed = await post([1, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(mixed.status).toBe(200);
    expect(mixed.json[0]).toMatchObject({ id: null, error: { code: -32600 } });
    const invalid = await post([1, 2, 3]);
    expect(invalid.status).toBe(400);
    expect(invalid.json).toHaveLength(3);
    expect(invalid.json.every((entry: { error: { code: number } }) => entry.error.code === -32600)).toBe(true);
  });

  test('batches are refused with the 2026-07-28 header, or with mirrored headers', async () => {
    const modern = await post([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], {
      'mcp-protocol-version': '2026-07-28',
    });
    expect(modern.status).toBe(400);
    expect(modern.json.error.code).toBe(-32600);
    const mirrored = await post([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], { 'mcp-method': 'tools/list' });
    expect(mirrored.status).toBe(400);
    expect(mirrored.json.error.code).toBe(-32020);
  });

  test('a 2026-07-28 message inside a batch gets -32600', async () => {
    const answer = await post([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
    ]);
    expect(answer.json[0].error.code).toBe(-32600);
  });

  test('two identical start_conversation calls in one batch file one lead', async () => {
    const leads = createMemoryLeadStore();
    const batchHandler = createMcpHandler({ ...agent, leads: pipeline({ store: leads }) });
    const args = { name: 'Ada', email: 'ada@example.com', message: 'We would like to talk about our data platform.' };
    const answer = await send(
      batchHandler,
      mcpRequest([callTool(1, 'start_conversation', args), callTool(2, 'start_conversation', args)]),
    );
    expect(leads.leads).toHaveLength(1);
    expect(answer.json[0].result.structuredContent.reference).toBe(answer.json[1].result.structuredContent.reference);
    expect(answer.json[1].result.structuredContent.duplicate).toBe(true);
  });
});
