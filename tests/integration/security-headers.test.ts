/**
 * The security and cache headers of every kind of response the served site sends (pages, their
 * Markdown variant, Markdown files, discovery files, the favicon and icons, Astro's assets, the API's
 * answers and errors, 404s), and the MDN HTTP Observatory's own scanner
 * (@mdn/mdn-http-observatory, the code behind developer.mozilla.org/observatory) run against
 * the local server: every test passes but the two that need HTTPS, and with HTTPS (as deployed:
 * Netlify serves only HTTPS and redirects http) the grade is A+.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CACHE_HEADERS } from '../../src/http/cache-headers.ts';
import { BASE_SECURITY_HEADERS, PAGE_CSP, RESOURCE_CSP } from '../../src/http/security-headers.ts';
import { htmlTags } from '../support/site-crawl.ts';
import { baseUrl, expectCommonHeaders, get } from './http.ts';

const PAGE_CACHE = CACHE_HEADERS.page['Cache-Control']!;
const FILE_CACHE = CACHE_HEADERS.file['Cache-Control']!;

function expectSecurity(response: Response, what: string, csp: string, corp: 'same-origin' | 'cross-origin') {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS))
    expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
  expect(response.headers.get('content-security-policy'), `${what}: CSP`).toBe(csp);
  expect(response.headers.get('cross-origin-resource-policy'), `${what}: CORP`).toBe(corp);
  expectCommonHeaders(response, what);
}

function expectCache(response: Response, what: string, browser: string, cdn: string | null) {
  expect(response.headers.get('cache-control'), `${what}: Cache-Control`).toBe(browser);
  expect(response.headers.get('netlify-cdn-cache-control'), `${what}: Netlify-CDN-Cache-Control`).toBe(cdn);
}

const CDN_UNTIL_DEPLOY = CACHE_HEADERS.page['Netlify-CDN-Cache-Control']!;

describe('security and cache headers on every kind of response', () => {
  test('pages: the page policy, revalidated by browsers, kept by the CDN', async () => {
    for (const pagePath of ['/', '/services', '/insights/golden-paths-not-golden-cages', '/contact']) {
      const response = await get(pagePath);
      expect(response.status, pagePath).toBe(200);
      expect(response.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
      expectSecurity(response, pagePath, PAGE_CSP, 'same-origin');
      expectCache(response, pagePath, PAGE_CACHE, CDN_UNTIL_DEPLOY);
    }
  });

  test("a page's Markdown variant: cached as the page, kept apart by Vary: Accept", async () => {
    const response = await get('/about', { headers: { Accept: 'text/markdown' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expectSecurity(response, 'Markdown variant', RESOURCE_CSP, 'cross-origin');
    expectCache(response, 'Markdown variant', PAGE_CACHE, CDN_UNTIL_DEPLOY);
  });

  test('Markdown and discovery files: the resource policy, five minutes in browsers', async () => {
    const files: [string, 'same-origin' | 'cross-origin', boolean][] = [
      ['/about.md', 'cross-origin', false],
      ['/mcp.md', 'cross-origin', true],
      ['/llms.txt', 'cross-origin', true],
      ['/openapi.json', 'cross-origin', true],
      ['/.well-known/api-catalog', 'cross-origin', true],
      ['/.well-known/mcp/server-card.json', 'cross-origin', true],
      ['/robots.txt', 'cross-origin', true],
      ['/sitemap.xml', 'cross-origin', true],
      ['/favicon.svg', 'same-origin', false],
      ['/apple-touch-icon.png', 'same-origin', false],
      ['/manifest.webmanifest', 'same-origin', false],
    ];
    for (const [filePath, corp, cors] of files) {
      const response = await get(filePath);
      expect(response.status, filePath).toBe(200);
      expectSecurity(response, filePath, RESOURCE_CSP, corp);
      expectCache(response, filePath, FILE_CACHE, CDN_UNTIL_DEPLOY);
      expect(response.headers.get('access-control-allow-origin'), `${filePath}: CORS`).toBe(cors ? '*' : null);
    }
  });

  test("Astro's fingerprinted assets: immutable for a year", async () => {
    const html = await (await get('/contact')).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expectSecurity(response, asset, RESOURCE_CSP, 'same-origin');
      expectCache(
        response,
        asset,
        CACHE_HEADERS.asset['Cache-Control']!,
        CACHE_HEADERS.asset['Netlify-CDN-Cache-Control']!,
      );
    }
  });

  test('404s, HTML and Markdown: security headers, never stored', async () => {
    const html = await get('/no-such-page');
    expect(html.status).toBe(404);
    expectSecurity(html, 'HTML 404', PAGE_CSP, 'same-origin');
    expectCache(html, 'HTML 404', 'no-store', 'no-store');
    const markdown = await get('/no-such-page', { headers: { Accept: 'text/markdown' } });
    expect(markdown.status).toBe(404);
    expectSecurity(markdown, 'Markdown 404', RESOURCE_CSP, 'same-origin');
    expectCache(markdown, 'Markdown 404', 'no-store', 'no-store');
  });

  test('the API: every answer, errors included, with the security headers and no-store', async () => {
    const answers: [string, Response][] = [
      ['GET /api/health', await get('/api/health')],
      [
        'POST /api/mcp',
        await get('/api/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        }),
      ],
      ['POST /api/mcp (415)', await get('/api/mcp', { method: 'POST', body: 'x' })],
      ['GET /api/mcp (405)', await get('/api/mcp')],
      ['GET /api/nothing (404)', await get('/api/nothing')],
      ['OPTIONS /api/mcp', await get('/api/mcp', { method: 'OPTIONS' })],
    ];
    for (const [what, response] of answers) {
      expectSecurity(response, what, RESOURCE_CSP, 'cross-origin');
      expect(response.headers.get('cache-control'), `${what}: Cache-Control`).toBe('no-store');
      expect(response.headers.get('access-control-allow-origin'), `${what}: CORS`).toBe('*');
    }
  });

  test("the contact form's HTML answer carries the page policy", async () => {
    const response = await get('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ name: '', email: 'not-an-address', message: 'short' }).toString(),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurity(response, 'contact form answer', PAGE_CSP, 'cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

/** The Observatory's scanner, loaded from its package; it needs the HSTS preload list file its install script would have downloaded. */
async function observatory() {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));
  // Its postinstall downloads Chromium's HSTS preload list into conf/ (and so fails offline;
  // package.json's allowScripts denies it). An empty list means "this host is not preloaded",
  // which is true of a local server; only the preload bonus of the HSTS test reads it.
  const preload = path.join(root, 'conf/hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}\n');
  const load = (file: string) => import(path.join(root, 'src', file));
  const [{ scan }, { retrieve }, hsts, grader] = await Promise.all([
    load('scanner/index.js'),
    load('retriever/retriever.js'),
    load('analyzer/tests/strict-transport-security.js'),
    load('grader/grader.js'),
  ]);
  return { scan, retrieve, hstsTest: hsts.strictTransportSecurityTest, grader };
}

describe('the MDN HTTP Observatory', () => {
  test('passes every test but the two that need HTTPS, and grades A+ with HTTPS', { timeout: 120_000 }, async () => {
    const { scan, retrieve, hstsTest, grader } = await observatory();
    const host = new URL(baseUrl()).host;
    const result = await scan(host);
    const failed = Object.entries(result.tests as Record<string, { pass: boolean; result: string }>)
      .filter(([, test]) => !test.pass)
      .map(([name, test]) => `${name}: ${test.result}`);
    // Locally there is no HTTPS: no redirect to it, and HSTS only counts over HTTPS.
    expect(failed.sort()).toEqual([
      'redirection: redirection-missing',
      'strict-transport-security: hsts-not-implemented-no-https',
    ]);
    expect(result.scan.testsPassed).toBe(8);
    console.log(`Observatory, local (no HTTPS): score ${result.scan.score}, grade ${result.scan.grade}`);

    // As deployed: the same headers over HTTPS, and Netlify's http-to-https redirect (the
    // redirection test's pass, which changes the score by 0). The HSTS test is run on the
    // served headers as if they came over a verified HTTPS connection.
    const requests = await retrieve(host);
    const https = { ...requests.responses.auto, verified: true };
    const hsts = hstsTest({ ...requests, responses: { ...requests.responses, https } });
    expect(hsts.pass, `HSTS over HTTPS: ${hsts.result}`).toBe(true);
    const others = Object.entries(result.tests as Record<string, { scoreModifier: number }>).filter(
      ([name]) => name !== 'redirection' && name !== 'strict-transport-security',
    );
    const score =
      100 + others.reduce((sum, [, test]) => sum + test.scoreModifier, 0) + grader.getScoreModifier(hsts.result);
    const grade = grader.getGradeForScore(score).grade;
    console.log(`Observatory, as deployed over HTTPS: score ${score}, grade ${grade}`);
    expect(grade).toBe('A+');
  });
});

test('the built pages hold no inline script, style element or style attribute', () => {
  // The page policy has no 'unsafe-inline': anything inline would be blocked. Data blocks
  // (application/json, application/ld+json) are not scripts and are allowed.
  const dist = path.resolve(import.meta.dirname, '../../dist');
  const pages = (readdirSync(dist, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(10);
  for (const page of pages) {
    const html = readFileSync(path.join(dist, page), 'utf8');
    for (const tag of html.matchAll(/<script\b([^>]*)>/gi)) {
      const attributes = tag[1]!;
      const data = /\btype="application\/(?:ld\+)?json"/i.test(attributes);
      expect(data || /\bsrc=/i.test(attributes), `${page}: inline script <script${attributes}>`).toBe(true);
    }
    expect(html, `${page}: <style> element`).not.toMatch(/<style\b/i);
    expect(html, `${page}: style attribute`).not.toMatch(/<[^>]+\sstyle=/i);
    expect(html, `${page}: inline event handler`).not.toMatch(/<[^>]+\son[a-z]+=/i);
    // Everything a page loads comes from the site (or is a data: URL): the policy allows no other
    // origin for scripts, styles, pictures, fonts or frames.
    for (const url of loadedUrls(html))
      expect(url.startsWith('data:') || !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url), `${page}: loads ${url}`).toBe(true);
  }
});

/** The URLs a page's markup makes the browser load: scripts, pictures, media, frames and the links that fetch (stylesheets, icons, preloads, the manifest). */
function loadedUrls(html: string): string[] {
  const loading = new Set(['script', 'img', 'source', 'video', 'audio', 'track', 'iframe', 'embed', 'object', 'input']);
  const fetching = /\b(?:stylesheet|icon|apple-touch-icon|preload|modulepreload|manifest|prefetch)\b/i;
  const urls = htmlTags(html).flatMap(({ name, attributes }) => {
    if (name === 'link') return fetching.test(attributes.get('rel') ?? '') ? [attributes.get('href') ?? ''] : [];
    if (!loading.has(name)) return [];
    const sets = ['srcset', 'imagesrcset'].flatMap((key) =>
      (attributes.get(key) ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!),
    );
    return [...['src', 'poster', 'data'].map((key) => attributes.get(key) ?? ''), ...sets];
  });
  return urls.filter(Boolean);
}
