/**
 * The HTTP API as `npm start` serves it (netlify-cli and the bundled function), over plain HTTP:
 * what only the platform can show. One request for each route and each kind of answer, to show the
 * function is wired, bundled with the build's artefacts and passed through unchanged (statuses,
 * bodies, the headers a client sends and gets); what netlify-cli itself does to an answer (its
 * retries of a 403 or 404 on other paths, the paths it matches a function by, netlify.toml's
 * headers); and what needs the platform's state: the rate limit kept between invocations, by the
 * socket address it hands the function, and the host guard that address drives.
 *
 * Every row of the contract's Endpoints and Errors tables is checked in full, in process, against
 * the same handler (`createApiHandler`, the one functions/api.mts exports): tests/http/api.test.ts
 * for the routes, the headers, 404, 405, HEAD, the server card and the rate limit;
 * tests/mcp/handler.test.ts for the envelope (415, 406, 413), the JSON-RPC errors, batches and
 * the protocol versions; tests/mcp/modern-era.test.ts for 2026-07-28; tests/mcp/tools.test.ts for
 * the tools' results and errors. The contract suite (conformance.test.ts) and the fuzzing over HTTP
 * (hostile.test.ts) run against this server too.
 *
 * Every response goes through `send`, which checks the Link relations and the single
 * `Vary: Accept` on it. Requests leave from a loopback address of this file's own (see
 * `fetchFrom` in http.ts): the rate limit is per client IP, so this file never spends the
 * budget of 127.0.0.1 that the other test files share.
 */
import type { Context } from '@netlify/functions';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { RESOURCE_PAGE_SIZE } from '../../src/site/bounds.ts';
import { baseUrl, expectCommonHeaders, fetchFrom, PUBLIC_ORIGIN, randomLoopbackAddress } from './http.ts';
import { fillWindow, LIMIT, resetBounds, type Timed, windowFile } from './rate-limit-window.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
const MODERN = '2026-07-28';
const DOCS = `${PUBLIC_ORIGIN}/mcp.md`;
/** What an MCP client sends in Accept (Streamable HTTP). */
const CLIENT_ACCEPT = 'application/json, text/event-stream';

const fromHere = fetchFrom('127.0.0.11');

/** One request to the served site; every response must carry the common headers. */
async function send(path: string, init: RequestInit = {}, via: typeof fetch = fromHere): Promise<Response> {
  const response = await via(`${baseUrl()}${path}`, init);
  expectCommonHeaders(response, `${init.method ?? 'GET'} ${path} -> ${response.status}`);
  return response;
}

/** POST /api/mcp with a JSON body (a string is sent as it is). */
function post(body: unknown, headers: Record<string, string> = {}, via?: typeof fetch): Promise<Response> {
  return send(
    '/api/mcp',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: CLIENT_ACCEPT, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    via,
  );
}

const request = (id: number | string, method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
const notification = (method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method,
  ...(params ? { params } : {}),
});
const initialize = (id: number | string, protocolVersion: string) =>
  request(id, 'initialize', {
    protocolVersion,
    capabilities: {},
    clientInfo: { name: 'integration-tests', version: '1.0.0' },
  });

async function json(response: Response) {
  expect(response.headers.get('content-type'), 'JSON media type').toMatch(/^application\/json/);
  return JSON.parse(await response.text());
}

/** The RateLimit-* headers of the contract (draft form), with values inside the window. */
function expectRateLimitHeaders(response: Response, what: string) {
  expect(response.headers.get('ratelimit-policy'), `${what}: RateLimit-Policy`).toBe('120;w=60');
  expect(response.headers.get('ratelimit-limit'), `${what}: RateLimit-Limit`).toBe('120');
  const remaining = response.headers.get('ratelimit-remaining') ?? '';
  expect(remaining, `${what}: RateLimit-Remaining`).toMatch(/^\d+$/);
  expect(Number(remaining)).toBeLessThanOrEqual(119);
  const reset = response.headers.get('ratelimit-reset') ?? '';
  expect(reset, `${what}: RateLimit-Reset`).toMatch(/^\d+$/);
  expect(Number(reset)).toBeGreaterThanOrEqual(1);
  expect(Number(reset)).toBeLessThanOrEqual(60);
}

function expectCors(response: Response, what: string) {
  expect(response.headers.get('access-control-allow-origin'), `${what}: Access-Control-Allow-Origin`).toBe('*');
}

/** An ApiError body: code, a message, a hint saying what to do, and the docs URL. */
async function expectApiError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = await json(response);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(typeof body.error.hint).toBe('string');
  expect(body.error.hint.length).toBeGreaterThan(10);
  expect(body.error.docs).toBe(DOCS);
  return body.error as { code: string; message: string; hint: string; docs: string };
}

/** A JSON-RPC error response (single message). */
async function expectRpcError(response: Response, status: number, code: number, id: number | string | null) {
  expect(response.status, `HTTP status of ${code}`).toBe(status);
  const body = await json(response);
  expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(body.result).toBeUndefined();
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(5);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `data` differs per error; the tests assert on its fields
  return body.error as { code: number; message: string; data?: any };
}

/**
 * netlify-cli answers a function's 403 or 404 by sending the same request again to /x/, /x.html,
 * /x.htm, /x/index.html and /x/index.htm, and passes on the answer to the last one; for
 * /api/mcp that is the API's 404 for "/api/mcp/index.htm" instead of the function's own answer.
 */
async function expectNotReplacedByRetry(response: Response) {
  const body = await response.clone().text();
  expect(
    body,
    `the function's own answer, not netlify-cli's retry on an alternative path (got ${response.status} ${body.slice(0, 300)})`,
  ).not.toMatch(/\/index\.htm/);
}

describe('POST /api/mcp through the served function', () => {
  test("initialize: 200, the version echoed in the body and MCP-Protocol-Version, the build's identity, RateLimit and CORS headers", async () => {
    const response = await post(initialize(1, '2025-11-25'));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-11-25');
    expectRateLimitHeaders(response, 'initialize');
    expectCors(response, 'initialize');
    const body = await json(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
    expect(body.result.serverInfo).toMatchObject({
      name: 'example.northbeam/site',
      title: 'Northbeam Engineering',
      websiteUrl: PUBLIC_ORIGIN,
    });
    expect(body.result.instructions).toMatch(/start_conversation/);
  });

  test('the MCP-Protocol-Version a client sends reaches the function and is echoed; without it the answer says 2025-03-26', async () => {
    const response = await post(request(7, 'ping'), { 'MCP-Protocol-Version': '2025-06-18' });
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-06-18');
    expect(await json(response)).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const bare = await post(request(8, 'ping'));
    expect(bare.headers.get('mcp-protocol-version')).toBe('2025-03-26');
  });

  test('a batch is answered with an array from the bundled artefacts: the tools, the pages as resources, a tool call; a notification gets no entry', async () => {
    const response = await post([
      request(1, 'tools/list'),
      notification('notifications/initialized'),
      request('two', 'resources/list'),
      request(3, 'tools/call', { name: 'list_case_studies', arguments: { limit: 2 } }),
    ]);
    expect(response.status).toBe(200);
    expectRateLimitHeaders(response, 'batch');
    const [tools, resources, call] = await json(response);
    expect(tools.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(resources.id).toBe('two');
    expect(resources.result.resources.length).toBeGreaterThan(0);
    expect(resources.result.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
    for (const resource of resources.result.resources) {
      expect(resource.uri.startsWith(`${PUBLIC_ORIGIN}/`), resource.uri).toBe(true);
      expect(resource.mimeType, resource.uri).toBe('text/markdown');
    }
    expect(call.result.structuredContent.returned).toBe(2);
    for (const study of call.result.structuredContent.caseStudies)
      expect(study.url).toMatch(/^https:\/\/www\.northbeam\.example\/case-studies\//);
    expect(call.result.content[0].text).toContain(call.result.structuredContent.caseStudies[0].url);
  });

  test('a notification alone: 202 with no body', async () => {
    const response = await post(notification('notifications/initialized'));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('ratelimit-limit')).toBe('120');
  });

  test("a JSON-RPC error's 400 is passed on as the function sent it: an unparseable body, -32700, id null", async () => {
    const error = await expectRpcError(await post('{"jsonrpc":"2.0","id":1,"method":'), 400, -32700, null);
    expect(error.message).toMatch(/JSON/);
  });
});

describe('POST /api/mcp: MCP 2026-07-28 from the same endpoint', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'integration-tests', version: '1.0.0' },
  };
  const modernHeaders = (method: string, name?: string) => ({
    'MCP-Protocol-Version': MODERN,
    'Mcp-Method': method,
    ...(name ? { 'Mcp-Name': name } : {}),
  });

  test('server/discover, then tools/call: the mirrored Mcp-Method and Mcp-Name headers reach the function', async () => {
    const response = await post(request(1, 'server/discover', { _meta: meta }), modernHeaders('server/discover'));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-protocol-version')).toBe(MODERN);
    const body = await json(response);
    expect(body.result.resultType).toBe('complete');
    expect(body.result.supportedVersions).toEqual(expect.arrayContaining([MODERN, ...SUPPORTED]));
    const call = await json(
      await post(
        request(3, 'tools/call', { _meta: meta, name: 'search_site', arguments: { query: 'cloud', limit: 1 } }),
        modernHeaders('tools/call', 'search_site'),
      ),
    );
    expect(call.result.resultType).toBe('complete');
    expect(call.result.structuredContent.returned).toBe(1);
  });

  test("initialize does not exist in 2026-07-28: the function's 404, -32601, not netlify-cli's retry", async () => {
    const response = await post(request(9, 'initialize', { _meta: meta }), modernHeaders('initialize'));
    await expectNotReplacedByRetry(response);
    await expectRpcError(response, 404, -32601, 9);
  });
});

describe('the HTTP envelope of POST /api/mcp', () => {
  test("a wrong Content-Type (curl's default form encoding): 415 ApiError", async () => {
    const response = await post(request(1, 'ping'), { 'Content-Type': 'application/x-www-form-urlencoded' });
    const error = await expectApiError(response, 415, 'unsupported_media_type');
    expect(error.hint).toMatch(/Content-Type: application\/json/);
    expectCors(response, '415');
  });

  test('a body over the limit (256 KiB) through netlify-cli: 413 ApiError; one just under it is read', async () => {
    // Well under the 6,000,000 bytes that kill netlify-cli itself (see docs/mcp-design.md).
    const padded = (size: number) => {
      const base = JSON.stringify({ ...request(1, 'ping'), params: { _meta: { padding: '' } } });
      return base.replace('"padding":""', `"padding":"${'x'.repeat(size - base.length)}"`);
    };
    const over = padded(300_000);
    expect(over.length).toBe(300_000);
    const error = await expectApiError(await post(over), 413, 'payload_too_large');
    expect(error.message).toMatch(/262144/);
    const under = padded(200_000);
    expect((await json(await post(under))).result).toEqual({});
  });
});

describe('GET and OPTIONS on /api/mcp', () => {
  test('GET: 405, Allow: POST, OPTIONS, ApiError and RateLimit headers', async () => {
    const response = await send('/api/mcp', { headers: { Accept: 'text/event-stream' } });
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expectRateLimitHeaders(response, 'GET /api/mcp');
    expectCors(response, 'GET /api/mcp');
    await expectApiError(response, 405, 'method_not_allowed');
  });

  test("OPTIONS: the function's 204 preflight, any origin, the MCP request headers allowed", async () => {
    const response = await send('/api/mcp', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://some-agent.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name',
      },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expectCors(response, 'OPTIONS');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name']));
  });
});

describe('GET /api/mcp/server-card: the card beside the endpoint', () => {
  const CARD = 'application/mcp-server-card+json';
  // An address of its own: these requests spend none of this file's rate-limit window.
  const via = fetchFrom(randomLoopbackAddress());
  const card = (init: RequestInit = {}) => send('/api/mcp/server-card', init, via);

  test("the well-known card's bytes, as the card's type, cached and revalidated like a discovery file", async () => {
    const wellKnown = await send('/.well-known/mcp/server-card.json', { headers: { Accept: CARD } }, via);
    expect(wellKnown.headers.get('content-type')).toBe(CARD);
    const response = await card({ headers: { Accept: CARD } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(CARD);
    expect(await response.text()).toBe(await wellKnown.text());
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expectCors(response, 'card');
    expectRateLimitHeaders(response, 'card');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const unchanged = await card({ headers: { Accept: CARD, 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);

    const head = await card({ method: 'HEAD', headers: { Accept: CARD } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });
});

describe('GET /api/health', () => {
  test('200 {status: "ok", service, time} with RateLimit headers', async () => {
    const before = Date.now();
    const response = await send('/api/health');
    expect(response.status).toBe(200);
    expectRateLimitHeaders(response, 'health');
    const body = await json(response);
    expect(Object.keys(body).sort()).toEqual(['service', 'status', 'time']);
    expect(body.status).toBe('ok');
    expect(body.service).toBe('Northbeam Engineering agent API');
    expect(body.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(body.time) - before)).toBeLessThan(60_000);
  });
});

describe('unknown /api/* paths', () => {
  // netlify-cli retries a 404 from a function on /x/, /x.html… locally (each a fresh invocation),
  // so each of these takes a few seconds; they run side by side.
  // Every method and path of the kind: tests/http/api.test.ts.
  test('a path under /api/ and one beside /api/mcp: 404 ApiError with code not_found, message, hint and the docs URL', async () => {
    const cases: [string, string][] = [
      ['GET', '/api/nope'],
      ['POST', '/api/mcp/extra'],
    ];
    await Promise.all(
      cases.map(async ([method, path]) => {
        const response = await send(path, {
          method,
          ...(method === 'POST'
            ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request(1, 'ping')) }
            : {}),
        });
        const error = await expectApiError(response, 404, 'not_found');
        expect(error.message, `${method} ${path}`).toContain(path);
        expect(error.hint).toMatch(/\/api\/mcp/);
      }),
    );
  });

  // functions/api.mts declares both '/api' and '/api/*': '/api/*' alone left both of these to the
  // site's HTML 404 (netlify-cli drops the trailing slash before matching a function's path).
  // netlify-cli retries each 404 five times, all counted by the rate limiter, so these requests
  // leave from an address of their own rather than spend this file's budget.
  test('/api and /api/, GET and POST, also asking for Markdown: the same JSON 404 with the usual headers', async () => {
    const via = fetchFrom(randomLoopbackAddress());
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/api', {}],
      ['POST', '/api/', { 'Content-Type': 'application/json' }],
      ['GET', '/api/', { Accept: 'text/markdown' }],
    ];
    await Promise.all(
      cases.map(async ([method, path, headers]) => {
        const what = `${method} ${path} ${JSON.stringify(headers)}`;
        const response = await send(
          path,
          { method, headers, ...(method === 'POST' ? { body: JSON.stringify(request(1, 'ping')) } : {}) },
          via,
        );
        expectCors(response, what);
        expectRateLimitHeaders(response, what);
        expect(response.headers.get('cache-control'), what).toBe('no-store');
        const error = await expectApiError(response, 404, 'not_found');
        expect(error.message, what).toBe('There is no API endpoint at /api.');
        expect(error.hint).toMatch(/\/api\/mcp/);
      }),
    );
  });
});

describe('rate limit: 120 requests per 60 s per client IP', () => {
  test('the platform gives the function the socket address: a loopback client with a foreign Host is refused (403)', async () => {
    // The DNS-rebinding guard only checks clients whose IP (context.ip) is loopback; that this
    // request from 127.0.0.12 is refused shows context.ip is the socket address, not a header.
    const response = await post(
      request(1, 'ping'),
      { Host: 'attacker.example', 'X-Forwarded-For': '203.0.113.9' },
      fetchFrom('127.0.0.12'),
    );
    await expectNotReplacedByRetry(response);
    const error = await expectApiError(response, 403, 'forbidden_host');
    expect(error.hint).toMatch(/localhost/);
  });

  // Each request is a fresh netlify-cli function invocation (~0.4 s of CPU), too slow for 121 in
  // one window on a busy machine: the test counts the first 108 into the window itself and sends
  // the last 13 (8 of them at once) and two to /api/mcp (rate-limit-window.ts). At most 3 windows.
  test('served by npm start: the 121st request in a window gets 429, an ApiError and Retry-After', async () => {
    await expectRateLimitOver(baseUrl(), fromHere, 8);
  }, 240_000);

  test('a warm instance of the same function (as production runs it): 429 after 120 requests, per socket address', async () => {
    // netlify-cli starts every invocation in a fresh worker thread, so nothing in memory
    // survives from one request to the next under npm start; a production instance serves many
    // requests. Here functions/api.mts itself serves HTTP from one long-lived module, with
    // context.ip = the socket's remote address, exactly what Netlify hands it.
    const { default: handler } = await import('../../functions/api.mts');
    const serve = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
        headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
      const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : Buffer.concat(chunks);
      const answer = await handler(
        new Request(`http://${incoming.headers.host}${incoming.url}`, {
          method: incoming.method!,
          headers,
          ...(body ? { body } : {}),
        }),
        {
          ip: incoming.socket.remoteAddress!.replace(/^::ffff:/, ''),
        } as Context,
      );
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    };
    // Node ignores what a listener returns; a failure still surfaces as an unhandled rejection.
    const server = createServer((incoming, outgoing) => void serve(incoming, outgoing));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // In process every request is cheap: all 121 are sent, 116 of them at once.
      await expectRateLimitOver(`http://localhost:${port}`, fetchFrom('127.0.0.13'), LIMIT - 4);
    } finally {
      server.close();
    }
  }, 240_000);
});

/**
 * Fills a fresh client's window at `origin` to the 121st request (fillWindow: `burst` of the 120
 * allowed requests sent at once, the rest counted into the window by the test) and checks, against
 * the window the run was counted in: each request counts exactly once, the state survives between
 * invocations, the 120th is allowed and the 121st refused with 429, an ApiError and Retry-After,
 * every endpoint is limited for that client, and `other` (another address) is not.
 */
async function expectRateLimitOver(origin: string, other: typeof fetch, burst: number) {
  const run = await fillWindow(origin, burst);
  const remaining = ({ response }: Timed) => Number(response.headers.get('ratelimit-remaining'));
  const [first, second] = run.opening;
  expect(first.response.status).toBe(200);
  expect(
    remaining(first),
    `${run.counted} requests were already counted in ${windowFile(run.address)}; ` +
      'RateLimit-Remaining 119 would mean the served function did not read them: its limiter keeps no state ' +
      'between invocations, or the server keeps its counts in another folder (TMPDIR)',
  ).toBe(LIMIT - run.counted - 1);
  expect(
    remaining(second),
    'RateLimit-Remaining must count down by one from one request to the next of the same client; ' +
      'if it stays, the limiter state does not survive between invocations of the function',
  ).toBe(LIMIT - run.counted - 2);
  // Concurrent requests may see each other's counts, so their values can repeat; the last to count
  // sees them all, and the next request (one after the other) pins the total.
  for (const timed of run.burst) expect(timed.response.status, 'a request of the burst').toBe(200);
  const counts = run.burst.map(remaining);
  expect(Math.max(...counts)).toBeLessThanOrEqual(LIMIT - run.counted - 3);
  expect(Math.min(...counts), 'each request of the burst counted once').toBe(2);
  expect(run.closing.map(({ response }) => response.status)).toEqual([200, 200]);
  expect(run.closing.map(remaining), 'the 119th and the 120th request are allowed').toEqual([1, 0]);
  // Every answer is counted in the window the test made: RateLimit-Reset is the seconds to its end.
  for (const timed of [...run.opening, ...run.burst, ...run.closing, run.refused, ...run.after]) {
    const what = `${timed.response.status} from ${run.address}`;
    expectRateLimitHeaders(timed.response, what);
    const reset = Number(timed.response.headers.get('ratelimit-reset'));
    const [least, most] = resetBounds(timed, run.end);
    expect(reset >= least && reset <= most, `${what}: RateLimit-Reset ${reset}, expected ${least} to ${most}`).toBe(
      true,
    );
  }

  const response = run.refused.response;
  expect(response.status, 'the 121st request').toBe(429);
  const retryAfter = response.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(retryAfter, "Retry-After is RateLimit-Reset, the seconds to the window's end").toBe(
    response.headers.get('ratelimit-reset'),
  );
  expect(response.headers.get('ratelimit-remaining')).toBe('0');
  expectCors(response, '429');
  const error = await expectApiError(response, 429, 'rate_limited');
  expect(error.hint).toMatch(/Retry-After/);

  // Every endpoint is limited for that client; another client is not.
  const [mcp, get] = run.after;
  expect(mcp.response.status).toBe(429);
  expect(mcp.response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(get.response.status).toBe(429);
  const elsewhere = await other(`${origin}/api/health`);
  expectCommonHeaders(elsewhere, `/api/health from another address -> ${elsewhere.status}`);
  expect(elsewhere.status).toBe(200);
}
