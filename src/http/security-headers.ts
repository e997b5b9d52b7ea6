/**
 * The security headers of every response the site sends, from one definition: static files
 * (the generated `_headers` file), the edge function (pages, Markdown, discovery files, 404s)
 * and the API function (every /api answer, errors included) all take them from here.
 * Dependency-free on purpose: the Deno edge function imports this file directly.
 *
 * The pages hold no inline code at all (no inline script, no <style>, no style attribute: see
 * astro.config.mjs and src/markdown/code-classes.ts), so the page policy allows scripts and
 * styles from the site's own origin only, with no 'unsafe-inline', no hashes and no nonces.
 * `<script type="application/ld+json">` and `application/json` data blocks are not executed, and
 * CSP does not apply to them.
 */

/**
 * Ask browsers to preload HSTS for the host (the `preload` directive). Off: preloading is hard to
 * undo (removal from the browsers' lists takes months) and binds every subdomain of the zone to
 * HTTPS, which is the domain owner's decision, not the site's. To opt in, set this to true,
 * deploy, and submit the domain at https://hstspreload.org (docs/deploy.md).
 */
export const HSTS_PRELOAD = false;

/** Two years, the value hstspreload.org asks for and the Observatory's best rating. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const HSTS_HEADER = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains${HSTS_PRELOAD ? '; preload' : ''}`;

/**
 * The policy of every HTML response (pages, the 404 page, the contact form's HTML answers):
 * - scripts, styles, fonts, images, the manifest and fetch/XHR from the site's origin only
 *   (the contact form's script posts to /api/contact; the WebMCP module fetches
 *   /webmcp-tools.json and posts to /api/mcp); images also as `data:` URLs;
 * - forms post to the site itself (`form-action 'self'`); no <base>, no plugins, no frames in or
 *   out (`frame-ancestors 'none'`, with X-Frame-Options for older browsers).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy of everything else (Markdown, JSON, text, XML, SVG, API answers): nothing it could
 * load or run, and no framing. A browser that renders such a file as a document runs nothing.
 */
export const RESOURCE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The policy of the content editor's page (/admin/, Sveltia CMS), its own so that no page of the
 * site is weakened for it. Its code, fonts and modules come from the site; what it needs beyond
 * the page policy:
 * - styles in the page (`'unsafe-inline'`): the editor's components set style elements and
 *   attributes at run time;
 * - `blob:` and `data:` images and media: previews of files an editor picks;
 * - connections to the git host's API, where it reads and commits content in production
 *   (GitHub's and GitLab's), and GitHub's avatars for the signed-in editor;
 * - `blob:` connections: it reads an image an editor uploads through a blob URL before saving it.
 * It still runs no script from another origin, is not framed and posts forms nowhere else.
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self' blob: https://api.github.com https://gitlab.com",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The content editor's page keeps its opener's window for the sign-in window it opens (the git
 * host's OAuth through Netlify posts the token back to it), which `same-origin` would sever.
 */
export const ADMIN_OPENER_POLICY = 'same-origin-allow-popups';

/** Browser features the site never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Headers on every response, whatever its type. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': HSTS_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Whether a Content-Type is HTML (the page policy) rather than anything else. */
export function isHtml(contentType: string | null | undefined): boolean {
  return /^\s*text\/html\b/i.test(contentType ?? '');
}

/**
 * The security headers of one response, by its Content-Type and whether it is public to other
 * origins (CORS `*`: the discovery files and the API). Public responses carry
 * `Cross-Origin-Resource-Policy: cross-origin` so that pages elsewhere, including ones that
 * require CORP (COEP), may load them; everything else `same-origin`.
 */
export function securityHeaders(options: {
  contentType: string | null | undefined;
  public?: boolean;
}): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    'Content-Security-Policy': isHtml(options.contentType) ? PAGE_CSP : RESOURCE_CSP,
    'Cross-Origin-Resource-Policy': options.public ? 'cross-origin' : 'same-origin',
  };
}

/** Sets the security headers on a Headers object by its own Content-Type and CORS header, replacing any earlier values. */
export function applySecurityHeaders(headers: Headers): Headers {
  const values = securityHeaders({
    contentType: headers.get('content-type'),
    public: headers.get('access-control-allow-origin') === '*',
  });
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
  return headers;
}
