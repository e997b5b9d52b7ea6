/** The query side of site search: loading the built index, results, snippets, caching. */
import { describe, expect, test } from 'vitest';
import { createSiteSearch, SEARCH_CACHE_SIZE, snippetAround } from '../../src/search/query.ts';
import { realCatalog } from '../mcp/fixtures.ts';

const catalog = realCatalog();
const search = createSiteSearch(catalog);

describe('createSiteSearch', () => {
  test('answers from the serialized index with kind, title, absolute URL, snippet and score', () => {
    const study = catalog.caseStudies[0]!;
    const { total, results } = search.search(study.client, 5);
    expect(total).toBeGreaterThan(0);
    const hit = results.find((result) => result.url === study.url);
    expect(hit).toMatchObject({ kind: 'case-study', title: study.title, date: study.date });
    expect(hit!.score).toBeGreaterThan(0);
  });

  test('ranks a title match first and puts the snippet around the matched word', () => {
    const insight = catalog.insights.find((entry) => /kubernetes/i.test(entry.title));
    const { results } = search.search('kubernetes', 3);
    if (insight) expect(results[0]!.url).toBe(insight.url);
    expect(results[0]!.snippet.toLowerCase()).toContain('kubernetes');
    expect(results[0]!.snippet.length).toBeLessThanOrEqual(202);
  });

  test('matches prefixes and small typos', () => {
    expect(search.search('migr', 5).total).toBeGreaterThan(0);
    const exact = search.search('kubernetes', 1).results[0]!.url;
    expect(search.search('kubernets', 1).results[0]!.url).toBe(exact);
    const british = search.search('modernisation', 3).results.map((result) => result.url);
    expect(search.search('modernization', 3).results.map((result) => result.url)).toEqual(british);
  });

  test('allows one edit, not two: a word two typos away matches nothing', () => {
    expect(search.search('kubrnets', 5).total).toBe(0);
  });

  test('limits results but reports the total', () => {
    const all = search.search('data', 50);
    const two = search.search('data', 2);
    expect(two.results).toHaveLength(2);
    expect(two.total).toBe(all.total);
    expect(two.results).toEqual(all.results.slice(0, 2));
  });

  test('nothing matches: zero results', () => {
    expect(search.search('qqqqzzzz', 5)).toEqual({ total: 0, results: [] });
  });

  test('answers are cached per normalised query and limit, and the cache is bounded', () => {
    expect(search.search('Cloud  Migration', 3)).toBe(search.search('cloud migration', 3));
    expect(search.search('cloud migration', 4)).not.toBe(search.search('cloud migration', 3));
    const first = search.search('platform', 1);
    for (let i = 0; i < SEARCH_CACHE_SIZE + 5; i++) search.search(`word${i}`, 1);
    expect(search.search('platform', 1)).not.toBe(first);
    expect(search.search('platform', 1)).toEqual(first);
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
