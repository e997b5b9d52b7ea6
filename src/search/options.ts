/**
 * The search's settings, one definition for the build (which indexes) and the API function
 * (which queries). The tuning is two options objects with documented defaults, as MiniSearch's
 * options are: DEFAULT_INDEX_OPTIONS (fields' boosts and BM25+, baked into the index by the build)
 * and DEFAULT_RANKER_OPTIONS (matching, ranking and snippets, passed to the query side's
 * factories, which keep their scratch space per instance). Scores are MiniSearch's BM25+,
 * written out so the index can be stored in a compact form (src/search/index-format.ts) and
 * loaded in a few milliseconds at any size. With the defaults:
 *
 * - Tokens: the text split on spaces, line breaks and punctuation (and a run of a script written
 *   without spaces, Japanese or Chinese, into its words by Intl.Segmenter: segment.ts), lower-cased and reduced to
 *   their language's stem (analyzers.ts: for English, -ise spellings written -ize and the Porter
 *   stem, query-words.ts; for Dutch, Portuguese and most European languages, Snowball's stemmer
 *   and no accents), so word forms match. Each language has its own index.
 * - Fields and boosts: a match in the title counts most (x3); the words of the page path
 *   (slug), the summary, the facets an editor chose on purpose (client, industry, services,
 *   tags) and the editor's search phrases (`searchPhrases`: how visitors put what the page is
 *   about, shown nowhere) count double; the company's facts (company.yaml, on /about and
 *   /contact) count x3;
 *   headings (and the bold words a list item or paragraph begins with) and the body count once
 *   (a heading's words are in the body too).
 * - Documents: every published entry, plus the first page of each listing (title, lead text and
 *   path only), so "what services do you offer" finds /services.
 * - Query: stop words dropped (unless the query has nothing else), each word stemmed; each word
 *   also matches its synonyms (query-words.ts) at half weight. A question word that asks who,
 *   where, when or how many becomes the term of its kind, which the pages stating the company's
 *   facts carry (questions.ts).
 * - Relevance: BM25+ per field (k = 1.2, b = 0.7, d = 0.5), summed over the fields with their
 *   boosts, then multiplied by the square of how many different query words the page matched (a
 *   word matched only by a longer word or a typo counts as that match's weight, 0.3-0.45),
 *   so a page with every word ranks before pages with some (an all-terms preference without
 *   dropping the pages that miss a word).
 * - Prefix search for query terms of 4+ characters, so "migr" finds "migration" while "ai" or
 *   "api" match exactly (shorter prefixes match almost everything; a stem as short as Dutch "gev",
 *   of "geven", matched "gevestigd" and "gevonden"). A prefix match weighs 0.375,
 *   less the longer the completion.
 * - Fuzzy matching for query words of 5+ characters, one edit at most (a typo: "kubernets" finds
 *   "kubernetes") without short words matching unrelated ones. A fuzzy match weighs 0.45. A word
 *   of 7+ characters that matches nothing that way gets a second lookup at two edits among the
 *   words with its first two letters ("platfrom", "contcat"); two edits over the whole radix
 *   tree cost about 0.3 ms a word, and for every word made queries about three times slower.
 */
import { ENTRY_KINDS } from '../site/kinds.ts';
import { ENGLISH_ANALYZER, type Analyzer } from './analyzers.ts';
import { hasUnspacedScript, normalizeWidth, segmentWords } from './segment.ts';
import { questionTerm } from './questions.ts';

/** What an indexed page can be: the kinds of content entry (src/schemas/collections.ts). */
export const SEARCH_KINDS = ENTRY_KINDS;

/** One indexed document: a published service, case study, insight or page. */
export interface SearchDocument {
  /** The page path; also the document id. */
  id: string;
  kind: (typeof SEARCH_KINDS)[number];
  title: string;
  summary: string;
  /** The words of the page path ("/case-studies/kestrel-bank-core-ledger": case studies kestrel bank core ledger). */
  slug: string;
  /** The body's headings, joined. */
  headings: string;
  /** Client, industry, services and tags, joined. */
  facets: string;
  /** The company's facts from company.yaml (location, offices, founded, team, contact) on the pages that state them. */
  facts: string;
  /** The kinds of question the facts answer, as their terms ("?where": questions.ts), indexed with the facts. */
  questions?: readonly string[];
  /** The editor's search phrases (how visitors describe the page, `searchPhrases`), joined. */
  phrases: string;
  /** The body as plain text. */
  text: string;
  /** The date (case studies and insights), for display. */
  date?: string;
}

export const SEARCH_FIELDS = ['title', 'slug', 'headings', 'summary', 'facets', 'facts', 'phrases', 'text'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * How the build scores the index: baked into each (term, document) score when the index is
 * built (src/build/search-index.ts), so the function never reads them; an index built with other
 * values is another index. The build takes DEFAULT_INDEX_OPTIONS, as do the tests' indexes.
 */
export interface IndexOptions {
  /** Each field's weight in a term's summed score. Default: `title` 3, `facts` 3, `slug`, `summary`, `facets` and `phrases` 2, `headings` and `text` 1. */
  boosts: Readonly<Record<SearchField, number>>;
  /** BM25+ parameters (MiniSearch's defaults): term saturation `k` 1.2, length normalization `b` 0.7, lower bound `d` 0.5. */
  bm25: Readonly<{ k: number; b: number; d: number }>;
}

export const DEFAULT_INDEX_OPTIONS: IndexOptions = Object.freeze({
  boosts: Object.freeze({ title: 3, slug: 2, headings: 1, summary: 2, facets: 2, facts: 3, phrases: 2, text: 1 }),
  bm25: Object.freeze({ k: 1.2, b: 0.7, d: 0.5 }),
});

/**
 * How a query is matched, ranked and shown, as MiniSearch's SearchOptions are: one object,
 * passed to the factories (`createRanker`, `createSiteSearch` in query.ts, `detectLanguage` in
 * detect.ts, `createSearchEngine` in src/mcp/tools/search-engine.ts, which gives all of them the
 * same), each field defaulting to DEFAULT_RANKER_OPTIONS's. None of them changes the index: a
 * function answers from the build's index with any of them.
 */
export interface RankerOptions {
  /** Query words of this many characters or more also match longer words they begin. Default 4: "migr" finds "migration", while "ai" or "api" match exactly (a stem as short as Dutch "gev" matched "gevestigd" and "gevonden"). */
  prefixMinLength: number;
  /** Query words of this many characters or more, that the index does not have, also match words one edit away. Default 5: "kubernets" finds "kubernetes", short words do not match unrelated ones. */
  fuzzyMinLength: number;
  /** Most edits of that match (and at most a fifth of the word's length, rounded). Default 1. */
  maxFuzzyEdits: number;
  /** A query word this long that matches nothing otherwise also matches words two edits away. Default 7 ("platfrom", "contcat"). */
  secondFuzzyMinLength: number;
  /** ...among the words that begin with its first this many letters. Default 2: typos are rare there, and two edits over every term cost ~0.3 ms a word. */
  secondFuzzySharedPrefix: number;
  /**
   * The weights of derived matches against the query word itself (1). `prefix` 0.375 and
   * `fuzzy` 0.45 (MiniSearch's defaults; less the longer the completion or the more edits),
   * `synonym` 0.5 (a word of the query word's synonym group, query-words.ts and a language's
   * vocabulary), `compound` 0.5 (each half of a compound query word, compounds.ts).
   */
  weights: Readonly<{ prefix: number; fuzzy: number; synonym: number; compound: number }>;
  /** A page's score is multiplied by (the query words it matched) to this power. Default 2: a page with every word ranks before pages with some, without dropping them. */
  coveragePower: number;
  /**
   * People's pages and the question "who". A person's page answers who knows, leads or wrote
   * something, and its words (a bio that retells their projects) match most questions about the
   * work too. A query that does not ask for a person ranks people's pages at `personWeight`
   * (default 0.5: the service, case study or article first, the person after it); a query that
   * asks for one ("who", "author", "lead"…, questions.ts) ranks every page that does not answer
   * "who" at `notWhoWeight` (default 0.5: the people first, then their work). Set on the
   * sample's people questions (tests/search/people-queries*.yaml), measured on their holdouts.
   */
  personWeight: number;
  notWhoWeight: number;
  /**
   * Snippets: about `length` characters (default 200), from `lead` characters (default 60)
   * before a match far into a long sentence; at most `occurrences` (default 64) occurrences of
   * a term are looked at per page when choosing the sentence.
   */
  snippet: Readonly<{ length: number; lead: number; occurrences: number }>;
  /** How many distinct (query, limit) answers a site search keeps. Default 256. */
  answerCacheSize: number;
  /** How many stemmed words a site search's snippets keep (then forgets them all). Default 20,000. */
  stemCacheSize: number;
}

export const DEFAULT_RANKER_OPTIONS: RankerOptions = Object.freeze({
  prefixMinLength: 4,
  fuzzyMinLength: 5,
  maxFuzzyEdits: 1,
  secondFuzzyMinLength: 7,
  secondFuzzySharedPrefix: 2,
  weights: Object.freeze({ prefix: 0.375, fuzzy: 0.45, synonym: 0.5, compound: 0.5 }),
  coveragePower: 2,
  personWeight: 0.5,
  notWhoWeight: 0.5,
  snippet: Object.freeze({ length: 200, lead: 60, occurrences: 64 }),
  answerCacheSize: 256,
  stemCacheSize: 20_000,
});

/** What a caller passes: any of RankerOptions's fields (and of its nested objects), the rest defaults. */
export type RankerOptionsInput = Partial<Omit<RankerOptions, 'weights' | 'snippet'>> & {
  weights?: Partial<RankerOptions['weights']>;
  snippet?: Partial<RankerOptions['snippet']>;
};

/** The fields that count characters or items: whole numbers. */
const WHOLE: readonly string[] = [
  'prefixMinLength',
  'fuzzyMinLength',
  'maxFuzzyEdits',
  'secondFuzzyMinLength',
  'secondFuzzySharedPrefix',
  'answerCacheSize',
  'stemCacheSize',
  'snippet.length',
  'snippet.lead',
  'snippet.occurrences',
];

/** The fields of `values` that are given (an undefined one is its default, as it is left out). */
const given = <T extends object>(values: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * `input` over the defaults, frozen; a value that is not a number of zero or more (a whole
 * number where it counts characters or items) throws, naming the field.
 */
export function rankerOptions(input: RankerOptionsInput = {}): RankerOptions {
  if (input === DEFAULT_RANKER_OPTIONS) return DEFAULT_RANKER_OPTIONS;
  const options: RankerOptions = Object.freeze({
    ...DEFAULT_RANKER_OPTIONS,
    ...given(input),
    weights: Object.freeze({ ...DEFAULT_RANKER_OPTIONS.weights, ...given(input.weights) }),
    snippet: Object.freeze({ ...DEFAULT_RANKER_OPTIONS.snippet, ...given(input.snippet) }),
  });
  const check = (name: string, value: unknown) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < 0 ||
      (WHOLE.includes(name) && !Number.isInteger(value))
    )
      throw new TypeError(
        `search option ${name} must be a ${WHOLE.includes(name) ? 'whole ' : ''}number of 0 or more, not ${String(value)}`,
      );
  };
  for (const [name, value] of Object.entries(input)) {
    if (!Object.hasOwn(DEFAULT_RANKER_OPTIONS, name))
      throw new TypeError(`search option ${name} is not one of ${Object.keys(DEFAULT_RANKER_OPTIONS).join(', ')}`);
    const nested = DEFAULT_RANKER_OPTIONS[name as keyof RankerOptions];
    if (typeof nested !== 'object' || value === undefined) continue;
    if (typeof value !== 'object' || value === null)
      throw new TypeError(`search option ${name} must be an object of ${Object.keys(nested).join(', ')}`);
    for (const inner of Object.keys(value))
      if (!Object.hasOwn(nested, inner))
        throw new TypeError(
          `search option ${name}.${inner} is not one of ${Object.keys(nested)
            .map((key) => `${name}.${key}`)
            .join(', ')}`,
        );
  }
  for (const [name, value] of Object.entries(options) as [string, unknown][])
    if (typeof value === 'object' && value !== null)
      for (const [inner, innerValue] of Object.entries(value)) check(`${name}.${inner}`, innerValue);
    else check(name, value);
  return options;
}

/** Spaces, line breaks and punctuation: the separators between tokens. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/**
 * Splits a field's text into raw tokens (some may be empty at the edges): at spaces and
 * punctuation, and a run of a script written without spaces (Japanese, Chinese, Thai…) into its
 * words (segment.ts). Full-width letters and digits count as the usual ones ("ＡＷＳ" is "aws").
 */
export function tokenize(text: string): string[] {
  const tokens = normalizeWidth(text).split(SPACE_OR_PUNCTUATION);
  if (!hasUnspacedScript(text)) return tokens;
  return tokens.flatMap((token) => (hasUnspacedScript(token) ? segmentWords(token).map(({ word }) => word) : [token]));
}

/** The indexed form of a token: lower-cased and stemmed (analyzers.ts); empty tokens are dropped by the callers. */
export function processTerm(token: string, analyzer: Analyzer = ENGLISH_ANALYZER): string {
  return analyzer.term(token.toLowerCase());
}

const WHO_TERM = questionTerm('who');

/**
 * The query's terms, in order (repeats kept: a repeated word counts twice, as in MiniSearch):
 * its words without the stop words (all of them if it has nothing else), stemmed, and a question
 * word that asks for a kind of fact as its kind's term (questions.ts) when `answered` says a page
 * answers that kind (otherwise it is a stop word, as before: on a site without `founded` in
 * company.yaml, no page answers "when"). A word that asks for a person and is no stop word
 * ("author", "lead") is searched as a word too, and asks "who" only on a site with people
 * (`hasPeople`): elsewhere it is a word like any other, as before people had pages.
 */
export function queryTerms(
  query: string,
  analyzer: Analyzer = ENGLISH_ANALYZER,
  answered: (term: string) => boolean = () => true,
  hasPeople = true,
): string[] {
  const words = tokenize(query)
    .map((token) => token.toLowerCase())
    .filter((word) => word.length > 0);
  const meaningful = words.flatMap((word) => {
    const stop = analyzer.stopWords.has(word);
    const asked = analyzer.asks(word) ?? (hasPeople && analyzer.personWords.has(word) ? WHO_TERM : undefined);
    if (asked && answered(asked))
      return asked === WHO_TERM && hasPeople && !stop ? [asked, analyzer.term(word)] : [asked];
    return stop ? [] : [analyzer.term(word)];
  });
  return meaningful.length ? meaningful : words.map((word) => analyzer.term(word));
}

/** BM25+ of one term in one field of one document. */
export function bm25(
  termFrequency: number,
  matchingDocuments: number,
  totalDocuments: number,
  fieldLength: number,
  averageFieldLength: number,
  { k, b, d }: IndexOptions['bm25'] = DEFAULT_INDEX_OPTIONS.bm25,
): number {
  const inverseDocumentFrequency = Math.log(1 + (totalDocuments - matchingDocuments + 0.5) / (matchingDocuments + 0.5));
  return (
    inverseDocumentFrequency *
    (d + (termFrequency * (k + 1)) / (termFrequency + k * (1 - b + (b * fieldLength) / averageFieldLength)))
  );
}
