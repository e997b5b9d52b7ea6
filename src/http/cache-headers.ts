/**
 * How long each kind of response may be cached, by browsers (`Cache-Control`) and by Netlify's
 * CDN (`Netlify-CDN-Cache-Control`, which Netlify reads and strips before the response leaves
 * its CDN), from one definition: the `_headers` file, the edge function and the API function
 * take their values from here. Dependency-free: the Deno edge function imports it.
 *
 * - Fingerprinted assets (`/_astro/*`: the file name changes with the content) are immutable
 *   for a year everywhere.
 * - Pages and their Markdown variant: browsers revalidate on every view (a new deploy shows at
 *   once); Netlify's CDN keeps the edge function's answer until the next deploy, which
 *   invalidates the CDN cache of the site (Netlify's caching docs: "automatic invalidation with
 *   atomic deploys"), so a page is negotiated once per variant and edge node, not on every view.
 *   The two variants never mix: every such response carries `Vary: Accept` (src/http/headers.ts),
 *   and Netlify makes the request headers named in `Vary` part of the cache key.
 * - Markdown files and discovery files: five minutes in browsers and agents' HTTP caches (they
 *   are fetched by tools that rarely revalidate), until the next deploy on the CDN.
 * - The server card the API function answers (/api/mcp/server-card, the same card as the
 *   discovery file): five minutes in browsers and agents' caches like a discovery file, never on
 *   Netlify's CDN, so every request that reaches the site is answered by the function (counted
 *   by its rate limit, with true RateLimit-* headers, and in the traffic record, which does not
 *   see CDN hits of /api). Clients revalidate with its ETag (If-None-Match: 304).
 * - Every other /api answer, and every error: never stored (`no-store`).
 */

/** One year, the longest lifetime HTTP caches honour in practice. */
export const ONE_YEAR_SECONDS = 31_536_000;
/** Browser lifetime of Markdown and discovery files. */
export const FILE_BROWSER_MAX_AGE_SECONDS = 300;

/** Kept by Netlify's CDN until the next deploy purges it. */
const CDN_UNTIL_DEPLOY = `public, max-age=${ONE_YEAR_SECONDS}, must-revalidate`;

export type CacheKind = 'asset' | 'page' | 'file' | 'api-file' | 'api' | 'error';

export const CACHE_HEADERS: Readonly<Record<CacheKind, Readonly<Record<string, string>>>> = {
  asset: {
    'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
    'Netlify-CDN-Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
  },
  page: { 'Cache-Control': 'public, max-age=0, must-revalidate', 'Netlify-CDN-Cache-Control': CDN_UNTIL_DEPLOY },
  file: {
    'Cache-Control': `public, max-age=${FILE_BROWSER_MAX_AGE_SECONDS}`,
    'Netlify-CDN-Cache-Control': CDN_UNTIL_DEPLOY,
  },
  'api-file': {
    'Cache-Control': `public, max-age=${FILE_BROWSER_MAX_AGE_SECONDS}`,
    'Netlify-CDN-Cache-Control': 'no-store',
  },
  api: { 'Cache-Control': 'no-store' },
  error: { 'Cache-Control': 'no-store' },
};

/** The path prefix of Astro's fingerprinted build assets. */
export const ASSET_PREFIX = '/_astro/';

/**
 * Sets the cache headers of `kind` on a Headers object, replacing any earlier values and
 * removing a CDN lifetime the kind does not have (an error must not keep a page's).
 */
export function applyCacheHeaders(headers: Headers, kind: CacheKind): Headers {
  headers.delete('Netlify-CDN-Cache-Control');
  for (const [name, value] of Object.entries(CACHE_HEADERS[kind])) headers.set(name, value);
  return headers;
}
