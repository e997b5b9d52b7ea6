/**
 * src/mcp/read.ts: the plain checks that spare ordinary messages from loading zod must never
 * accept what the schemas reject, and must give the same fields. Checked on every combination of
 * valid and invalid parts (a few thousand messages, made as JSON.parse makes them).
 */
import { describe, expect, test } from 'vitest';
import {
  isPlainCallToolParams,
  isPlainInitializeParams,
  isPlainListParams,
  isPlainRequest,
  readCallToolParams,
  readInitializeParams,
  readRequest,
} from '../../src/mcp/read.ts';
import {
  callToolParamsSchema,
  initializeParamsSchema,
  jsonRpcRequestSchema,
  listParamsSchema,
  requestMetaSchema,
} from '../../src/mcp/schemas.ts';

const ABSENT = Symbol('absent');
type Part = unknown;

/** Every object with one choice from each key's options (ABSENT leaves the key out), as JSON.parse would make it. */
function combinations(options: Record<string, Part[]>): unknown[] {
  let objects: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(options)) {
    objects = objects.flatMap((object) =>
      values.map((value) => (value === ABSENT ? object : { ...object, [key]: value })),
    );
  }
  return objects.map((object) => JSON.parse(JSON.stringify(object)));
}

const PROTO = JSON.parse('{"__proto__": {"x": 1}}');
const anyValue = [ABSENT, null, true, 0, -1, 1.5, 2 ** 53, 'text', '', [], {}, PROTO];
const meta = [
  ABSENT,
  {},
  null,
  [],
  { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
  { 'io.modelcontextprotocol/protocolVersion': 7 },
  { 'io.modelcontextprotocol/clientInfo': { name: 'a', version: '1' } },
  { 'io.modelcontextprotocol/clientInfo': { name: 'a' } },
  { 'io.modelcontextprotocol/clientInfo': { name: 'a', version: 1, extra: true } },
  { 'io.modelcontextprotocol/clientCapabilities': {} },
  { 'io.modelcontextprotocol/clientCapabilities': [] },
  { other: 'kept' },
];

function checkAgreement(
  values: unknown[],
  plain: (value: unknown) => boolean,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
) {
  let accepted = 0;
  for (const value of values) {
    if (!plain(value)) continue;
    accepted += 1;
    const parsed = schema.safeParse(value);
    expect(parsed.success, JSON.stringify(value)).toBe(true);
    // The fields the server reads are the same either way.
    for (const [key, field] of Object.entries(parsed.data as Record<string, unknown>))
      expect((value as Record<string, unknown>)[key], `${JSON.stringify(value)} .${key}`).toEqual(field);
  }
  return accepted;
}

describe('the plain checks', () => {
  test('a request or notification: nothing accepted that jsonRpcRequestSchema rejects', () => {
    const values = combinations({
      jsonrpc: [ABSENT, '2.0', '1.0', 2, null],
      id: [ABSENT, 1, 0, -7, 1.5, 2 ** 53, 'abc', '', null, true, {}, []],
      method: [ABSENT, 'initialize', '', 3, null],
      params: [ABSENT, {}, { a: 1 }, [], null, 'x', PROTO],
      extra: [ABSENT, 'ignored'],
    });
    expect(values.length).toBeGreaterThan(3000);
    expect(checkAgreement(values, isPlainRequest, jsonRpcRequestSchema)).toBe(36);
  });

  test('initialize params, list params, tools/call params and _meta: the same', () => {
    const initialize = combinations({
      protocolVersion: [ABSENT, '2025-11-25', 5],
      capabilities: [ABSENT, {}, [], 'x'],
      clientInfo: [ABSENT, { name: 'a', version: '1' }, { name: 'a' }, 'x'],
      _meta: meta,
    });
    expect(checkAgreement(initialize, isPlainInitializeParams, initializeParamsSchema)).toBeGreaterThan(10);
    const list = combinations({ cursor: [ABSENT, 'c', 1, null], _meta: meta, other: anyValue });
    expect(checkAgreement(list, isPlainListParams, listParamsSchema)).toBeGreaterThan(10);
    const call = combinations({
      name: [ABSENT, 'search_site', '', 1],
      arguments: [ABSENT, {}, { q: 1 }, [], null, 'x', PROTO],
      _meta: meta,
    });
    expect(checkAgreement(call, isPlainCallToolParams, callToolParamsSchema)).toBeGreaterThan(10);
    expect(
      checkAgreement(
        meta.filter((value) => value !== ABSENT),
        (value) => isPlainListParams({ _meta: value }),
        { safeParse: (value) => requestMetaSchema.safeParse(value) },
      ),
    ).toBeGreaterThan(3);
  });

  test('ordinary messages take the plain path', () => {
    expect(
      isPlainRequest({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    ).toBe(true);
    expect(
      isPlainInitializeParams({
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
    ).toBe(true);
    expect(
      isPlainCallToolParams({
        name: 'search_site',
        arguments: { query: 'x' },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
      }),
    ).toBe(true);
  });
});

describe('reading', () => {
  test('what the plain checks leave, the schema decides: valid but unusual messages are read, invalid ones refused', async () => {
    // Not plain (an own __proto__ key in params), still valid for the schema.
    expect(
      (await readRequest(JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{}}}'))).success,
    ).toBe(true);
    expect((await readRequest({ jsonrpc: '2.0', id: 1.5, method: 'ping' })).success).toBe(false);
    expect((await readInitializeParams({ capabilities: {} })).success).toBe(false);
    expect((await readCallToolParams({ name: '' })).success).toBe(false);
  });
});
