/**
 * The languages Snowball has a stemmer and stop words for, by language code (the primary subtag
 * of company.yaml's code), with the name @orama/stemmers and @orama/stopwords give each. Read by
 * the build only: it indexes with these and writes the function's loader for the site's own
 * languages (src/build/stemmers-module.ts).
 */
import { isEnglish, primaryLanguage } from './analyzers.ts';
import { writtenWithoutSpaces } from './segment.ts';

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

/**
 * Languages @orama/stopwords has stop words for that Snowball has no stemmer for: their words
 * match as written, their particles and function words are dropped from queries.
 */
const STOP_WORDS_ONLY: Readonly<Record<string, string>> = { ja: 'japanese', zh: 'mandarin', sl: 'slovenian' };

/** The @orama/stopwords name of `language`'s stop words, or undefined when it has none. */
export function stopWordsName(language: string): string | undefined {
  const code = primaryLanguage(language);
  return snowballName(code) ?? (Object.hasOwn(STOP_WORDS_ONLY, code) ? STOP_WORDS_ONLY[code] : undefined);
}

/** Whether `language` is stemmed (English, or a Snowball language); else its words match as written. */
export const hasStemmer = (language: string) => isEnglish(language) || snowballName(language) !== undefined;

/**
 * What search does for the site's languages that Snowball does not stem, in one line for the
 * build's log (undefined when every language is stemmed): whether their words are split by
 * Intl.Segmenter, whether they have stop words, and that word forms match as written. An editor
 * then knows why "migrating" will not find "migration" in such a language, and what to add (the
 * `search` vocabulary of its strings.yaml).
 */
export function unstemmedSearchNote(languages: readonly string[]): string | undefined {
  const notes = languages
    .filter((language) => !hasStemmer(language))
    .map((language) =>
      [
        language,
        writtenWithoutSpaces(language) ? 'words split by Intl.Segmenter' : undefined,
        stopWordsName(language) ? 'stop words' : 'no stop words',
        'no stemmer (word forms match as written; prefixes and small typos still match)',
      ]
        .filter(Boolean)
        .join(', '),
    );
  return notes.length
    ? `search: ${notes.join(' · ')}; a language's strings.yaml \`search\` section adds synonyms and stop words`
    : undefined;
}
