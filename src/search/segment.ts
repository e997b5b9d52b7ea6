/**
 * Words of the scripts written without spaces between them: Chinese, Japanese, Thai, Lao, Khmer
 * and Burmese. Splitting at spaces and punctuation makes a whole clause of them one token, so
 * 「移行」 would not find a page that says 「クラウド移行を支援します」. A run of their letters is
 * split into words by `Intl.Segmenter` (ICU's dictionaries, in every Node and browser: no
 * dictionary to ship), the same way in the build (which indexes), the function (which searches)
 * and the snippets (which find the matched words in a page).
 *
 * One adjustment: ICU's dictionary cuts katakana loanwords it does not know into pieces
 * (クラウド -> クラ | ウド, ICU 78, in Node 24 and Chromium alike); adjacent katakana pieces are
 * joined again, as Japanese analyzers treat an unknown
 * katakana run as one word. A longer katakana compound (クラウドネイティブ) is then one word that
 * the query's クラウド finds by prefix.
 *
 * Text in other scripts never reaches the segmenter (one regular-expression test per token), so
 * English, Dutch or Portuguese indexes are made exactly as before. The build and the function
 * must split alike, so both run the same Node (24: docs/deploy.md sets NODE_VERSION for both).
 * `npm run bench:search` measures it on the Japanese test site (tests/fixtures/japanese-company).
 */

import { primaryLanguage } from './analyzers.ts';

/** A letter of a script written without spaces (Script_Extensions, so ー and 々 count). */
const UNSPACED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
/** A word of katakana only (with the long-vowel mark and the middle dot). */
const KATAKANA_WORD = /^[\p{scx=Katakana}ー]+$/u;
/** Full-width Latin letters and digits and half-width katakana, which NFKC writes the usual way. */
const WIDTH_VARIANTS = /[\uff00-\uffef]/u;

/** Whether `text` has letters of a script written without spaces. */
export const hasUnspacedScript = (text: string) => UNSPACED.test(text);

/** `text` with full-width "ＡＷＳ" and half-width "ｸﾗｳﾄﾞ" written as "AWS" and "クラウド". */
export const normalizeWidth = (text: string) => (WIDTH_VARIANTS.test(text) ? text.normalize('NFKC') : text);

let segmenter: Intl.Segmenter | undefined;

/**
 * The words of `run` (text without spaces or punctuation, or with few) and where each starts in
 * it: Intl.Segmenter's word-like segments, adjacent katakana pieces joined. The locale is fixed
 * ('und'): ICU chooses its dictionary by script, and the build and the function must split alike
 * whatever the machine's locale.
 */
export function segmentWords(run: string): { word: string; at: number }[] {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const words: { word: string; at: number }[] = [];
  let katakanaEnd = -1;
  for (const { segment, index, isWordLike } of segmenter.segment(run)) {
    if (!isWordLike) continue;
    const katakana = KATAKANA_WORD.test(segment);
    if (katakana && index === katakanaEnd) words[words.length - 1]!.word += segment;
    else words.push({ word: segment, at: index });
    katakanaEnd = katakana ? index + segment.length : -1;
  }
  return words;
}

/**
 * The scripts few languages share, and those languages (primary subtags), first match first:
 * kana is Japanese's alone, Han Japanese's or Chinese's. All but Hangul are written without spaces.
 */
const SCRIPTS: readonly { script: RegExp; languages: ReadonlySet<string>; spaced?: true }[] = [
  { script: /[\p{scx=Hiragana}\p{scx=Katakana}]/u, languages: new Set(['ja']) },
  { script: /\p{scx=Han}/u, languages: new Set(['ja', 'zh', 'yue', 'wuu']) },
  { script: /\p{scx=Hangul}/u, languages: new Set(['ko']), spaced: true },
  { script: /\p{scx=Thai}/u, languages: new Set(['th']) },
  { script: /\p{scx=Lao}/u, languages: new Set(['lo']) },
  { script: /\p{scx=Khmer}/u, languages: new Set(['km']) },
  { script: /\p{scx=Myanmar}/u, languages: new Set(['my']) },
];

/** Languages written without spaces between words, for what the build says about them. */
const WRITTEN_WITHOUT_SPACES = new Set(
  SCRIPTS.filter((entry) => !entry.spaced).flatMap((entry) => [...entry.languages]),
);

/** Whether `language` (a code from company.yaml) is written without spaces between words. */
export const writtenWithoutSpaces = (language: string) => WRITTEN_WITHOUT_SPACES.has(primaryLanguage(language));

/**
 * Whether `word` is written in a script of `language` that few languages share (kana: Japanese;
 * Han: Japanese or Chinese; Hangul, Thai…): evidence of the question's language even when the
 * word is in no index, so 「こんにちは」 on an English and Japanese site is searched in Japanese.
 */
export function inScriptOf(word: string, language: string): boolean {
  const entry = SCRIPTS.find(({ script }) => script.test(word));
  return entry !== undefined && entry.languages.has(primaryLanguage(language));
}
