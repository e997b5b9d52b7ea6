/**
 * search_site: search across services, case studies, insights and pages, by keywords or a whole
 * question. On a site in more than one language each language has its own index (its own
 * stemmer and stop words, src/search/analyzers.ts); the search runs in the `language` asked for,
 * else in the language the query is written in (src/search/detect.ts), and each result says its
 * language and links its translations.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { fill } from '../../site/languages.ts';
import { once } from '../../once.ts';
import { createSearchEngine } from './search-engine.ts';
import { languageArgument } from './language.ts';
import { toolLanguages } from './site-languages.ts';
import { searchResultSchema } from '../../search/result.ts';
import * as z from '../../zod.ts';
import { defineTool, type ToolSpec, type ToolSuccess } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { limitSchema } from './list-arguments.ts';
import { MAX_QUERY_LENGTH, SEARCH_LIMIT } from './limits.ts';
import { createMemo } from '../../memo.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

/** How many distinct searches keep their finished result. */
const SEARCH_MEMO_SIZE = 256;

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = (multilingual: boolean) =>
  z.object({
    query: z.string().check(z.describe('The query as searched.')),
    ...(multilingual
      ? {
          language: z
            .string()
            .check(
              z.describe('The language searched: the `language` argument, else the language the query is written in.'),
            ),
        }
      : {}),
    total: z.int().check(z.describe('How many pages matched.')),
    returned: z.int().check(z.describe('How many are returned (at most `limit`), best first.')),
    results: z.array(searchResultSchema(multilingual)).check(z.describe('The matching pages, best first.')),
  });

/** Long: a tool's factory: the per-language indexes, analyzers and memo are shared by the run function it returns. */
export function searchSiteTool(info: ToolInfo, { artefacts, stemmers, searchEngine }: ToolDependencies): ToolSpec {
  // Examples in the company's own words (a site without services or pages gets a neutral one).
  const examples = info.exampleQueries.length ? info.exampleQueries : ['contact'];
  const languages = toolLanguages(info);
  type Structured = z.output<ReturnType<typeof output>> & { language?: string };
  const memo = createMemo<ToolSuccess<Structured>>(SEARCH_MEMO_SIZE);
  const ownEngine = once(() => Promise.resolve(createSearchEngine(info, artefacts, stemmers)));
  const engineOf = searchEngine ?? ownEngine;

  /**
   * `structured` with how many pages matched every word of the query, for the traffic record's
   * content gaps (src/mcp/dispatch.ts callFacts): a property JSON leaves out, so it is not part of
   * the tool's output.
   */
  const withComplete = <T extends object>(structured: T, complete: number): T =>
    Object.defineProperty(structured, 'complete', { value: complete, enumerable: false });

  const answer = async (
    query: string,
    limit: number,
    requested: string | undefined,
  ): Promise<ToolSuccess<Structured>> => {
    const language = requested ?? (await (await engineOf()).languageOf(query));
    const [{ total, complete, results }, { mcp }] = await Promise.all([
      (await engineOf()).search(query, limit, language),
      artefacts.messages(language),
    ]);
    const languageField = languages && language ? { language } : {};
    if (results.length === 0) {
      return {
        structured: withComplete({ query, ...languageField, total: 0, returned: 0, results: [] }, 0),
        text: fill(mcp.noResults!, { query }),
      };
    }
    const lines = results.map(
      (result, i) =>
        `${i + 1}. [${result.title}](${result.url}) (${result.kind}${result.date ? `, ${result.date}` : ''}, score ${result.score})\n   ${result.snippet}` +
        (result.translations?.length
          ? `\n   ${result.translations.map((translation) => `${translation.language}: ${translation.url}`).join(' · ')}`
          : ''),
    );
    return {
      structured: withComplete({ query, ...languageField, total, returned: results.length, results }, complete),
      text: `${fill(mcp.searchResults!, { query, returned: results.length, total })}\n\n${lines.join('\n')}`,
    };
  };

  return defineTool({
    name: 'search_site',
    title: 'Search the site',
    description:
      `Search across ${info.site.baseUrl}: services, case studies, insights, listings and other pages, including the company's facts (location, founding year, team, contact). ` +
      "Returns the best matches first, each with kind, title, URL, a snippet from the sentence that matched, a score and the page's cover picture (image: URL and alt text) where it has one. " +
      `Use it to find the page that answers a question (e.g. ${examples.map((query) => `"${query}"`).join(', ')}); ` +
      "ask in keywords or a whole question: who, where, when and how many point to the pages with the company's facts, other question words are ignored; word forms, common synonyms, prefixes and small typos still match, and pages with every word rank first. " +
      'Then read a result in full with get_page_markdown.',
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      query: z.string().check(
        z.trim(),
        z.minLength(1, { error: `query is empty: pass one or more keywords, e.g. "${examples[0]}"` }),
        z.maxLength(MAX_QUERY_LENGTH, {
          error: `query is longer than ${MAX_QUERY_LENGTH} characters: pass a few keywords`,
        }),
        z.describe(`Keywords or a question, e.g. "${examples[0]}".`),
      ),
      limit: limitSchema(SEARCH_LIMIT, 'results'),
      ...languageArgument(
        info,
        'The language to search in (each language has its own pages and index)',
        'Without it, the language the query is written in.',
      ),
    }),
    output: () => output(languages !== undefined),
    run: (args) => {
      const { query, limit } = args;
      const language = (args as { language?: string }).language;
      return memo(`${limit} ${language ?? ''} ${query}`, () => answer(query, limit, language));
    },
  });
}
