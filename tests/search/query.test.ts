/**
 * The query side of site search: the ranking against MiniSearch's own on the sample content
 * (the index format changed, the results must not), results, snippets, caching.
 */
import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, test } from 'vitest';
import { realisticQueries } from '../../scripts/bench/mcp-queries.ts';
import { ArtefactError } from '../../src/artefacts/errors.ts';
import { ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import { buildSearchIndex, searchDocuments } from '../../src/build/search-index.ts';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { openSearchIndex } from '../../src/search/load.ts';
import { SEARCH_BOOSTS, SEARCH_FIELDS, type SearchDocument } from '../../src/search/options.ts';
import {
  createRanker,
  createSiteSearch,
  SEARCH_CACHE_SIZE,
  snippetAround,
  type Ranker,
  type SiteSearch,
} from '../../src/search/query.ts';
import { sampleArtefacts, sampleModel } from '../support/sample-site.ts';

const model = sampleModel();
const documents = searchDocuments(model);
let rank: Ranker;
let search: SiteSearch;
const pageReads: string[] = [];

beforeAll(async () => {
  const index = buildSearchIndex(documents);
  rank = createRanker(
    await openSearchIndex(index, decodePostings(encodePostings(index), index.terms.length, index.documents.length)),
  );
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
      return Promise.resolve(pages.get(path));
    },
    model.company.baseUrl,
  );
});

/** MiniSearch configured as the search was before its index format changed. */
function miniSearchReference(docs: SearchDocument[]) {
  const index = new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: [...SEARCH_FIELDS],
    searchOptions: {
      boost: SEARCH_BOOSTS,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 1,
      combineWith: 'OR',
    },
  });
  index.addAll(docs);
  return index;
}

describe('createRanker', () => {
  test('ranks the sample content exactly as MiniSearch did, for 320 realistic queries', () => {
    const reference = miniSearchReference(documents);
    const queries = realisticQueries(model);
    expect(queries.length).toBe(320);
    let compared = 0;
    for (const query of queries) {
      const expected = reference.search(query);
      const actual = rank(query, 10);
      expect(actual.total, query).toBe(expected.length);
      const top = expected.slice(0, actual.hits.length);
      expect(actual.hits.length, query).toBe(Math.min(10, expected.length));
      actual.hits.forEach((hit, i) => {
        const want = top[i]!;
        expect(Math.abs(hit.score - want.score) / want.score, `${query} #${i + 1}`).toBeLessThan(1e-5);
        // Equal scores may come in another order; anything else must be in MiniSearch's order.
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
    expect(compared).toBeGreaterThan(2000);
  });

  test('matches prefixes and one typo, not two', () => {
    expect(rank('migr', 5).total).toBeGreaterThan(0);
    expect(rank('kubernets', 1).hits[0]!.id).toBe(rank('kubernetes', 1).hits[0]!.id);
    expect(rank('modernization', 3).hits.map((hit) => hit.id)).toEqual(
      rank('modernisation', 3).hits.map((hit) => hit.id),
    );
    expect(rank('kubrnets', 5).total).toBe(0);
  });

  test('limits the hits but counts every match; nothing matches: nothing returned', () => {
    const all = rank('data', 50);
    const two = rank('data', 2);
    expect(two.hits).toEqual(all.hits.slice(0, 2));
    expect(two.total).toBe(all.total);
    expect(rank('qqqqzzzz', 5)).toEqual({ total: 0, hits: [] });
    expect(rank('  ', 5)).toEqual({ total: 0, hits: [] });
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
    const { total, results } = await search.search(study.data.client, 5);
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

  test('reads page records only for the results it returns', async () => {
    pageReads.length = 0;
    const { total, results } = await search.search('platform team', 2);
    expect(total).toBeGreaterThan(2);
    expect(pageReads).toEqual(results.map((result) => new URL(result.url).pathname));
  });

  test('a result without a page record is an artefact error naming the search terms file', async () => {
    const orphaned = createSiteSearch(rank, () => Promise.resolve(undefined), model.company.baseUrl);
    const error = await orphaned.search('kubernetes', 3).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ArtefactError);
    expect(error).toMatchObject({ file: ARTEFACT_FILES.searchTerms, problem: 'mismatch' });
  });

  test('answers are cached per normalised query and limit, and the cache is bounded', async () => {
    expect(await search.search('Cloud  Migration', 3)).toBe(await search.search('cloud migration', 3));
    expect(await search.search('cloud migration', 4)).not.toBe(await search.search('cloud migration', 3));
    const first = await search.search('platform', 1);
    for (let i = 0; i < SEARCH_CACHE_SIZE + 5; i++) await search.search(`word${i}`, 1);
    expect(await search.search('platform', 1)).not.toBe(first);
    expect(await search.search('platform', 1)).toEqual(first);
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
