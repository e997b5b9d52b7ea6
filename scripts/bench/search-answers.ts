/**
 * Scores site search against tests/search/queries.yaml: each query is ranked by the same ranker
 * search_site uses, over the index the build makes from content/ (buildSearchIndex on the site
 * model, stored and read back in its binary form), and a query is a hit at k when one of its
 * answering pages is among the first k results. Used by `npm run bench:search` and
 * tests/search/answers.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { buildSearchIndex, searchDocuments } from '../../src/build/search-index.ts';
import type { SiteModel } from '../../src/model/model.ts';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { openSearchIndex } from '../../src/search/load.ts';
import { createRanker, type Ranker } from '../../src/search/query.ts';

/** The goals of issue 10: an answering page in the top three for 97% of queries, MRR 0.9. */
export const SEARCH_GOALS = { hitAt3: 0.97, mrr: 0.9 } as const;

/** How many results are ranked per query (a miss shows the first three). */
const DEPTH = 10;

export interface AnswerQuery {
  query: string;
  answers: string[];
}

export interface QueryOutcome extends AnswerQuery {
  /** 1-based rank of the first answering page, or 0 when none is in the first DEPTH results. */
  rank: number;
  /** The first three results, as paths. */
  top: string[];
}

export interface AnswerScores {
  queries: number;
  hitAt1: number;
  hitAt3: number;
  mrr: number;
  outcomes: QueryOutcome[];
}

/** The project's query set. */
export const answerQueriesFile = (root: string) => path.join(root, 'tests', 'search', 'queries.yaml');

/** The queries of `file` (default: the project's set), each with its answers, validated. */
export function loadAnswerQueries(root: string, file = answerQueriesFile(root)): AnswerQuery[] {
  const parsed: unknown = parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file} must be a list of { query, answers }`);
  return parsed.map((item: unknown, i) => {
    const { query, answers } = (item ?? {}) as { query?: unknown; answers?: unknown };
    if (typeof query !== 'string' || !query.trim())
      throw new Error(`${file}: item ${i + 1} needs a query (a non-empty string)`);
    if (!Array.isArray(answers) || answers.length === 0 || !answers.every((a) => typeof a === 'string'))
      throw new Error(`${file}: "${query}" needs answers, a list of page paths such as /contact`);
    return { query, answers };
  });
}

/** The ranker over the index the build makes for `model`, read back from its stored form. */
export async function sampleRanker(model: SiteModel): Promise<Ranker> {
  const index = buildSearchIndex(searchDocuments(model));
  const postings = decodePostings(encodePostings(index), index.terms.length, index.documents.length);
  return createRanker(await openSearchIndex(index, postings));
}

export function scoreAnswers(rank: Ranker, queries: readonly AnswerQuery[], pages: ReadonlySet<string>): AnswerScores {
  const outcomes = queries.map((item): QueryOutcome => {
    const unknown = item.answers.filter((answer) => !pages.has(answer));
    if (unknown.length) throw new Error(`"${item.query}" names pages the site does not have: ${unknown.join(', ')}`);
    const hits = rank(item.query, DEPTH).hits.map((hit) => hit.id);
    const at = hits.findIndex((id) => item.answers.includes(id));
    return { ...item, rank: at + 1, top: hits.slice(0, 3) };
  });
  const share = (test: (outcome: QueryOutcome) => boolean) => outcomes.filter(test).length / outcomes.length;
  return {
    queries: outcomes.length,
    hitAt1: share((o) => o.rank === 1),
    hitAt3: share((o) => o.rank >= 1 && o.rank <= 3),
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length,
    outcomes,
  };
}
