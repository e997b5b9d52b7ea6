/**
 * The fuzz generators (tests/fuzz/arbitraries.ts) over HTTP: a fixed, seeded sample of hostile
 * requests sent to the `npm start` server, every answer checked against the documented shapes
 * like the in-process fuzzing does (tests/fuzz/documented-shape.ts). This catches what only the
 * real stack does to a request: netlify-cli's proxy and function server, the edge function, the
 * bundled function. Few requests, because the local server answers only a few per second.
 *
 * Left out on purpose (docs/testing.md): a false Content-Length (the client itself would corrupt
 * the connection), and paths with an invalid percent-encoding such as `/api/%ff`, which
 * netlify-cli's own server refuses with an HTML 400 before any function runs.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { anyRequests, BASE, mcpRequests, nested, type FuzzRequest } from '../fuzz/arbitraries.ts';
import { createShapeChecker } from '../fuzz/documented-shape.ts';
import { sampleModel } from '../support/sample-site.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress } from './http.ts';

const SAMPLE = Number(process.env.HOSTILE_SAMPLE ?? 40);
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const fixed: FuzzRequest[] = [
  {
    method: 'POST',
    path: '/api/mcp',
    headers: JSON_HEADERS,
    body: Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]),
    clientIp: '',
  },
  {
    method: 'POST',
    path: '/api/mcp',
    headers: JSON_HEADERS,
    body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":${nested(20_000, 'array')}}}}`,
    clientIp: '',
  },
  { method: 'POST', path: '/api/mcp', headers: JSON_HEADERS, body: 'x'.repeat(300_000), clientIp: '' },
  { method: 'POST', path: '/api/mcp', headers: JSON_HEADERS, body: '["2026-07-28"]', clientIp: '' },
  { method: 'HEAD', path: '/api/mcp', headers: {}, clientIp: '' },
  { method: 'PROPFIND', path: '/api/mcp', headers: {}, clientIp: '' },
  { method: 'GET', path: `/api/${'a'.repeat(3000)}`, headers: {}, clientIp: '' },
  { method: 'GET', path: '/api/%E2%80%AE', headers: {}, clientIp: '' },
  { method: 'POST', path: '/api/contact', headers: { 'content-type': 'application/json' }, body: '[[[[', clientIp: '' },
];

/** Whether the request can go over the wire as generated (see the file's comment; node:http also refuses non-ASCII header values). */
const sendable = (request: FuzzRequest) =>
  Object.values(request.headers).every((value) => /^[\t\x20-\x7e]*$/.test(value)) &&
  !/%(?![0-9a-f]{2})|%[89a-f][0-9a-f]/i.test(new URL(request.path, BASE).pathname);

describe('hostile requests to the npm start server', () => {
  test(`${fixed.length} fixed and ${SAMPLE} generated requests all get documented answers`, async () => {
    const problemsOf = createShapeChecker(sampleModel().company);
    const sampled = fc.sample(fc.oneof(anyRequests, mcpRequests), { seed: 20261123, numRuns: SAMPLE * 2 });
    const requests = [...fixed, ...sampled.filter(sendable).slice(0, SAMPLE)];
    expect(requests.length).toBeGreaterThan(fixed.length + SAMPLE / 2);
    const failures: string[] = [];
    for (const request of requests) {
      const url = new URL(request.path, BASE);
      const { 'content-length': _length, ...headers } = request.headers;
      const upper = request.method.toUpperCase();
      const withBody = request.body !== undefined && upper !== 'GET' && upper !== 'HEAD';
      const response = await fetchFrom(randomLoopbackAddress())(`${baseUrl()}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        ...(withBody ? { body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body!) } : {}),
      });
      const text = await response.text();
      const problems = problemsOf({
        method: request.method,
        pathname: url.pathname,
        status: response.status,
        headers: response.headers,
        text,
      });
      if (problems.length > 0)
        failures.push(
          `${request.method} ${url.pathname.slice(0, 80)}: ${problems.join('; ')} (answer: ${text.slice(0, 120)})`,
        );
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
