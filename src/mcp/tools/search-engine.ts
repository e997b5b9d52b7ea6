/**
 * The site's search engine as the function runs it: per language the index, analyzer and page
 * records of the build (each read on that language's first search), the language of a query
 * (src/search/detect.ts) and the search itself (query.ts). search_site (src/mcp/tools/search-site.ts)
 * and the search page for people (src/http/search-page.ts) answer from it: the same index, the
 * same ranking, the same snippets. The engine takes the search's options (src/search/options.ts,
 * RankerOptions; the defaults when none are given) and gives its rankers, site searches and
 * language detection the same; each language's ranker and site search, made on its first search,
 * keep their scratch space and caches for the engine's life (the function instance's).
 */
import type { ArtefactReader } from '../../artefacts/reader.ts';
import type { ToolInfo } from '../../artefacts/schema.ts';
import { ArtefactError } from '../../artefacts/errors.ts';
import { ARTEFACT_FILES } from '../../artefacts/layout.ts';
import { onceEach } from '../../once.ts';
import { toolLanguages } from './site-languages.ts';
import { searchAnalyzer, type Analyzer, type StemmerLoader } from '../../search/analyzers.ts';
import { detectLanguage } from '../../search/detect.ts';
import { openSearchIndex } from '../../search/load.ts';
import { rankerOptions, type RankerOptionsInput } from '../../search/options.ts';
import { createRanker, createSiteSearch, type SiteSearchAnswer } from '../../search/query.ts';

export interface SearchEngine {
  /** The language a query is written in (undefined on a one-language site). */
  languageOf(query: string): Promise<string | undefined>;
  /** The best `limit` pages for `query` in `language` (the site's only language when undefined). */
  search(query: string, limit: number, language: string | undefined): Promise<SiteSearchAnswer>;
  /**
   * Where the words of `text` (a result's snippet) that are one of `terms` (its `matched`) stand,
   * in `language`'s words, for marking them (src/search/snippets.ts).
   */
  matchedWords(text: string, terms: readonly string[], language: string | undefined): Promise<[number, number][]>;
}

export function createSearchEngine(
  info: Pick<ToolInfo, 'languages' | 'site'>,
  artefacts: ArtefactReader,
  stemmers: StemmerLoader | undefined,
  input: RankerOptionsInput = {},
): SearchEngine {
  const options = rankerOptions(input);
  const languages = toolLanguages(info);
  // Keyed by language code ('' on a one-language site: its only language). Each language's
  // analyzer and terms are read on its first search or detection, its postings on its first search.
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
  const searchIn = onceEach(async (key) => {
    const [{ terms, postings }, { analyzer }] = await Promise.all([
      artefacts.searchIndex(languageArg(key)),
      analyzerOf(key),
    ]);
    return createSiteSearch(
      createRanker(await openSearchIndex(terms, postings), analyzer, options),
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
      options,
    );
  });
  return {
    async languageOf(query) {
      if (!languages) return undefined;
      const candidates = await Promise.all(
        languages.codes.map(async (language) => ({ language, ...(await analyzerOf(language)) })),
      );
      return detectLanguage(query, candidates, options);
    },
    async search(query, limit, language) {
      return (await searchIn(language ?? defaultLanguage)).search(query, limit);
    },
    async matchedWords(text, terms, language) {
      return (await searchIn(language ?? defaultLanguage)).matchedWords(text, terms);
    },
  };
}
