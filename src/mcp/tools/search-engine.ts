/**
 * The site's search engine as the function runs it: per language the index, analyzer and page
 * records of the build (each read on that language's first search), the language of a query
 * (src/search/detect.ts) and the search itself (query.ts). search_site (src/mcp/tools/search-site.ts)
 * and the search page for people (src/http/search-page.ts) answer from it: the same index, the
 * same ranking, the same snippets.
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
import { createRanker, createSiteSearch, type SiteSearchAnswer } from '../../search/query.ts';

export interface SearchEngine {
  /** The language a query is written in (undefined on a one-language site). */
  languageOf(query: string): Promise<string | undefined>;
  /** The best `limit` pages for `query` in `language` (the site's only language when undefined). */
  search(query: string, limit: number, language: string | undefined): Promise<SiteSearchAnswer>;
  /** The analyzer of a language's index (stemmer, stop words), e.g. to mark matched words. */
  analyzer(language: string | undefined): Promise<Analyzer>;
}

export function createSearchEngine(
  info: Pick<ToolInfo, 'languages' | 'site'>,
  artefacts: ArtefactReader,
  stemmers: StemmerLoader | undefined,
): SearchEngine {
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
  return {
    async languageOf(query) {
      if (!languages) return undefined;
      const candidates = await Promise.all(
        languages.codes.map(async (language) => ({ language, ...(await analyzerOf(language)) })),
      );
      return detectLanguage(query, candidates);
    },
    async search(query, limit, language) {
      return (await searchIn(language ?? defaultLanguage)).search(query, limit);
    },
    async analyzer(language) {
      return (await analyzerOf(language ?? defaultLanguage)).analyzer;
    },
  };
}
