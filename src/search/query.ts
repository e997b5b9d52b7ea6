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
 *    from the sentence with most of the matched words) from their page records, which it reads only for the results
 *    it returns, and keeps the last answers in a small cache.
 */
import {
  FUZZY_MIN_LENGTH,
  MATCH_WEIGHTS,
  COVERAGE_POWER,
  MAX_FUZZY_EDITS,
  NOT_WHO_WEIGHT,
  PERSON_WEIGHT,
  PREFIX_MIN_LENGTH,
  processTerm,
  queryTerms,
  SEARCH_KINDS,
  SECOND_FUZZY_MIN_LENGTH,
  SECOND_FUZZY_SHARED_PREFIX,
  type SearchDocument,
} from './options.ts';
import type { Postings } from './index-format.ts';
import { createMemo } from '../memo.ts';
import { markdownToPlainText } from './plain-text.ts';
import { SYNONYM_WEIGHT } from './query-words.ts';
import { ENGLISH_ANALYZER, withoutAccents, type Analyzer } from './analyzers.ts';
import { splitCompound, unspacedParts } from './compounds.ts';
import { hasUnspacedScript, segmentWords } from './segment.ts';
import type { SiteSearchResult } from './result.ts';
import { sortedHas } from './sorted.ts';
import { isQuestionTerm, questionTerm } from './questions.ts';
import { editDistance } from '../edit-distance.ts';

/** The weight of each half of a compound query word (src/search/compounds.ts). */
export const COMPOUND_WEIGHT = 0.5;

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
  /** People's pages, by document number: a query that does not ask who ranks them at PERSON_WEIGHT. */
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
function derivedTerms(word: string, lookup: TermLookup, analyzer: Analyzer): Derived[] {
  const derived: Derived[] = [];
  const exact = lookup.get(word);
  // A question's kind ("?who") matches the pages that answer it, and nothing else.
  if (isQuestionTerm(word)) return exact === undefined ? [] : [{ term: word, index: exact, weight: 1 }];
  if (exact !== undefined) derived.push({ term: word, index: exact, weight: 1 });
  const prefixed = new Set<string>();
  if (word.length >= PREFIX_MIN_LENGTH) {
    for (const [term, index] of lookup.atPrefix(word)) {
      const distance = term.length - word.length;
      if (distance === 0) continue;
      prefixed.add(term);
      const weight = (MATCH_WEIGHTS.prefix * term.length) / (term.length + 0.3 * distance);
      derived.push({ term, index, weight, credit: weight });
    }
  }
  // A word the index has is taken as written: its one-edit neighbours are, after stemming,
  // mostly other words, and the radix-tree walk for them was the search's largest cost
  // (docs/performance.md, "What makes it fast").
  if (exact === undefined && word.length >= FUZZY_MIN_LENGTH) {
    const edits = Math.min(MAX_FUZZY_EDITS, Math.round(word.length * 0.2));
    if (edits > 0) {
      for (const [term, [index, distance]] of lookup.fuzzyGet(word, edits)) {
        if (distance === 0 || prefixed.has(term)) continue;
        const weight = (MATCH_WEIGHTS.fuzzy * term.length) / (term.length + distance);
        derived.push({ term, index, weight, credit: weight });
      }
    }
  }
  if (derived.length === 0 && word.length >= SECOND_FUZZY_MIN_LENGTH) {
    // Two edits over the whole tree cost ~0.3 ms a word even on the sample site; the words that
    // share the first letters are few at any size, and typos are rarely there.
    for (const [term, index] of lookup.atPrefix(word.slice(0, SECOND_FUZZY_SHARED_PREFIX))) {
      const distance = editDistance(word, term, 2);
      if (distance > 0 && distance <= 2) {
        const weight = (MATCH_WEIGHTS.fuzzy * term.length) / (term.length + distance);
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
      for (const term of new Set(parts)) derived.push({ term, index: lookup.get(term)!, weight: COMPOUND_WEIGHT });
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
            weight: SYNONYM_WEIGHT,
            alongside: indexes.filter((other) => other !== index),
          });
      continue;
    }
    const index = lookup.get(synonym);
    if (index !== undefined && !own.has(synonym)) derived.push({ term: synonym, index, weight: SYNONYM_WEIGHT });
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

/** Long: a factory: the index's lookup tables are shared by the ranking function it returns, the search's hot path. */
export function createRanker(index: RankerIndex, analyzer: Analyzer = ENGLISH_ANALYZER): Ranker {
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
      const derived = derivedTerms(word, lookup, analyzer);
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
      asksWho ? (answersWho(doc) ? 1 : NOT_WHO_WEIGHT) : people.has(doc) ? PERSON_WEIGHT : 1;
    const best = bestOf(touched, (doc) => sums[doc]! * coverage[doc]! ** COVERAGE_POWER * weightOf(doc), limit);

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
}

/** What a result is made from: the page record of a matching document. */
export interface SearchResultPage {
  kind: string;
  title: string;
  /** The summary (entries) or description (pages): the snippet when only the facets matched. */
  description: string;
  date?: string;
  /** The whole page as Markdown; the snippet comes from its text. */
  markdown: string;
  /** On a site in more than one language: the page's language and its translations' paths by language. */
  language?: string;
  translations?: Record<string, string>;
  /** The entry's cover (absolute URL, alt text, size). */
  image?: { url: string; alt: string; width: number; height: number };
}

/** Characters of context before a match inside a long sentence, and the snippet's target length. */
const SNIPPET_LEAD = 60;
const SNIPPET_LENGTH = 200;
/** Occurrences of one term looked at per page when choosing the snippet's sentence. */
const SNIPPET_OCCURRENCES = 64;

/** How many distinct (query, limit) answers the cache keeps. */
export const SEARCH_CACHE_SIZE = 256;

/**
 * Cuts `text` to about SNIPPET_LENGTH characters from `lead` characters before `at`, on word
 * boundaries, with ellipses.
 */
export function snippetAround(text: string, at: number, lead = SNIPPET_LEAD): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  let start = Math.max(0, at - lead);
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  start = Math.max(0, Math.min(start, end - SNIPPET_LENGTH));
  if (start > 0 && start < at) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, at)) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

interface PlainText {
  text: string;
  /** `text` in lower case, where words are looked for (the same positions). */
  lower: string;
  /** Where each sentence of `text` starts, ascending. */
  sentences: number[];
  /** Per matched term so far: termOccurrences' answer. */
  byTerm: Map<string, Int32Array>;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Marks the end of a Markdown block while it becomes plain text (a control character no page has). */
const BLOCK_END = '\u0001';

/**
 * A page's plain text, in lower case too, and where its sentences start, made on its first
 * result and kept while its record is: the reader keeps the most recently used records, so a page
 * that keeps matching pays once. Three strings and an array: no index of the page's words, which
 * cost more to make than the few terms of a query cost to find (docs/performance.md).
 */
const plainTexts = new WeakMap<SearchResultPage, PlainText>();
function plainTextOf(page: SearchResultPage): PlainText {
  let plain = plainTexts.get(page);
  if (plain) return plain;
  // Block by block (paragraphs, headings, list items), so a heading is not the start of the
  // sentence below it: block ends are marked before the Markdown becomes plain text (in one pass).
  const marked = page.markdown
    .replace(/\n\s*\n/g, `${BLOCK_END}\n\n`)
    .replace(/\n(?=\s{0,3}(?:#|[-*+]\s|\d+\.\s))/g, `${BLOCK_END}\n`);
  const sentences: number[] = [];
  let text = '';
  for (const block of markdownToPlainText(marked).split(BLOCK_END)) {
    const plainBlock = block.trim();
    if (!plainBlock) continue;
    if (text) text += ' ';
    sentences.push(text.length);
    for (const match of plainBlock.matchAll(/[.!?:]\s+(?=\S)|[。！？](?=\S)/g))
      sentences.push(text.length + match.index + match[0].length);
    text += plainBlock;
  }
  if (sentences.length === 0) sentences.push(0);
  plain = { text, lower: text.toLowerCase(), sentences, byTerm: new Map() };
  plainTexts.set(page, plain);
  return plain;
}

/** Words stemmed so far per language (bounded: cleared when full), shared by every page's snippets. */
const stems = new Map<Analyzer, Map<string, string>>();
const STEM_MEMO_SIZE = 20_000;
function stemOf(word: string, analyzer: Analyzer): string {
  let known = stems.get(analyzer);
  if (!known) stems.set(analyzer, (known = new Map<string, string>()));
  let term = known.get(word);
  if (term === undefined) {
    if (known.size >= STEM_MEMO_SIZE) known.clear();
    known.set(word, (term = processTerm(word, analyzer)));
  }
  return term;
}

/**
 * The snippet of a page for the matched terms, to show why it matched: the sentence with the
 * most different matched terms (the first of those), from its start, or around the match when
 * that is far into a long sentence; the summary when the terms matched only in the fields that
 * are not body text (facets, the company's facts).
 */
export function snippetFor(
  page: SearchResultPage,
  terms: readonly string[],
  analyzer: Analyzer = ENGLISH_ANALYZER,
): string {
  const plain = plainTextOf(page);
  const { text, sentences } = plain;
  if (scratch.mask.length < sentences.length) {
    scratch.mask = new Uint32Array(sentences.length * 2);
    scratch.first = new Int32Array(sentences.length * 2);
    scratch.stamp = new Uint32Array(sentences.length * 2);
  }
  const { mask, first, stamp } = scratch;
  const call = ++scratch.call;
  // Per sentence: which terms it has (a bit each, the first 32 terms) and where the first is.
  const touched: number[] = [];
  const distinct = [...new Set(terms)].slice(0, 32);
  termOccurrences(plain, distinct, analyzer).forEach((found, bit) => {
    for (let i = 0; i < found.length; i += 2) {
      const sentence = found[i]!;
      const at = found[i + 1]!;
      if (stamp[sentence] !== call) {
        stamp[sentence] = call;
        mask[sentence] = 0;
        first[sentence] = at;
        touched.push(sentence);
      }
      mask[sentence]! |= 1 << bit;
      if (at < first[sentence]!) first[sentence] = at;
    }
  });
  // The page's title (its first line, "# Title") is shown with the result already: any other
  // sentence with a matched term comes first.
  const titled = page.markdown.startsWith('# ');
  let best = -1;
  let bestCount = -1;
  for (const sentence of touched) {
    let count = 0;
    if (!(titled && sentence === 0)) for (let bits = mask[sentence]!; bits; bits &= bits - 1) count += 1;
    if (count > bestCount || (count === bestCount && sentence < best)) {
      best = sentence;
      bestCount = count;
    }
  }
  if (best === -1) return snippetAround(page.description || text, 0);
  const start = sentences[best]!;
  if (first[best]! - start > SNIPPET_LENGTH - SNIPPET_LEAD) return snippetAround(text, first[best]!);
  return snippetAround(text, start, 0);
}

/** Scratch space of snippetFor, reused by every call (a sentence's values count only when its stamp is the call's). */
const scratch = { mask: new Uint32Array(0), first: new Int32Array(0), stamp: new Uint32Array(0), call: 0 };

/**
 * Where a term occurs in a page: per sentence (ascending, at most SNIPPET_OCCURRENCES), the
 * sentence and where the term first occurs in it, as pairs. The terms a page has not been asked
 * for yet are found in one pass over its words; each answer is kept with the page. Stemming
 * keeps a word's first letters, so only the words that begin as a term does (without accents in
 * a language whose terms have none) are stemmed to check.
 */
function termOccurrences(plain: PlainText, terms: readonly string[], analyzer: Analyzer): Int32Array[] {
  const missing = terms.filter((term) => !plain.byTerm.has(term));
  if (missing.length > 0) {
    const prefixes = missing.map((term) => term.slice(0, 3));
    const found = missing.map((): number[] => []);
    const { lower, sentences } = plain;
    let sentence = 0;
    const visit = (word: string, at: number) => {
      const key = analyzer.folds && !asciiStart(word) ? withoutAccents(word) : word;
      let term = '';
      for (let i = 0; i < missing.length; i++) {
        if (!key.startsWith(prefixes[i]!)) continue;
        term ||= stemOf(word, analyzer);
        if (term !== missing[i]) continue;
        while (sentence + 1 < sentences.length && sentences[sentence + 1]! <= at) sentence += 1;
        const list = found[i]!;
        if (list.length < 2 * SNIPPET_OCCURRENCES && list[list.length - 2] !== sentence) list.push(sentence, at);
      }
    };
    for (const match of lower.matchAll(WORD)) {
      const word = match[0];
      // A run of Japanese or Chinese is split into its words as the index split it.
      if (hasUnspacedScript(word)) for (const part of segmentWords(word)) visit(part.word, match.index + part.at);
      else visit(word, match.index);
    }
    missing.forEach((term, i) => plain.byTerm.set(term, Int32Array.from(found[i]!)));
  }
  return terms.map((term) => plain.byTerm.get(term)!);
}

/**
 * Where the words of `text` that are one of `terms` (index terms, as the ranker matched them)
 * stand: `[start, end)` pairs, ascending, for marking them in a snippet. A word is its term when
 * it stems to it, as the index made its terms.
 */
export function matchedWords(
  text: string,
  terms: readonly string[],
  analyzer: Analyzer = ENGLISH_ANALYZER,
): [number, number][] {
  const wanted = new Set(terms);
  const spans: [number, number][] = [];
  if (wanted.size === 0) return spans;
  const visit = (word: string, at: number) => {
    if (wanted.has(stemOf(word.toLowerCase(), analyzer))) spans.push([at, at + word.length]);
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (hasUnspacedScript(word)) for (const part of segmentWords(word)) visit(part.word, match.index + part.at);
    else visit(word, match.index);
  }
  return spans;
}

/** Whether a word's first three characters are ASCII (no accent to remove where terms begin). */
const asciiStart = (word: string) => (word.charCodeAt(0) | word.charCodeAt(1) | word.charCodeAt(2)) < 128;

/**
 * Search answers for the MCP tool: the ranking, then each result's page record (`page`, read only
 * for the results returned; it throws for a page the index names and the records do not have). Answers are cached by normalised query and limit (LRU); the index
 * never changes while the function lives, so a cached answer is always the answer. Callers must
 * treat answers as read-only.
 */
export function createSiteSearch(
  rank: Ranker,
  page: (path: string) => Promise<SearchResultPage>,
  baseUrl: string,
  analyzer: Analyzer = ENGLISH_ANALYZER,
): SiteSearch {
  const answers = createMemo<SiteSearchAnswer>(SEARCH_CACHE_SIZE);

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
        snippet: snippetFor(record, hit.terms, analyzer),
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
  };
}
