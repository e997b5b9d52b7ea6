/** The /api/* router: every Endpoints/Errors/Limits row of the contract outside JSON-RPC itself. */
import { describe, expect, test, vi } from 'vitest';
import { apiErrorSchema, healthSchema } from '../../src/http/body-schemas.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';
import { RATE_LIMIT } from '../../src/http/limits.ts';
import { createRateLimiter } from '../../src/http/rate-limit.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { mcpRequest, pipeline, sampleAgent, send, type Answer } from '../mcp/fixtures.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const agent = sampleAgent();
const BASE = agent.head.site.baseUrl;
const DOCS = `${BASE}/mcp.md`;

function setup(start = Date.parse('2026-11-20T10:00:00.000Z')) {
  const clock = { ms: start };
  const api = createApiHandler({
    ...agent,
    leads: pipeline({ store: createMemoryLeadStore() }),
    now: () => new Date(clock.ms),
  });
  return { api, clock };
}

const request = (method: string, path: string, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, { method, ...init });

function expectCommonHeaders(answer: Answer) {
  expect(answer.headers.get('link')).toBe(LINK_HEADER);
  expect(answer.headers.get('link')).toMatch(/rel="describedby".*rel="api-catalog".*rel="privacy-policy"/);
  expect(answer.headers.get('vary')).toBe('Accept');
}

function expectRateLimitHeaders(answer: Answer, remaining: number) {
  expect(answer.headers.get('ratelimit-policy')).toBe('120;w=60');
  expect(answer.headers.get('ratelimit-limit')).toBe('120');
  expect(answer.headers.get('ratelimit-remaining')).toBe(String(remaining));
  expect(answer.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
}

function expectApiError(answer: Answer, code: string) {
  expect(answer.headers.get('content-type')).toBe('application/json');
  const { error } = apiErrorSchema.parse(answer.json);
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  expect(error.hint!.length).toBeGreaterThan(10);
  expect(error.docs).toBe(DOCS);
}

describe('POST /api/mcp', () => {
  test('answers JSON-RPC with MCP-Protocol-Version, RateLimit-*, CORS, Link and Vary', async () => {
    const { api } = setup();
    const answer = await send(
      api,
      mcpRequest({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.tools).toHaveLength(TOOL_NAMES.length);
    expect(answer.headers.get('mcp-protocol-version')).toBe('2025-06-18');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toContain('MCP-Protocol-Version');
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
    expectCommonHeaders(answer);
  });

  test('a notification gets 202 with no body', async () => {
    const { api } = setup();
    const answer = await send(api, mcpRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    expectCommonHeaders(answer);
  });

  test('the trailing-slash path is the same endpoint', async () => {
    const { api } = setup();
    const answer = await send(
      api,
      new Request(`${BASE}/api/mcp/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      }),
    );
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('other methods on /api/mcp', () => {
  test('GET gets 405 with Allow: POST, OPTIONS, an ApiError and RateLimit headers', async () => {
    const { api } = setup();
    const answer = await send(api, request('GET', '/api/mcp', { headers: { accept: 'text/event-stream' } }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
    expectApiError(answer, 'method_not_allowed');
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
    expectCommonHeaders(answer);
  });

  test.each(['DELETE', 'PUT', 'PATCH'])('%s gets 405 too', async (method) => {
    const { api } = setup();
    const answer = await send(api, request(method, '/api/mcp'));
    expect(answer.status).toBe(405);
    expectApiError(answer, 'method_not_allowed');
  });

  test('HEAD gets 405 without a body', async () => {
    const { api } = setup();
    const answer = await send(api, request('HEAD', '/api/mcp'));
    expect(answer.status).toBe(405);
    expect(answer.text).toBe('');
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
  });

  test('OPTIONS is a CORS preflight: 204, any origin, the MCP headers allowed, not rate limited', async () => {
    const { api } = setup();
    const answer = await send(
      api,
      request('OPTIONS', '/api/mcp', {
        headers: {
          origin: 'https://some-agent.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-protocol-version',
        },
      }),
    );
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = answer.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    for (const header of ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name'])
      expect(allowed).toContain(header);
    expectCommonHeaders(answer);
    expect(answer.headers.get('ratelimit-remaining')).toBeNull();
    const next = await send(api, mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    expect(next.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT.limit - 1));
  });
});

describe('GET /api/health', () => {
  test('200 with status ok, service and the current time, and RateLimit headers', async () => {
    const { api } = setup();
    const answer = await send(api, request('GET', '/api/health'));
    expect(answer.status).toBe(200);
    expect(healthSchema.parse(answer.json)).toEqual({
      status: 'ok',
      service: `${agent.head.site.name} agent API`,
      time: '2026-11-20T10:00:00.000Z',
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
    expectCommonHeaders(answer);
  });

  test('HEAD gets 200 without a body; POST gets 405', async () => {
    const { api } = setup();
    const head = await send(api, request('HEAD', '/api/health'));
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await send(api, request('POST', '/api/health', { body: '{}' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectApiError(post, 'method_not_allowed');
  });
});

describe('GET /api/mcp/server-card: the card beside the endpoint', () => {
  const CARD = 'application/mcp-server-card+json';
  const card = (method = 'GET', headers: Record<string, string> = {}) =>
    request(method, '/api/mcp/server-card', { headers });

  test("answers the build's card, byte for byte, as its own type, cached like a discovery file", async () => {
    const { api } = setup();
    const answer = await send(api, card('GET', { accept: CARD }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(CARD);
    expect(answer.text).toBe(agent.head.serverCard);
    expect(answer.json.remotes[0].url).toBe(`${BASE}/api/mcp`);
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]{16}"$/);
    // Five minutes in browsers and agents, never on the CDN: each request reaches the function.
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('netlify-cdn-cache-control')).toBe('no-store');
    // CORS as MCP's discovery text asks: any origin, revalidation allowed, the ETag readable.
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Content-Type, If-None-Match');
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/\bETag$/);
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectCommonHeaders(answer);
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
  });

  test.each([
    ['no Accept', undefined, CARD],
    ['*/* (curl)', '*/*', CARD],
    ['application/*', 'application/*', CARD],
    ["a browser's", 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', CARD],
    ['the card type over JSON', `${CARD}, application/json;q=0.9`, CARD],
    ['JSON refused, anything else welcome', 'application/json;q=0, */*', CARD],
    ['JSON only', 'application/json', 'application/json'],
    ['JSON named beside */* (a generic HTTP library)', 'application/json, text/plain, */*', 'application/json'],
    ['JSON preferred by q', `${CARD};q=0.5, application/json`, 'application/json'],
  ])('Accept %s: %s -> %s, the same bytes', async (_what, accept, type) => {
    const { api } = setup();
    const answer = await send(api, card('GET', accept === undefined ? {} : { accept }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(type);
    expect(answer.text).toBe(agent.head.serverCard);
    expect(answer.headers.get('vary')).toBe('Accept');
  });

  test('the two representations have their own ETag', async () => {
    const { api } = setup();
    const asCard = (await send(api, card('GET', { accept: CARD }))).headers.get('etag')!;
    const asJson = (await send(api, card('GET', { accept: 'application/json' }))).headers.get('etag')!;
    expect(asJson).toBe(`${asCard.slice(0, -1)}-json"`);
  });

  test('an Accept that allows neither type: 406 ApiError saying what to send', async () => {
    const { api } = setup();
    const answer = await send(api, card('GET', { accept: 'text/html' }));
    expect(answer.status).toBe(406);
    expectApiError(answer, 'not_acceptable');
    expect(answer.json.error.hint).toContain(CARD);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectCommonHeaders(answer);
    const head = await send(api, card('HEAD', { accept: `${CARD};q=0, application/json;q=0` }));
    expect(head.status).toBe(406);
    expect(head.text).toBe('');
  });

  test('If-None-Match with its ETag (strong, weak, in a list, or *): 304 without a body; another: 200', async () => {
    const { api } = setup();
    const etag = (await send(api, card())).headers.get('etag')!;
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await send(api, card('GET', { 'if-none-match': value }));
      expect(answer.status, value).toBe(304);
      expect(answer.text, value).toBe('');
      expect(answer.headers.get('etag'), value).toBe(etag);
      expect(answer.headers.get('cache-control'), value).toBe('public, max-age=300');
      expectCommonHeaders(answer);
    }
    const changed = await send(api, card('GET', { 'if-none-match': '"0000000000000000"' }));
    expect(changed.status).toBe(200);
    expect(changed.text).toBe(agent.head.serverCard);
    // The JSON representation's tag does not match the card's.
    expect((await send(api, card('GET', { 'if-none-match': etag, accept: 'application/json' }))).status).toBe(200);
  });

  test('HEAD: the same headers, no body; a trailing slash is the same path', async () => {
    const { api } = setup();
    const get = await send(api, card());
    const head = await send(api, card('HEAD'));
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    for (const name of ['content-type', 'etag', 'cache-control', 'link', 'vary', 'access-control-allow-origin'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    const slash = await send(api, request('GET', '/api/mcp/server-card/'));
    expect(slash.text).toBe(agent.head.serverCard);
  });

  test('other methods: 405 with Allow and an ApiError; OPTIONS is the preflight', async () => {
    const { api } = setup();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await send(api, card(method));
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expectApiError(answer, 'method_not_allowed');
      expect(answer.json.error.hint).toContain(`${BASE}/.well-known/mcp/server-card.json`);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    }
    const preflight = await send(api, card('OPTIONS'));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bIf-None-Match\b/);
  });

  test('leaves /api/mcp as it was: POST answers MCP, GET gets 405 with Allow: POST, OPTIONS', async () => {
    const { api } = setup();
    const get = await send(api, request('GET', '/api/mcp', { headers: { accept: CARD } }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(get.headers.get('cache-control')).toBe('no-store');
    const post = await send(api, mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    expect(post.status).toBe(200);
    expect(post.headers.get('etag')).toBeNull();
    expect(post.headers.get('cache-control')).toBe('no-store');
  });
});

describe('unknown /api/* paths', () => {
  test.each([
    ['GET', '/api/nope'],
    ['POST', '/api/mcp/tools'],
    ['DELETE', '/api/health/x'],
    ['GET', '/api/'],
    ['GET', '/api'],
    ['POST', '/api'],
    ['POST', '/api/'],
    ['OPTIONS', '/api'],
    ['OPTIONS', '/api/other'],
    ['PUT', '/api/MCP'],
  ])('%s %s gets 404 with code, message, hint and docs', async (method, path) => {
    const { api } = setup();
    const answer = await send(api, request(method, path));
    expect(answer.status).toBe(404);
    expectApiError(answer, 'not_found');
    // The path asked for, as it was sent; /api and /api/ are the same path (the next test).
    expect(answer.json.error.message).toBe(`There is no API endpoint at ${path === '/api/' ? '/api' : path}.`);
    expect(answer.json.error.hint).toContain('/api/mcp');
    expectCommonHeaders(answer);
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
  });

  test("/api and /api/ (and netlify-cli's retries of them) name the same path: /api", async () => {
    for (const path of ['/api', '/api/', '/api//', '/api.html', '/api/index.html', '/api/index.htm']) {
      const { api } = setup();
      const answer = await send(api, request('GET', path));
      expect(answer.status, path).toBe(404);
      expect(answer.json.error.message, path).toBe('There is no API endpoint at /api.');
    }
  });

  test('HEAD /api/: 404 with the same headers and no body', async () => {
    const { api } = setup();
    const answer = await send(api, request('HEAD', '/api/'));
    expect(answer.status).toBe(404);
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expectCommonHeaders(answer);
    expectRateLimitHeaders(answer, RATE_LIMIT.limit - 1);
  });
});

describe('rate limiting', () => {
  test(`allows ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} s per IP, then 429 with Retry-After`, async () => {
    const { api, clock } = setup();
    for (let i = 1; i <= RATE_LIMIT.limit; i++) {
      const answer = await send(api, request('GET', '/api/health'), '198.51.100.1');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT.limit - i));
    }
    clock.ms += 20_500;
    const limited = await send(api, mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' }), '198.51.100.1');
    expect(limited.status).toBe(429);
    expectApiError(limited, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('ratelimit-reset')).toBe('40');
    expectRateLimitHeaders(limited, 0);
    expectCommonHeaders(limited);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');

    // Another IP is not affected; GETs on /api/mcp and unknown paths are limited too.
    expect((await send(api, request('GET', '/api/health'), '198.51.100.2')).status).toBe(200);
    expect((await send(api, request('GET', '/api/mcp'), '198.51.100.1')).status).toBe(429);
    expect((await send(api, request('GET', '/api/nope'), '198.51.100.1')).status).toBe(429);

    // When the window rolls over, the client is served again with a full budget.
    clock.ms += 40_000;
    const again = await send(api, request('GET', '/api/health'), '198.51.100.1');
    expect(again.status).toBe(200);
    expectRateLimitHeaders(again, RATE_LIMIT.limit - 1);
    expect(again.headers.get('ratelimit-reset')).toBe('60');
  });

  test('uses the injected limiter (e.g. a tighter one)', async () => {
    const api = createApiHandler({ ...agent, rateLimiter: createRateLimiter({ limit: 2, windowSeconds: 10 }) });
    await send(api, request('GET', '/api/health'));
    await send(api, request('GET', '/api/health'));
    const third = await send(api, request('GET', '/api/health'));
    expect(third.status).toBe(429);
    expect(third.headers.get('ratelimit-policy')).toBe('2;w=10');
  });
});

describe('every response', () => {
  test('carries Link and Vary: Accept, and every error body is an ApiError or a JSON-RPC error', async () => {
    const { api } = setup();
    const requests = [
      mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      mcpRequest('not json'),
      mcpRequest('{}', { 'content-type': 'text/plain' }),
      mcpRequest({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'text/html' }),
      mcpRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      request('GET', '/api/mcp'),
      request('OPTIONS', '/api/mcp'),
      request('GET', '/api/health'),
      request('GET', '/api/unknown'),
    ];
    for (const req of requests) {
      const answer = await send(api, req);
      expectCommonHeaders(answer);
      if (answer.status >= 400 && answer.json && !('jsonrpc' in answer.json)) apiErrorSchema.parse(answer.json);
    }
  });
});

describe('what a request loads', () => {
  test('initialize, ping, tools/list and the read tools load neither the lead path nor the lead pipeline; the first lead request loads each once, for both endpoints', async () => {
    const store = createMemoryLeadStore();
    const load = vi.fn(() => Promise.resolve({ store }));
    const leadPath = vi.fn(agent.leadPath);
    const api = createApiHandler({ ...agent, leadPath, leads: load });
    const post = (message: unknown) =>
      send(api, mcpRequest(message, { 'mcp-protocol-version': '2025-11-25' }), '198.51.100.1');
    await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await post({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    for (const [name, args] of [
      ['get_company_profile', {}],
      ['get_page_markdown', { path: '/about' }],
      ['list_case_studies', {}],
      ['list_insights', {}],
      ['search_site', { query: 'platform' }],
    ] as const) {
      expect(
        (await post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name, arguments: args } })).json.result
          .isError,
        name,
      ).toBeUndefined();
    }
    expect(load).not.toHaveBeenCalled();
    expect(leadPath).not.toHaveBeenCalled();
    const lead = await post({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: {
        name: 'start_conversation',
        arguments: { name: 'Ada', email: 'ada@example.com', message: 'We would like to talk about a data platform.' },
      },
    });
    expect(lead.json.result.structuredContent.reference).toBeTruthy();
    const form = await send(
      api,
      new Request(`${BASE}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Grace',
          email: 'grace@example.com',
          message: 'Please call us about our platform team.',
          consent: true,
        }),
      }),
      '198.51.100.2',
    );
    expect(form.status).toBe(200);
    expect(load).toHaveBeenCalledTimes(1);
    expect(leadPath).toHaveBeenCalledTimes(1);
    expect(store.leads).toHaveLength(2);
  });

  test('without the lead path (none given, or it fails to load) a lead request is refused with the contact address; a failed load is tried again', async () => {
    const store = createMemoryLeadStore();
    const contactPost = () =>
      new Request(`${BASE}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Grace', email: 'grace@example.com', message: 'Please call us.', consent: true }),
      });
    const toolCall = mcpRequest({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'start_conversation',
        arguments: { name: 'Ada', email: 'ada@example.com', message: 'We would like to talk about a data platform.' },
      },
    });
    const expectRefused = (form: Answer) => {
      expect(form.status).toBe(503);
      expect(form.json.error.code).toBe('store_unavailable');
      expect(form.json.error.message).toContain(agent.head.site.contactEmail);
      expectCommonHeaders(form);
    };

    const errors: unknown[] = [];
    const { leadPath: _none, ...withoutLeadPath } = agent;
    const without = createApiHandler({
      ...withoutLeadPath,
      leads: pipeline({ store }),
      onError: (e) => errors.push(e),
    });
    expectRefused(await send(without, contactPost(), '198.51.100.4'));
    const refused = await send(without, toolCall.clone(), '198.51.100.4');
    expect(refused.json.result.isError).toBe(true);
    expect(refused.json.result.content[0].text).toContain(agent.head.site.contactEmail);
    expect(store.leads).toHaveLength(0);

    const leadPath = vi
      .fn()
      .mockRejectedValueOnce(new Error('lead-path.mjs is missing'))
      .mockImplementation(agent.leadPath);
    const failing = createApiHandler({
      ...agent,
      leadPath,
      leads: pipeline({ store }),
      onError: (e) => errors.push(e),
    });
    expectRefused(await send(failing, contactPost(), '198.51.100.5'));
    expect(errors.at(-1)).toMatchObject({ message: 'lead-path.mjs is missing' });
    expect(
      (await send(failing, toolCall.clone(), '198.51.100.5')).json.result.structuredContent.reference,
    ).toBeTruthy();
    expect((await send(failing, contactPost(), '198.51.100.5')).status).toBe(200);
    expect(leadPath).toHaveBeenCalledTimes(2);
    expect(store.leads).toHaveLength(2);
  });

  test('a lead pipeline that fails to load is retried on the next lead request, and the caller is told to try again', async () => {
    const store = createMemoryLeadStore();
    const load = vi.fn().mockRejectedValueOnce(new Error('blobs: cannot load')).mockResolvedValue({ store });
    const api = createApiHandler({ ...agent, leads: load, onError: () => {} });
    const call = () =>
      send(
        api,
        mcpRequest({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'start_conversation',
            arguments: {
              name: 'Ada',
              email: 'ada@example.com',
              message: 'We would like to talk about a data platform.',
            },
          },
        }),
        '198.51.100.3',
      );
    const first = await call();
    expect(first.json.result.isError).toBe(true);
    expect(first.json.result.content[0].text).toContain('NOT sent');
    expect((await call()).json.result.structuredContent.reference).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
