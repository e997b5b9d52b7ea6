/**
 * No dead link on the served site: the crawl of tests/support/site-crawl.ts from the home page of
 * every language and the 404 page follows every link of every page, Markdown file, llms.txt and
 * sitemap it reaches, and the `Link` headers and redirects the server sends, and finds no link to
 * a missing page (and no `<a>` into another language without `hreflang`). It reaches every page of
 * the sitemap. The languages and the site's origins are the server card's, so this runs against
 * any content; tests/build/partial-language.test.ts crawls a build with a partly translated one.
 */
import { describe, expect, test } from 'vitest';
import { API_FUNCTION, crawlServer, describeProblems } from '../support/site-crawl.ts';
import { baseUrl, fetchFrom, get, randomLoopbackAddress, sitemapPaths } from './http.ts';

interface Card {
  websiteUrl: string;
  remotes: { url: string }[];
  languages?: string[];
}

describe('links', () => {
  test('from every home page and the 404 page, every link leads to a page that exists', async () => {
    const card = (await (await get('/.well-known/mcp/server-card.json')).json()) as Card;
    const others = (card.languages ?? []).slice(1);
    const start = ['/', ...others.map((code) => `/${code}`), '/404'];
    const origins = [card.websiteUrl, ...card.remotes.map((remote) => remote.url)].map((url) => new URL(url).origin);
    const report = await crawlServer(baseUrl(), start, {
      origins,
      isFunctionPath: API_FUNCTION.isFunctionPath,
      // Its own loopback address: the crawl's requests to the API spend no other test's rate-limit budget.
      fetch: fetchFrom(randomLoopbackAddress()),
    });
    expect(describeProblems(report)).toBe('');
    const unreached = (await sitemapPaths()).filter((path) => report.visited.get(path) !== 200);
    expect(unreached, 'sitemap pages the crawl did not reach').toEqual([]);
    for (const path of start) expect(report.visited.get(path), path).toBe(200);
    for (const code of others) expect(report.visited.get(`/${code}/llms.txt`), `/${code}/llms.txt`).toBe(200);
  }, 300_000);
});
