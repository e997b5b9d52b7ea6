/**
 * The query side of site search, in two steps:
 *
 * 1. `createRanker` ranks documents for a query over the index built by src/build/search-index.ts: each
 *    query term (options.ts `queryTerms`: stop words dropped, stemmed) is looked up exactly, by
 *    prefix, by one edit and by its synonyms (query-words.ts) in a radix tree of the terms
 *    (MiniSearch's SearchableMap, passed in), and by two edits when it is long and matched
 *    nothing; the precomputed scores of the matching terms' postings are added into typed arrays
 *    and each document's sum is multiplied by the square of the number of query words it matched
 *    (a word matched only by a longer word or a typo counting for that match's weight);
 *    the best `limit` documents are kept. The work is a few additions per posting, with no object
 *    per matching document, so a query stays in the milliseconds at 10,000 pages.
 * 2. `createSiteSearch` turns the best documents into results (kind, title, URL, date, a snippet
 *    from the sentence with most of the matched words: snippets.ts) from their page records,
 *    which it reads only for the results it returns, and keeps the last answers in a small cache.
 *
 * Both take the ranker's options (options.ts, RankerOptions: any field not given is its
 * default) and keep their state on the instance (the ranker's scratch arrays, the site search's
 * cache and snippets): the module holds nothing that a query changes.
 */
import {
  queryTerms,
  rankerOptions,
  SEARCH_KINDS,
  type RankerOptions,
  type RankerOptionsInput,
  type SearchDocument,
} from './options.ts';
import type { Postings } from './index-format.ts';
import { createMemo } from '../memo.ts';
import { ENGLISH_ANALYZER, type Analyzer } from './analyzers.ts';
import { splitCompound, unspacedParts } from './compounds.ts';
import { hasUnspacedScript } from './segment.ts';
import type { SiteSearchResult } from './result.ts';
import { sortedHas } from './sorted.ts';
import { isQuestionTerm, questionTerm } from './questions.ts';
import { createSnippets, type SearchResultPage } from './snippets.ts';
import { editDistance } from '../edit-distance.ts';

/** The part of MiniSearch's SearchableMap the ranker uses: term -> term number. */
export interface TermLookup {
  get(term: string): number | undefined;
  atPrefix(prefix: string): Iterable<[string, number]>;
  fuzzyGet(term: string, maxEditDistance: number): Map<string, [number, number]>;
}

/** What the ranker reads: the documents, the term dictionary and the postings. */
export interface RankerIndex extends Postings {
  documents: readonly string[];
  lookup: TermLookup;
  /** People's pages, by document number: a query that does not ask who ranks them at the `personWeight` option. */
  people?: ReadonlySet<number>;
}

export interface RankedHit {
  /** The document id (page path). */
  id: string;
  /** Relevance: the summed weighted scores times the number of distinct query words matched. */
  score: number;
  /** The index terms that matched this document (exact, prefix or fuzzy), in query order. */
  terms: string[];
}

export interface Ranking {
  /** How many documents matched in all. */
  total: number;
  /** How many matched every word of the query (the traffic record's measure of an answered search). */
  complete: number;
  /** The best `limit` of them, best first (ties: the earlier document first). */
  hits: RankedHit[];
}

export type Ranker = (query: string, limit: number) => Ranking;

/** A matched index term with its term number and weight. */
interface Derived {
  term: string;
  index: number;
  weight: number;
  /**
   * How much of the query word a match of this term is, for the coverage multiplier: 1 for the
   * word itself, its synonyms and the halves of a compound (the word, said otherwise); a prefix's
   * or a typo's weight for the longer or misspelt words it stands for, so a page with the
   * question's own words ranks before one that only has words they begin.
   */
  credit?: number;
  /** A phrase's other terms: the term counts only in the documents that have all of them too. */
  alongside?: number[];
}

/**
 * The index terms a query term matches: itself (weight 1), longer words it begins, words one edit
 * away when the index does not have the term itself, and the words of its synonym group (query-words.ts). A long term that matches nothing so
 * also matches words two edits away ("platfrom", "contcat").
 */
function derivedTerms(word: string, lookup: TermLookup, analyzer: Analyzer, options: RankerOptions): Derived[] {
  const { weights } = options;
  const derived: Derived[] = [];
  const exact = lookup.get(word);
  // A question's kind ("?who") matches the pages that answer it, and nothing else.
  if (isQuestionTerm(word)) return exact === undefined ? [] : [{ term: word, index: exact, weight: 1 }];
  if (exact !== undefined) derived.push({ term: word, index: exact, weight: 1 });
  const prefixed = new Set<string>();
  if (word.length >= options.prefixMinLength) {
    for (const [term, index] of lookup.atPrefix(word)) {
      const distance = term.length - word.length;
      if (distance === 0) continue;
      prefixed.add(term);
      const weight = (weights.prefix * term.length) / (term.length + 0.3 * distance);
      derived.push({ term, index, weight, credit: weight });
    }
  }
  // A word the index has is taken as written: its one-edit neighbours are, after stemming,
  // mostly other words, and the radix-tree walk for them was the search's largest cost
  // (docs/performance.md, "What makes it fast").
  if (exact === undefined && word.length >= options.fuzzyMinLength) {
    const edits = Math.min(options.maxFuzzyEdits, Math.round(word.length * 0.2));
    if (edits > 0) {
      for (const [term, [index, distance]] of lookup.fuzzyGet(word, edits)) {
        if (distance === 0 || prefixed.has(term)) continue;
        const weight = (weights.fuzzy * term.length) / (term.length + distance);
        derived.push({ term, index, weight, credit: weight });
      }
    }
  }
  if (derived.length === 0 && word.length >= options.secondFuzzyMinLength) {
    // Two edits over the whole tree cost ~0.3 ms a word even on the sample site; the words that
    // share the first letters are few at any size, and typos are rarely there.
    for (const [term, index] of lookup.atPrefix(word.slice(0, options.secondFuzzySharedPrefix))) {
      const distance = editDistance(word, term, 2);
      if (distance > 0 && distance <= 2) {
        const weight = (weights.fuzzy * term.length) / (term.length + distance);
        derived.push({ term, index, weight, credit: weight });
      }
    }
  }
  if (derived.length === 0) {
    // A compound of two index terms ("contactgegevens": contact + gegevens), each at half weight;
    // in Japanese or Chinese, the terms a word the segmenter kept whole is made of (「何年」: 年).
    const has = (term: string) => lookup.get(term) !== undefined;
    const parts = hasUnspacedScript(word)
      ? unspacedParts(word, has, analyzer.stopWords)
      : splitCompound(word, analyzer, has);
    if (parts)
      for (const term of new Set(parts)) derived.push({ term, index: lookup.get(term)!, weight: weights.compound });
  }
  const own = new Set(derived.map((item) => item.term));
  for (const synonym of analyzer.synonymsOf(word)) {
    if (synonym.includes(' ')) {
      // A phrase ("centr dad" for "datacenter"): its words, in the documents that have them all.
      const parts = [...new Set(synonym.split(' '))].map((part) => ({ part, index: lookup.get(part) }));
      if (parts.some(({ index }) => index === undefined)) continue;
      const indexes = parts.map(({ index }) => index!);
      for (const { part, index } of parts)
        if (!own.has(part))
          derived.push({
            term: part,
            index: index!,
            weight: weights.synonym,
            alongside: indexes.filter((other) => other !== index),
          });
      continue;
    }
    const index = lookup.get(synonym);
    if (index !== undefined && !own.has(synonym)) derived.push({ term: synonym, index, weight: weights.synonym });
  }
  return derived;
}

/**
 * The best `limit` of `touched` by `scoreOf`, best first (ties: the earlier document first), kept
 * sorted in a small array: limit is at most a few dozen.
 */
function bestOf(touched: readonly number[], scoreOf: (doc: number) => number, limit: number) {
  const best: { doc: number; score: number }[] = [];
  if (limit <= 0) return best;
  for (const doc of touched) {
    const score = scoreOf(doc);
    if (best.length === limit) {
      const last = best[limit - 1]!;
      if (score < last.score || (score === last.score && doc > last.doc)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0 && (best[at - 1]!.score < score || (best[at - 1]!.score === score && best[at - 1]!.doc > doc)))
      at -= 1;
    best.splice(at, 0, { doc, score });
  }
  return best;
}

/**
 * The ranking of `index`'s documents for a query in `analyzer`'s words, with the options of
 * `input` over the defaults (options.ts, DEFAULT_RANKER_OPTIONS).
 *
 * Long: a factory: the index's lookup tables and the instance's scratch space are shared by the ranking function it returns, the search's hot path.
 */
export function createRanker(
  index: RankerIndex,
  analyzer: Analyzer = ENGLISH_ANALYZER,
  input: RankerOptionsInput = {},
): Ranker {
  const options = rankerOptions(input);
  const { coveragePower, personWeight, notWhoWeight } = options;
  const { documents, lookup, offsets, docs, scores } = index;
  const people = index.people ?? new Set<number>();
  const who = questionTerm('who');
  const count = documents.length;
  // Scratch space reused by every query: a document's values count only when its stamp is this
  // query's, so nothing is cleared between queries.
  const sums = new Float64Array(count);
  const wordsMatched = new Uint16Array(count);
  // How much of the query's words a document matched: per word its best match's credit
  // (Derived.credit), summed; wordBest holds the current word's best so far.
  const coverage = new Float64Array(count);
  const wordBest = new Float64Array(count);
  const queryStamp = new Uint32Array(count);
  const wordStamp = new Uint32Array(count);
  let stamp = 0;
  const answered = (term: string) => lookup.get(term) !== undefined;

  return (query, limit) => {
    const words = queryTerms(query, analyzer, answered, people.size > 0);
    // Repeated words add their scores again but count once among the words matched.
    const occurrences = new Map<string, number>();
    for (const word of words) occurrences.set(word, (occurrences.get(word) ?? 0) + 1);
    // How many words a complete match has: the question's own, not its kind (below).
    let wanted = 0;
    stamp += 1;
    const thisQuery = stamp;
    const touched: number[] = [];
    const matchedTerms: Derived[] = [];
    // A page's summed score is multiplied by how many of the query's words it matched, and more
    // than in proportion, so the pages with every word rank before those with some. A word counts
    // as its best match's credit: 1 for itself, a synonym or a compound's halves, a prefix's or a
    // typo's weight for the words they stand for (Derived.credit).

    for (const [word, times] of occurrences) {
      stamp += 1;
      const thisWord = stamp;
      const derived = derivedTerms(word, lookup, analyzer, options);
      // A question's kind ranks the pages that answer it, but a page is a complete match by the
      // question's words alone ("where can I read about kubernetes").
      const counted = isQuestionTerm(word) ? 0 : 1;
      wanted += counted;
      matchedTerms.push(...derived);
      for (const { index: term, weight, alongside, credit = 1 } of derived) {
        const factor = weight * times;
        for (let at = offsets[term]!, end = offsets[term + 1]!; at < end; at++) {
          const doc = docs[at]!;
          if (alongside && !alongside.every((other) => sortedHas(docs, doc, offsets[other], offsets[other + 1])))
            continue;
          if (queryStamp[doc] !== thisQuery) {
            queryStamp[doc] = thisQuery;
            sums[doc] = 0;
            wordsMatched[doc] = 0;
            coverage[doc] = 0;
            touched.push(doc);
          }
          sums[doc]! += factor * scores[at]!;
          if (wordStamp[doc] !== thisWord) {
            wordStamp[doc] = thisWord;
            wordsMatched[doc]! += counted;
            wordBest[doc] = credit;
            coverage[doc]! += credit;
          } else if (credit > wordBest[doc]!) {
            coverage[doc]! += credit - wordBest[doc]!;
            wordBest[doc] = credit;
          }
        }
      }
    }

    // A person's page answers "who"; asked anything else, the work they did comes first (options.ts).
    // On a site without people, "who" ranks as it always has: the pages that answer it, no weights.
    const asksWho = people.size > 0 && occurrences.has(who);
    const whoTerm = lookup.get(who);
    const answersWho = (doc: number) =>
      whoTerm !== undefined && sortedHas(docs, doc, offsets[whoTerm], offsets[whoTerm + 1]);
    const weightOf = (doc: number) =>
      asksWho ? (answersWho(doc) ? 1 : notWhoWeight) : people.has(doc) ? personWeight : 1;
    const best = bestOf(touched, (doc) => sums[doc]! * coverage[doc]! ** coveragePower * weightOf(doc), limit);

    const unique = [...new Map(matchedTerms.map((item) => [item.term, item])).values()];
    const hits = best.map(({ doc, score }) => ({
      id: documents[doc]!,
      score,
      terms: unique
        .filter((item) =>
          [item.index, ...(item.alongside ?? [])].every((term) =>
            sortedHas(docs, doc, offsets[term], offsets[term + 1]),
          ),
        )
        .map((item) => item.term),
    }));
    let complete = 0;
    for (const doc of touched) if (wordsMatched[doc] === wanted) complete += 1;
    return { total: touched.length, complete, hits };
  };
}

export interface SiteSearchAnswer {
  /** How many documents matched in all. */
  total: number;
  /** How many matched every word of the query. */
  complete: number;
  /** The best `limit` of them, best first. */
  results: SiteSearchResult[];
  /** Per result, the index terms it matched (for marking them: matchedWords). */
  matched: string[][];
}

export interface SiteSearch {
  search(query: string, limit: number): Promise<SiteSearchAnswer>;
  /** Where the words of `text` (a result's snippet) that are one of `terms` (its `matched`) stand, for marking them (snippets.ts). */
  matchedWords(text: string, terms: readonly string[]): [number, number][];
}

/**
 * Search answers for the MCP tool: the ranking, then each result's page record (`page`, read only
 * for the results returned; it throws for a page the index names and the records do not have),
 * its snippet in `analyzer`'s words (snippets.ts, one instance per site search). Answers are
 * cached by normalised query and limit (LRU, the `answerCacheSize` option); the index never
 * changes while the function lives, so a cached answer is always the answer. Callers must treat
 * answers as read-only.
 */
export function createSiteSearch(
  rank: Ranker,
  page: (path: string) => Promise<SearchResultPage>,
  baseUrl: string,
  analyzer: Analyzer = ENGLISH_ANALYZER,
  input: RankerOptionsInput = {},
): SiteSearch {
  const options = rankerOptions(input);
  const answers = createMemo<SiteSearchAnswer>(options.answerCacheSize);
  const snippets = createSnippets(analyzer, options);

  const run = async (query: string, limit: number): Promise<SiteSearchAnswer> => {
    const { total, complete, hits } = rank(query, limit);
    const pages = await Promise.all(hits.map((hit) => page(hit.id)));
    const results: SiteSearchResult[] = [];
    hits.forEach((hit, i) => {
      const record = pages[i]!;
      results.push({
        // A listing's first page is indexed too (src/build/search-index.ts); to an agent it is a page.
        kind: SEARCH_KINDS.includes(record.kind as SearchDocument['kind'])
          ? (record.kind as SearchDocument['kind'])
          : 'page',
        title: record.title,
        url: `${baseUrl}${hit.id}`,
        snippet: snippets.snippetFor(record, hit.terms),
        score: Math.round(hit.score * 100) / 100,
        ...(record.date ? { date: record.date } : {}),
        ...(record.image ? { image: record.image } : {}),
        ...(record.language ? { language: record.language } : {}),
        ...(record.translations
          ? {
              translations: Object.entries(record.translations).map(([language, path]) => ({
                language,
                url: `${baseUrl}${path}`,
              })),
            }
          : {}),
      });
    });
    return { total, complete, results, matched: hits.map((hit) => hit.terms) };
  };

  return {
    search(query, limit) {
      // Terms are lower-cased and split on spaces and punctuation, so these variants answer alike.
      return answers(`${limit} ${query.trim().toLowerCase().replace(/\s+/g, ' ')}`, () => run(query, limit));
    },
    matchedWords: snippets.matchedWords,
  };
}
