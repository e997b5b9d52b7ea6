/** Mcp-Method / Mcp-Name: decoding (Base64 sentinel, whitespace) and checks against the body. */
import { describe, expect, test } from 'vitest';
import { checkMirroredHeaders, decodeHeaderValue } from '../../src/mcp/mirrored-headers.ts';

describe('decodeHeaderValue', () => {
  test.each([
    ['search_site', 'search_site'],
    ['  search_site  ', 'search_site'],
    [`=?base64?${btoa('Hello')}?=`, 'Hello'],
    ['=?base64?SGVsbG8sIOS4lueVjA==?=', 'Hello, 世界'],
    ['=?base64?IHBhZGRlZCA=?=', ' padded '],
    ['SGVsbG8=', 'SGVsbG8='],
    ['=?base64?SGVsbG8=', '=?base64?SGVsbG8='],
  ])('%j -> %j', (raw, decoded) => {
    expect(decodeHeaderValue(raw)).toBe(decoded);
  });

  test.each([
    ['bad padding', '=?base64?SGVsbG8?='],
    ['bad characters', '=?base64?SGVs!!!bG8=?='],
    ['invalid UTF-8', `=?base64?${btoa('\xff\xfe')}?=`],
    ['a control character', 'tools/\u0001list'],
    ['non-ASCII', 'tools/lïst'],
  ])('%s is malformed', (_, raw) => {
    expect(decodeHeaderValue(raw)).toBeUndefined();
  });
});

describe('checkMirroredHeaders', () => {
  const call = { name: 'search_site', arguments: {} };

  test('matching headers pass; values are case-sensitive', () => {
    expect(
      checkMirroredHeaders({ method: 'tools/call', name: 'search_site' }, 'tools/call', call, true),
    ).toBeUndefined();
    expect(checkMirroredHeaders({ method: 'TOOLS/CALL', name: 'search_site' }, 'tools/call', call, true)).toMatch(
      /does not match/,
    );
    expect(checkMirroredHeaders({ method: 'tools/call', name: 'Search_Site' }, 'tools/call', call, true)).toMatch(
      /does not match/,
    );
  });

  test('required headers must be present on modern requests, optional otherwise', () => {
    expect(checkMirroredHeaders({ method: null, name: null }, 'tools/list', undefined, true)).toMatch(
      /Mcp-Method header is missing/,
    );
    expect(checkMirroredHeaders({ method: 'tools/call', name: null }, 'tools/call', call, true)).toMatch(
      /Mcp-Name header is missing/,
    );
    expect(checkMirroredHeaders({ method: null, name: null }, 'tools/call', call, false)).toBeUndefined();
    expect(checkMirroredHeaders({ method: 'tools/list', name: null }, 'tools/list', undefined, true)).toBeUndefined();
  });

  test('Mcp-Name mirrors params.uri when there is no params.name', () => {
    expect(
      checkMirroredHeaders(
        { method: 'resources/read', name: 'file:///a' },
        'resources/read',
        { uri: 'file:///b' },
        true,
      ),
    ).toMatch(/does not match/);
  });
});
