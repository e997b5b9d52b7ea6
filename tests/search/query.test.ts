/**
 * The query side of site search: the ranking against a slow reference written from its
 * definition, on the sample content, then results, snippets, caching.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { realisticQueries } from '../../scripts/bench/mcp-queries.ts';
import { buildSearchIndex, searchDocuments } from '../../src/build/search-index.ts';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { openSearchIndex } from '../../src/search/load.ts';
import {
  bm25,
  DEFAULT_INDEX_OPTIONS,
  DEFAULT_RANKER_OPTIONS,
  processTerm,
  queryTerms,
  rankerOptions,
  SEARCH_FIELDS,
  tokenize,
  type RankerOptions,
  type SearchDocument,
} from '../../src/search/options.ts';
import { synonymsOf } from '../../src/search/query-words.ts';
import { loadAnswerQueries } from '../../scripts/bench/search-answers.ts';
import { ENGLISH_ANALYZER } from '../../src/search/analyzers.ts';
import { splitCompound } from '../../src/search/compounds.ts';
import { createRanker, createSiteSearch, type Ranker, type SiteSearch } from '../../src/search/query.ts';
import { snippetAround } from '../../src/search/snippets.ts';
import { ROOT, sampleArtefacts, sampleModel } from '../support/sample-site.ts';
import { rankerOf, searchDocument } from '../support/search-documents.ts';
import { editDistance } from '../../src/edit-distance.ts';

const model = sampleModel();
const documents = searchDocuments(model);
let rank: Ranker;
let search: SiteSearch;
let sampleIndex: Awaited<ReturnType<typeof openSearchIndex>>;
const pageReads: string[] = [];

beforeAll(async () => {
  const index = buildSearchIndex(documents);
  sampleIndex = await openSearchIndex(
    index,
    decodePostings(encodePostings(index), index.terms.length, index.documents.length),
  );
  rank = createRanker(sampleIndex);
  const pages = new Map(
    sampleArtefacts().pages.map((page) => [
      page.path,
      { ...page, date: page.entry && 'date' in page.entry.data ? page.entry.data.date : undefined },
    ]),
  );
  search = createSiteSearch(
    rank,
    (path) => {
      pageReads.push(path);
      return Promise.resolve(pages.get(path)!);
    },
    model.company.baseUrl,
  );
});

/**
 * The ranking written out slowly from its definition (options.ts, query-words.ts), with none of
 * the ranker's machinery: fields tokenized and counted per document, BM25+ per field, query
 * terms derived by scanning the whole vocabulary (prefix, Levenshtein distance, synonyms), and
 * every document scored in full, with the ranker's `options` (the defaults unless given).
 */
function referenceRanker(docs: readonly SearchDocument[], options: RankerOptions = DEFAULT_RANKER_OPTIONS) {
  const { weights } = options;
  const fields = docs.map((doc) =>
    SEARCH_FIELDS.map((field) => {
      const tokens = tokenize(doc[field]);
      // The kinds of question the facts answer are terms of their own (questions.ts).
      if (field === 'facts') tokens.push(...(doc.questions ?? []));
      const counts = new Map<string, number>();
      for (const token of tokens) {
        const term = token.startsWith('?') ? token : processTerm(token);
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      return { counts, length: new Set(tokens).size };
    }),
  );
  const averages = SEARCH_FIELDS.map((_, f) => fields.reduce((sum, doc) => sum + doc[f]!.length, 0) / docs.length);
  const vocabulary = [...new Set(fields.flatMap((doc) => doc.flatMap((field) => [...field.counts.keys()])))];
  const levenshtein = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  const derivedOf = new Map<string, Map<string, number>>();
  // A prefix's or a typo's credit toward the words matched is its weight; any other match's is 1.
  const credits = new Map<string, number>();
  const derive = (word: string) => {
    const known = derivedOf.get(word);
    if (known) return known;
    const derived = new Map<string, number>();
    derivedOf.set(word, derived);
    const partial = (term: string, weight: number) => {
      derived.set(term, weight);
      credits.set(`${word} ${term}`, weight);
    };
    if (vocabulary.includes(word)) derived.set(word, 1);
    if (word.startsWith('?')) return derived;
    if (word.length >= options.prefixMinLength)
      for (const term of vocabulary)
        if (term !== word && term.startsWith(word))
          partial(term, (weights.prefix * term.length) / (term.length + 0.3 * (term.length - word.length)));
    const fuzzy = (edits: number) => {
      for (const term of vocabulary) {
        const distance = levenshtein(word, term);
        if (distance > 0 && distance <= edits && !derived.has(term))
          partial(term, (weights.fuzzy * term.length) / (term.length + distance));
      }
    };
    // A word the index has is taken as written: no one-edit neighbours.
    if (!vocabulary.includes(word) && word.length >= options.fuzzyMinLength)
      fuzzy(Math.min(options.maxFuzzyEdits, Math.round(word.length * 0.2)));
    if (derived.size === 0 && word.length >= options.secondFuzzyMinLength) {
      for (const term of vocabulary) {
        const distance = levenshtein(word, term);
        if (term.startsWith(word.slice(0, options.secondFuzzySharedPrefix)) && distance > 0 && distance <= 2)
          partial(term, (weights.fuzzy * term.length) / (term.length + distance));
      }
    }
    if (derived.size === 0) {
      // A compound of two index terms ("chatbot": chat + bot), each at the compound weight.
      const parts = splitCompound(word, ENGLISH_ANALYZER, (term) => vocabulary.includes(term));
      if (parts) for (const part of parts) derived.set(part, weights.compound);
    }
    for (const synonym of synonymsOf(word))
      if (vocabulary.includes(synonym) && !derived.has(synonym)) derived.set(synonym, weights.synonym);
    return derived;
  };
  const termScore = (term: string, doc: number) =>
    SEARCH_FIELDS.reduce((sum, field, f) => {
      const frequency = fields[doc]![f]!.counts.get(term);
      if (!frequency) return sum;
      const matching = fields.reduce((count, other) => count + (other[f]!.counts.has(term) ? 1 : 0), 0);
      return (
        sum +
        DEFAULT_INDEX_OPTIONS.boosts[field] *
          bm25(frequency, matching, docs.length, fields[doc]![f]!.length, averages[f]!, DEFAULT_INDEX_OPTIONS.bm25)
      );
    }, 0);
  return (query: string) => {
    const occurrences = new Map<string, number>();
    for (const word of queryTerms(query)) occurrences.set(word, (occurrences.get(word) ?? 0) + 1);
    const derivedByWord = [...occurrences].map(([word, times]) => ({ word, times, derived: derive(word) }));
    const results = docs.map((doc, d) => {
      let sum = 0;
      let matched = 0;
      let coverage = 0;
      const terms = new Set<string>();
      for (const { word, times, derived } of derivedByWord) {
        let best = 0;
        for (const [term, weight] of derived) {
          const score = termScore(term, d);
          if (score === 0) continue;
          best = Math.max(best, credits.get(`${word} ${term}`) ?? 1);
          terms.add(term);
          sum += weight * times * score;
        }
        // A question's kind ranks, but a complete match is one of the question's words.
        if (best > 0 && !word.startsWith('?')) matched += 1;
        coverage += best;
      }
      // Asked who, a page that does not answer who counts at notWhoWeight; asked anything
      // else, a person's page counts at personWeight (options.ts).
      const asksWho = occurrences.has('?who');
      const weight = asksWho
        ? (doc.questions ?? []).includes('?who')
          ? 1
          : options.notWhoWeight
        : doc.kind === 'person'
          ? options.personWeight
          : 1;
      return { id: doc.id, score: sum * coverage ** options.coveragePower * weight, terms: [...terms], matched };
    });
    return results.filter((result) => result.score > 0).sort((a, b) => b.score - a.score);
  };
}

/**
 * How many hits `rank` ranks as `reference` does for `queries` (same totals, order, scores to
 * 1e-5 and matched terms; equal scores in any order): every difference fails the test.
 */
function compareWithReference(
  rankWith: Ranker,
  reference: ReturnType<typeof referenceRanker>,
  queries: readonly string[],
): number {
  let compared = 0;
  for (const query of queries) {
    const expected = reference(query);
    const actual = rankWith(query, 10);
    expect(actual.total, query).toBe(expected.length);
    const top = expected.slice(0, actual.hits.length);
    expect(actual.hits.length, query).toBe(Math.min(10, expected.length));
    actual.hits.forEach((hit, i) => {
      const want = top[i]!;
      expect(Math.abs(hit.score - want.score) / want.score, `${query} #${i + 1}`).toBeLessThan(1e-5);
      // Equal scores may come in another order; anything else must be in the reference's order.
      const tied = top
        .filter((other) => Math.abs(other.score - want.score) / want.score < 1e-6)
        .map((other) => other.id);
      if (tied.length === 1) expect(hit.id, `${query} #${i + 1}`).toBe(want.id);
      else expect(tied, `${query} #${i + 1}`).toContain(hit.id);
      const reference = expected.find((result) => result.id === hit.id)!;
      expect([...hit.terms].sort(), `${query}: matched terms of ${hit.id}`).toEqual([...reference.terms].sort());
      compared += 1;
    });
  }
  return compared;
}

/** Every option away from its default, so a field the ranker ignored would rank otherwise than the reference. */
const OTHER_OPTIONS = {
  prefixMinLength: 3,
  fuzzyMinLength: 4,
  maxFuzzyEdits: 2,
  secondFuzzyMinLength: 6,
  secondFuzzySharedPrefix: 1,
  weights: { prefix: 0.6, fuzzy: 0.3, synonym: 0.25, compound: 0.7 },
  coveragePower: 1,
  personWeight: 0.8,
  notWhoWeight: 0.3,
} as const;

describe('createRanker', () => {
  test('ranks the sample content as the slow reference does, for the realistic and the agent queries', () => {
    const queries = [...realisticQueries(model), ...loadAnswerQueries(ROOT).map((item) => item.query)];
    expect(queries.length).toBeGreaterThan(400);
    expect(compareWithReference(rank, referenceRanker(documents), queries)).toBeGreaterThan(3000);
  });

  test('with options of its own, ranks as the reference does with the same options', () => {
    const options = rankerOptions(OTHER_OPTIONS);
    const queries = [
      ...realisticQueries(model).slice(0, 120),
      ...loadAnswerQueries(ROOT).map((item) => item.query),
      'mig',
      'kubrnets',
      'who wrote about data contracts',
      // Typos that only the options' longer edits and shorter second lookups find.
      'dokcer',
      'kuberntees',
      'infrastrcture',
      'obsrevability',
      'secuirty',
      'clod',
      'lpatform engineering',
      'dcoker',
      'mgirate',
      'cloudmigration',
      'platformteam',
    ];
    const other = createRanker(sampleIndex, ENGLISH_ANALYZER, OTHER_OPTIONS);
    expect(compareWithReference(other, referenceRanker(documents, options), queries)).toBeGreaterThan(1000);
    // Not the default ranking: the options change what a query finds and how it scores.
    expect(other('mig', 10).total).toBeGreaterThan(0);
    expect(rank('mig', 10).total).toBe(0);
    expect(other('platform engineering', 1).hits[0]!.score).not.toBeCloseTo(
      rank('platform engineering', 1).hits[0]!.score,
      3,
    );
  });

  test('a ranker made without options ranks with the defaults, and one option changes only itself', () => {
    expect(createRanker(sampleIndex)('cloud migration', 10)).toEqual(rank('cloud migration', 10));
    expect(createRanker(sampleIndex, ENGLISH_ANALYZER, DEFAULT_RANKER_OPTIONS)('who are you', 10)).toEqual(
      rank('who are you', 10),
    );
    // "migr" (4 characters) finds "migration" by prefix, unless prefixes start at 5.
    expect(rank('migr', 5).total).toBeGreaterThan(0);
    expect(createRanker(sampleIndex, ENGLISH_ANALYZER, { prefixMinLength: 5 })('migr', 5).total).toBe(0);
  });

  test('matches prefixes, word forms and one typo; two typos only in a long word that matches nothing else', () => {
    expect(rank('migr', 5).total).toBeGreaterThan(0);
    expect(rank('migrations', 5).hits).toEqual(rank('migrate', 5).hits);
    expect(rank('kubernets', 1).hits[0]!.id).toBe(rank('kubernetes', 1).hits[0]!.id);
    expect(rank('modernization', 3).hits.map((hit) => hit.id)).toEqual(
      rank('modernisation', 3).hits.map((hit) => hit.id),
    );
    // Two typos: "kubrnets" and "platfrom" match nothing with one edit, so they get two.
    expect(rank('kubrnets', 1).hits[0]!.id).toBe(rank('kubernetes', 1).hits[0]!.id);
    expect(rank('platfrom', 1).hits[0]!.id).toBe(rank('platform', 1).hits[0]!.id);
    // A short word gets no second chance: two edits would match unrelated words.
    expect(rank('daat', 5).total).toBe(0);
  });

  test('drops stop words from a query that has other words, keeps them when it has nothing else', () => {
    expect(queryTerms('What is the company about?')).toEqual(['compani']);
    expect(rank('what is the company about', 10).hits).toEqual(rank('company', 10).hits);
    expect(queryTerms('what are you')).toEqual(['what', 'ar', 'you']);
    expect(rank('what are you', 5).total).toBeGreaterThan(0);
  });

  test("a question word becomes its kind's term, which only the pages stating the company's facts and the people's pages match", () => {
    expect(queryTerms('Where is the company based?')).toEqual(['?where', 'compani', 'base']);
    expect(queryTerms('how many engineers')).toEqual(['?count', '?who', 'engin']);
    expect(queryTerms('how many years')).toEqual(['?count', 'year']);
    expect(queryTerms('who are you')).toEqual(['?who']);
    // The about page says who the company is, where, since when and how large; contact where.
    const about = documents.find((doc) => doc.id === '/about')!;
    expect(about.questions).toEqual(['?who', '?where', '?when', '?count']);
    expect(documents.find((doc) => doc.id === '/contact')!.questions).toEqual(['?where']);
    // A person's page says who they are.
    const people = model.people.map((person) => person.path);
    for (const path of people) expect(documents.find((doc) => doc.id === path)!.questions).toEqual(['?who']);
    expect(documents.filter((doc) => doc.questions?.length).map((doc) => doc.id)).toEqual([
      '/about',
      '/contact',
      ...people,
    ]);
    // "who are you" asks who the company is: every page that says who someone is answers it.
    expect(
      rank('who are you', 20)
        .hits.map((hit) => hit.id)
        .sort(),
    ).toEqual(['/about', ...people].sort());
    expect(
      rank('where', 5)
        .hits.map((hit) => hit.id)
        .sort(),
    ).toEqual(['/about', '/contact']);
    // The kind counts as a word of the query for the page that answers it, and changes no other.
    const alone = rank('employees', 4).hits;
    const asked = rank('how many employees', 4).hits;
    expect(asked[0]!.id).toBe('/about');
    expect(asked[0]!.score).toBeGreaterThan(4 * alone.find((hit) => hit.id === '/about')!.score);
    expect(asked.slice(1)).toEqual(alone.filter((hit) => hit.id !== '/about').slice(0, 3));
  });

  test('a question word no page answers is a stop word, as before: the question still finds its words', async () => {
    // A site whose company.yaml has no founding year: no page carries "?when".
    const rankWithout = await rankerOf(
      [
        searchDocument('/about', { kind: 'page', title: 'About us', facts: 'Northbeam', questions: ['?who'] }),
        searchDocument('/history', { kind: 'page', title: 'Our history', text: 'When we started, in a garage.' }),
      ],
      ENGLISH_ANALYZER,
    );
    expect(rankWithout('when', 5).hits.map((hit) => hit.id)).toEqual(['/history']);
    expect(rankWithout('when did you start', 5).hits.map((hit) => hit.id)).toEqual(['/history']);
    expect(rankWithout('who are you', 5).hits.map((hit) => hit.id)).toEqual(['/about']);
    expect(queryTerms('when did you start', ENGLISH_ANALYZER, (term) => term !== '?when')).toEqual(['start']);
  });

  test('a query word also matches its synonyms, which count as that word, at a lower weight', () => {
    const touch = rank('touch', 3).hits[0]!;
    expect(touch.id).toBe('/contact');
    expect(touch.terms).toContain('contact');
    const exact = rank('contact', 1).hits[0]!;
    expect(exact.id).toBe('/contact');
    expect(exact.score).toBeGreaterThan(rank('touch', 1).hits[0]!.score);
  });

  test("the company's facts are searchable on the about and contact pages", () => {
    const about = documents.find((doc) => doc.id === '/about')!;
    const contact = documents.find((doc) => doc.id === '/contact')!;
    expect(about.facts).toContain(String(model.company.founded));
    expect(about.facts).toContain(model.company.teamSize);
    expect(contact.facts).toContain(model.company.contactEmail);
    expect(documents.filter((doc) => doc.facts).map((doc) => doc.id)).toEqual(['/about', '/contact']);
    expect(rank(String(model.company.founded), 1).hits[0]!.id).toBe('/about');
  });

  test('limits the hits but counts every match; nothing matches: nothing returned', () => {
    const all = rank('data', 50);
    const two = rank('data', 2);
    expect(two.hits).toEqual(all.hits.slice(0, 2));
    expect(two.total).toBe(all.total);
    expect(rank('qqqqzzzz', 5)).toEqual({ total: 0, complete: 0, hits: [] });
    expect(rank('  ', 5)).toEqual({ total: 0, complete: 0, hits: [] });
  });

  test('counts the documents that match every word of the query apart (a content gap when none do)', () => {
    const reference = referenceRanker(documents);
    const queries = ['cloud migration', 'kubernetes pricing', 'SOC 2 audit help', 'terraform modules review'];
    for (const query of [...queries, 'where can I read about kubernetes', 'who are you']) {
      const ranking = rank(query, 5);
      const words = new Set(queryTerms(query).filter((term) => !term.startsWith('?'))).size;
      // The reference's documents whose every query word matched.
      const complete = reference(query).filter((result) => result.score > 0 && result.matched === words).length;
      expect(ranking.complete, query).toBe(complete);
      expect(ranking.complete, query).toBeLessThanOrEqual(ranking.total);
    }
    // The pages about kubernetes are complete matches, though only about and contact answer "where".
    expect(rank('where is kubernetes', 5).complete).toBe(rank('kubernetes', 5).complete);
    expect(rank('where is kubernetes', 5).complete).toBeGreaterThan(0);
    expect(rank('who are you', 5).complete).toBe(1 + model.people.length);
  });

  test('a repeated word adds its score again but counts once among the words matched', () => {
    const once = rank('kubernetes', 1).hits[0]!;
    const twice = rank('kubernetes kubernetes', 1).hits[0]!;
    expect(twice.id).toBe(once.id);
    expect(twice.score).toBeCloseTo(once.score * 2, 6);
  });
});

describe('createSiteSearch', () => {
  test('answers with kind, title, absolute URL, date, snippet and score', async () => {
    const study = model.caseStudies[0]!;
    const { total, results } = await search.search(study.client.name, 5);
    expect(total).toBeGreaterThan(0);
    const hit = results.find((result) => result.url === study.url);
    expect(hit).toMatchObject({ kind: 'case-study', title: study.data.title, date: study.data.date });
    expect(hit!.score).toBeGreaterThan(0);
  });

  test('puts the snippet around the matched word', async () => {
    const { results } = await search.search('kubernetes', 3);
    expect(results[0]!.snippet.toLowerCase()).toContain('kubernetes');
    expect(results[0]!.snippet.length).toBeLessThanOrEqual(202);
  });

  test('shows why a page matched: the sentence with most of the matched words, in their written form', async () => {
    const { results } = await search.search('kubernetes cost', 3);
    const snippet = results[0]!.snippet.toLowerCase();
    expect(snippet).toContain('kubernetes');
    expect(snippet).toContain('cost');
    // "strategies" is indexed as "strategi"; the snippet finds the word as written ("strategy").
    const strategy = await search.search('strategies', 1);
    expect(strategy.results[0]!.snippet.toLowerCase()).toMatch(/\bstrateg(y|ies)\b/);
    // A sentence is shown from its start (after an ellipsis when it is not the text's first).
    expect(snippet).toMatch(/^(…)?[A-Z0-9"]/i);
  });

  test('reads page records only for the results it returns', async () => {
    pageReads.length = 0;
    const { total, results } = await search.search('platform team', 2);
    expect(total).toBeGreaterThan(2);
    expect(pageReads).toEqual(results.map((result) => new URL(result.url).pathname));
  });

  test("a page the records refuse rejects the search with the records' error", async () => {
    const refused = new Error('no page record');
    const orphaned = createSiteSearch(rank, () => Promise.reject(refused), model.company.baseUrl);
    await expect(orphaned.search('kubernetes', 3)).rejects.toBe(refused);
  });

  test('answers are cached per normalised query and limit, and the cache is bounded', async () => {
    expect(await search.search('Cloud  Migration', 3)).toBe(await search.search('cloud migration', 3));
    expect(await search.search('cloud migration', 4)).not.toBe(await search.search('cloud migration', 3));
    const first = await search.search('platform', 1);
    for (let i = 0; i < DEFAULT_RANKER_OPTIONS.answerCacheSize + 5; i++) await search.search(`word${i}`, 1);
    expect(await search.search('platform', 1)).not.toBe(first);
    expect(await search.search('platform', 1)).toEqual(first);
  });
});

describe('the options', () => {
  test('nothing given is the defaults, documented and frozen; a nested object is merged over its defaults', () => {
    expect(rankerOptions()).toEqual(DEFAULT_RANKER_OPTIONS);
    expect(rankerOptions(DEFAULT_RANKER_OPTIONS)).toBe(DEFAULT_RANKER_OPTIONS);
    expect(Object.isFrozen(DEFAULT_RANKER_OPTIONS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_RANKER_OPTIONS.weights)).toBe(true);
    expect(Object.isFrozen(DEFAULT_INDEX_OPTIONS.boosts)).toBe(true);
    const options = rankerOptions({ weights: { prefix: 0.5 }, snippet: { length: 120 }, coveragePower: 3 });
    expect(options).toEqual({
      ...DEFAULT_RANKER_OPTIONS,
      coveragePower: 3,
      weights: { ...DEFAULT_RANKER_OPTIONS.weights, prefix: 0.5 },
      snippet: { ...DEFAULT_RANKER_OPTIONS.snippet, length: 120 },
    });
    expect(Object.isFrozen(options.weights)).toBe(true);
  });

  test('a misspelt option or a value that is no number of 0 or more is an error naming it', () => {
    expect(() => rankerOptions({ prefixMinLenght: 3 } as never)).toThrow(
      /prefixMinLenght is not one of prefixMinLength/,
    );
    expect(() => rankerOptions({ weights: { typo: 1 } } as never)).toThrow(
      /weights\.typo is not one of weights\.prefix/,
    );
    expect(() => rankerOptions({ prefixMinLength: -1 })).toThrow(/prefixMinLength must be a whole number/);
    expect(() => rankerOptions({ prefixMinLength: 2.5 })).toThrow(/prefixMinLength must be a whole number/);
    expect(() => rankerOptions({ weights: { fuzzy: Number.NaN } })).toThrow(/weights\.fuzzy must be a number/);
    expect(() => rankerOptions({ snippet: { lead: 1.5 } })).toThrow(/snippet\.lead must be a whole number/);
    expect(() => rankerOptions({ weights: 0.5 } as never)).toThrow(/weights must be an object of prefix, fuzzy/);
    expect(rankerOptions({ weights: undefined, prefixMinLength: undefined })).toEqual(DEFAULT_RANKER_OPTIONS);
  });

  test("a site search's snippets and cache follow its options, each instance with its own", async () => {
    const pages = new Map(sampleArtefacts().pages.map((page) => [page.path, page]));
    const read = (path: string) => Promise.resolve(pages.get(path)!);
    const short = createSiteSearch(rank, read, model.company.baseUrl, ENGLISH_ANALYZER, {
      snippet: { length: 80, lead: 20 },
      answerCacheSize: 1,
    });
    const { results, matched } = await short.search('kubernetes cost', 5);
    expect(results.length).toBeGreaterThan(1);
    for (const result of results) expect(result.snippet.length).toBeLessThanOrEqual(82);
    const usual = await search.search('kubernetes cost', 5);
    expect(usual.results.some((result) => result.snippet.length > 82)).toBe(true);
    // The same pages in the same order: snippets are not ranking.
    expect(results.map((result) => result.url)).toEqual(usual.results.map((result) => result.url));
    // Its matched words are marked by its own stems: "costs" is the term "cost".
    const marks = short.matchedWords('Kubernetes costs, and cost.', matched[0]!);
    expect(marks).toEqual([
      [0, 10],
      [11, 16],
      [22, 26],
    ]);
    // A cache of one answer: another query evicts the first.
    const first = await short.search('platform', 1);
    expect(await short.search('platform', 1)).toBe(first);
    await short.search('security', 1);
    expect(await short.search('platform', 1)).not.toBe(first);
  });
});

describe('editDistance with a maximum', () => {
  test('is the Levenshtein distance up to the bound, and the bound plus one beyond it', () => {
    expect(editDistance('platfrom', 'platform', 2)).toBe(2);
    expect(editDistance('contact', 'contact', 2)).toBe(0);
    expect(editDistance('kubrnet', 'kubernet', 2)).toBe(1);
    expect(editDistance('data', 'delta', 2)).toBe(2);
    expect(editDistance('abc', 'xyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('snippetAround', () => {
  const text = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');

  test('returns short texts whole', () => {
    expect(snippetAround('short text', 0)).toBe('short text');
  });

  test('cuts on word boundaries with ellipses around the match', () => {
    const at = text.indexOf('word40');
    const snippet = snippetAround(text, at);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('word40');
    // Only whole words: every word of the snippet is a word of the text.
    const words = new Set(text.split(' '));
    for (const word of snippet.replace(/^…|…$/g, '').split(' ')) expect(words.has(word), word).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(202);
  });

  test('a match at the start has no leading ellipsis', () => {
    expect(snippetAround(text, 0).startsWith('word0 ')).toBe(true);
  });
});
