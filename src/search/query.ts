/**
 * The query side of site search: loads the index the build serialized into the catalog (once,
 * when the MCP core starts) and answers queries with kind, title, absolute URL, a snippet of
 * the page text around the first matched term, and a score. Ranking, prefix and fuzzy rules
 * are the index's own (`options.ts`).
 *
 * A query with prefix and fuzzy matching costs 0.1-0.4 ms on this index, so answers are kept in
 * a small LRU cache keyed by the normalised query: the index never changes while the function
 * lives, so a cached answer is always the answer. Callers must treat answers as read-only.
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import type { Catalog } from '../mcp/catalog.ts';
import { INDEX_OPTIONS, type SearchDocument } from './options.ts';
import { markdownToPlainText } from './plain-text.ts';

export interface SiteSearchResult {
  kind: SearchDocument['kind'];
  title: string;
  /** Absolute URL of the page on the base host. */
  url: string;
  /** About 200 characters of the page text around the first matched term. */
  snippet: string;
  /** BM25+ relevance with the field boosts applied, rounded to 2 decimals; higher is better. */
  score: number;
  /** Publication date (case studies and insights). */
  date?: string;
}

export interface SiteSearchAnswer {
  /** How many documents matched in all. */
  total: number;
  /** The best `limit` of them, best first. */
  results: SiteSearchResult[];
}

export interface SiteSearch {
  search(query: string, limit: number): SiteSearchAnswer;
}

/** Characters of context before the first match, and the snippet's target length. */
const SNIPPET_LEAD = 60;
const SNIPPET_LENGTH = 200;

interface StoredFields {
  kind: SearchDocument['kind'];
  title: string;
  summary: string;
  date?: string;
}

/** How many distinct (query, limit) answers the cache keeps. */
export const SEARCH_CACHE_SIZE = 256;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Index of the first occurrence of `term` at the start of a word in `lower`, or -1. */
function wordStartIndex(lower: string, term: string): number {
  let from = 0;
  for (;;) {
    const at = lower.indexOf(term, from);
    if (at <= 0) return at;
    if (!WORD_CHAR.test(lower[at - 1]!)) return at;
    from = at + 1;
  }
}

/** Cuts `text` to about SNIPPET_LENGTH characters around `at`, on word boundaries, with ellipses. */
export function snippetAround(text: string, at: number): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  let start = Math.max(0, at - SNIPPET_LEAD);
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  start = Math.max(0, Math.min(start, end - SNIPPET_LENGTH));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, at)) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export function createSiteSearch(catalog: Catalog): SiteSearch {
  const index = MiniSearch.loadJS<SearchDocument>(catalog.searchIndex as AsPlainObject, INDEX_OPTIONS);
  const markdownByPath = new Map(catalog.pages.map((page) => [page.path, page.markdown]));
  // Plain text per document, made on first use (most documents are never a search result).
  const texts = new Map<string, { text: string; lower: string }>();
  const textOf = (id: string) => {
    let entry = texts.get(id);
    if (!entry) {
      const text = markdownToPlainText(markdownByPath.get(id) ?? '');
      entry = { text, lower: text.toLowerCase() };
      texts.set(id, entry);
    }
    return entry;
  };

  const snippetFor = (id: string, terms: string[], summary: string): string => {
    const { text, lower } = textOf(id);
    let first = -1;
    for (const term of terms) {
      const at = wordStartIndex(lower, term);
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    // Matched only in the facets (client, industry, tags): the summary says more than the body.
    if (first === -1) return snippetAround(summary || text, 0);
    return snippetAround(text, first);
  };

  const cache = new Map<string, SiteSearchAnswer>();

  const run = (query: string, limit: number): SiteSearchAnswer => {
    const hits = index.search(query);
    const results = hits.slice(0, limit).map((hit): SiteSearchResult => {
      const stored = hit as unknown as StoredFields & { id: string; score: number; terms: string[] };
      return {
        kind: stored.kind,
        title: stored.title,
        url: `${catalog.site.baseUrl}${stored.id === '/' ? '/' : stored.id}`,
        snippet: snippetFor(stored.id, stored.terms, stored.summary),
        score: Math.round(stored.score * 100) / 100,
        ...(stored.date ? { date: stored.date } : {}),
      };
    });
    return { total: hits.length, results };
  };

  return {
    search(query, limit) {
      // The index lower-cases terms and splits on whitespace, so these variants answer alike.
      const key = `${limit} ${query.trim().toLowerCase().replace(/\s+/g, ' ')}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const answer = run(query, limit);
      cache.set(key, answer);
      if (cache.size > SEARCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return answer;
    },
  };
}
