/**
 * The search page for people under `npm start` (netlify-cli), as a visitor without JavaScript
 * uses it: the header's form on every language's home page, its results from the API function,
 * the bounds and escaping, the contract's headers, the Markdown version, and the vain search in
 * `npm run agents -- report --json`.
 */
import { describe, expect, inject, test } from 'vitest';
import { normaliseQuery } from '../../src/traffic/normalise.ts';
import type { TrafficReport } from '../../src/traffic/report.ts';
import { CLI_TEST_TIMEOUT_MS, runAgents } from '../support/run-leads.ts';
import { baseUrl, expectCommonHeaders, fetchFrom, randomLoopbackAddress, runId, sleep } from './http.ts';

const projectRoot = inject('projectRoot');
// Its own client address, so these requests spend none of the rate-limit budget other files share.
const fetchHere = fetchFrom(randomLoopbackAddress());
const search = (path: string, query?: string, init: RequestInit = {}) =>
  fetchHere(`${baseUrl()}${path}${query === undefined ? '' : `?q=${encodeURIComponent(query)}`}`, init);
const links = (html: string) => [...html.matchAll(/<h2><a href="([^"]+)"/g)].map((match) => match[1]);

describe('the search page under npm start', () => {
  test('every language’s home page has the search form, which sends GET ?q= to its search page, in under 1 KB of HTML', async () => {
    for (const [home, action] of [
      ['/', '/search'],
      ['/nl', '/nl/search'],
      ['/pt', '/pt/search'],
    ] as const) {
      const html = await (await fetchHere(`${baseUrl()}${home}`)).text();
      expect(html, home).toContain(`<form class="site-search" role="search" method="get" action="${action}">`);
      expect(html, home).toMatch(/<input id="site-search" name="q" type="search"/);
      // What the search box adds to every page's HTML (its styles are in the shared stylesheet).
      const form = /<form class="site-search"[\s\S]*?<\/form>/.exec(html)![0];
      expect(Buffer.byteLength(form), home).toBeLessThanOrEqual(1024);
    }
  });

  test('finds the right service in the top 3 for an everyday English and an everyday Dutch question', async () => {
    const english = await search('/search', 'can you help us move to the cloud');
    expect(english.status).toBe(200);
    expect(links(await english.text()).slice(0, 3)).toContain('/services/cloud-migration');
    const dutch = await search('/nl/search', 'kunnen jullie ons helpen met een datawarehouse');
    expect(dutch.status).toBe(200);
    expect(links(await dutch.text()).slice(0, 3)).toContain('/nl/services/data-engineering');
  });

  test('answers an empty, an unknown, a hostile and a 6,000-character query without a server error or markup from the query', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    for (const [query, expected] of [
      ['', 200],
      ['xylofoonreparatiewerkplaats', 200],
      [hostile, 200],
      ['<i>'.repeat(2000), 400],
    ] as const) {
      const response = await search('/search', query);
      expect(response.status, query.slice(0, 30)).toBe(expected);
      const html = await response.text();
      expect(html).toMatch(/<form class="search-form" role="search"/);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<i>');
    }
  });

  test('carries the contract’s headers and noindex, and comes as Markdown for Accept: text/markdown', async () => {
    const response = await search('/search', 'kubernetes');
    expectCommonHeaders(response, '/search');
    expect(response.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex">/);
    const markdown = await search('/search', 'kubernetes', { headers: { Accept: 'text/markdown' } });
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expectCommonHeaders(markdown, '/search as Markdown');
    expect(await markdown.text()).toMatch(/^# Search\n[\s\S]*\n1\. \[/);
  });

  test(
    'a person’s vain search shows in the report, apart from the agents’ searches',
    async () => {
      const query = `vain search ${runId()}`;
      const kept = normaliseQuery(query);
      const response = await search('/search', query, {
        headers: {
          'User-Agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36',
        },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      let report: TrafficReport | undefined;
      for (let attempt = 0; attempt < 20; attempt++) {
        const run = await runAgents(['report', '--json', '--since', '7d', '--dir', projectRoot], {}, projectRoot);
        expect(run.code, run.stderr).toBe(0);
        report = JSON.parse(run.stdout) as TrafficReport;
        if (report.pageGaps.some((row) => row.query === kept)) break;
        await sleep(500);
      }
      expect(report!.pageGaps).toContainEqual({ query: kept, language: 'en', searches: 1, results: 0 });
      expect(report!.gaps.map((row) => row.query)).not.toContain(kept);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
