/**
 * DNS-rebinding protection that costs nothing in production. A rebinding attack needs a
 * browser on the same machine as a server bound to localhost: the page's host resolves to
 * 127.0.0.1 and its requests arrive with `Host: attacker.example`. So when the client IP is a
 * loopback address (a local run: netlify-cli, `npm start`), the Host must be a loopback name or
 * one of the site's own hosts; otherwise 403. Requests from any other IP (all production
 * traffic) are never checked: the public server allows any origin on purpose (see cors.ts).
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackIp(ip: string): boolean {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  return address === '::1' || address === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** The hostname of a Host header value (port and brackets handled), lower-cased. */
function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/**
 * Whether a request must be refused as a possible DNS-rebinding attempt. `siteHosts`: the
 * hostnames the site answers to (base and agent host).
 */
export function isRebindingAttempt(request: Request, clientIp: string, siteHosts: ReadonlySet<string>): boolean {
  if (!isLoopbackIp(clientIp)) return false;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const hostname = hostnameOf(host);
  return !(LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost') || siteHosts.has(hostname));
}
