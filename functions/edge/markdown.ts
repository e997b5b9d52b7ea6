/**
 * Edge function for every static path (not /api, /api/*):
 * - serves a page's Markdown sibling when the request prefers `text/markdown`;
 * - gives every static response the headers of the `_headers` rules (Link, Vary: Accept, the
 *   discovery files' media types and CORS), which Netlify does not add to edge-function
 *   responses in production and netlify-cli does not fully apply locally, plus the security
 *   headers and cache lifetimes of its kind (staticResponseHeaders);
 * - adds `x-markdown-tokens` to Markdown responses;
 * - links an HTML page and its Markdown sibling to each other (`Link: …; rel="alternate"`);
 * - on a multilingual site, names a page's language (`Content-Language`) and links its versions
 *   in every language (`rel="alternate"; hreflang`), from the map of translated pages the build
 *   writes to .generated/page-languages.ts (src/discovery/page-languages.ts), bundled with this
 *   function by Netlify's edge bundler and loaded by `netlify serve` from the same file.
 * Its answers are cached by Netlify's CDN (`cache: 'manual'` below, lifetimes from
 * src/http/cache-headers.ts, the two variants of a page kept apart by `Vary: Accept`).
 * All logic lives in src/; this file is the Deno glue.
 */
import pageLanguagesData from '../../.generated/page-languages.ts';
import { htmlResponseLinks, markdownResponseLinks, type PageLanguages } from '../../src/discovery/page-links.ts';
import { staticResponseHeaders } from '../../src/discovery/static-headers.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../src/http/headers.ts';
import { prefersMarkdown } from '../../src/site/negotiate.ts';
import { estimateTokens } from '../../src/markdown/tokens.ts';
import { markdownPath, pageOf } from '../../src/site/urls.ts';

const pageLanguages = pageLanguagesData as PageLanguages;

interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

function withHeaders(
  response: Response,
  values: Record<string, string>,
  body: BodyInit | null = response.body,
): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
  if (body !== response.body) headers.delete('Content-Length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

async function markdownResponse(response: Response, path: string, page?: string): Promise<Response> {
  const body = await response.text();
  return withHeaders(
    response,
    {
      ...(page === undefined
        ? staticResponseHeaders('file', path, null)
        : staticResponseHeaders('page-markdown', page, null)),
      ...markdownResponseLinks(path, pageLanguages),
      'Content-Type': MARKDOWN_CONTENT_TYPE,
      'x-markdown-tokens': String(estimateTokens(body)),
    },
    body,
  );
}

function notFoundMarkdown(pathname: string): Response {
  const body = `# Page not found\n\nThere is no page at ${pathname}. Every page is listed in /llms.txt and /sitemap.xml.\n`;
  return new Response(body, {
    status: 404,
    headers: {
      ...staticResponseHeaders('error', pathname, MARKDOWN_CONTENT_TYPE),
      'Content-Type': MARKDOWN_CONTENT_TYPE,
      'x-markdown-tokens': String(estimateTokens(body)),
    },
  });
}

export default async function staticResponses(request: Request, context: EdgeContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  const readable = request.method === 'GET' || request.method === 'HEAD';

  const page = readable ? pageOf(pathname) : undefined;
  if (page !== undefined && prefersMarkdown(request.headers.get('accept'))) {
    const sibling = markdownPath(page);
    const response = await context.next(new Request(new URL(sibling, request.url), request));
    return response.ok ? markdownResponse(response, sibling, page) : notFoundMarkdown(page);
  }

  const response = await context.next();
  const type = response.headers.get('content-type');
  if (!response.ok) return withHeaders(response, staticResponseHeaders('error', pathname, type));
  if (pathname.endsWith('.md') && request.method === 'GET') return markdownResponse(response, pathname);
  // An HTML page also links its Markdown sibling (src/discovery/page-links.ts).
  return withHeaders(response, {
    ...staticResponseHeaders(page === undefined ? 'file' : 'page', pathname, type),
    ...htmlResponseLinks(page, type, pageLanguages),
  });
}

export const config = {
  path: '/*',
  // The API function's paths (functions/api.mts): '/api/*' does not cover '/api', which would
  // otherwise be negotiated as a page (Markdown 404 for `Accept: text/markdown`).
  // '/_astro/*' is not excluded: netlify-cli's static server sends its own `Cache-Control` on
  // static files (`public, max-age=0`), above the `_headers` rules, so only this function gives
  // the fingerprinted assets their year-long immutable lifetime under `npm start` as on Netlify.
  // On Netlify its answer is cached like the file itself (cache: 'manual').
  // And the search page (/search, /<code>/search), which the API function answers in HTML or
  // Markdown itself, with its own headers.
  excludedPath: ['/api', '/api/*', '/search', '/*/search'],
  // Netlify's CDN caches this function's answers as their headers say (src/http/cache-headers.ts);
  // without this, every page view would run it. netlify-cli has no CDN cache: locally it runs
  // on every request (docs/deploy.md says how to see the cache on a deploy).
  cache: 'manual',
};
