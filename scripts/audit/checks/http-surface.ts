/** The HTTP surface around the MCP endpoint: CORS preflight, RateLimit headers, health. */
import { PATHS, isObject, jsonOf, shown, type Audit } from '../context.ts';
import type { HttpResponse } from '../http.ts';
import { post, request } from '../mcp.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';

/** The contract's limit ("Limits"): 120 requests per 60 seconds. */
export const CONTRACT_LIMIT = { limit: 120, window: 60 } as const;

/** What is wrong with a response's RateLimit-* headers, or undefined. */
export function rateLimitProblem(response: HttpResponse): string | undefined {
  const policy = response.headers.get('ratelimit-policy');
  const limit = response.headers.get('ratelimit-limit');
  const remaining = response.headers.get('ratelimit-remaining');
  const reset = response.headers.get('ratelimit-reset');
  const match = /^\s*(\d+)\s*;\s*w=(\d+)\s*$/.exec(policy ?? '');
  if (!match) return `RateLimit-Policy "${policy ?? '(missing)'}" is not "<limit>;w=<seconds>"`;
  if (Number(match[1]) !== CONTRACT_LIMIT.limit || Number(match[2]) !== CONTRACT_LIMIT.window)
    return `RateLimit-Policy "${policy}" is not the contract's ${CONTRACT_LIMIT.limit};w=${CONTRACT_LIMIT.window}`;
  const integer = (value: string | null) => value !== null && /^\d+$/.test(value.trim());
  if (!integer(limit) || Number(limit) !== Number(match[1]))
    return `RateLimit-Limit "${limit ?? '(missing)'}" is not the policy's limit ${match[1]}`;
  if (!integer(remaining) || Number(remaining) > Number(limit))
    return `RateLimit-Remaining "${remaining ?? '(missing)'}" is not an integer from 0 to the limit`;
  if (!integer(reset) || Number(reset) > Number(match[2]))
    return `RateLimit-Reset "${reset ?? '(missing)'}" is not an integer from 0 to the window`;
  return undefined;
}

/** The requests-per-minute budget a response's RateLimit-Policy announces, if any. */
export function announcedRate(response: HttpResponse): number | undefined {
  const match = /^\s*(\d+)\s*;\s*w=(\d+)/.exec(response.headers.get('ratelimit-policy') ?? '');
  return match ? (Number(match[1]) * 60) / Number(match[2]) : undefined;
}

/** Long: a list of independent checks run in the order the report prints them. */
export async function checkHttp(audit: Audit): Promise<void> {
  const area = 'http';
  const origin = 'https://agent.audit.example';
  const preflight = await audit.fetch(PATHS.mcp, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, mcp-protocol-version',
    },
  });
  const allowOrigin = preflight.headers.get('access-control-allow-origin');
  const allowMethods = (preflight.headers.get('access-control-allow-methods') ?? '').toUpperCase();
  const allowHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  audit.check(
    area,
    'http.preflight',
    'OPTIONS /api/mcp (CORS preflight): 204, any origin, POST, Content-Type and MCP-Protocol-Version allowed',
    preflight.status === 204 &&
      (allowOrigin === '*' || allowOrigin === origin) &&
      allowMethods.includes('POST') &&
      (allowHeaders === '*' ||
        (allowHeaders.includes('content-type') && allowHeaders.includes('mcp-protocol-version'))),
    {
      expected: `HTTP 204, Access-Control-Allow-Origin * (or ${origin}), -Allow-Methods with POST, -Allow-Headers with content-type and mcp-protocol-version`,
      got: `${shown(preflight, false)}; allow-origin ${allowOrigin ?? '(none)'}; allow-methods ${allowMethods || '(none)'}; allow-headers ${allowHeaders || '(none)'}`,
      fix: 'Answer the preflight with 204 and allow any origin (contract, "Authentication").',
    },
  );
  const call = await post(audit, request(1, 'ping'), { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0], origin });
  const cors = call.response.headers.get('access-control-allow-origin');
  audit.check(
    area,
    'http.cors',
    'POST /api/mcp from another origin is allowed (Access-Control-Allow-Origin)',
    cors === '*' || cors === origin,
    {
      expected: `Access-Control-Allow-Origin: * (or ${origin})`,
      got: cors ?? '(none)',
      fix: 'CORS allows any origin on the MCP endpoint (contract, "Authentication").',
    },
  );
  const rateProblem = rateLimitProblem(call.response);
  audit.check(
    area,
    'http.ratelimit.mcp',
    'RateLimit headers on a 200 from /api/mcp',
    call.response.status === 200 && !rateProblem,
    {
      expected: `HTTP 200 with RateLimit-Policy ${CONTRACT_LIMIT.limit};w=${CONTRACT_LIMIT.window}, RateLimit-Limit, -Remaining, -Reset (integers)`,
      got: rateProblem ?? shown(call.response, false),
      fix: 'Send the RateLimit-* headers of the contract ("Limits") on every API response.',
    },
  );
  const get405 = await audit.fetch(PATHS.mcp);
  const problem405 = rateLimitProblem(get405);
  audit.check(
    area,
    'http.ratelimit.405',
    'RateLimit headers on the 405 of GET /api/mcp',
    get405.status === 405 && !problem405,
    {
      expected: 'HTTP 405 with the RateLimit-* headers',
      got: problem405 ?? shown(get405, false),
      fix: 'The contract sends RateLimit-* on 200, 405, 429 and health responses.',
    },
  );
  const health = await audit.fetch(PATHS.health, { headers: { accept: 'application/json' } });
  const body = jsonOf(health);
  const time = isObject(body) ? body.time : undefined;
  const timeOk = time === undefined || (typeof time === 'string' && !Number.isNaN(Date.parse(time)));
  audit.check(
    area,
    'http.health',
    'GET /api/health: 200, {"status": "ok"}',
    health.status === 200 && isObject(body) && body.status === 'ok' && timeOk,
    {
      expected: 'HTTP 200, JSON {"status": "ok", "service"?, "time"? (date-time)}',
      got: shown(health),
      fix: 'Serve the liveness endpoint the contract describes.',
    },
  );
  const healthProblem = rateLimitProblem(health);
  audit.check(
    area,
    'http.ratelimit.health',
    'RateLimit headers on /api/health',
    health.status === 200 && !healthProblem,
    {
      expected: 'the RateLimit-* headers',
      got: healthProblem ?? shown(health, false),
      fix: 'Send the RateLimit-* headers on the health response too.',
    },
  );
}
