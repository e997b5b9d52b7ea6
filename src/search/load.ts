/**
 * Opens a stored search index for querying: the postings as typed arrays (decoded by
 * index-format.ts when the artefact is read) and the terms in MiniSearch's radix tree (SearchableMap), which gives the
 * prefix and one-edit lookups. MiniSearch is imported here, on the first search, so a function
 * instance that never searches never loads it.
 */
import type { Postings } from './index-format.ts';
import type { RankerIndex } from './query.ts';

/** The documents and terms of an index (the search-terms artefact). */
export interface SearchDictionary {
  documents: readonly string[];
  terms: readonly string[];
  /** The document numbers of people's pages, if any. */
  people?: readonly number[] | undefined;
}

export async function openSearchIndex(dictionary: SearchDictionary, postings: Postings): Promise<RankerIndex> {
  const { default: SearchableMap } = await import('minisearch/SearchableMap');
  const lookup = new SearchableMap<number>();
  dictionary.terms.forEach((term, index) => lookup.set(term, index));
  return { documents: dictionary.documents, lookup, people: new Set(dictionary.people ?? []), ...postings };
}
