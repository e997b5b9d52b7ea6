/**
 * Headers on each kind of response. The contract: every response carries Link (describedby,
 * api-catalog, privacy-policy) and Vary: Accept. Security headers: on every response
 * X-Content-Type-Options: nosniff, Referrer-Policy and framing denied (X-Frame-Options: DENY or
 * CSP frame-ancestors); on HTML also Content-Security-Policy, Permissions-Policy and
 * Cross-Origin-Opener-Policy; Strict-Transport-Security over https.
 */
import { BROWSER_ACCEPT, PATHS, mediaType, shown, type Audit } from '../context.ts';
import { isLoopback, type HttpResponse, type RequestOptions } from '../http.ts';
import { MCP_ACCEPT, notification, request } from '../mcp.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';

export const LINK_RELATIONS = ['describedby', 'api-catalog', 'privacy-policy'] as const;

/** A JSON-RPC POST to the MCP endpoint as a client of the newest contract revision sends it. */
function mcpPost(message: unknown): RequestOptions {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: MCP_ACCEPT,
      'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0],
    },
    body: JSON.stringify(message),
  };
}

/** The kinds of response the audit samples, and the request that gets one. */
export const RESPONSE_KINDS: Record<string, { path: string; options: RequestOptions }> = {
  'html-page': { path: '/', options: { headers: { accept: BROWSER_ACCEPT } } },
  'markdown-page': { path: '/', options: { headers: { accept: 'text/markdown' } } },
  'discovery-file': { path: PATHS.openapi, options: {} },
  'not-found-page': { path: '/no-such-page-from-the-audit', options: { headers: { accept: BROWSER_ACCEPT } } },
  'mcp-200': { path: PATHS.mcp, options: mcpPost(request(1, 'ping')) },
  'mcp-202': { path: PATHS.mcp, options: mcpPost(notification('notifications/initialized')) },
  'mcp-405': { path: PATHS.mcp, options: {} },
  'preflight-204': {
    path: PATHS.mcp,
    options: {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.audit.example', 'access-control-request-method': 'POST' },
    },
  },
  'api-404': { path: '/api/no-such-endpoint-from-the-audit', options: {} },
  health: { path: PATHS.health, options: {} },
};

/** Parses a Link header into its targets and parameters. */
export function parseLinks(header: string | null): { href: string; params: Record<string, string> }[] {
  if (!header) return [];
  const links: { href: string; params: Record<string, string> }[] = [];
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:="[^"]*"|=[^;,]*)?)*)/g)) {
    const params: Record<string, string> = {};
    for (const param of match[2]!.matchAll(/;\s*([^=;,\s]+)\s*(?:=\s*(?:"([^"]*)"|([^;,]*)))?/g))
      params[param[1]!.toLowerCase()] = (param[2] ?? param[3] ?? '').trim();
    links.push({ href: match[1]!, params });
  }
  return links;
}

/** The relations a Link header lacks. */
export function missingRelations(response: HttpResponse): string[] {
  const rels = parseLinks(response.headers.get('link')).flatMap((link) =>
    (link.params.rel ?? '').toLowerCase().split(/\s+/),
  );
  return LINK_RELATIONS.filter((rel) => !rels.includes(rel));
}

/** The security headers a response lacks (or has wrong); `html` adds the page-only ones. */
export function missingSecurityHeaders(response: HttpResponse, html: boolean): string[] {
  const get = (name: string) => response.headers.get(name)?.trim();
  const missing: string[] = [];
  if (get('x-content-type-options')?.toLowerCase() !== 'nosniff') missing.push('X-Content-Type-Options: nosniff');
  if (!get('referrer-policy')) missing.push('Referrer-Policy');
  const csp = get('content-security-policy') ?? '';
  const frameDenied = get('x-frame-options')?.toUpperCase() === 'DENY' || /(^|;)\s*frame-ancestors\s+'none'/i.test(csp);
  if (!frameDenied) missing.push("X-Frame-Options: DENY or CSP frame-ancestors 'none'");
  if (html) {
    if (!csp || !/default-src|script-src/i.test(csp))
      missing.push('Content-Security-Policy (with default-src or script-src)');
    if (!get('permissions-policy')) missing.push('Permissions-Policy');
    if (!get('cross-origin-opener-policy')) missing.push('Cross-Origin-Opener-Policy');
  }
  return missing;
}

/**
 * Where to fetch a linked URL: on the audited host when it names it, or when the audit runs
 * against a local stand-in (whose files name the public host); elsewhere as it is.
 */
function onTarget(audit: Audit, href: string): string | URL {
  const target = new URL(href, audit.base);
  return target.host === audit.base.host || isLoopback(audit.base) ? `${target.pathname}${target.search}` : target;
}

/** Long: a list of independent checks run in the order the report prints them. */
export async function checkHeaders(audit: Audit): Promise<void> {
  const area = 'headers';
  let htmlPage: HttpResponse | undefined;
  for (const [kind, { path, options }] of Object.entries(RESPONSE_KINDS)) {
    const response = await audit.fetch(path, options);
    if (kind === 'html-page') htmlPage = response;
    if (response.status === 0) {
      audit.check(area, `headers.response.${kind}`, `${kind}: a response`, false, {
        expected: 'an HTTP response',
        got: shown(response),
        fix: 'Check the deployment is reachable.',
      });
      continue;
    }
    const what = `${kind} (${options.method ?? 'GET'} ${path} → ${response.status})`;
    const missing = missingRelations(response);
    audit.check(
      area,
      `headers.link.${kind}`,
      `${what}: Link with describedby, api-catalog, privacy-policy`,
      missing.length === 0,
      {
        expected: `Link relations ${LINK_RELATIONS.join(', ')}`,
        got: `missing ${missing.join(', ')} (Link: ${response.headers.get('link') ?? 'none'})`,
        fix: 'Every response carries the three Link relations (contract, "What the service does"): the static headers file, the edge function and the API function must all add them.',
      },
    );
    const vary = response.headers.get('vary') ?? '';
    audit.check(
      area,
      `headers.vary.${kind}`,
      `${what}: Vary: Accept`,
      vary.split(',').some((value) => value.trim().toLowerCase() === 'accept'),
      {
        expected: 'Vary including Accept',
        got: vary || '(no Vary)',
        fix: 'Every response varies by Accept (Markdown negotiation); send Vary: Accept so caches keep the variants apart.',
      },
    );
    const html = mediaType(response) === 'text/html';
    const insecure = missingSecurityHeaders(response, html);
    audit.check(
      area,
      `headers.security.${kind}`,
      `${what}: security headers${html ? ' (HTML set)' : ''}`,
      insecure.length === 0,
      {
        expected: html
          ? 'nosniff, Referrer-Policy, framing denied, CSP, Permissions-Policy, COOP'
          : 'nosniff, Referrer-Policy, framing denied',
        got: `missing ${insecure.join(', ')}`,
        fix: 'Add the security headers to every response (static _headers, edge function, API function).',
      },
    );
  }
  if (audit.base.protocol === 'https:' && htmlPage) {
    const hsts = htmlPage.headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0);
    audit.check(area, 'headers.hsts', 'Strict-Transport-Security over https', maxAge >= 86_400 * 180, {
      expected: 'Strict-Transport-Security: max-age of at least 180 days',
      got: hsts || '(none)',
      fix: 'Send HSTS on the https host.',
    });
  } else {
    audit.skip(area, 'headers.hsts', 'Strict-Transport-Security', 'only meaningful over https; this target is http');
  }
  if (!htmlPage || htmlPage.status !== 200) return;
  const links = parseLinks(htmlPage.headers.get('link'));
  const broken: string[] = [];
  for (const rel of LINK_RELATIONS) {
    const link = links.find((candidate) => (candidate.params.rel ?? '').split(/\s+/).includes(rel));
    if (!link) continue;
    const response = await audit.fetch(onTarget(audit, link.href));
    if (response.status !== 200) broken.push(`${rel} ${link.href}: ${shown(response, false)}`);
  }
  audit.check(area, 'headers.link.targets', 'the Link targets resolve', broken.length === 0, {
    expected: 'HTTP 200 for describedby, api-catalog and privacy-policy',
    got: broken.join('; '),
    fix: 'Point the Link relations at documents the deployment serves.',
  });
  const alternate = links.find((link) => link.params.rel === 'alternate' && link.params.type === 'text/markdown');
  if (!alternate) {
    audit.skip(
      area,
      'headers.link.alternate',
      'HTML pages link their Markdown (rel="alternate" type="text/markdown")',
      'not sent; optional in the contract',
    );
    return;
  }
  const markdown = await audit.fetch(onTarget(audit, alternate.href));
  audit.check(
    area,
    'headers.link.alternate',
    'the rel="alternate" type="text/markdown" link serves Markdown',
    markdown.status === 200 && mediaType(markdown) === 'text/markdown',
    {
      expected: 'HTTP 200, text/markdown',
      got: shown(markdown, false),
      fix: "Point the alternate link at the page's Markdown.",
    },
  );
}
