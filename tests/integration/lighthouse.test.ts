/**
 * Lighthouse 13.5 (the devDependency, run with the project's Node) on every kind of page of the
 * served site, with Debian's Chromium and WebMCP testing on, desktop preset: accessibility, best
 * practices, SEO and Agentic Browsing must each score 100 (on the search page's results, which say
 * `noindex` on purpose, SEO's every audit but is-crawlable). Performance is not audited here: it
 * swings on a small machine beside the other test files, and recording its trace was most of an
 * audit's time; `npm run bench:pages` measures it (docs/performance.md).
 *
 * The pages are audited at the site's own address, https://www.northbeam.example: Chromium maps
 * that host (and the agent host) to a TLS proxy in front of `npm start`, with a throwaway
 * self-signed certificate made by openssl for the run. At localhost the canonical links, the
 * hreflang links and the discovery files' absolute URLs would name another host than the page,
 * and Lighthouse would audit a site that is not the one deployed.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  auditPages,
  CHROMIUM,
  erroredAudits,
  GATED_CATEGORIES,
  type LighthouseReport,
  scoreOf,
  shortfalls,
  startTlsFront,
  type TlsFront,
} from '../../scripts/bench/lighthouse.ts';
import { AGENT_ORIGIN, baseUrl, PUBLIC_ORIGIN } from './http.ts';

/** Every kind of page, and a page in each other language. */
const PAGES = {
  home: '/',
  service: '/services/cloud-migration',
  'case study': '/case-studies/kestrel-bank-core-ledger',
  insight: '/insights/golden-paths-not-golden-cages',
  listing: '/case-studies',
  'team page': '/team',
  'person (Portuguese)': '/pt/team/joao-carvalho',
  contact: '/contact',
  // The accessibility statement says it is checked here; the legal notice has the legal details' card.
  'accessibility statement': '/accessibility',
  'legal notice (Dutch)': '/nl/legal-notice',
  'Dutch page': '/nl/services/cloud-migration',
  'Portuguese page': '/pt/insights',
  'search results (the API function)': '/search?q=cloud+migration',
} as const;
/** The pages that say `noindex` (the search page's results). */
const NOINDEX = new Set<string>([PAGES['search results (the API function)']]);

const root = inject('projectRoot');
const hosts = [PUBLIC_ORIGIN, AGENT_ORIGIN].map((origin) => new URL(origin).hostname);
let front: TlsFront | undefined;
/** Each page's report, as its Chromium finishes it. */
const reports = new Map<string, Promise<LighthouseReport>>();

/**
 * Two Chromiums, each auditing half the pages one after another (auditPages): a page's audit
 * mostly waits for its page to load, so a second one beside it uses that time; the gated
 * categories do not depend on speed.
 */
const AT_ONCE = 2;

beforeAll(async () => {
  front = await startTlsFront(baseUrl(), hosts);
  const paths = Object.values(PAGES);
  for (let share = 0; share < AT_ONCE; share++) {
    const mine = paths.filter((_, index) => index % AT_ONCE === share);
    const audited = auditPages(
      { hosts, front, formFactor: 'desktop', categories: [...GATED_CATEGORIES], root, chromium: CHROMIUM },
      mine.map((pagePath) => `${PUBLIC_ORIGIN}${pagePath}`),
    );
    mine.forEach((pagePath, index) => reports.set(pagePath, audited[index]!));
  }
});
afterAll(() => front?.close());

describe('Lighthouse 13.5 with WebMCP testing, desktop', () => {
  test.concurrent.each(Object.entries(PAGES))(
    '%s (%s): 100 in accessibility, best practices, SEO and Agentic Browsing',
    { timeout: 240_000 },
    async (kind, pagePath) => {
      const report = await reports.get(pagePath)!;
      // An audit that could not run is Lighthouse's failure, not the page's: auditPages audits the
      // page once more, and that second report must have none.
      expect(erroredAudits(report, GATED_CATEGORIES), `${pagePath}: audits that could not run`).toEqual([]);
      expect(report.lighthouseVersion).toBe('13.5.0');
      const scores = Object.fromEntries(Object.keys(report.categories).map((id) => [id, scoreOf(report, id)]));
      console.log(`Lighthouse ${kind} ${pagePath}: ${JSON.stringify(scores)}`);
      // A results page is `noindex` on purpose (search engines should not index it): SEO's one
      // shortfall there must be that audit, is-crawlable, and every other SEO audit passes.
      const noindex = NOINDEX.has(pagePath);
      for (const category of GATED_CATEGORIES)
        expect(
          shortfalls(report, category).map((line) => (noindex && category === 'seo' ? line.split(' ')[0] : line)),
          `${category} on ${pagePath}`,
        ).toEqual(noindex && category === 'seo' ? ['is-crawlable'] : []);
      for (const category of GATED_CATEGORIES)
        if (!(noindex && category === 'seo')) expect(scores[category], `${category} on ${pagePath}`).toBe(100);
      // The WebMCP audits ran (WebMCPTesting), and the ARD manifest was found and had nothing to say.
      expect(report.audits['webmcp-schema-validity']!.score).toBe(1);
      expect(report.audits['ard-schema']!.score).toBe(1);
      expect(report.audits['ard-schema']!.details).toBeUndefined();
    },
  );
});
