/**
 * Which of the site's languages a search query is written in, from the site's own indexes: per
 * language, how many of the query's words are that language's stop words or, analysed as that
 * language analyses them, terms of its index (or, in a language that writes compounds as one
 * word, a compound of two: compounds.ts) or words of its search vocabulary (its synonyms); half a
 * point for a word that begins a longer term or is one typo from a term; and half a point for
 * each word in a script only a few languages are written in (kana for Japanese, Hangul for
 * Korean). The language with most such words wins; a tie goes to the language listed first (the
 * default language first, then company.yaml's order), so a query of words every language shares
 * ("kubernetes", "cloud") searches the default language.
 *
 * A stop word counts a quarter point more than a term: "de" and "van" are terms of an English
 * index (names, quoted titles) but stop words of Dutch, the words a Dutch question is made of.
 *
 * No language-identification library: they guess from letter statistics, which say little about
 * a query of three words, while the indexes know exactly which words the site uses in each
 * language. The accuracy on the query sets (tests/search/queries*.yaml) is measured by
 * `npm run bench:search`.
 */
import type { Analyzer } from './analyzers.ts';
import { splitCompound, writesCompounds } from './compounds.ts';
import { DEFAULT_RANKER_OPTIONS, tokenize, type RankerOptions } from './options.ts';
import { sortedHas, sortedHasLonger } from './sorted.ts';
import { inScriptOf } from './segment.ts';

/**
 * The shortest first part of a compound that counts as evidence of a language: shorter ones make
 * a typo look like a compound ("platfrom" as plat + from).
 */
const COMPOUND_EVIDENCE_MIN_FIRST = 5;

/** A stop word of a language says more of it than a term its index shares with others ("de", "van"). */
const STOP_WORD_EVIDENCE = 1.25;

/** One language as detection sees it: its analyzer and its index's sorted terms. */
export interface DetectionLanguage {
  language: string;
  analyzer: Analyzer;
  /** The index's terms, sorted by UTF-16 code units (as the search-terms artefact stores them). */
  terms: readonly string[];
}

/**
 * Whether `has` knows a term one edit from `word` (a letter left out, added, changed, or two
 * swapped). Added and changed letters are tried from a-z and the word's own letters: the terms of
 * every language but English are written without accents.
 */
function oneEditFrom(word: string, has: (term: string) => boolean): boolean {
  const letters = new Set([...'abcdefghijklmnopqrstuvwxyz', ...word]);
  for (let at = 0; at <= word.length; at++) {
    const before = word.slice(0, at);
    if (at < word.length) {
      const after = word.slice(at + 1);
      if (has(before + after)) return true;
      if (at + 1 < word.length && has(before + word[at + 1] + word[at] + word.slice(at + 2))) return true;
      for (const letter of letters) if (letter !== word[at] && has(before + letter + after)) return true;
    }
    for (const letter of letters) if (has(before + letter + word.slice(at))) return true;
  }
  return false;
}

/**
 * What `word` says of `candidate`, a typo aside: its stop words, its index's terms, compounds of
 * two, its vocabulary, the start of a longer term, its script.
 */
function wordEvidence(word: string, candidate: DetectionLanguage, options: RankerOptions): number {
  const { analyzer, terms } = candidate;
  const has = (term: string) => sortedHas(terms, term);
  // Half a point for a word in a script of the language's own (kana for Japanese): it decides
  // when no index knows the word, and never outweighs one that does.
  const script = inScriptOf(word, candidate.language) ? 0.5 : 0;
  if (analyzer.stopWords.has(word)) return script + STOP_WORD_EVIDENCE;
  const term = analyzer.term(word);
  if (
    has(term) ||
    analyzer.synonymsOf(term).length > 0 ||
    // Only a split into two terms: a last part alone (any language has "-ation" words) says little.
    (writesCompounds(candidate.language) &&
      splitCompound(word, analyzer, has, COMPOUND_EVIDENCE_MIN_FIRST)?.length === 2)
  )
    return script + 1;
  // Half a point for the start of a longer term, from the length the ranker matches prefixes
  // at ("coach" of "coaching"): it decides between languages that share the query's other
  // words, and never outweighs a word one knows.
  if (term.length >= options.prefixMinLength && sortedHasLonger(terms, term)) return script + 0.5;
  return script;
}

/** Half a point for a typo of one of `candidate`'s terms ("privacyverkaring"), as the ranker matches it. */
function typoEvidence(word: string, candidate: DetectionLanguage, options: RankerOptions): number {
  const term = candidate.analyzer.term(word);
  return term.length >= options.fuzzyMinLength && oneEditFrom(term, (other) => sortedHas(candidate.terms, other))
    ? 0.5
    : 0;
}

/**
 * Each candidate's score for `words`: the evidence of each word, and for a word no candidate
 * has any evidence of (a typo, most often), half a point in each language one of whose terms it
 * is one edit from. Only such words are looked at that way: a word one index knows is not a typo.
 */
function scores(words: readonly string[], candidates: readonly DetectionLanguage[], options: RankerOptions): number[] {
  const evidence = candidates.map((candidate) => words.map((word) => wordEvidence(word, candidate, options)));
  const unknown = words.map((_, i) => evidence.every((row) => row[i] === 0));
  return candidates.map((candidate, at) =>
    words.reduce(
      (sum, word, i) => sum + evidence[at]![i]! + (unknown[i] ? typoEvidence(word, candidate, options) : 0),
      0,
    ),
  );
}

/** How many of `words` are `candidate`'s: its stop words, its index's terms, compounds of two, its vocabulary, typos of its terms. */
export function languageScore(
  words: readonly string[],
  candidate: DetectionLanguage,
  options: RankerOptions = DEFAULT_RANKER_OPTIONS,
): number {
  return scores(words, [candidate], options)[0]!;
}

/**
 * The language `query` is written in, among `candidates` (in the site's order, the default
 * first). `options` are the ranker's (options.ts, resolved): a word counts as the start of a
 * longer term or a typo at the lengths the ranker matches it so.
 */
export function detectLanguage(
  query: string,
  candidates: readonly DetectionLanguage[],
  options: RankerOptions = DEFAULT_RANKER_OPTIONS,
): string {
  const words = tokenize(query)
    .map((token) => token.toLowerCase())
    .filter((word) => word.length > 0);
  const all = scores(words, candidates, options);
  let best = 0;
  for (let at = 1; at < candidates.length; at++) if (all[at]! > all[best]!) best = at;
  return candidates[best]!.language;
}
