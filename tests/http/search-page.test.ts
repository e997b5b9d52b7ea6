/**
 * The search page for people (src/http/search-page.ts) through the API router, in process, over
 * the sample site's artefacts: the same engine as search_site, each language's page, the bounds,
 * escaping, Markdown, the contract's headers and what the traffic record is told.
 */
import { describe, expect, test } from 'vitest';
import { createApiHandler } from '../../src/http/api.ts';
import { fallbackShell } from '../../src/http/contact-html.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';
import { PAGE_CSP } from '../../src/http/security-headers.ts';
import { MAX_QUERY_WORDS } from '../../src/http/search-page.ts';
import { MAX_QUERY_LENGTH } from '../../src/mcp/tools/limits.ts';
import { searchResources } from '../../src/build/search-file.ts';
import { languageOfPath } from '../../src/site/languages.ts';
import type { ApiFacts } from '../../src/traffic/notes.ts';
import { sampleAgent, sampleModel, searchWith } from '../support/sample-site.ts';
import { send } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const BASE = agent.head.site.baseUrl;
const model = sampleModel();
// Each language's frame a plain page in that language, as the contact resources' in tests.
const resources = searchResources(model, (page) => {
  const shell = fallbackShell(languageOfPath(model.languages, page));
  return `${shell.head}${shell.tail}`;
});

function setup() {
  const facts: ApiFacts[] = [];
  const api = createApiHandler({
    ...agent,
    search: () => Promise.resolve(resources),
    searchPage: () => import('../../src/lazy/search-page.ts'),
    traffic: (told) => facts.push(told),
  });
  return { api, facts };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`${BASE}${path}`, { headers });
const q = (query: string) => `?q=${encodeURIComponent(query)}`;
/** The result links of a results page, in order. */
const links = (html: string) => [...html.matchAll(/<h2><a href="([^"]+)"/g)].map((match) => match[1]);
const status = (html: string) => /role="status">([^<]*)</.exec(html)?.[1];

describe('the search page', () => {
  test('finds the right service for everyday questions in English and Dutch, like search_site', async () => {
    const { api } = setup();
    const english = await send(api, get(`/search${q('how do you move our applications to the cloud')}`));
    expect(english.status).toBe(200);
    expect(links(english.text).slice(0, 3)).toContain('/services/cloud-migration');
    const dutch = await send(api, get(`/nl/search${q('hoe verhuizen jullie onze applicaties naar de cloud')}`));
    expect(dutch.status).toBe(200);
    expect(dutch.headers.get('content-language')).toBe('nl');
    expect(links(dutch.text).slice(0, 3)).toContain('/nl/services/cloud-migration');
    // The same engine and index: the same pages in the same order as search_site's.
    const tool = await searchWith(agent, 'kubernetes platform', 20);
    const page = await send(api, get(`/search${q('kubernetes platform')}`));
    expect(links(page.text)).toEqual(tool.results.map((result) => result.url.slice(BASE.length)));
    expect(status(page.text)).toBe(`${tool.total} results for “kubernetes platform”`);
  });

  test('marks the matched words in the snippets, and names each result’s kind', async () => {
    const { api } = setup();
    const { text } = await send(api, get(`/search${q('kubernetes')}`));
    expect(text).toMatch(/<mark>Kubernetes<\/mark>/);
    expect(text).toMatch(/<p class="search-kind">(Insight|Person|Service|Case study)/);
  });

  test('carries the contract’s headers, the page policy and noindex', async () => {
    const { api } = setup();
    const answer = await send(api, get(`/search${q('data')}`));
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('link')).toBe(LINK_HEADER);
    expect(answer.headers.get('vary')).toBe('Accept');
    expect(answer.headers.get('ratelimit-limit')).toBe('120');
    expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(answer.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toMatch(/<meta name="robots" content="noindex">/);
    const head = await send(api, new Request(`${BASE}/search${q('data')}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  test('answers Markdown for Accept: text/markdown, with absolute links', async () => {
    const { api } = setup();
    const answer = await send(api, get(`/search${q('kubernetes')}`, { accept: 'text/markdown' }));
    expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(answer.text).toMatch(/^# Search\n/);
    expect(answer.text).toMatch(new RegExp(`^1\\. \\[[^\\]]+\\]\\(${BASE}/`, 'm'));
    expect(answer.text).not.toMatch(/<mark>|<li>/);
  });

  test('without a query shows the form and example searches, and counts no search', async () => {
    const { api, facts } = setup();
    const answer = await send(api, get('/search'));
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<form class="search-form" role="search" method="get" action="\/search">/);
    expect(answer.text).toMatch(/<ul class="search-suggestions"><li><a href="\/search\?q=[^"]+">/);
    expect(facts.at(-1)).toMatchObject({ p: '/search', s: 200 });
    expect(facts.at(-1)!.q).toBeUndefined();
  });

  test('with no result says so and offers the contact page; the record is told the vain search', async () => {
    const { api, facts } = setup();
    const answer = await send(api, get(`/nl/search${q('xylofoonreparatie')}`));
    expect(answer.status).toBe(200);
    expect(status(answer.text)).toBe('Niets op deze site past bij “xylofoonreparatie”.');
    expect(answer.text).toMatch(/<a href="\/nl\/contact">Contact<\/a>/);
    expect(facts.at(-1)).toMatchObject({ p: '/nl/search', s: 200, q: { q: 'xylofoonreparatie', r: 0, l: 'nl' } });
  });

  test('offers the same search in the language the query is written in, where it finds more', async () => {
    const { api } = setup();
    const answer = await send(api, get(`/nl/search${q('how do we move our systems to the cloud')}`));
    expect(answer.text).toMatch(
      /<p class="search-other"><a href="\/search\?q=how%20do%20we%20move%20our%20systems%20to%20the%20cloud" hreflang="en">English: \d+ resultaten<\/a>/,
    );
  });

  test('shows a hostile query escaped, never as markup', async () => {
    const { api } = setup();
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const answer = await send(api, get(`/search${q(hostile)}`));
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script>alert');
    expect(answer.text).not.toContain('<img src=x');
    expect(answer.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('refuses a query over the bounds with 400, the form, the query cut and what to do', async () => {
    const { api, facts } = setup();
    const long = await send(api, get(`/search${q('<b>'.repeat(2000))}`));
    expect(long.status).toBe(400);
    expect(status(long.text)).toBe(
      `Your search is too long: use at most ${MAX_QUERY_WORDS} words and ${MAX_QUERY_LENGTH} characters.`,
    );
    const value = /id="search-query" name="q" type="search" value="([^"]*)"/.exec(long.text)![1]!;
    expect(value.replaceAll('&lt;', '<').replaceAll('&gt;', '>')).toHaveLength(MAX_QUERY_LENGTH);
    expect(long.text).not.toContain('<b>');
    expect(facts.at(-1)!.q).toBeUndefined();
    const wordy = await send(api, get(`/search${q('a '.repeat(MAX_QUERY_WORDS + 1))}`));
    expect(wordy.status).toBe(400);
  });

  test('a path that is no language’s search page is not found, with the form', async () => {
    const { api } = setup();
    const answer = await send(api, get(`/xx/search${q('data')}`));
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/<form class="search-form"/);
  });

  test('answers GET and HEAD only', async () => {
    const { api } = setup();
    const answer = await send(api, new Request(`${BASE}/search`, { method: 'POST', body: 'q=x' }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
  });

  test('without the build’s search file answers 503 with what to use instead', async () => {
    const api = createApiHandler({ ...agent });
    const answer = await send(api, get(`/search${q('data')}`));
    expect(answer.status).toBe(503);
    expect(answer.json.error.hint).toMatch(/search_site/);
  });
});

test('/api/search is an API path like any other: a JSON 404', async () => {
  const { api } = setup();
  const answer = await send(api, get('/api/search?q=data'));
  expect(answer.status).toBe(404);
  expect(answer.json.error.code).toBe('not_found');
});
