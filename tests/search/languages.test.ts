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
import { splitCompound, writesCompounds } from '../../src/search/compounds.ts';
import { detectLanguage, languageScore } from '../../src/search/detect.ts';
import { queryTerms } from '../../src/search/options.ts';
import { createSnippets } from '../../src/search/snippets.ts';
import { searchStrings } from '../../src/schemas/strings/search.ts';
import { searchTermsSchema } from '../../src/artefacts/schema.ts';
import { QUESTION_KINDS } from '../../src/search/questions.ts';
import { languageSearch } from '../../scripts/bench/search-answers.ts';
import { sampleModel } from '../support/sample-site.ts';
import { rankerOf, searchDocument } from '../support/search-documents.ts';

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
    // Japanese has stop words (its particles) but no stemmer; Swahili has neither.
    expect(japanese.stopWords.has('は')).toBe(true);
    expect(buildAnalysis('sw').analyzer.stopWords.size).toBe(0);
    expect(withoutAccents('Lisboa é ótima')).toBe('Lisboa e otima');
    // Only the accents people leave out when they type: kana's voicing marks and Thai's tones stay.
    expect(withoutAccents('データ')).toBe('データ');
    expect(withoutAccents('ย้าย')).toBe('ย้าย');
    expect(withoutAccents('Ελληνικά')).toBe('Ελληνικα');
  });

  test("the function's analyzer, made from what the build stores, analyses as the build's did", async () => {
    for (const language of ['nl', 'pt']) {
      const built = buildAnalysis(language, model.languages.models.get(language)!.strings.search);
      const running = await searchAnalyzer(language, buildStemmers, built.stopWords, built.synonyms, built.questions);
      for (const word of ['cloudmigratie', 'migrações', 'oplossingen', 'seguradoras', 'onde', 'wat'])
        expect(running.term(word)).toBe(built.analyzer.term(word));
      for (const word of ['wie', 'waar', 'quem', 'onde', 'quantas', 'who', 'wat'])
        expect(running.asks(word)).toBe(built.analyzer.asks(word));
      expect([...running.stopWords].sort()).toEqual([...built.analyzer.stopWords].sort());
      expect(running.synonymsOf(running.term('blog'))).toEqual(built.analyzer.synonymsOf(built.analyzer.term('blog')));
    }
  });

  test("a language's vocabulary (strings.yaml search) makes its words synonyms and drops its stop words", () => {
    const { analyzer } = buildAnalysis('nl', { synonyms: [['blog', 'artikelen']], stopWords: ['Waar'] });
    expect(analyzer.synonymsOf(analyzer.term('blog'))).toEqual([analyzer.term('artikelen')]);
    expect(queryTerms('waar blog', analyzer)).toEqual([analyzer.term('blog')]);
  });

  test("a language's question words find the pages that state the company's facts", async () => {
    const { analyzer } = buildAnalysis('nl', {
      synonyms: [],
      stopWords: [],
      questions: { who: ['Wie'], count: ['hoeveel'] },
    });
    expect(queryTerms('Wie is de directeur', analyzer)).toEqual(['?who', analyzer.term('directeur')]);
    expect(queryTerms('hoeveel medewerkers', analyzer)).toEqual(['?count', analyzer.term('medewerkers')]);
    // "wanneer" asks nothing here: a word like any other ("hoe" a stop word, dropped).
    expect(queryTerms('wanneer opgericht', analyzer)).toEqual([analyzer.term('wanneer'), analyzer.term('opgericht')]);
    expect(queryTerms('hoe opgericht', analyzer)).toEqual([analyzer.term('opgericht')]);
    // The sample's Dutch and Portuguese vocabulary: a question about the company finds the about
    // page, or the person it asks for (the managing director has a page of his own).
    for (const [language, query, answers] of [
      ['nl', 'wie is de directeur', ['/nl/about', '/nl/team/ruben-oosterhuis']],
      ['nl', 'hoeveel medewerkers hebben jullie', ['/nl/about']],
      ['pt', 'quantos funcionários têm', ['/pt/about']],
      ['pt', 'quem fundou a empresa', ['/pt/about']],
    ] as const)
      expect(answers, query).toContain((await languageSearch(model, language)).rank(query, 1).hits[0]?.id);
  });
});

describe('a phrase in a synonym group', () => {
  const built = buildAnalysis('pt', { synonyms: [['datacenter', 'centro de dados']], stopWords: [] });
  const doc = (id: string, title: string, text: string) => searchDocument(id, { kind: 'service', title, text });

  test('is stored as its terms, without its stop words, and is found by the words of its group only', () => {
    const { analyzer } = built;
    expect(built.synonyms).toEqual([[analyzer.term('datacenter'), 'centr dad']]);
    expect(analyzer.synonymsOf(analyzer.term('datacenter'))).toEqual(['centr dad']);
    expect(analyzer.synonymsOf('centr')).toEqual([]);
    expect(analyzer.synonymsOf('dad')).toEqual([]);
  });

  test('finds the pages that have all its words, and no page that has only some', async () => {
    const rank = await rankerOf(
      [
        doc('/migracao', 'Migração para a nuvem', 'Fechamos dois centros de dados num ano.'),
        doc('/dados', 'Engenharia de dados', 'Dados, dados e mais dados: pipelines de dados.'),
        doc('/centro', 'O nosso centro em Lisboa', 'Um escritório no centro da cidade.'),
      ],
      built.analyzer,
      await searchAnalyzer('pt', buildStemmers, built.stopWords, built.synonyms),
    );
    const answer = rank('queremos fechar o nosso datacenter', 10);
    expect(answer.hits.map((hit) => hit.id)).toEqual(['/migracao']);
    expect(answer.hits[0]!.terms).toEqual(expect.arrayContaining(['centr', 'dad']));
    // The phrase itself is looked up word by word, as any query is.
    expect(rank('centro de dados', 10).hits.map((hit) => hit.id)).toContain('/dados');
  });

  test("the snippet shows the sentence with the query's words as written, accents and all", async () => {
    const analyzer = await searchAnalyzer('pt', buildStemmers, built.stopWords, built.synonyms);
    const page = {
      kind: 'insight',
      title: 'Gestão',
      description: 'Resumo.',
      markdown:
        `# Gestão de dados\n\n${'Um parágrafo sem nada. '.repeat(12)}\n\nÉtica e gestão: as equipas decidem. ` +
        'Outra frase qualquer aqui.'.repeat(10),
    };
    // The terms as the index has them: stemmed and without accents ("gestao" -> "gesta", "ética" -> "etic").
    const terms = queryTerms('gestão ética', analyzer);
    expect(terms.every((term) => withoutAccents(term) === term)).toBe(true);
    const { snippetFor } = createSnippets(analyzer);
    expect(snippetFor(page, terms)).toMatch(/^…?Ética e gestão: as equipas decidem\. Outra/);
    // One term found: the sentence after the title that has it, from its start.
    expect(snippetFor(page, queryTerms('éticas', analyzer))).toMatch(/^…?Ética e gestão/);
    expect(snippetFor(page, queryTerms('nuvem', analyzer))).toBe('Resumo.');
  });

  test('a group needs a word besides its phrases, and an entry is checked as a word is', () => {
    expect(searchStrings.safeParse({ synonyms: [['datacenter', 'centro de dados']] }).success).toBe(true);
    const onlyPhrases = searchStrings.safeParse({ synonyms: [['centro de dados', 'centro informático']] });
    expect(onlyPhrases.error?.issues[0]?.message).toMatch(/add the one word a searcher types/);
    expect(searchStrings.safeParse({ stopWords: ['de onde'] }).error?.issues[0]?.message).toBe(
      'must be one word (no spaces)',
    );
    expect(searchStrings.safeParse({ questions: { who: ['quem'], count: ['quantos', 'quantas'] } }).success).toBe(true);
    expect(searchStrings.safeParse({ questions: { where: ['de onde'] } }).error?.issues[0]?.message).toBe(
      'must be one word (no spaces)',
    );
    const unknown = searchStrings.safeParse({ questions: { why: ['porque'] } }).error?.issues[0];
    expect(unknown?.code).toBe('unrecognized_keys');
    // The strings schema and the artefact's list the kinds of src/search/questions.ts, no more, no fewer.
    const every = Object.fromEntries(QUESTION_KINDS.map((kind) => [kind, ['x']]));
    expect(Object.keys(searchStrings.parse({ questions: every }).questions).sort()).toEqual([...QUESTION_KINDS].sort());
    const stored = searchTermsSchema.parse({
      language: 'nl',
      documents: [],
      terms: [],
      questions: { ...every, why: [] },
    });
    expect(Object.keys(stored.questions ?? {}).sort()).toEqual([...QUESTION_KINDS].sort());
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

  test('without a first part the index has, the last part alone, when it is five letters or more', () => {
    expect(splitCompound('kennismakingsbeleid', analyzer, has)).toEqual(['beleid']);
    expect(splitCompound('klantenbedrijf', analyzer, has)).toEqual(['bedrijf']);
    // "contactformulier": the last part "formulier" is no term, and "contact" alone is not a last part.
    expect(splitCompound('contactformulier', analyzer, has)).toBeUndefined();
  });

  test('no split when neither a first nor a last part is a term, or the word is short or a number', () => {
    expect(splitCompound('kennismakingsgroet', analyzer, has)).toBeUndefined();
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

  test('the start of a longer term is half a point: it decides a tie, never against a word a language knows', () => {
    // "agile" and "ons" are English terms, "voor", "ons" and the compound Dutch.
    expect(detect('agile coach voor ons ontwikkelteam')).toBe('nl');
    const [english, dutch] = candidates;
    // "leverancie" starts Dutch "leveranciers"; English has no such term.
    expect(languageScore(['leverancie'], dutch!)).toBe(0.5);
    expect(languageScore(['leverancie'], english!)).toBe(0);
    // Three letters are too few to say anything ("kla", the start of "klanten", is no term itself).
    expect(languageScore(['kla'], dutch!)).toBe(0);
  });

  test("a stop word says more of a language than a term other languages' indexes share", () => {
    // "is", "de" and "van" are in the English index too; "wie" is Dutch only, "ceo" English only.
    expect(detect('wie is de ceo van northbeam')).toBe('nl');
    const [english, dutch] = candidates;
    expect(languageScore(['van'], dutch!)).toBeGreaterThan(languageScore(['van'], english!));
  });

  test('a typo of a term is half a point, so a misspelt Dutch word is not searched as English', () => {
    const [english, dutch, portuguese] = candidates;
    // "privacyverklaring" and "cloudmigratie" are Dutch terms; the queries lose a letter.
    expect(languageScore(['privacyverkaring'], dutch!)).toBe(0.5);
    expect(languageScore(['privacyverkaring'], english!)).toBe(0);
    expect(detect('cloudmigatie aws google cloud')).toBe('nl');
    // A word one letter longer, or with two letters swapped, counts too; one further away does not.
    expect(languageScore(['cloudmigrattie'], dutch!)).toBe(0.5);
    expect(languageScore(['cloudmirgatie'], dutch!)).toBe(0.5);
    expect(languageScore(['cloudmigxxtie'], dutch!)).toBe(0);
    expect(languageScore(['privacyverkaring'], portuguese!)).toBe(0);
  });

  test('only a word no language knows is looked at as a typo', () => {
    const english = { language: 'en', analyzer: ENGLISH_ANALYZER, terms: ['contract'] };
    const dutch = { language: 'nl', analyzer: buildAnalysis('nl').analyzer, terms: ['contact'] };
    // "contract" is one edit from Dutch "contact", but English knows it: no typo, English.
    expect(languageScore(['contract'], dutch)).toBe(0.5);
    expect(detectLanguage('contract', [english, dutch])).toBe('en');
    expect(detectLanguage('contract', [dutch, english])).toBe('en');
    // "contakt" no language knows: a typo of the Dutch term only.
    expect(detectLanguage('contakt', [english, dutch])).toBe('nl');
  });

  test('two terms run together are evidence only in a language that writes compounds', () => {
    // "planning" + "software" and "container" + "terminal" are English terms too, but an English
    // question writes them apart.
    const [english, dutch] = candidates;
    expect(languageScore(['containerterminal'], english!)).toBe(0);
    expect(languageScore(['containerterminal'], dutch!)).toBe(1);
    expect(detect('planningssoftware containerterminal gemoderniseerd')).toBe('nl');
    expect(writesCompounds('nl')).toBe(true);
    expect(writesCompounds('de-CH')).toBe(true);
    expect(writesCompounds('pt')).toBe(false);
  });

  test('words every language shares search the default language', () => {
    expect(detect('kubernetes')).toBe('en');
    expect(detect('')).toBe('en');
  });
});
