/**
 * Small search indexes for tests: a document with only the fields a test sets, and the ranker
 * over the index the build would make of some documents, read back from its stored form as the
 * function reads it.
 */
import { buildSearchIndex } from '../../src/build/search-index.ts';
import type { Analyzer } from '../../src/search/analyzers.ts';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { openSearchIndex } from '../../src/search/load.ts';
import type { SearchDocument } from '../../src/search/options.ts';
import { createRanker, type Ranker } from '../../src/search/query.ts';

/** A page document: its id and the fields given, every other field empty. */
export function searchDocument(id: string, fields: Partial<Omit<SearchDocument, 'id'>>): SearchDocument {
  return {
    id,
    kind: 'page',
    title: '',
    summary: '',
    slug: '',
    headings: '',
    facets: '',
    facts: '',
    phrases: '',
    text: '',
    ...fields,
  };
}

/** The ranker over `documents` indexed with `indexAnalyzer`, queried with `queryAnalyzer` (the same by default). */
export async function rankerOf(
  documents: readonly SearchDocument[],
  indexAnalyzer: Analyzer,
  queryAnalyzer: Analyzer = indexAnalyzer,
): Promise<Ranker> {
  const index = buildSearchIndex(documents, indexAnalyzer);
  const postings = decodePostings(encodePostings(index), index.terms.length, index.documents.length);
  return createRanker(await openSearchIndex(index, postings), queryAnalyzer);
}
