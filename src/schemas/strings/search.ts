/**
 * A language's search vocabulary (optional in every translation file): words a searcher uses for
 * the same thing as the site ("blog" for "artikelen", "tarief" for "prijs"), and words to drop
 * from a query besides the language's stop words (question words such as "waar" or "onde").
 * Vocabulary, not answers: it names no page. English has a built-in list
 * (src/search/query-words.ts); these add to it. Each group's words match one another at half
 * weight, as the built-in synonyms do.
 */
import { z } from 'zod';

const word = z
  .string({ error: 'must be a word' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(40, { error: 'must be at most 40 characters' })
  .refine((value) => !/\s/.test(value), { error: 'must be one word (no spaces)' });

export const searchStrings = z.strictObject({
  /** Groups of words that mean the same thing to someone searching, each of two or more words. */
  synonyms: z.array(z.array(word).min(2, { error: 'a group needs two or more words' })).default([]),
  /** Words dropped from a query that has other words (as typed, any case). */
  stopWords: z.array(word).default([]),
});
