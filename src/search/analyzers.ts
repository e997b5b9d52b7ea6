/**
 * How each language's words become index terms: one definition for the build (which indexes
 * each language with its own analyzer) and the API function (which analyses a query the same way
 * as the index it searches).
 *
 * - English (`en`, `en-*`): query-words.ts, as the site has always searched: Porter stems, -ise
 *   spellings written -ize, English stop words and synonyms.
 * - The languages Snowball has a stemmer for (@orama/stemmers, the Snowball algorithms as ES
 *   modules): the word lower-cased, stemmed by its language's stemmer, then written without
 *   accents ("migrações" and "migracoes" are one term, as agents often type without them). Their
 *   stop words (@orama/stopwords) are written into the language's search artefact by the build,
 *   so the function never loads that package.
 * - Any other language: the word lower-cased and without accents, no stemming, no stop words
 *   (words match as written, prefixes and small typos still do). The build says so.
 *
 * Stemmers are loaded on first use (a dynamic import per language, each named in full below so
 * the function's bundler ships exactly these): a function that only searches English never
 * loads one.
 */
import { stem as englishStem, STOP_WORDS as ENGLISH_STOP_WORDS, synonymsOf as englishSynonyms } from './query-words.ts';

/** What indexing and querying one language needs. */
export interface Analyzer {
  /** The language (a code from company.yaml). */
  language: string;
  /** A lower-cased token's indexed form; empty tokens never reach it. */
  term(word: string): string;
  /** Words dropped from a query that has other words (as typed, lower-case). */
  stopWords: ReadonlySet<string>;
  /** The other terms a term also matches, at SYNONYM_WEIGHT (English only). */
  synonymsOf(term: string): readonly string[];
  /** Whether the terms are written without accents (every language but English). */
  folds: boolean;
}

/** English as the site has always searched it. */
export const ENGLISH_ANALYZER: Analyzer = {
  language: 'en',
  term: englishStem,
  stopWords: ENGLISH_STOP_WORDS,
  synonymsOf: englishSynonyms,
  folds: false,
};

type StemmerModule = Promise<{ stemmer: (word: string) => string }>;

/**
 * Snowball stemmers by language code (the primary subtag of company.yaml's code), each with the
 * name @orama/stemmers and @orama/stopwords give the language.
 */
export const STEMMERS: Readonly<Record<string, { name: string; load: () => StemmerModule }>> = {
  ar: { name: 'arabic', load: () => import('@orama/stemmers/arabic') },
  bg: { name: 'bulgarian', load: () => import('@orama/stemmers/bulgarian') },
  da: { name: 'danish', load: () => import('@orama/stemmers/danish') },
  de: { name: 'german', load: () => import('@orama/stemmers/german') },
  el: { name: 'greek', load: () => import('@orama/stemmers/greek') },
  es: { name: 'spanish', load: () => import('@orama/stemmers/spanish') },
  fi: { name: 'finnish', load: () => import('@orama/stemmers/finnish') },
  fr: { name: 'french', load: () => import('@orama/stemmers/french') },
  ga: { name: 'irish', load: () => import('@orama/stemmers/irish') },
  hu: { name: 'hungarian', load: () => import('@orama/stemmers/hungarian') },
  hy: { name: 'armenian', load: () => import('@orama/stemmers/armenian') },
  id: { name: 'indonesian', load: () => import('@orama/stemmers/indonesian') },
  it: { name: 'italian', load: () => import('@orama/stemmers/italian') },
  lt: { name: 'lithuanian', load: () => import('@orama/stemmers/lithuanian') },
  nb: { name: 'norwegian', load: () => import('@orama/stemmers/norwegian') },
  ne: { name: 'nepali', load: () => import('@orama/stemmers/nepali') },
  nl: { name: 'dutch', load: () => import('@orama/stemmers/dutch') },
  no: { name: 'norwegian', load: () => import('@orama/stemmers/norwegian') },
  pt: { name: 'portuguese', load: () => import('@orama/stemmers/portuguese') },
  ro: { name: 'romanian', load: () => import('@orama/stemmers/romanian') },
  ru: { name: 'russian', load: () => import('@orama/stemmers/russian') },
  sr: { name: 'serbian', load: () => import('@orama/stemmers/serbian') },
  sv: { name: 'swedish', load: () => import('@orama/stemmers/swedish') },
  ta: { name: 'tamil', load: () => import('@orama/stemmers/tamil') },
  tr: { name: 'turkish', load: () => import('@orama/stemmers/turkish') },
  uk: { name: 'ukrainian', load: () => import('@orama/stemmers/ukrainian') },
};

/** The primary subtag of a language code: `pt-br` -> `pt`. */
export const primaryLanguage = (language: string) => language.split('-')[0]!;

/** Whether `language` is analysed as English. */
export const isEnglish = (language: string) => primaryLanguage(language) === 'en';

/** Whether `language` has a Snowball stemmer here (else its words are matched as written). */
export const hasStemmer = (language: string) =>
  isEnglish(language) || Object.hasOwn(STEMMERS, primaryLanguage(language));

/** A word without its accents and other combining marks: "migração" -> "migracao". */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A word with only letters that have no accent to remove (most words): no normalization needed. */
const PLAIN = /^[\p{ASCII}]*$/u;

/**
 * The analyzer of a language other than English, from its stemmer (if it has one) and its stop
 * words (from the build's artefact or @orama/stopwords).
 */
export function foldingAnalyzer(
  language: string,
  stemmer: ((word: string) => string) | undefined,
  stopWords: readonly string[],
): Analyzer {
  const fold = (word: string) => (PLAIN.test(word) ? word : withoutAccents(word));
  return {
    language,
    // Numbers and very short words as written (a stemmer would make "2024" or "ai" something else).
    term: (word) => fold(stemmer && word.length >= 3 && !/\d/.test(word) ? stemmer(word) : word),
    stopWords: new Set(stopWords),
    synonymsOf: () => [],
    folds: true,
  };
}

/** A language's stemmer, loaded on first use; undefined for a language Snowball has none for. */
export async function loadStemmer(language: string): Promise<((word: string) => string) | undefined> {
  const entry = STEMMERS[primaryLanguage(language)];
  return entry ? (await entry.load()).stemmer : undefined;
}

/**
 * `base` with a language's own vocabulary (its translation file's `search` section): more stop
 * words, and groups of terms (already analysed) that match one another.
 */
export function withVocabulary(
  base: Analyzer,
  stopWords: readonly string[] = [],
  synonyms: readonly (readonly string[])[] = [],
): Analyzer {
  if (stopWords.length === 0 && synonyms.length === 0) return base;
  const groups = new Map<string, string[]>();
  for (const group of synonyms)
    for (const term of group) groups.set(term, [...new Set([...(groups.get(term) ?? []), ...group])]);
  return {
    ...base,
    stopWords: new Set([...base.stopWords, ...stopWords.map((word) => word.toLowerCase())]),
    synonymsOf: (term) => {
      const own = groups.get(term);
      if (!own) return base.synonymsOf(term);
      return [...new Set([...base.synonymsOf(term), ...own])].filter((other) => other !== term);
    },
  };
}

/**
 * The analyzer the function searches `language` with: English's, or the language's stemmer
 * (loaded now, on its first search), with the stop words and synonyms the build stored with its
 * index (for English only those its translation file adds).
 */
export async function searchAnalyzer(
  language: string,
  stopWords: readonly string[] = [],
  synonyms: readonly (readonly string[])[] = [],
): Promise<Analyzer> {
  if (isEnglish(language)) return withVocabulary(ENGLISH_ANALYZER, stopWords, synonyms);
  return withVocabulary(foldingAnalyzer(language, await loadStemmer(language), stopWords), [], synonyms);
}
