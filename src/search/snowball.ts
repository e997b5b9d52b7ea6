/**
 * The languages Snowball has a stemmer and stop words for, by language code (the primary subtag
 * of company.yaml's code), with the name @orama/stemmers and @orama/stopwords give each. Read by
 * the build only: it indexes with these and writes the function's loader for the site's own
 * languages (src/build/stemmers-module.ts).
 */
import { isEnglish, primaryLanguage } from './analyzers.ts';

export const SNOWBALL_LANGUAGES: Readonly<Record<string, string>> = {
  ar: 'arabic',
  bg: 'bulgarian',
  da: 'danish',
  de: 'german',
  el: 'greek',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
};

/** The Snowball name of `language` (`pt-br` -> `portuguese`), or undefined when it has none. */
export function snowballName(language: string): string | undefined {
  const code = primaryLanguage(language);
  return Object.hasOwn(SNOWBALL_LANGUAGES, code) ? SNOWBALL_LANGUAGES[code] : undefined;
}

/** Whether `language` is stemmed (English, or a Snowball language); else its words match as written. */
export const hasStemmer = (language: string) => isEnglish(language) || snowballName(language) !== undefined;
