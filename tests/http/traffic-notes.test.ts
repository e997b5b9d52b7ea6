/**
 * The traffic record's notes, made at the endpoint from the protocol's outcomes and the messages
 * as read (src/http/traffic-notes.ts): the outcome as the record names it, what the message asked
 * for cut to MAX_NOTE_TEXT, the client it declared, and a search's results only when it was answered.
 */
import { describe, expect, test } from 'vitest';
import { messageNotes } from '../../src/http/traffic-notes.ts';
import { ERROR_CODES, type JsonRpcRequest } from '../../src/mcp/jsonrpc.ts';
import { MAX_NOTE_TEXT } from '../../src/traffic/notes.ts';

const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const call = (
  name: string,
  args: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args, ...extra },
});

describe('messageNotes', () => {
  test('each outcome as the record names it: ok, tool-error, server-error for -32603, protocol-error else', () => {
    const ping: JsonRpcRequest = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const notes = messageNotes(
      [ping, ping, ping, ping, ping],
      [
        { kind: 'ok' },
        { kind: 'tool_error' },
        { kind: 'error', code: ERROR_CODES.internalError },
        { kind: 'error', code: ERROR_CODES.methodNotFound },
        { kind: 'error', code: ERROR_CODES.invalidParams },
      ],
    );
    expect(notes.map((note) => note.o)).toEqual([
      'ok',
      'tool-error',
      'server-error',
      'protocol-error',
      'protocol-error',
    ]);
    expect(notes.every((note) => note.m === 'ping')).toBe(true);
  });

  test('a message that could not be read gives its outcome only', () => {
    expect(messageNotes([undefined], [{ kind: 'error', code: ERROR_CODES.parseError }])).toEqual([
      { o: 'protocol-error' },
    ]);
    expect(JSON.stringify(messageNotes([], [{ kind: 'error', code: ERROR_CODES.invalidRequest }]))).toBe(
      '[{"o":"protocol-error"}]',
    );
  });

  test("a search's query, results and language; results and language only when it was answered", () => {
    const search = call('search_site', { query: 'data platform', language: 'nl' });
    const [answered, failed, refused] = messageNotes(
      [search, search, search],
      [
        { kind: 'ok', search: { results: 4, language: 'nl' } },
        { kind: 'tool_error' },
        { kind: 'error', code: ERROR_CODES.internalError },
      ],
    );
    expect(answered).toEqual({ o: 'ok', m: 'tools/call', t: 'search_site', q: 'data platform', r: 4, l: 'nl' });
    expect(JSON.parse(JSON.stringify(failed))).toEqual({
      o: 'tool-error',
      m: 'tools/call',
      t: 'search_site',
      q: 'data platform',
    });
    expect(refused).toMatchObject({ o: 'server-error', r: undefined, l: undefined });
  });

  test('the client from initialize or from _meta, as a name and a version line; a resource by its URI', () => {
    const initialize: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '0.3.1' } },
    };
    const modern = call('get_company_profile', {}, { _meta: { [CLIENT_INFO]: { name: 'agent-x', version: '2' } } });
    const read: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: 'https://example.com/about' },
    };
    // A clientInfo in _meta of initialize is not where a 2025 client declares itself.
    const misplaced: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: 3,
      method: 'initialize',
      params: { _meta: { [CLIENT_INFO]: { name: 'elsewhere', version: '1' } } },
    };
    const ok = { kind: 'ok' } as const;
    expect(messageNotes([initialize, modern, read, misplaced], [ok, ok, ok, ok])).toEqual([
      { o: 'ok', m: 'initialize', c: 'probe\n0.3.1' },
      { o: 'ok', m: 'tools/call', t: 'get_company_profile', c: 'agent-x\n2' },
      { o: 'ok', m: 'resources/read', t: 'https://example.com/about' },
      { o: 'ok', m: 'initialize' },
    ]);
  });

  test('text is cut to MAX_NOTE_TEXT; values that are not strings are left out', () => {
    const long = 'w'.repeat(MAX_NOTE_TEXT + 50);
    const [cut, odd] = messageNotes(
      [call(long, { query: long }), call('search_site', { query: 7 }, { _meta: { [CLIENT_INFO]: { name: 5 } } })],
      [{ kind: 'tool_error' }, { kind: 'tool_error' }],
    );
    expect(cut!.t).toHaveLength(MAX_NOTE_TEXT);
    expect(cut!.q).toHaveLength(MAX_NOTE_TEXT);
    expect(JSON.parse(JSON.stringify(odd))).toEqual({ o: 'tool-error', m: 'tools/call', t: 'search_site' });
  });
});
