/**
 * Edge function: serves a page's Markdown sibling when the request prefers `text/markdown`, and
 * gives every page and Markdown response the site's common headers (Link, Vary: Accept), which
 * Netlify does not add to edge-function responses by itself. `/x.md` URLs are decorated too.
 * All logic lives in src/http/*; this file is the Deno glue.
 */
import { applyCommonHeaders, MARKDOWN_CONTENT_TYPE } from '../../src/http/headers.ts';
import { prefersMarkdown } from '../../src/http/negotiate.ts';
import { estimateTokens } from '../../src/markdown/tokens.ts';
import { markdownPath } from '../../src/site/urls.ts';

interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

/** Paths that are never pages: the API, build assets and files with an extension other than .md. */
function isPagePath(pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/_astro/') || pathname.startsWith('/.well-known/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.md');
}

async function asMarkdown(response: Response): Promise<Response> {
  const body = await response.text();
  const headers = applyCommonHeaders(new Headers(response.headers));
  headers.set('Content-Type', MARKDOWN_CONTENT_TYPE);
  headers.set('x-markdown-tokens', String(estimateTokens(body)));
  headers.delete('Content-Length');
  return new Response(body, { status: response.status, headers });
}

function notFoundMarkdown(pathname: string): Response {
  const body = `# Page not found\n\nThere is no page at ${pathname}. The list of pages is at /llms.txt; the site map at /sitemap.xml.\n`;
  const headers = applyCommonHeaders(new Headers({ 'Content-Type': MARKDOWN_CONTENT_TYPE }));
  headers.set('x-markdown-tokens', String(estimateTokens(body)));
  return new Response(body, { status: 404, headers });
}

export default async function markdownNegotiation(request: Request, context: EdgeContext): Promise<Response> {
  const url = new URL(request.url);
  if (!isPagePath(url.pathname)) return context.next();

  if (url.pathname.endsWith('.md')) {
    const response = await context.next();
    return response.ok ? asMarkdown(response) : response;
  }

  if ((request.method === 'GET' || request.method === 'HEAD') && prefersMarkdown(request.headers.get('accept'))) {
    const sibling = new URL(markdownPath(url.pathname), url);
    const response = await context.next(new Request(sibling, request));
    if (response.ok) return asMarkdown(response);
    return notFoundMarkdown(url.pathname);
  }

  const response = await context.next();
  const headers = applyCommonHeaders(new Headers(response.headers));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export const config = {
  path: '/*',
  excludedPath: ['/api/*', '/_astro/*', '/.well-known/*'],
};
