/** DNS-rebinding protection: only local requests with a foreign Host are refused. */
import { describe, expect, test } from 'vitest';
import { apiErrorSchema } from '../../src/http/body-schemas.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { isLoopbackIp, isRebindingAttempt } from '../../src/http/host-guard.ts';
import { sampleAgent, send } from '../mcp/fixtures.ts';

const siteHosts = new Set(['www.northbeam.example', 'agents.northbeam.example']);
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'rebinding-test', version: '1.0.0' } },
});
const local = (host: string) =>
  new Request('http://localhost:8888/api/mcp', {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: initialize,
  });

describe('isLoopbackIp', () => {
  test.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is loopback', (ip) =>
    expect(isLoopbackIp(ip)).toBe(true),
  );
  test.each(['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '', 'unknown'])('%s is not', (ip) =>
    expect(isLoopbackIp(ip)).toBe(false),
  );
});

describe('isRebindingAttempt', () => {
  test.each([
    'localhost:8888',
    'localhost',
    '127.0.0.1:8888',
    '[::1]:8888',
    'app.localhost:3000',
    'www.northbeam.example',
    'agents.northbeam.example:443',
  ])('a local request to %s is allowed', (host) =>
    expect(isRebindingAttempt(local(host), '127.0.0.1', siteHosts)).toBe(false),
  );

  test.each(['evil.example.com', 'evil.example.com:8888', 'localhost.evil.example', '127.0.0.1.nip.io'])(
    'a local request to %s is refused',
    (host) => {
      expect(isRebindingAttempt(local(host), '::1', siteHosts)).toBe(true);
    },
  );

  test('remote clients are never checked (production)', () => {
    expect(isRebindingAttempt(local('evil.example.com'), '203.0.113.7', siteHosts)).toBe(false);
  });
});

describe('the API handler', () => {
  const api = createApiHandler(sampleAgent());

  test('answers a local request with a foreign Host with 403 and an ApiError', async () => {
    const answer = await send(api, local('evil.example.com'), '127.0.0.1');
    expect(answer.status).toBe(403);
    expect(apiErrorSchema.parse(answer.json).error.code).toBe('forbidden_host');
    expect(answer.headers.get('vary')).toBe('Accept');
  });

  test('serves a local request to localhost', async () => {
    const answer = await send(api, local('localhost:8888'), '127.0.0.1');
    expect(answer.status).toBe(200);
    expect(answer.json.result.protocolVersion).toBe('2025-11-25');
  });
});
