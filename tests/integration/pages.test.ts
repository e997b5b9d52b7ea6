/**
 * Every page in both forms, served by netlify-cli with the edge function: HTML with its
 * Markdown alternate, the Markdown sibling directly and by negotiation, and their headers.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DRAFT_WORDS, expectCommonHeaders, get, markdownPathOf, sitemapPaths } from './http.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
let paths: string[] = [];

beforeAll(async () => {
  paths = await sitemapPaths();
});

describe('pages', () => {
  test('the sitemap lists the home page, listings, filters and entries', () => {
    expect(paths).toContain('/');
    for (const listing of ['/services', '/case-studies', '/insights', '/about', '/contact', '/privacy'])
      expect(paths).toContain(listing);
    expect(paths.some((item) => item.startsWith('/case-studies/industry/'))).toBe(true);
    expect(paths.some((item) => item.startsWith('/insights/tag/'))).toBe(true);
    expect(paths.length).toBeGreaterThan(40);
  });

  test('every page is HTML for a browser, with a Markdown alternate and the common headers', async () => {
    for (const pagePath of paths) {
      const response = await get(pagePath, { headers: { Accept: BROWSER_ACCEPT } });
      expect(response.status, pagePath).toBe(200);
      expect(response.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
      expectCommonHeaders(response, pagePath);
      const html = await response.text();
      expect(html, pagePath).toContain(`<link rel="alternate" type="text/markdown" href="${markdownPathOf(pagePath)}"`);
      expect(html, pagePath).not.toMatch(DRAFT_WORDS);
    }
  });

  test('every page is Markdown for Accept: text/markdown, identical to its .md sibling', async () => {
    for (const pagePath of paths) {
      const negotiated = await get(pagePath, { headers: { Accept: 'text/markdown' } });
      const direct = await get(markdownPathOf(pagePath));
      for (const [kind, response] of [
        ['negotiated', negotiated],
        ['direct', direct],
      ] as const) {
        expect(response.status, `${kind} ${pagePath}`).toBe(200);
        expect(response.headers.get('content-type'), `${kind} ${pagePath}`).toBe('text/markdown; charset=utf-8');
        expect(
          Number(response.headers.get('x-markdown-tokens')),
          `${kind} ${pagePath} x-markdown-tokens`,
        ).toBeGreaterThan(0);
        expectCommonHeaders(response, `${kind} ${pagePath}`);
      }
      const body = await negotiated.text();
      expect(body, pagePath).toBe(await direct.text());
      expect(body, pagePath).toMatch(/^# \S/);
      expect(body, pagePath).not.toMatch(/<(nav|footer|script|style|div|header)\b/i);
      expect(body, pagePath).not.toMatch(DRAFT_WORDS);
    }
  });

  test('Markdown respects q-values and a browser still gets HTML', async () => {
    const preferred = await get('/services', { headers: { Accept: 'text/markdown, text/html;q=0.9' } });
    expect(preferred.headers.get('content-type')).toMatch(/^text\/markdown/);
    const lower = await get('/services', { headers: { Accept: 'text/html, text/markdown;q=0.5' } });
    expect(lower.headers.get('content-type')).toMatch(/^text\/html/);
    const curl = await get('/services', { headers: { Accept: '*/*' } });
    expect(curl.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test('every page linked from the home page answers Accept: text/markdown', async () => {
    const html = await (await get('/')).text();
    const links = [...new Set([...html.matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1]!))].filter(
      (href) => !/\.[a-z0-9]+$/i.test(href) && !href.startsWith('/api/') && !href.startsWith('/_astro/'),
    );
    expect(links.length).toBeGreaterThan(10);
    for (const href of links) {
      const response = await get(href, { headers: { Accept: 'text/markdown' } });
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toBe('text/markdown; charset=utf-8');
    }
  });

  test('an unknown page is a 404 in the form asked for', async () => {
    const html = await get('/no-such-page');
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const markdown = await get('/no-such-page', { headers: { Accept: 'text/markdown' } });
    expect(markdown.status).toBe(404);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expectCommonHeaders(markdown, '404 markdown');
  });

  test('API paths and assets are never rewritten to Markdown', async () => {
    const health = await get('/api/health', { headers: { Accept: 'text/markdown' } });
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    const icon = await get('/favicon.svg', { headers: { Accept: 'text/markdown' } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
