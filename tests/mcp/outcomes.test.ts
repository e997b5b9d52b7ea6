/**
 * How each message ended, as the protocol reports it beside its answer (src/mcp/server.ts,
 * Reply.outcomes and Reply.messages): one outcome per message in the request's order, with the
 * message as read at the same index, and one outcome about no message for a body that is no JSON
 * or a batch refused whole.
 */
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../src/mcp/jsonrpc.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { createMcpServer, type McpRequest } from '../../src/mcp/server.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { callTool, MODERN, modernHeaders, modernMeta, pipeline, sampleAgent } from './fixtures.ts';

const agent = sampleAgent();
const server = createMcpServer({ ...agent, leads: pipeline({ store: createMemoryLeadStore() }), onError: () => {} });
/** A reader whose every file is gone with an unexpected error (not an ArtefactError): -32603. */
const broken = createMcpServer({
  ...agent,
  artefacts: new Proxy(agent.artefacts, { get: () => () => Promise.reject(new Error('disk gone')) }),
  onError: () => {},
  onArtefactError: () => {},
});
const request = (headers: Record<string, string> = {}): McpRequest => ({
  headerVersion: headers['mcp-protocol-version'],
  mirrored: { method: headers['mcp-method'] ?? null, name: headers['mcp-name'] ?? null },
  caller: {},
});
const rpc = (id: number, method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
const post = (body: unknown, headers?: Record<string, string>, to = server) =>
  to(typeof body === 'string' ? body : JSON.stringify(body), request(headers));
const error = (code: number) => ({ kind: 'error', code });

describe('the outcome of a single message', () => {
  test('answered: ok, with search_site its results and language; a tool failure is tool_error', async () => {
    const search = await post(callTool(1, 'search_site', { query: 'cloud migration' }));
    expect(search.outcomes).toEqual([{ kind: 'ok', search: { results: expect.any(Number), language: 'en' } }]);
    // The sample site has pages on cloud migration: a search that finds them is no content gap.
    expect((search.outcomes[0] as { search: { results: number } }).search.results).toBeGreaterThan(0);
    expect(search.messages).toEqual([callTool(1, 'search_site', { query: 'cloud migration' })]);

    const missing = await post(callTool(2, 'get_page_markdown', { path: '/nope' }));
    expect(missing.status).toBe(200);
    expect(missing.outcomes).toEqual([{ kind: 'tool_error' }]);
    expect((await post(rpc(3, 'tools/list'))).outcomes).toEqual([{ kind: 'ok' }]);
    // Another tool's success tells nothing more.
    expect((await post(callTool(4, 'get_company_profile'))).outcomes).toEqual([{ kind: 'ok' }]);
  });

  test('a notification ends ok, with 202 and no body', async () => {
    const reply = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(reply).toMatchObject({ status: 202, body: null, outcomes: [{ kind: 'ok' }] });
    expect(reply.messages).toEqual([{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
  });

  test('each JSON-RPC error ends with its code; only what could be read is given as the message', async () => {
    const cases: [string, unknown, Record<string, string> | undefined, number, boolean][] = [
      ['no JSON', '{"jsonrpc":', undefined, ERROR_CODES.parseError, false],
      ['no method', { jsonrpc: '2.0', id: 1 }, undefined, ERROR_CODES.invalidRequest, false],
      [
        'unsupported header',
        rpc(1, 'ping'),
        { 'mcp-protocol-version': '1999-01-01' },
        ERROR_CODES.unsupportedProtocolVersion,
        true,
      ],
      ['legacy mirrored mismatch', rpc(1, 'ping'), { 'mcp-method': 'tools/list' }, ERROR_CODES.headerMismatch, true],
      [
        'modern without headers',
        rpc(1, 'tools/list', { _meta: modernMeta() }),
        undefined,
        ERROR_CODES.headerMismatch,
        true,
      ],
      ['unknown method', rpc(1, 'nope/nothing'), undefined, ERROR_CODES.methodNotFound, true],
      [
        'modern unknown method',
        rpc(1, 'nope/nothing', { _meta: modernMeta() }),
        modernHeaders('nope/nothing'),
        ERROR_CODES.methodNotFound,
        true,
      ],
      ['unknown tool', callTool(1, 'no_such_tool'), undefined, ERROR_CODES.invalidParams, true],
      [
        'missing resource',
        rpc(1, 'resources/read', { uri: 'https://example.com/nope' }),
        undefined,
        ERROR_CODES.resourceNotFound,
        true,
      ],
    ];
    for (const [name, body, headers, code, read] of cases) {
      const reply = await post(body, headers);
      expect(reply.outcomes, name).toEqual([error(code)]);
      expect(JSON.parse(reply.body!).error.code, name).toBe(code);
      expect(reply.messages, name).toEqual([read ? body : undefined]);
    }
  });

  test('an unexpected error ends -32603, the message still given', async () => {
    const message = rpc(1, 'resources/read', { uri: `${agent.head.site.baseUrl}/services` });
    const reply = await post(message, undefined, broken);
    expect(reply.status).toBe(500);
    expect(reply.outcomes).toEqual([error(ERROR_CODES.internalError)]);
    expect(reply.messages).toEqual([message]);
  });

  test('a modern request answered ends ok like a 2025 one', async () => {
    const message = callTool(1, 'search_site', { query: 'cloud' }, { _meta: modernMeta() });
    const reply = await post(message, modernHeaders('tools/call', 'search_site'));
    expect(reply.outcomes).toEqual([{ kind: 'ok', search: { results: expect.any(Number), language: 'en' } }]);
    expect(reply.messages).toEqual([message]);
  });
});

describe('the outcomes of a batch', () => {
  test('one per message in order, each with the message as read', async () => {
    const batch = [
      rpc(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      }),
      rpc(2, 'server/discover', { _meta: modernMeta() }),
      { nope: true },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      callTool(3, 'search_site', { query: 'data platform' }),
      callTool(4, 'get_page_markdown', { path: '/nope' }),
      rpc(5, 'nope/nothing'),
      rpc(6, 'ping'),
    ];
    const reply = await post(batch);
    expect(reply.status).toBe(200);
    expect(reply.outcomes).toEqual([
      error(ERROR_CODES.invalidRequest),
      error(ERROR_CODES.invalidRequest),
      error(ERROR_CODES.invalidRequest),
      { kind: 'ok' },
      { kind: 'ok', search: { results: expect.any(Number), language: 'en' } },
      { kind: 'tool_error' },
      error(ERROR_CODES.methodNotFound),
      { kind: 'ok' },
    ]);
    expect(reply.messages).toEqual(batch.map((message, index) => (index === 2 ? undefined : message)));
    // The answers' parts: every message but the notification.
    expect(JSON.parse(reply.body!)).toHaveLength(batch.length - 1);
  });

  test('notifications only: 202, each ok', async () => {
    const reply = await post([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} },
    ]);
    expect(reply).toMatchObject({ status: 202, body: null, outcomes: [{ kind: 'ok' }, { kind: 'ok' }] });
    expect(reply.messages.map((message) => message?.method)).toEqual([
      'notifications/initialized',
      'notifications/cancelled',
    ]);
  });

  test('an unexpected error in one message ends it -32603 and the others as they went', async () => {
    const reply = await post(
      [rpc(1, 'resources/read', { uri: `${agent.head.site.baseUrl}/services` }), rpc(2, 'ping')],
      undefined,
      broken,
    );
    expect(reply.outcomes).toEqual([error(ERROR_CODES.internalError), { kind: 'ok' }]);
  });

  test('a batch refused whole is one outcome about no message', async () => {
    const cases: [string, unknown[], Record<string, string> | undefined, number][] = [
      [
        'unsupported header',
        [rpc(1, 'ping')],
        { 'mcp-protocol-version': '1999-01-01' },
        ERROR_CODES.unsupportedProtocolVersion,
      ],
      ['modern header', [rpc(1, 'ping')], { 'mcp-protocol-version': MODERN }, ERROR_CODES.invalidRequest],
      ['mirrored header', [rpc(1, 'ping')], { 'mcp-method': 'ping' }, ERROR_CODES.headerMismatch],
      ['empty', [], undefined, ERROR_CODES.invalidRequest],
      [
        'too long',
        Array.from({ length: MAX_BATCH_LENGTH + 1 }, (_, index) => rpc(index + 1, 'ping')),
        undefined,
        ERROR_CODES.invalidRequest,
      ],
    ];
    for (const [name, batch, headers, code] of cases) {
      const reply = await post(batch, headers);
      expect(reply.status, name).toBe(400);
      expect(reply.outcomes, name).toEqual([error(code)]);
      expect(reply.messages, name).toEqual([undefined]);
    }
  });
});
