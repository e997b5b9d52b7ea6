/**
 * Snippets of search results, to show why a page matched: the sentence of the page with the most
 * different matched terms, and where the matched words stand in it (for marking them). Made by
 * `createSnippets`, one per site search (query.ts), which keeps what it learns of pages and words
 * on the instance: each page's plain text (while its record lives), the words it has stemmed (up
 * to the `stemCacheSize` option) and its scratch space. Nothing is kept in the module, so two
 * searches (two languages, two sites in one process) share nothing, and each is as fast as the
 * one search of before.
 */
import { ENGLISH_ANALYZER, withoutAccents, type Analyzer } from './analyzers.ts';
import { DEFAULT_RANKER_OPTIONS, processTerm, rankerOptions, type RankerOptionsInput } from './options.ts';
import { markdownToPlainText } from './plain-text.ts';
import { hasUnspacedScript, segmentWords } from './segment.ts';

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

/** A site search's snippets (createSnippets). */
export interface Snippets {
  /**
   * The snippet of a page for the matched terms: the sentence with the most different matched
   * terms (the first of those), from its start, or around the match when that is far into a
   * long sentence; the summary when the terms matched only in the fields that are not body text
   * (facets, the company's facts).
   */
  snippetFor: (page: SearchResultPage, terms: readonly string[]) => string;
  /**
   * Where the words of `text` that are one of `terms` (index terms, as the ranker matched them)
   * stand: `[start, end)` pairs, ascending, for marking them in a snippet. A word is its term
   * when it stems to it, as the index made its terms.
   */
  matchedWords: (text: string, terms: readonly string[]) => [number, number][];
}

/**
 * Cuts `text` to about `length` characters from `lead` characters before `at`, on word
 * boundaries, with ellipses (the defaults: the `snippet` option's).
 */
export function snippetAround(
  text: string,
  at: number,
  lead = DEFAULT_RANKER_OPTIONS.snippet.lead,
  length = DEFAULT_RANKER_OPTIONS.snippet.length,
): string {
  if (text.length <= length) return text;
  let start = Math.max(0, at - lead);
  let end = Math.min(text.length, start + length);
  start = Math.max(0, Math.min(start, end - length));
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
 * A page's plain text, in lower case too, and where its sentences start. Three strings and an
 * array: no index of the page's words, which cost more to make than the few terms of a query
 * cost to find (docs/performance.md).
 */
function plainTextFrom(page: SearchResultPage): PlainText {
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
  return { text, lower: text.toLowerCase(), sentences, byTerm: new Map() };
}

/** What one Snippets instance keeps. */
interface SnippetState {
  analyzer: Analyzer;
  length: number;
  lead: number;
  occurrences: number;
  stemCacheSize: number;
  /**
   * Each page's plain text, made on its first result and kept while its record is: the reader
   * keeps the most recently used records, so a page that keeps matching pays once.
   */
  plainTexts: WeakMap<SearchResultPage, PlainText>;
  /** Words stemmed so far (bounded: cleared when full), shared by every page's snippets and marks. */
  stems: Map<string, string>;
  /** Scratch space of snippetFor, reused by every call (a sentence's values count only when its stamp is the call's). */
  scratch: { mask: Uint32Array; first: Int32Array; stamp: Uint32Array; call: number };
}

/** The snippets of one site search, in `analyzer`'s words, with the `snippet` and `stemCacheSize` options. */
export function createSnippets(analyzer: Analyzer = ENGLISH_ANALYZER, options: RankerOptionsInput = {}): Snippets {
  const { snippet, stemCacheSize } = rankerOptions(options);
  const state: SnippetState = {
    analyzer,
    ...snippet,
    stemCacheSize,
    plainTexts: new WeakMap(),
    stems: new Map(),
    scratch: { mask: new Uint32Array(0), first: new Int32Array(0), stamp: new Uint32Array(0), call: 0 },
  };
  return {
    snippetFor: (page, terms) => snippetFor(state, page, terms),
    matchedWords: (text, terms) => matchedWords(state, text, terms),
  };
}

function plainTextOf(state: SnippetState, page: SearchResultPage): PlainText {
  let plain = state.plainTexts.get(page);
  if (!plain) state.plainTexts.set(page, (plain = plainTextFrom(page)));
  return plain;
}

function stemOf(state: SnippetState, word: string): string {
  const known = state.stems;
  let term = known.get(word);
  if (term === undefined) {
    if (known.size >= state.stemCacheSize) known.clear();
    known.set(word, (term = processTerm(word, state.analyzer)));
  }
  return term;
}

function snippetFor(state: SnippetState, page: SearchResultPage, terms: readonly string[]): string {
  const plain = plainTextOf(state, page);
  const { text, sentences } = plain;
  const { scratch, length, lead } = state;
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
  termOccurrences(state, plain, distinct).forEach((found, bit) => {
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
  if (best === -1) return snippetAround(page.description || text, 0, lead, length);
  const start = sentences[best]!;
  if (first[best]! - start > length - lead) return snippetAround(text, first[best]!, lead, length);
  return snippetAround(text, start, 0, length);
}

/**
 * Where a term occurs in a page: per sentence (ascending, at most the `snippet.occurrences`
 * option), the sentence and where the term first occurs in it, as pairs. The terms a page has
 * not been asked for yet are found in one pass over its words; each answer is kept with the
 * page. Stemming keeps a word's first letters, so only the words that begin as a term does
 * (without accents in a language whose terms have none) are stemmed to check.
 */
function termOccurrences(state: SnippetState, plain: PlainText, terms: readonly string[]): Int32Array[] {
  const missing = terms.filter((term) => !plain.byTerm.has(term));
  if (missing.length > 0) {
    const { analyzer, occurrences } = state;
    const prefixes = missing.map((term) => term.slice(0, 3));
    const found = missing.map((): number[] => []);
    const { lower, sentences } = plain;
    let sentence = 0;
    const visit = (word: string, at: number) => {
      const key = analyzer.folds && !asciiStart(word) ? withoutAccents(word) : word;
      let term = '';
      for (let i = 0; i < missing.length; i++) {
        if (!key.startsWith(prefixes[i]!)) continue;
        term ||= stemOf(state, word);
        if (term !== missing[i]) continue;
        while (sentence + 1 < sentences.length && sentences[sentence + 1]! <= at) sentence += 1;
        const list = found[i]!;
        if (list.length < 2 * occurrences && list[list.length - 2] !== sentence) list.push(sentence, at);
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

function matchedWords(state: SnippetState, text: string, terms: readonly string[]): [number, number][] {
  const wanted = new Set(terms);
  const spans: [number, number][] = [];
  if (wanted.size === 0) return spans;
  const visit = (word: string, at: number) => {
    if (wanted.has(stemOf(state, word.toLowerCase()))) spans.push([at, at + word.length]);
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
