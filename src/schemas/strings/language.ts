/** Strings that name the language itself: the language switcher, llms.txt and the tools' language lists. */
import { z } from 'zod';
import { phrase } from './phrase.ts';

export const languageStrings = z.strictObject({
  /** The language's name in itself, e.g. "Nederlands": the language switcher and llms.txt. */
  name: phrase([], 40),
  /** The language's name in English, e.g. "Dutch": tool descriptions and docs written in English. */
  englishName: phrase([], 40),
  /** The `Intl` locale used for dates and numbers on pages in this language, e.g. "nl-NL" or "en-GB". */
  locale: phrase([], 20),
});
