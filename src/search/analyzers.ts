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
 *   (words match as written, prefixes and small typos still do).
 *
 * Stemmers are loaded on first use (a dynamic import per language, named in full in the module
 * the build writes for the site's languages, so the function's bundler ships exactly those): a
 * function that only searches English never loads one.
 */
import {
  PERSON_WORDS,
  QUESTION_WORDS as ENGLISH_QUESTION_WORDS,
  stem as englishStem,
  STOP_WORDS as ENGLISH_STOP_WORDS,
  synonymsOf as englishSynonyms,
} from './query-words.ts';
import { questionTermsOf, type QuestionWords } from './questions.ts';

/** What indexing and querying one language needs. */
export interface Analyzer {
  /** The language (a code from company.yaml). */
  language: string;
  /** A lower-cased token's indexed form; empty tokens never reach it. */
  term(word: string): string;
  /** Words dropped from a query that has other words (as typed, lower-case). */
  stopWords: ReadonlySet<string>;
  /**
   * The other terms a term also matches, at the synonym weight (options.ts): English's built-in
   * groups and a language's `search` vocabulary. A phrase of the vocabulary is its terms joined by a space.
   */
  synonymsOf(term: string): readonly string[];
  /** The kind of question a lower-cased word asks, as its term ("wie" -> "?who": questions.ts), or undefined. */
  asks(word: string): string | undefined;
  /** Words that ask for a person as "who" does, on a site with people (English's built in: query-words.ts). */
  personWords: ReadonlySet<string>;
  /** Whether the terms are written without accents (every language but English). */
  folds: boolean;
}

const ENGLISH_QUESTIONS = questionTermsOf(ENGLISH_QUESTION_WORDS);

/** English as the site has always searched it. */
export const ENGLISH_ANALYZER: Analyzer = {
  language: 'en',
  term: englishStem,
  stopWords: ENGLISH_STOP_WORDS,
  synonymsOf: englishSynonyms,
  asks: (word) => ENGLISH_QUESTIONS.get(word),
  personWords: PERSON_WORDS,
  folds: false,
};

/** A Snowball stemmer: a lower-cased word's stem. */
export type Stemmer = (word: string) => string;

/**
 * Loads a language's stemmer, or says it has none. The function's is the module the build writes
 * for the site's languages (.generated/stemmers.ts, src/build/stemmers-module.ts), so it ships and
 * may load only those; the build's own loads any (src/build/search-analyzers.ts).
 */
export type StemmerLoader = (language: string) => Promise<Stemmer | undefined>;

/** The primary subtag of a language code: `pt-br` -> `pt`. */
export const primaryLanguage = (language: string) => language.split('-')[0]!;

/** Whether `language` is analysed as English. */
export const isEnglish = (language: string) => primaryLanguage(language) === 'en';

/**
 * The marks written over and under letters that people leave out when they type: the accents of
 * Latin, Greek and Cyrillic letters, Hebrew points and Arabic vowel marks. Not every combining
 * mark: the kana's voicing marks (デ is not テ), the vowel signs of Indic scripts and Thai's
 * vowels and tones are part of the letter.
 */
const ACCENTS = /[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670]+/gu;

/** A word without its accents: "migração" -> "migracao"; "データ" stays "データ". */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(ACCENTS, '').normalize('NFC');
}

/** A word with only letters that have no accent to remove (most words): no normalization needed. */
const PLAIN = /^[\p{ASCII}]*$/u;

/**
 * The analyzer of a language other than English, from its stemmer (if it has one) and its stop
 * words (from the build's artefact or @orama/stopwords).
 */
export function foldingAnalyzer(
  language: string,
  stemmer: Stemmer | undefined,
  stopWords: readonly string[],
): Analyzer {
  const fold = (word: string) => (PLAIN.test(word) ? word : withoutAccents(word));
  return {
    language,
    // Numbers and very short words as written (a stemmer would make "2024" or "ai" something else).
    term: (word) => fold(stemmer && word.length >= 3 && !/\d/.test(word) ? stemmer(word) : word),
    stopWords: new Set(stopWords),
    synonymsOf: () => [],
    asks: () => undefined,
    personWords: new Set(),
    folds: true,
  };
}

/**
 * `base` with a language's own vocabulary (its translation file's `search` section): more stop
 * words, groups of terms (already analysed) that match one another, and question words. A phrase
 * of a group ("centr dad", from "centro de dados") is matched by the group's words but matches
 * nothing itself: a query's words are looked up one by one.
 */
export function withVocabulary(
  base: Analyzer,
  stopWords: readonly string[] = [],
  synonyms: readonly (readonly string[])[] = [],
  questions: QuestionWords = {},
): Analyzer {
  const asked = questionTermsOf(questions);
  if (stopWords.length === 0 && synonyms.length === 0 && asked.size === 0) return base;
  const groups = new Map<string, string[]>();
  for (const group of synonyms)
    for (const term of group)
      if (!term.includes(' ')) groups.set(term, [...new Set([...(groups.get(term) ?? []), ...group])]);
  return {
    ...base,
    stopWords: new Set([...base.stopWords, ...stopWords.map((word) => word.toLowerCase())]),
    synonymsOf: (term) => {
      const own = groups.get(term);
      if (!own) return base.synonymsOf(term);
      return [...new Set([...base.synonymsOf(term), ...own])].filter((other) => other !== term);
    },
    asks: (word) => asked.get(word) ?? base.asks(word),
  };
}

/**
 * The analyzer the function searches `language` with: English's, or the language's stemmer
 * (loaded now, on its first search), with the stop words, synonyms and question words the build
 * stored with its index (for English only those its translation file adds).
 */
export async function searchAnalyzer(
  language: string,
  loadStemmer: StemmerLoader,
  stopWords: readonly string[] = [],
  synonyms: readonly (readonly string[])[] = [],
  questions: QuestionWords = {},
): Promise<Analyzer> {
  if (isEnglish(language)) return withVocabulary(ENGLISH_ANALYZER, stopWords, synonyms, questions);
  return withVocabulary(foldingAnalyzer(language, await loadStemmer(language), stopWords), [], synonyms, questions);
}
