/**
 * fast-check arbitraries for requests to the API function: valid JSON-RPC messages and mutations
 * of them, random JSON, deep nesting, wrong types, invalid UTF-8 and oversize bodies; odd
 * headers, methods and paths (traversal, percent-encoding, unicode). Every request is one a
 * client could put on the wire: the Fetch API refuses the rest (a body on GET, a header value
 * with CR/LF), and so would the platform's HTTP server before the function ran.
 */
import fc from 'fast-check';
import { MAX_BODY_BYTES } from '../../src/http/limits.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { META } from '../../src/mcp-meta.ts';
import { TOOLS as TOOL_MODULES } from '../../src/mcp/tools/index.ts';
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { ROUTE_PATHS } from './documented-shape.ts';

export const BASE = 'https://www.northbeam.example';
const MODERN = MODERN_PROTOCOL_VERSIONS[0];
/** The served tools' names (src/mcp/tools/index.ts), so a new tool is fuzzed too. */
const TOOLS = TOOL_MODULES.map((tool) => tool.name);

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  clientIp: string;
}

/** Any JSON value, including the awkward ones: -0, huge numbers, `__proto__` keys, unicode. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, -0, 1e308, -1, 2 ** 53 + 1, 1.5, '', '2.0', [], {}, true),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}') as unknown),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** A value nested `depth` levels deep (arrays or objects), around `inner`. */
export function nested(depth: number, kind: 'array' | 'object', inner: unknown = '2026-07-28'): string {
  const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
  return open.repeat(depth) + JSON.stringify(inner) + close.repeat(depth);
}

const depth = fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1_000, max: 40_000 }));

/** Valid messages of each method the server serves (and some it does not). */
const validMessage: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
    method: fc.constantFrom('initialize'),
    params: fc.record({
      protocolVersion: fc.constantFrom(...SUPPORTED_PROTOCOL_VERSIONS, '1999-01-01'),
      capabilities: fc.constant({}),
      clientInfo: fc.constant({ name: 'fuzz', version: '1.0.0' }),
    }),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.integer(),
    method: fc.constantFrom(
      'ping',
      'tools/list',
      'resources/list',
      'resources/templates/list',
      'prompts/list',
      'server/discover',
      'resources/read',
      'prompts/get',
      'nope',
    ),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    method: fc.constantFrom('notifications/initialized', 'notifications/cancelled', 'notifications/whatever'),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.integer(),
    method: fc.constant('tools/call'),
    params: fc.record({
      name: fc.constantFrom(...TOOLS, 'no_such_tool', ''),
      arguments: fc.oneof(
        fc.record(
          {
            format: fc.constantFrom('short', 'full', 'huge'),
            path: fc.constantFrom('/', '/services', '/../etc/passwd', '/%2e%2e/', '/case-studies/x', 'services'),
            industry: fc.string({ maxLength: 20 }),
            tag: fc.string({ maxLength: 20 }),
            limit: fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double(), fc.string()),
            query: fc.string({ unit: 'grapheme', maxLength: 200 }),
            name: fc.string({ maxLength: 300 }),
            email: fc.constantFrom('a@b.example', 'not-an-email', 'x@y', '', 'A'.repeat(400) + '@b.example'),
            company: fc.string({ maxLength: 50 }),
            message: fc.string({ maxLength: 600 }),
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 4 }),
      ),
    }),
  }),
);

/** A modern (2026-07-28) request: version in _meta, mirrored headers expected. */
const modernMessage = validMessage.map((message): Record<string, unknown> => ({
  ...message,
  params: {
    ...(message.params as object),
    _meta: {
      [META.protocolVersion]: MODERN,
      [META.clientInfo]: { name: 'fuzz', version: '1' },
      [META.clientCapabilities]: {},
    },
  },
}));

/** A valid message with one field replaced by something else, or removed. */
const mutated = fc
  .tuple(
    fc.oneof(validMessage, modernMessage),
    fc.constantFrom(
      'jsonrpc',
      'id',
      'method',
      'params',
      'params.name',
      'params.arguments',
      'params._meta',
      'meta.version',
      'meta.clientInfo',
      'meta.clientCapabilities',
    ),
    fc.option(anyJson, { nil: undefined }),
  )
  .map(([message, field, value]) => {
    const copy = structuredClone(message) as Record<string, Record<string, unknown>>;
    const set = (target: Record<string, unknown>, key: string) => {
      if (value === undefined) delete target[key];
      else target[key] = value;
    };
    const params = (copy.params ??= {});
    if (field.startsWith('params.')) set(params, field.slice(7));
    else if (field.startsWith('meta.')) {
      const meta = (params._meta ??= {}) as Record<string, unknown>;
      const key = {
        version: META.protocolVersion,
        clientInfo: META.clientInfo,
        clientCapabilities: META.clientCapabilities,
      }[field.slice(5)]!;
      set(meta, key);
    } else set(copy, field);
    return copy;
  });

const message = fc.oneof(validMessage, modernMessage, mutated);

/** Bodies for the MCP endpoint, as text (JSON, broken JSON, deep nesting) or bytes (invalid UTF-8). */
export const mcpBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 6, arbitrary: message.map((value) => JSON.stringify(value)) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(message, anyJson), { minLength: 0, maxLength: MAX_BATCH_LENGTH + 3 })
      .map((v) => JSON.stringify(v)),
  },
  { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? '') },
  {
    // Deep nesting where the server looks: the declared version, _meta, params, id, the whole body.
    weight: 2,
    arbitrary: fc
      .tuple(
        depth,
        fc.constantFrom<'array' | 'object'>('array', 'object'),
        fc.constantFrom('version', 'meta', 'params', 'id', 'body', 'argument', 'batch'),
      )
      .map(([n, kind, where]) => {
        const deep = nested(n, kind);
        const meta = (value: string) => `{"${META.protocolVersion}":${value}}`;
        switch (where) {
          case 'version':
            return `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${meta(deep)}}}`;
          case 'meta':
            return `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":${deep}}}`;
          case 'params':
            return `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${deep}}}`;
          case 'id':
            return `{"jsonrpc":"2.0","id":${deep},"method":"ping"}`;
          case 'argument':
            return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_site","arguments":{"query":${deep}}}}`;
          case 'batch':
            return `[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":${meta(deep)}}}]`;
          default:
            return deep;
        }
      }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      'null',
      '[]',
      '[[]]',
      '{"jsonrpc":"2.0","id":1,"method":"ping"',
      '\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}',
    ),
  },
  {
    // Just over the limit, with and without an honest Content-Length (see mcpHeaders).
    weight: 1,
    arbitrary: fc.integer({ min: MAX_BODY_BYTES - 8, max: MAX_BODY_BYTES + 64 }).map((size) => {
      const prefix = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"';
      return prefix + 'x'.repeat(Math.max(0, size - prefix.length - 3)) + '"}}';
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .map((bytes) => Uint8Array.from([0x7b, 0x22, ...bytes, 0x22, 0x7d])),
  },
);

/** A header value a client can send: Latin-1 without CR, LF or NUL (the Fetch API refuses those). */
const headerText = fc
  .string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 60 })
  .map((value) => value.trim());

const oneOrOdd = (...values: string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: headerText });

/** Headers of the MCP endpoint, mostly plausible, sometimes odd. */
export const mcpHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': oneOrOdd(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;;;',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      '',
    ),
    accept: oneOrOdd(
      'application/json, text/event-stream',
      'application/json',
      '*/*',
      'text/event-stream',
      'text/html',
      'application/json;q=0',
      'application/*;q=0.1',
      '',
    ),
    origin: oneOrOdd('https://evil.example', 'null', 'http://localhost:3000'),
    'mcp-protocol-version': oneOrOdd(...SUPPORTED_PROTOCOL_VERSIONS, '2024-11-05', ' 2025-06-18 ', 'latest', ''),
    'mcp-session-id': oneOrOdd('abc', '00000000-0000-0000-0000-000000000000'),
    'mcp-method': oneOrOdd(
      'tools/list',
      'tools/call',
      'ping',
      'server/discover',
      '=?base64?dG9vbHMvbGlzdA==?=',
      '=?base64?!!?=',
    ),
    'mcp-name': oneOrOdd(...TOOLS, '=?base64?c2VhcmNoX3NpdGU=?=', '=?base64?/w==?='),
    'user-agent': oneOrOdd('fuzz/1.0', 'x'.repeat(2000)),
    'content-length': fc.constantFrom('0', '1', '999999999', '-1', 'abc', '1e9'),
    'last-event-id': headerText,
  },
  { requiredKeys: [] },
);

/** Methods: the ones routes answer, the ones they do not, and other tokens. */
export const methods = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Post', 'head', 'PROPFIND', 'MKCOL', 'X-FUZZ', 'QUERY', 'patch') },
);

/** Paths: the routes and their spellings, traversal, encodings, unicode, unknown /api paths. */
export const paths = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ROUTE_PATHS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...ROUTE_PATHS, '/api'),
        fc.constantFrom(
          '/',
          '//',
          '/index.html',
          '.html',
          '.htm',
          '/.',
          '/..',
          '%2F',
          '/%2e%2e/',
          '?x=1',
          '#frag',
          ';x',
          '%00',
          '/%ff',
          '/ünï',
        ),
      )
      .map(([path, suffix]) => path + suffix),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/api',
      '/api/',
      '/api/../api/mcp',
      '/api/%2e%2e/mcp',
      '/api/MCP',
      '/API/mcp',
      '/api//mcp',
      '/api/mcp/../health',
      '/api/%6d%63%70',
      '/api/\u00e9',
      '/api/%E2%80%AE',
      '/api/' + 'a'.repeat(3000),
      '/.well-known/../api/contact',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 })
      .map((segments) => '/api/' + segments.map((segment) => encodeURIComponent(segment)).join('/')),
  },
);

/** Client IPs: mostly many distinct ones, sometimes a hot one (rate limit), loopback, or none. */
export const clientIps = fc.oneof(
  { weight: 6, arbitrary: fc.ipV4() },
  { weight: 3, arbitrary: fc.constant('198.51.100.9') },
  { weight: 1, arbitrary: fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1', '', '  ', '2001:db8::1') },
);

/** Bodies for any route: MCP bodies, form posts, contact JSON. */
const anyBody = fc.oneof(
  { weight: 3, arbitrary: mcpBody },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(
        fc.constantFrom('name', 'email', 'company', 'message', 'consent', 'website', 'x'),
        fc.string({ maxLength: 80 }),
        { maxKeys: 7 },
      )
      .map((fields) => new URLSearchParams(fields).toString()),
  },
  {
    weight: 1,
    arbitrary: fc
      .record(
        {
          name: anyJson,
          email: fc.constantFrom('a@b.example', 'bad', ''),
          message: anyJson,
          consent: anyJson,
          website: anyJson,
        },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
  },
);

/** A 2026-07-28 request whose headers mirror its body, so it gets past the transport checks. */
const mirroredModernRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(modernMessage, fc.ipV4())
  .map(([message, clientIp]) => {
    const name = (message.params as { name?: unknown }).name;
    return {
      method: 'POST',
      path: '/api/mcp',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': String(message.method),
        ...(typeof name === 'string' && name !== '' ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify(message),
      clientIp,
    };
  });

/** A request to the MCP endpoint (POST), with fuzzed body and headers. */
const fuzzedMcpRequests: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constant('POST'),
  path: fc.constantFrom('/api/mcp', '/api/mcp/'),
  headers: fc.oneof(
    fc.constant({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
    mcpHeaders,
  ),
  body: mcpBody,
  clientIp: fc.ipV4(),
});

export const mcpRequests = fc.oneof(
  { weight: 4, arbitrary: fuzzedMcpRequests },
  { weight: 1, arbitrary: mirroredModernRequests },
);

/** Any request to the function: any method, path, headers (plus Host) and body. */
export const anyRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: methods,
    path: paths,
    headers: fc.tuple(
      mcpHeaders,
      fc.option(
        fc.constantFrom(
          'evil.example',
          'localhost:8888',
          'www.northbeam.example',
          '127.0.0.1',
          '[::1]:8888',
          'a.localhost',
        ),
        { nil: undefined },
      ),
    ),
    body: fc.option(anyBody, { nil: undefined }),
    clientIp: clientIps,
  })
  .map(({ headers: [headers, host], ...rest }) => ({ ...rest, headers: host ? { ...headers, host } : headers }));

/** The Request the platform would hand the function, or undefined when the Fetch API cannot make it. */
export function toRequest({ method, path, headers, body }: FuzzRequest): Request | undefined {
  const upper = method.toUpperCase();
  const withBody = body !== undefined && upper !== 'GET' && upper !== 'HEAD';
  try {
    return new Request(new URL(path, BASE), {
      method,
      headers,
      ...(withBody ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
    });
  } catch {
    return undefined;
  }
}
