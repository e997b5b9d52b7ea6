/**
 * A language's search vocabulary (optional in every translation file): words a searcher uses for
 * the same thing as the site ("blog" for "artikelen", "tarief" for "prijs"), and words to drop
 * from a query besides the language's stop words, and the question words that ask for the
 * company's facts ("wie", "onde").
 * Vocabulary, not answers: it names no page. English has a built-in list
 * (src/search/query-words.ts); these add to it. Each group's words match one another at half
 * weight, as the built-in synonyms do. A group may hold a phrase ("centro de dados" beside
 * "datacenter"): the group's words then also find pages with the phrase's words, at a quarter
 * weight each, but a query's words are looked up one by one, so the phrase finds nothing itself.
 */
import { z } from 'zod';

const entry = z
  .string({ error: 'must be a word or a phrase' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(40, { error: 'must be at most 40 characters' });

const word = entry.refine((value) => !/\s/.test(value), { error: 'must be one word (no spaces)' });

export const searchStrings = z.strictObject({
  /** Groups of words (or phrases) that mean the same thing to someone searching, two or more each, at least one a word. */
  synonyms: z
    .array(
      z
        .array(entry)
        .min(2, { error: 'a group needs two or more words' })
        .refine((group) => group.some((value) => !/\s/.test(value)), {
          error: 'a group of phrases only finds nothing: add the one word a searcher types for them',
        }),
    )
    .default([]),
  /** Words dropped from a query that has other words (as typed, any case). */
  stopWords: z.array(word).default([]),
  /**
   * The language's question words by what they ask: `who`, `where`, `when` and `count` (how
   * many). Such a word finds the pages with the company's facts (about, contact) instead of
   * being dropped: "wie is de directeur" finds the about page. English has its own
   * (who, where, when, many); these add to them.
   */
  questions: z
    .strictObject({
      who: z.array(word).optional(),
      where: z.array(word).optional(),
      when: z.array(word).optional(),
      count: z.array(word).optional(),
    })
    .default({}),
});
