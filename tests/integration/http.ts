/** Small helpers for the integration tests: fetch against the served site, and header checks. */
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** The sample company's public origin, which absolute URLs in the artefacts start with. */
export const PUBLIC_ORIGIN = 'https://www.northbeam.example';
export const AGENT_ORIGIN = 'https://agents.northbeam.example';

/** Maps an absolute URL on the public or agent host to the local server. */
export function local(url: string): string {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  return `${baseUrl()}${parsed.pathname}${parsed.search}`;
}

export function get(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
  return fetch(local(pathOrUrl), { redirect: 'manual', ...init });
}

/** Words that appear only in the sample drafts. */
export const DRAFT_WORDS = /ZEBRAFISH|OKAPI-SERVICE|NARWHAL-CASE|AXOLOTL-INSIGHT|PANGOLIN-PAGE|draft-quantum|draft-unannounced|draft-unpublished|draft-careers/i;

/** Every response must carry the three Link relations and exactly one `Vary: Accept`. */
export function expectCommonHeaders(response: Response, what: string) {
  const link = response.headers.get('link') ?? '';
  for (const rel of ['describedby', 'api-catalog', 'privacy-policy']) {
    expect(link, `${what}: Link rel=${rel}`).toMatch(new RegExp(`rel="${rel}"`));
  }
  const vary = (response.headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase());
  expect(vary.filter((value) => value === 'accept'), `${what}: Vary: Accept exactly once (got "${response.headers.get('vary')}")`).toHaveLength(1);
}

/** The page URLs of the sitemap, as paths. */
export async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

export function markdownPathOf(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}
