/**
 * The search's settings, one definition for the build (which indexes) and the API function
 * (which queries). Scores are MiniSearch's BM25+, written out so the index can be stored in a
 * compact form (src/search/index-format.ts) and loaded in a few milliseconds at any size:
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

/**
 * People's pages and the question "who" (query.ts). A person's page answers who knows, leads or
 * wrote something, and its words (a bio that retells their projects, their expertise) match most
 * questions about the work too. So a query that does not ask for a person ranks people's pages at
 * PERSON_WEIGHT (the service, case study or article it asks about first, the person after it),
 * and a query that asks for one ("who", "author", "lead"… questions.ts) ranks every page that
 * does not answer "who" at NOT_WHO_WEIGHT (the people first, then the work they did). Set on
 * the sample's people questions (tests/search/people-queries*.yaml), measured on their holdouts.
 */
export const PERSON_WEIGHT = 0.5;
export const NOT_WHO_WEIGHT = 0.5;

export const SEARCH_FIELDS = ['title', 'slug', 'headings', 'summary', 'facets', 'facts', 'phrases', 'text'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_BOOSTS: Record<SearchField, number> = {
  title: 3,
  slug: 2,
  headings: 1,
  summary: 2,
  facets: 2,
  facts: 3,
  phrases: 2,
  text: 1,
};

/** BM25+ parameters (MiniSearch's defaults). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** Weights of derived matches (MiniSearch's defaults). */
export const MATCH_WEIGHTS = { prefix: 0.375, fuzzy: 0.45 } as const;

/** Query words of this many characters or more also match longer words they begin. */
export const PREFIX_MIN_LENGTH = 4;
/** Query words of this many characters or more also match words one edit away. */
export const FUZZY_MIN_LENGTH = 5;
/** Most edits a fuzzy match may need. */
export const MAX_FUZZY_EDITS = 1;
/** A query word this long that matches nothing otherwise also matches words two edits away. */
export const SECOND_FUZZY_MIN_LENGTH = 7;
/** ...among the words that begin with the same this many letters (typos there are rare; it keeps the lookup small). */
export const SECOND_FUZZY_SHARED_PREFIX = 2;
/** A page's score is multiplied by (query words it matched) to this power. */
export const COVERAGE_POWER = 2;

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
): number {
  const { k, b, d } = BM25;
  const inverseDocumentFrequency = Math.log(1 + (totalDocuments - matchingDocuments + 0.5) / (matchingDocuments + 0.5));
  return (
    inverseDocumentFrequency *
    (d + (termFrequency * (k + 1)) / (termFrequency + k * (1 - b + (b * fieldLength) / averageFieldLength)))
  );
}
