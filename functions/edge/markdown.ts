/**
 * Edge function for every static path (not /api, /api/*, /_astro/*):
 * - serves a page's Markdown sibling when the request prefers `text/markdown`;
 * - gives every static response the headers of the `_headers` rules (Link, Vary: Accept, the
 *   discovery files' media types and CORS), which Netlify does not add to edge-function
 *   responses in production and netlify-cli does not fully apply locally;
 * - adds `x-markdown-tokens` to Markdown responses;
 * - links an HTML page and its Markdown sibling to each other (`Link: …; rel="alternate"`).
 * All logic lives in src/; this file is the Deno glue.
 */
import { htmlResponseLinks, markdownResponseLinks, pageOf } from '../../src/discovery/page-links.ts';
import { staticHeadersFor } from '../../src/discovery/static-headers.ts';
import { COMMON_HEADERS, MARKDOWN_CONTENT_TYPE } from '../../src/http/headers.ts';
import { prefersMarkdown } from '../../src/http/negotiate.ts';
import { estimateTokens } from '../../src/markdown/tokens.ts';
import { markdownPath } from '../../src/site/urls.ts';

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

async function markdownResponse(response: Response, path: string): Promise<Response> {
  const body = await response.text();
  return withHeaders(
    response,
    {
      ...staticHeadersFor(path),
      ...markdownResponseLinks(path),
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
      ...COMMON_HEADERS,
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
    return response.ok ? markdownResponse(response, sibling) : notFoundMarkdown(page);
  }

  const response = await context.next();
  if (!response.ok) return withHeaders(response, COMMON_HEADERS);
  if (pathname.endsWith('.md') && request.method === 'GET') return markdownResponse(response, pathname);
  // An HTML page also links its Markdown sibling (src/discovery/page-links.ts).
  return withHeaders(response, {
    ...staticHeadersFor(pathname),
    ...htmlResponseLinks(page, response.headers.get('content-type')),
  });
}

export const config = {
  path: '/*',
  // The API function's paths (functions/api.mts): '/api/*' does not cover '/api', which would
  // otherwise be negotiated as a page (Markdown 404 for `Accept: text/markdown`).
  excludedPath: ['/api', '/api/*', '/_astro/*'],
};
