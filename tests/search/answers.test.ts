/**
 * Site search answers agent queries: the goals of `npm run bench:search` on
 * tests/search/queries.yaml (hit@3 >= 0.97, MRR >= 0.9) over the index the build makes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  loadAnswerQueries,
  querySets,
  sampleRanker,
  scoreAnswers,
  SEARCH_GOALS,
} from '../../scripts/bench/search-answers.ts';
import { ROOT, sampleModel } from '../support/sample-site.ts';

describe('search answers agent queries', () => {
  test('meets the hit@3 and MRR goals on the query set', async () => {
    const model = sampleModel();
    const queries = loadAnswerQueries(ROOT);
    expect(queries.length).toBeGreaterThanOrEqual(80);
    const scores = scoreAnswers(await sampleRanker(model), queries, new Set(model.sitePages.map((page) => page.path)));
    const misses = scores.outcomes
      .filter((outcome) => outcome.rank === 0 || outcome.rank > 3)
      .map((outcome) => `${outcome.query} -> ${outcome.top.join(', ')}`);
    expect(scores.hitAt3, `not in the top 3:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(SEARCH_GOALS.hitAt3);
    expect(scores.mrr).toBeGreaterThanOrEqual(SEARCH_GOALS.mrr);
  });

  test('a query naming a page the site does not have is an error, not a miss', () => {
    expect(() =>
      scoreAnswers(
        () => ({ total: 0, complete: 0, hits: [] }),
        [{ query: 'x', answers: ['/no-such-page'] }],
        new Set(['/about']),
      ),
    ).toThrow(/\/no-such-page/);
  });

  test('in each language the newest holdout is the fresh one, every earlier one is spent', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'query-sets-'));
    try {
      mkdirSync(path.join(root, 'tests', 'search'), { recursive: true });
      for (const name of [
        'queries',
        'holdout-queries',
        'holdout-10-queries',
        'holdout-3-queries',
        'queries-nl',
        'holdout-queries-nl',
      ])
        writeFileSync(path.join(root, 'tests', 'search', `${name}.yaml`), '[]\n');
      const sets = querySets(root, ['en', 'nl']).map((set) => [set.language, set.label, set.holdout]);
      expect(sets).toEqual([
        ['en', 'queries', false],
        ['en', 'holdout-queries', false],
        ['en', 'holdout-3-queries', false],
        ['en', 'holdout-10-queries', true],
        ['nl', 'queries', false],
        ['nl', 'holdout-queries', true],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('tests/search/spent.yaml keeps a round of several holdouts fresh, and says what is wrong in it', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'query-sets-'));
    const dir = path.join(root, 'tests', 'search');
    try {
      mkdirSync(dir, { recursive: true });
      for (const name of ['queries', 'holdout-queries', 'holdout-2-queries', 'holdout-3-queries', 'holdout-4-queries'])
        writeFileSync(path.join(dir, `${name}.yaml`), '[]\n');
      writeFileSync(path.join(dir, 'spent.yaml'), 'en: 2\n');
      const fresh = (languages: string[]) =>
        querySets(root, languages)
          .filter((set) => set.holdout)
          .map((set) => set.label);
      expect(fresh(['en'])).toEqual(['holdout-3-queries', 'holdout-4-queries']);
      writeFileSync(path.join(dir, 'spent.yaml'), 'en: 4\n');
      expect(fresh(['en'])).toEqual([]);
      writeFileSync(path.join(dir, 'spent.yaml'), 'en: four\n');
      expect(() => fresh(['en'])).toThrow(/"en" must be a holdout number/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
