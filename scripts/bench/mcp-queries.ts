/**
 * Search queries and page paths for `npm run bench:mcp`.
 *
 * The core keeps finished search answers in two LRU caches of 256 entries each (the tool's memo
 * in src/mcp/tools/search-site.ts and the answer cache in src/search/query.ts), and the
 * reference and the floor call the same tool objects, so they have the same caches. A rotation
 * of only 20 queries would therefore be all cache hits after the first lap. Going round a
 * cycle of more distinct queries than the caches hold makes every lookup miss (an LRU cache
 * misses every time on a cyclic pattern longer than itself), so the "uncached" figure measures a
 * real MiniSearch query (prefix + fuzzy), snippets and serialization on every request.
 *
 * The queries are what an agent would type for this site: hand-written questions, the titles of
 * real pages, and combinations of the site's own industries, insight tags and service names with
 * the words people search with. The site model supplies the titles, industries and tags, so the
 * set follows the content. The search tests use the same set to check the ranking against
 * MiniSearch's own (tests/search/query.test.ts).
 */
import type { SiteModel } from '../../src/model/model.ts';

/** More than the 256 entries of each search cache in the core. */
export const UNCACHED_QUERY_COUNT = 320;

const HAND_WRITTEN = [
  'kubernetes cost',
  'mainframe migration',
  'data platform retail',
  'cloud migration',
  'platform engineering',
  'legacy modernisation',
  'llm integration',
  'prompt injection',
  'dora metrics',
  'strangler fig',
  'zero downtime database migration',
  'data contracts',
  'sbom supply chain security',
  'secrets in ci pipelines',
  'developer platform golden paths',
  'team coaching',
  'onboarding new engineers',
  'retrieval augmented generation',
  'evaluate llm features',
  'cobol copybooks',
  'smart meter data pipeline',
  'claims triage insurance',
  'hospital discharge summaries',
  'solar scada monitoring',
  'port terminal planning',
  'core banking ledger',
  'permit system replacement',
  'freight route data quality',
  'release frequency deployment',
  'batch reports to hourly data',
  'data centre exit',
  'who are you',
  'rotterdam lisbon offices',
  'how do you work with clients',
  'pricing engagement model',
  'privacy statement',
  'contact the team',
  'kubernets',
  'mainfram',
  'modernization',
];

const SEARCH_WORDS = [
  'consulting',
  'case study',
  'experience',
  'how to',
  'migration',
  'best practices',
  'cost',
  'team',
  'platform',
  'security',
];

/** At least `count` distinct realistic queries (distinct after the core's normalisation), in a fixed order. */
export function realisticQueries(model: SiteModel, count = UNCACHED_QUERY_COUNT): string[] {
  const services = model.services.map((service) => service.data.title.toLowerCase());
  const industries = model.industries.map((facet) => facet.name.toLowerCase());
  const tags = model.tags.map((facet) => facet.name.replace(/-/g, ' '));
  const candidates = [
    ...HAND_WRITTEN,
    ...model.sitePages.filter((page) => page.kind !== 'listing').map((page) => page.title.toLowerCase()),
    ...industries.flatMap((industry) => services.map((service) => `${service} ${industry}`)),
    ...tags.flatMap((tag) => industries.map((industry) => `${tag} ${industry}`)),
    ...services.flatMap((service) => SEARCH_WORDS.map((word) => `${service} ${word}`)),
    ...industries.flatMap((industry) => SEARCH_WORDS.map((word) => `${industry} ${word}`)),
    ...tags.flatMap((tag) => SEARCH_WORDS.map((word) => `${tag} ${word}`)),
  ];
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const query of candidates) {
    const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
    if (key.length === 0 || key.length > 200 || seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
  }
  if (queries.length < count)
    throw new Error(`only ${queries.length} distinct queries; the uncached search figure needs ${count}`);
  return queries.slice(0, count);
}

/** The path of every published page, in site order (get_page_markdown rotates over them). */
export function pagePaths(model: SiteModel): string[] {
  return model.sitePages.map((page) => page.path);
}
