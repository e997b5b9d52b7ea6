/**
 * search_site: search across services, case studies, insights and pages, by keywords or a whole
 * question. On a site in more than one language each language has its own index (its own
 * stemmer and stop words, src/search/analyzers.ts); the search runs in the `language` asked for,
 * else in the language the query is written in (src/search/detect.ts), and each result says its
 * language and links its translations.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { onceEach } from '../../once.ts';
import { openSearchIndex } from '../../search/load.ts';
import { createRanker, createSiteSearch, type SiteSearch } from '../../search/query.ts';
import { searchAnalyzer, type Analyzer } from '../../search/analyzers.ts';
import { detectLanguage } from '../../search/detect.ts';
import { fill } from '../../site/languages.ts';
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
import { ArtefactError } from '../../artefacts/errors.ts';
import { ARTEFACT_FILES } from '../../artefacts/layout.ts';

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
export function searchSiteTool(info: ToolInfo, { artefacts, stemmers }: ToolDependencies): ToolSpec {
  // Examples in the company's own words (a site without services or pages gets a neutral one).
  const examples = info.exampleQueries.length ? info.exampleQueries : ['contact'];
  const languages = toolLanguages(info);
  type Structured = z.output<ReturnType<typeof output>> & { language?: string };
  const memo = createMemo<ToolSuccess<Structured>>(SEARCH_MEMO_SIZE);
  // Each language's analyzer and terms are read on its first search or detection, its postings
  // and search on its first search (an instance that never searches, or never in Dutch, never
  // reads that index; detecting a query's language reads each language's terms only). Keyed by
  // language code ('' on a one-language site: its only language).
  const defaultLanguage = languages?.default ?? '';
  const languageArg = (key: string) => (key === '' ? undefined : key);
  const analyzerOf = onceEach(async (key): Promise<{ analyzer: Analyzer; terms: readonly string[] }> => {
    const terms = await artefacts.searchTerms(languageArg(key));
    // The index's own language: a one-language site's tools are not told it (its head names no languages).
    const analyzer = await searchAnalyzer(
      terms.language,
      stemmers ?? (() => Promise.resolve(undefined)),
      terms.stopWords,
      terms.synonyms,
      terms.questions,
    );
    return { analyzer, terms: terms.terms };
  });
  const searchIn = onceEach(async (key): Promise<SiteSearch> => {
    const [{ terms, postings }, { analyzer }] = await Promise.all([
      artefacts.searchIndex(languageArg(key)),
      analyzerOf(key),
    ]);
    return createSiteSearch(
      createRanker(await openSearchIndex(terms, postings), analyzer),
      async (path) => {
        const record = await artefacts.page(path);
        if (!record)
          throw new ArtefactError(
            ARTEFACT_FILES.searchTerms,
            'mismatch',
            `names the page ${path}, which has no page record: the artefacts are not from one build. Run the build again and redeploy`,
          );
        return record;
      },
      info.site.baseUrl,
      analyzer,
    );
  });
  /** The language of a query without a `language` argument (the only language on a one-language site). */
  const languageOfQuery = async (query: string): Promise<string | undefined> => {
    if (!languages) return undefined;
    const candidates = await Promise.all(
      languages.codes.map(async (language) => ({ language, ...(await analyzerOf(language)) })),
    );
    return detectLanguage(query, candidates);
  };

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
    const language = requested ?? (await languageOfQuery(query));
    const [{ total, complete, results }, { mcp }] = await Promise.all([
      (await searchIn(language ?? defaultLanguage)).search(query, limit),
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
