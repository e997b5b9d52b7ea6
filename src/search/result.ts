/**
 * One search result as search_site returns it: the schema its output schema is made of, and the
 * type src/search/query.ts builds results as. A function that makes the schema, because only
 * describing the tool (at build time) needs it; the function never checks its own results.
 */
import * as z from '../zod.ts';
import { SEARCH_KINDS } from './options.ts';
import { imageItemSchema } from '../image-item.ts';

/** `multilingual`: the site publishes more than one language (then each result names its language and translations). */
export const searchResultSchema = (multilingual = true) =>
  z.object({
    kind: z.enum(SEARCH_KINDS).check(z.describe('What the page is: a service, case study, insight (article) or page.')),
    title: z.string().check(z.describe("The page's title.")),
    url: z.string().check(z.describe('Absolute URL; get_page_markdown reads the page.')),
    snippet: z
      .string()
      .check(z.describe('About 200 characters of the page: the sentence with most of the matched words.')),
    score: z
      .number()
      .check(
        z.describe(
          'Relevance (BM25+ with title, path and summary boosted, times the square of the number of query words matched, a word found only as part of a longer word or with a typo counting less); higher is better, only comparable within one search.',
        ),
      ),
    date: z.optional(z.string().check(z.describe('Publication date of case studies and insights.'))),
    image: z.optional(imageItemSchema),
    ...(multilingual
      ? {
          language: z.optional(z.string().check(z.describe("The page's language."))),
          translations: z.optional(
            z
              .array(
                z.object({
                  language: z.string().check(z.describe('The language of the translation.')),
                  url: z.string().check(z.describe('Its absolute URL.')),
                }),
              )
              .check(z.describe('The same page in the other languages it is published in; absent when it has none.')),
          ),
        }
      : {}),
  });

/** A result as query.ts builds it: `language` and `translations` only on a site in more than one language. */
export type SiteSearchResult = z.infer<ReturnType<typeof searchResultSchema>> & {
  language?: string;
  translations?: { language: string; url: string }[];
};
