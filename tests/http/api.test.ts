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
