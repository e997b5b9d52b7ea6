/**
 * What the fuzz tests (api.test.ts) found, each as its smallest failing request, kept as a
 * regression test; and proof that the shape checker they rely on does reject wrong answers.
 */
import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';
import { nested } from './arbitraries.ts';
import { createShapeChecker } from './documented-shape.ts';
import { createHarness } from './harness.ts';
import { sampleModel } from '../support/sample-site.ts';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('found by fuzzing', () => {
  test('a protocol version nested thousands of levels deep in _meta gets -32022 (400), not a stack overflow (500)', async () => {
    const harness = createHarness();
    for (const kind of ['array', 'object'] as const) {
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":${nested(20_000, kind)}}}}`;
      expect(
        await harness.check({ method: 'POST', path: '/api/mcp', headers: JSON_HEADERS, body, clientIp: '203.0.113.1' }),
      ).toEqual([]);
    }
    expect(harness.statuses.get(400)).toBe(2);
    expect(harness.errors).toEqual([]);
  });

  test('a long non-string protocol version is repeated cut short, not whole', async () => {
    const harness = createHarness();
    const version = { padding: 'x'.repeat(10_000) };
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': version } },
    });
    const request = new Request('https://www.northbeam.example/api/mcp', {
      method: 'POST',
      headers: JSON_HEADERS,
      body,
    });
    const { handler } = harness;
    const answer = (await (await handler(request, { clientIp: '203.0.113.2' })).json()) as {
      error: { code: number; message: string };
    };
    expect(answer.error.code).toBe(-32022);
    expect(answer.error.message.length).toBeLessThan(400);
  });

  test('HEAD answers carry no body: over the rate limit (429) and refused by the DNS-rebinding guard (403)', async () => {
    const harness = createHarness();
    const head = { method: 'HEAD', path: '/api/health', headers: {}, clientIp: '198.51.100.20' };
    for (let i = 0; i < 121; i++) expect(await harness.check(head)).toEqual([]);
    expect(harness.statuses.get(429)).toBe(1);
    const rebinding = { method: 'HEAD', path: '/api/mcp', headers: { host: 'evil.example' }, clientIp: '127.0.0.1' };
    expect(await harness.check(rebinding)).toEqual([]);
    expect(harness.statuses.get(403)).toBe(1);
  });

  test('a batch of nothing but invalid messages gets 400 with an array, and the OpenAPI description says so', async () => {
    const harness = createHarness();
    expect(
      await harness.check({
        method: 'POST',
        path: '/api/mcp',
        headers: JSON_HEADERS,
        body: '["2026-07-28"]',
        clientIp: '203.0.113.3',
      }),
    ).toEqual([]);
    expect(harness.statuses.get(400)).toBe(1);
    const doc = openApiDocument(sampleModel().company) as {
      paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    expect(JSON.stringify(doc.paths['/api/mcp']!.post.responses['400']!.content['application/json']!.schema)).toContain(
      'JsonRpcBatchResponse',
    );
  });
});

describe('the shape checker', () => {
  const problemsOf = createShapeChecker(sampleModel().company);
  const headers = (extra: Record<string, string> = {}) =>
    new Headers({
      Link: LINK_HEADER,
      Vary: 'Accept',
      'Content-Type': 'application/json',
      'RateLimit-Policy': '120;w=60',
      'RateLimit-Limit': '120',
      'RateLimit-Remaining': '100',
      'RateLimit-Reset': '30',
      ...extra,
    });
  const health = (status: number, text: string, extra?: Record<string, string>) =>
    problemsOf({ method: 'GET', pathname: '/api/health', status, headers: headers(extra), text });

  test('accepts a conforming answer', () => {
    expect(health(200, '{"status":"ok"}')).toEqual([]);
  });

  test('rejects a 5xx, a wrong body, an undocumented status, a missing header and a code with the wrong status', () => {
    expect(health(500, '{"status":"ok"}').join()).toMatch(/server error/);
    expect(health(200, '{"status":"fine"}').join()).toMatch(/does not match its schema/);
    expect(health(418, '{"status":"ok"}').join()).toMatch(/not a documented answer/);
    expect(
      problemsOf({
        method: 'GET',
        pathname: '/api/health',
        status: 200,
        headers: new Headers({ 'Content-Type': 'application/json' }),
        text: '{"status":"ok"}',
      }).join(),
    ).toMatch(/header Link/);
    const wrong = JSON.stringify({ error: { code: 'not_found', message: 'x' } });
    expect(
      problemsOf({
        method: 'GET',
        pathname: '/api/mcp',
        status: 405,
        headers: headers({ Allow: 'POST, OPTIONS' }),
        text: wrong,
      }).join(),
    ).toMatch(/not_found came with 405/);
    expect(
      problemsOf({ method: 'HEAD', pathname: '/api/health', status: 200, headers: headers(), text: '{}' }).join(),
    ).toMatch(/has a body/);
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32700, message: 'x' } });
    expect(
      problemsOf({ method: 'POST', pathname: '/api/mcp', status: 200, headers: headers(), text: rpc }).join(),
    ).toMatch(/-32700 came with 200/);
  });
});
