/**
 * `npm run bench:search`: how well site search answers the agent queries of
 * tests/search/queries.yaml. Prints hit@1, hit@3 and MRR, and every query whose answer is not
 * first, with what ranked instead. The index is made from content/ in process, by the same code
 * the build runs (src/build/search-index.ts), so no build is needed and the figures are those of
 * the next deploy.
 *
 * Options: --check (exit 1 when hit@3 or MRR is below the goals), --all (list every query),
 * --queries FILE (score another set in the same format, e.g. questions nobody tuning saw).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSiteModel } from '../src/model/model.ts';
import { loadSources } from '../src/model/load-sources.ts';
import {
  answerQueriesFile,
  loadAnswerQueries,
  sampleRanker,
  scoreAnswers,
  SEARCH_GOALS,
} from './bench/search-answers.ts';
import { ROOT } from './bench/mcp-workloads.ts';

const args = process.argv.slice(2);
let queriesFile = answerQueriesFile(ROOT);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--queries') {
    const file = args[++i];
    if (!file || !existsSync(file)) {
      console.error(`--queries needs a YAML file of { query, answers } items, e.g. --queries my-queries.yaml`);
      process.exit(2);
    }
    queriesFile = path.resolve(file);
  } else if (!['--check', '--all'].includes(arg)) {
    console.error(`Unknown option ${arg}. Options: --check, --all, --queries FILE`);
    process.exit(2);
  }
}

const model = buildSiteModel(loadSources(ROOT));
const pages = new Set(model.sitePages.map((page) => page.path));
const rank = await sampleRanker(model);
let scores;
try {
  // Both refuse a malformed file or an answer that is not a published page, saying which.
  scores = scoreAnswers(rank, loadAnswerQueries(ROOT, queriesFile), pages);
} catch (error) {
  console.error(`${path.relative(process.cwd(), queriesFile)}: ${(error as Error).message}`);
  process.exit(2);
}

const fixed = (value: number) => value.toFixed(3);
const shown = args.includes('--all') ? scores.outcomes : scores.outcomes.filter((outcome) => outcome.rank !== 1);
if (shown.length) {
  console.log(args.includes('--all') ? 'Every query:' : 'Queries whose answer is not first:');
  for (const outcome of shown) {
    const where = outcome.rank ? `answer at ${outcome.rank}` : 'MISS, no answer in the top 10';
    console.log(
      `  "${outcome.query}": ${where}; wanted ${outcome.answers.join(' or ')}; got ${outcome.top.join(', ')}`,
    );
  }
  console.log('');
}
console.log(`${scores.queries} queries (${path.relative(process.cwd(), queriesFile) || queriesFile})`);
const count = (share: number) => `(${Math.round(share * scores.queries)}/${scores.queries})`;
console.log(
  `hit@1 ${fixed(scores.hitAt1)} ${count(scores.hitAt1)}   hit@3 ${fixed(scores.hitAt3)} ${count(scores.hitAt3)}   MRR ${fixed(scores.mrr)}`,
);
console.log(`goals: hit@3 >= ${SEARCH_GOALS.hitAt3}, MRR >= ${SEARCH_GOALS.mrr}`);
if (args.includes('--check') && (scores.hitAt3 < SEARCH_GOALS.hitAt3 || scores.mrr < SEARCH_GOALS.mrr)) {
  console.error('Below the goals.');
  process.exit(1);
}
