/**
 * Search in a language written without spaces, on a site nobody tuning read: the Japanese test
 * site (tests/fixtures/japanese-company, Japanese by default, English partly translated) and the
 * questions written for it before any search was tried. The goals of `npm run bench:search`
 * (hit@3 >= 0.90 with and without `language`, no question left without results), then what an
 * agent gets from search_site as the function runs it: results in Japanese, snippets that show
 * the Japanese words matched, the language detected. Then the same goals on the Chinese test
 * site (tests/fixtures/chinese-company), added later to check that nothing was built for Japanese
 * alone.
 */
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  detectingRanker,
  FIXTURE_SEARCH_GOALS,
  JAPANESE_FIXTURE,
  languageSearch,
  loadAnswerQueries,
  scoreAnswers,
  SCRIPT_FIXTURES,
  type AnswerScores,
} from '../../scripts/bench/search-answers.ts';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, modelOfLanguage, type SiteModel } from '../../src/model/model.ts';
import { createTools } from '../../src/mcp/tools/index.ts';
import { agentOf, BUILD_ID, BUILD_TIME, ROOT, type SampleAgent } from '../support/sample-site.ts';

const FIXTURE = path.join(ROOT, JAPANESE_FIXTURE);
let model: SiteModel;
let agent: SampleAgent;

beforeAll(() => {
  model = buildSiteModel(loadSources(FIXTURE));
  agent = agentOf(buildArtefacts(model, BUILD_TIME, BUILD_ID));
});

/** Fails with the questions whose answer is not in the top three, each with what came first. */
function expectGoals(scores: AnswerScores) {
  const misses = scores.outcomes
    .filter((outcome) => outcome.rank === 0 || outcome.rank > 3)
    .map((outcome) => `${outcome.query} -> ${outcome.top.join(', ') || '(nothing)'}`);
  expect(scores.hitAt3, `not in the top 3:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(FIXTURE_SEARCH_GOALS.hitAt3);
  expect(scores.mrr).toBeGreaterThanOrEqual(FIXTURE_SEARCH_GOALS.mrr);
  expect(scores.outcomes.filter((outcome) => outcome.total === 0).map((outcome) => outcome.query)).toEqual([]);
}

/**
 * The site's questions (`queries-<language>.yaml` beside its content/) meet the goals searched in
 * `language` and with the language detected, every one detected as `language`.
 */
async function expectSiteGoals(site: SiteModel, fixture: string, language: string) {
  const queries = loadAnswerQueries(fixture, path.join(fixture, `queries-${language}.yaml`));
  expect(queries.length).toBeGreaterThanOrEqual(30);
  const pages = new Set(modelOfLanguage(site, language).sitePages.map((page) => page.path));
  expectGoals(scoreAnswers((await languageSearch(site, language)).rank, queries, pages));
  const detecting = await detectingRanker(site);
  expectGoals(scoreAnswers(detecting.rank, queries, pages));
  expect([...new Set(detecting.detected.values())]).toEqual([language]);
}

async function searchSite(args: { query: string; language?: string; limit?: number }) {
  const tool = createTools(agent.head, { artefacts: agent.artefacts }, () => {}).find(
    (candidate) => candidate.descriptor.name === 'search_site',
  )!;
  const result = await tool.call({ limit: 3, ...args }, { now: () => new Date() });
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  return result.structuredContent as {
    language: string;
    total: number;
    results: { url: string; snippet: string; language: string }[];
  };
}

describe('search in Japanese (the Japanese test site)', () => {
  test('meets its goals with the language given and with it detected', async () => {
    await expectSiteGoals(model, FIXTURE, 'ja');
  });

  test('a word inside a longer Japanese word finds its pages, and the snippet shows it', async () => {
    // The pages write 「クラウド移行」 as one run of letters; 「移行」 alone finds them.
    const answer = await searchSite({ query: '移行' });
    expect(answer.language).toBe('ja');
    expect(answer.results.length).toBeGreaterThan(0);
    for (const result of answer.results) {
      expect(result.language).toBe('ja');
      expect(result.snippet).toContain('移行');
    }
  });

  test('an English question on the same site is searched in English, among the English pages', async () => {
    // Words both languages' indexes have ("cloud", from the pages' addresses) go to the default
    // language, Japanese here; a question in English says so with its own words.
    const answer = await searchSite({ query: 'can you help us move our servers to the cloud?' });
    expect(answer.language).toBe('en');
    expect(answer.results[0]!.url).toMatch(/\/en\//);
  });
});

describe('search in Chinese (the Chinese test site)', () => {
  test('meets the same goals with the language given and with it detected', async () => {
    const fixture = path.join(ROOT, SCRIPT_FIXTURES.find((item) => item.language === 'zh')!.dir);
    const chinese = buildSiteModel(loadSources(fixture));
    expect(chinese.language).toBe('zh');
    await expectSiteGoals(chinese, fixture, 'zh');
  });
});
