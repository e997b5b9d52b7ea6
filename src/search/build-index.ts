/**
 * Builds the search index at build time: every published service, case study, insight and page,
 * tokenized and scored with the settings of options.ts. What a query needs is computed here, once:
 * each (term, document) pair carries its BM25+ score already summed over the fields with their
 * boosts, so a query only adds numbers (src/search/query.ts). The result is stored in a compact
 * binary form (index-format.ts) that the API function loads without parsing per posting.
 */
import type { AnyEntry, SiteModel } from '../site/model.ts';
import { bm25, processTerm, SEARCH_BOOSTS, SEARCH_FIELDS, tokenize, type SearchDocument } from './options.ts';
import { markdownToPlainText } from './plain-text.ts';

/** The index: documents, the sorted term dictionary, and each term's postings. */
export interface SearchIndex {
  /** Document ids (page paths), by document number. */
  documents: string[];
  /** Every indexed term, sorted by UTF-16 code units. */
  terms: string[];
  /** Term `i`'s postings are positions `offsets[i]` to `offsets[i + 1] - 1` of `docs` and `scores`. */
  offsets: Uint32Array;
  /** Document numbers, ascending within each term. */
  docs: Uint32Array;
  /** The term's score in that document: BM25+ summed over the fields, each times its boost. */
  scores: Float32Array;
}

function facetsOf(entry: AnyEntry): string {
  switch (entry.kind) {
    case 'case-study':
      return [entry.data.client, entry.data.industry, ...entry.data.services].join(' · ');
    case 'insight':
      return [...entry.data.tags, entry.data.author].join(' · ');
    default:
      return '';
  }
}

/** The documents of the index: every published service, case study, insight and page. */
export function searchDocuments(model: SiteModel): SearchDocument[] {
  const entries: AnyEntry[] = [...model.services, ...model.caseStudies, ...model.insights, ...model.pages];
  return entries.map((entry) => ({
    id: entry.path,
    kind: entry.kind,
    title: entry.data.title,
    summary: 'summary' in entry.data ? entry.data.summary : entry.data.description,
    facets: facetsOf(entry),
    text: markdownToPlainText(entry.bodyMarkdown),
    ...('date' in entry.data ? { date: entry.data.date } : {}),
  }));
}

/** One field's postings of one term while indexing: documents in ascending order and term counts. */
interface FieldPostings {
  docs: number[];
  counts: number[];
}

export function buildSearchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const total = documents.length;
  const byField = SEARCH_FIELDS.map(() => new Map<string, FieldPostings>());
  const lengths = SEARCH_FIELDS.map(() => new Float64Array(total));
  const averages = SEARCH_FIELDS.map(() => 0);

  documents.forEach((document, doc) => {
    SEARCH_FIELDS.forEach((field, fieldIndex) => {
      const tokens = tokenize(document[field]);
      // A field's length is its number of distinct raw tokens, and the average is kept as a
      // running mean, exactly as MiniSearch does, so scores match its own to the last digits.
      const length = new Set(tokens).size;
      lengths[fieldIndex]![doc] = length;
      averages[fieldIndex] = (averages[fieldIndex]! * doc + length) / (doc + 1);
      const counts = new Map<string, number>();
      for (const token of tokens) {
        const term = processTerm(token);
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      const postings = byField[fieldIndex]!;
      for (const [term, count] of counts) {
        let entry = postings.get(term);
        if (!entry) postings.set(term, (entry = { docs: [], counts: [] }));
        entry.docs.push(doc);
        entry.counts.push(count);
      }
    });
  });

  const terms = [...new Set(byField.flatMap((postings) => [...postings.keys()]))].sort();
  const offsets = new Uint32Array(terms.length + 1);
  let postingCount = 0;
  terms.forEach((term, i) => {
    const touched = new Set<number>();
    for (const postings of byField) for (const doc of postings.get(term)?.docs ?? []) touched.add(doc);
    postingCount += touched.size;
    offsets[i + 1] = postingCount;
  });

  const docs = new Uint32Array(postingCount);
  const scores = new Float32Array(postingCount);
  const scratch = new Float64Array(total);
  terms.forEach((term, i) => {
    const seen: number[] = [];
    SEARCH_FIELDS.forEach((field, fieldIndex) => {
      const entry = byField[fieldIndex]!.get(term);
      if (!entry) return;
      const matching = entry.docs.length;
      const boost = SEARCH_BOOSTS[field];
      entry.docs.forEach((doc, j) => {
        if (scratch[doc] === 0) seen.push(doc);
        scratch[doc]! += boost * bm25(entry.counts[j]!, matching, total, lengths[fieldIndex]![doc]!, averages[fieldIndex]!);
      });
    });
    seen.sort((a, b) => a - b);
    let at = offsets[i]!;
    for (const doc of seen) {
      docs[at] = doc;
      scores[at] = scratch[doc]!;
      scratch[doc] = 0;
      at += 1;
    }
  });

  return { documents: documents.map((document) => document.id), terms, offsets, docs, scores };
}
