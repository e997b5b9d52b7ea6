/** search_site: search across services, case studies, insights and pages, by keywords or a whole question. */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { once } from '../../once.ts';
import { openSearchIndex } from '../../search/load.ts';
import { createRanker, createSiteSearch, type SiteSearch } from '../../search/query.ts';
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
const output = () =>
  z.object({
    query: z.string().check(z.describe('The query as searched.')),
    total: z.int().check(z.describe('How many pages matched.')),
    returned: z.int().check(z.describe('How many are returned (at most `limit`), best first.')),
    results: z.array(searchResultSchema()).check(z.describe('The matching pages, best first.')),
  });

export function searchSiteTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  // Examples in the company's own words (a site without services or pages gets a neutral one).
  const examples = info.exampleQueries.length ? info.exampleQueries : ['contact'];
  const memo = createMemo<ToolSuccess<z.output<ReturnType<typeof output>>>>(SEARCH_MEMO_SIZE);
  // The index is opened on the first search of the instance (an instance that never searches never reads it).
  const open = once(async (): Promise<SiteSearch> => {
    const { terms, postings } = await artefacts.searchIndex();
    return createSiteSearch(
      createRanker(await openSearchIndex(terms, postings)),
      (path) => artefacts.page(path),
      info.site.baseUrl,
    );
  });

  const answer = async (query: string, limit: number): Promise<ToolSuccess<z.output<ReturnType<typeof output>>>> => {
    const { total, results } = await (await open()).search(query, limit);
    if (results.length === 0) {
      return {
        structured: { query, total: 0, returned: 0, results: [] },
        text: `No pages match "${query}". Try fewer or other keywords, or browse with list_case_studies, list_insights or get_company_profile.`,
      };
    }
    const lines = results.map(
      (result, i) =>
        `${i + 1}. [${result.title}](${result.url}) (${result.kind}${result.date ? `, ${result.date}` : ''}, score ${result.score})\n   ${result.snippet}`,
    );
    return {
      structured: { query, total, returned: results.length, results },
      text: `Search results for "${query}" (${results.length} of ${total}, best first):\n\n${lines.join('\n')}`,
    };
  };

  return defineTool({
    name: 'search_site',
    title: 'Search the site',
    description:
      `Search across ${info.site.baseUrl}: services, case studies, insights, listings and other pages, including the company's facts (location, founding year, team, contact). ` +
      'Returns the best matches first, each with kind, title, URL, a snippet from the sentence that matched and a score. ' +
      `Use it to find the page that answers a question (e.g. ${examples.map((query) => `"${query}"`).join(', ')}); ` +
      'ask in keywords or a whole question: question words are ignored, word forms, common synonyms, prefixes and small typos still match, and pages with every word rank first. ' +
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
    }),
    output,
    run: ({ query, limit }) => memo(`${limit} ${query}`, () => answer(query, limit)),
  });
}
