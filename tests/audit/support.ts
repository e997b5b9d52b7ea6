/** Canned deployments for the audit's unit tests: a transport that answers from a table. */
import { Audit, type AuditOptions } from '../../scripts/audit/context.ts';
import { HttpClient, type HttpResponse, type RequestOptions } from '../../scripts/audit/http.ts';

export function response(
  status: number,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): HttpResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    status,
    headers: new Headers(headers),
    body: bytes,
    text: bytes.toString('utf8'),
    url: 'http://site.test/',
    method: 'GET',
  };
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  response(status, { 'content-type': 'application/json', ...headers }, JSON.stringify(value));

export type Route = (options: RequestOptions, url: URL) => HttpResponse;

/** An audit of http://site.test whose requests are answered by `routes` ("GET /path" or "/path" for any method); 404 otherwise. */
export function cannedAudit(routes: Record<string, Route | HttpResponse>, options: Partial<AuditOptions> = {}) {
  const sent: string[] = [];
  const said: string[] = [];
  const client = new HttpClient({
    ratePerMinute: 60_000,
    say: (line) => said.push(line),
    sleep: () => Promise.resolve(),
    transport: (url, request) => {
      const method = request.method ?? 'GET';
      sent.push(`${method} ${url.pathname}`);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const answer = typeof route === 'function' ? route(request, url) : route;
      return Promise.resolve({
        ...(answer ?? response(404, { 'content-type': 'text/plain' }, 'Not found')),
        url: url.href,
        method,
      });
    },
  });
  const audit = new Audit({ base: new URL('http://site.test/'), fileTestLead: false, ...options }, client);
  const outcome = (id: string) => audit.findings.find((finding) => finding.id === id)?.outcome;
  return { audit, client, sent, said, outcome };
}
