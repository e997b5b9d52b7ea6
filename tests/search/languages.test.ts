/**
 * Search in every language: each language's analyzer (its Snowball stemmer and stop words,
 * accents folded), compound words, and which language a query is written in, over the sample's
 * own indexes.
 */
import { describe, expect, test } from 'vitest';
import { buildAnalysis, buildStemmers } from '../../src/build/search-analyzers.ts';
import { ENGLISH_ANALYZER, searchAnalyzer, withoutAccents } from '../../src/search/analyzers.ts';
import { hasStemmer } from '../../src/search/snowball.ts';
import { stemmersModule } from '../../src/build/stemmers-module.ts';
import { splitCompound } from '../../src/search/compounds.ts';
import { detectLanguage } from '../../src/search/detect.ts';
import { queryTerms } from '../../src/search/options.ts';
import { languageSearch } from '../../scripts/bench/search-answers.ts';
import { sampleModel } from '../support/sample-site.ts';

const model = sampleModel();

describe('per-language analysis', () => {
  test('Portuguese: word forms and spellings without accents are one term', () => {
    const { analyzer } = buildAnalysis('pt');
    expect(analyzer.term('seguradora')).toBe(analyzer.term('seguradoras'));
    expect(analyzer.term('migração')).toBe(analyzer.term('migracao'));
    expect(analyzer.term('migração')).not.toMatch(/[çã]/);
    // Stop words go from a query with other words ("para", "a"), and the question word the site's vocabulary adds.
    expect(queryTerms('migração para a nuvem', analyzer)).toEqual([analyzer.term('migração'), analyzer.term('nuvem')]);
  });

  test('Dutch: plural and singular are one term; stop words dropped', () => {
    const { analyzer } = buildAnalysis('nl');
    expect(analyzer.term('klanten')).toBe(analyzer.term('klant'));
    expect(analyzer.term('oplossingen')).toBe(analyzer.term('oplossing'));
    expect(analyzer.term('kosten')).toBe(analyzer.term('kost'));
    expect(queryTerms('wat kost een migratie', analyzer)).toEqual([analyzer.term('kost'), analyzer.term('migratie')]);
  });

  test('English is analysed as it always was; a language without a stemmer matches words as written', () => {
    expect(buildAnalysis('en').analyzer).toBe(ENGLISH_ANALYZER);
    expect(buildAnalysis('en').stopWords).toEqual([]);
    expect(hasStemmer('pt-br')).toBe(true);
    expect(hasStemmer('ja')).toBe(false);
    const japanese = buildAnalysis('ja').analyzer;
    expect(japanese.term('Kubernetes'.toLowerCase())).toBe('kubernetes');
    expect(japanese.stopWords.size).toBe(0);
    expect(withoutAccents('Lisboa é ótima')).toBe('Lisboa e otima');
  });

  test("the function's analyzer, made from what the build stores, analyses as the build's did", async () => {
    for (const language of ['nl', 'pt']) {
      const built = buildAnalysis(language, model.languages.models.get(language)!.strings.search);
      const running = await searchAnalyzer(language, buildStemmers, built.stopWords, built.synonyms);
      for (const word of ['cloudmigratie', 'migrações', 'oplossingen', 'seguradoras', 'onde', 'wat'])
        expect(running.term(word)).toBe(built.analyzer.term(word));
      expect([...running.stopWords].sort()).toEqual([...built.analyzer.stopWords].sort());
      expect(running.synonymsOf(running.term('blog'))).toEqual(built.analyzer.synonymsOf(built.analyzer.term('blog')));
    }
  });

  test("a language's vocabulary (strings.yaml search) makes its words synonyms and drops its question words", () => {
    const { analyzer } = buildAnalysis('nl', { synonyms: [['blog', 'artikelen']], stopWords: ['Waar'] });
    expect(analyzer.synonymsOf(analyzer.term('blog'))).toEqual([analyzer.term('artikelen')]);
    expect(queryTerms('waar blog', analyzer)).toEqual([analyzer.term('blog')]);
  });
});

describe("the function's stemmer module", () => {
  test("imports the stemmers of the site's languages, each written out, and no others", () => {
    const source = stemmersModule(['en', 'nl', 'pt-br', 'ja']);
    expect([...source.matchAll(/import\('(@orama\/stemmers\/\w+)'\)/g)].map((match) => match[1])).toEqual([
      '@orama/stemmers/dutch',
      '@orama/stemmers/portuguese',
    ]);
    expect(stemmersModule(['en'])).not.toContain('import(');
  });
});

describe('compound words', () => {
  const terms = new Set(['contact', 'gegeven', 'privacy', 'beleid', 'bedrijf', 'process']);
  const { analyzer } = buildAnalysis('nl');
  const has = (term: string) => terms.has(term);

  test('a word the index does not have is split into two of its terms, a linking s allowed', () => {
    expect(splitCompound('contactgegevens', analyzer, has)).toEqual(['contact', analyzer.term('gegevens')]);
    expect(splitCompound('privacybeleid', analyzer, has)).toEqual(['privacy', 'beleid']);
  });

  test('no split when a half is not a term, or the word is short or a number', () => {
    expect(splitCompound('contactformulier', analyzer, has)).toBeUndefined();
    expect(splitCompound('beleid', analyzer, has)).toBeUndefined();
    expect(splitCompound('contact2024', analyzer, has)).toBeUndefined();
  });
});

describe('the language a query is written in', async () => {
  const candidates = await Promise.all(
    model.languages.codes.map(async (code) => (await languageSearch(model, code)).detection),
  );
  const detect = (query: string) => detectLanguage(query, candidates);

  test('questions and keywords in each language', () => {
    expect(detect('wat kost een cloudmigratie')).toBe('nl');
    expect(detect('migração para a nuvem')).toBe('pt');
    expect(detect('where is the company based')).toBe('en');
    expect(detect('contactgegevens')).toBe('nl');
    expect(detect('onde fica o escritório de Lisboa')).toBe('pt');
  });

  test('words every language shares search the default language', () => {
    expect(detect('kubernetes')).toBe('en');
    expect(detect('')).toBe('en');
  });
});
