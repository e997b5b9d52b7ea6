/**
 * `npm run bench:search`: how well site search answers the questions people and agents ask, per
 * set of questions (scripts/bench/search-answers.ts `querySets`): for each language of the sample,
 * the set search is tuned on and its holdouts, spent or fresh (questions written before the change
 * they measure and never tuned on; tests/search/spent.yaml says which); then the questions of the
 * test sites in Japanese and Chinese, each asked of its site (tests/fixtures/japanese-company,
 * chinese-company). Per set it prints hit@1, hit@3 and MRR twice:
 * searched in the set's language (search_site with `language`) and in the language detected from
 * each question (search_site without it, as agents mostly call it), with the detection's accuracy
 * and how many questions found nothing; then every question whose answer is not first (for a
 * holdout, only with --all: reading them is how a holdout stops being one). It ends with one table
 * of every set. The indexes are made from content/ in process, by the same code the build runs
 * (src/build/search-index.ts), so no build is needed and the figures are those of the next deploy.
 *
 * Options: --check (exit 1 when a set is below its goals, in its language or detected),
 * --all (list every question, holdouts' too), --queries FILE [--language CODE] (score one other
 * set in the same format, e.g. questions nobody tuning saw; its language is CODE, default the
 * default language).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSiteModel, modelOfLanguage, type SiteModel } from '../src/model/model.ts';
import { loadSources } from '../src/model/load-sources.ts';
import {
  detectingRanker,
  FIXTURE_SEARCH_GOALS,
  languageSearch,
  loadAnswerQueries,
  querySets,
  scoreAnswers,
  SEARCH_GOALS,
  type AnswerScores,
  type QuerySet,
} from './bench/search-answers.ts';
import { ROOT } from './bench/mcp-workloads.ts';
import { commandLineOrExit } from './command-line.ts';

const HELP = `npm run bench:search -- [--check] [--all] [--queries FILE [--language CODE]]

  --check            exit 1 when a query set is below its goals
  --all              list every query, the holdouts' too, not only those whose answer is not first
  --queries FILE     score this set of { query, answers } instead of the project's sets
  --language CODE    the language of --queries (default: the site's default language)`;

const line = commandLineOrExit('npm run bench:search', HELP, ['--queries', '--language'], ['--check', '--all']);
const options = {
  check: line.flags.has('--check'),
  all: line.flags.has('--all'),
  queries: line.values.get('--queries'),
  language: line.values.get('--language'),
};

/** Each site's model and searches, made once however many sets ask it. */
const sites = new Map<string, { model: SiteModel; detecting?: Awaited<ReturnType<typeof detectingRanker>> }>();
async function siteOf(root: string) {
  let site = sites.get(root);
  if (!site) {
    const model = buildSiteModel(loadSources(root));
    site = { model, ...(model.languages.codes.length > 1 ? { detecting: await detectingRanker(model) } : {}) };
    sites.set(root, site);
  }
  return site;
}

const sample = await siteOf(ROOT);
const { codes } = sample.model.languages;
if (options.language && !codes.includes(options.language)) {
  console.error(`--language ${options.language}: the site publishes ${codes.join(', ')}.`);
  process.exit(2);
}
if (options.queries && !existsSync(options.queries)) {
  console.error(`--queries needs a YAML file of { query, answers } items, e.g. --queries my-queries.yaml`);
  process.exit(2);
}

const sets: QuerySet[] = options.queries
  ? [
      {
        label: path.basename(options.queries),
        root: ROOT,
        language: options.language ?? sample.model.languages.default,
        file: path.resolve(options.queries),
        holdout: false,
        goals: SEARCH_GOALS,
      },
    ]
  : querySets(ROOT, codes);

const fixed = (value: number) => value.toFixed(3);
let belowGoals = false;
const table: string[] = [];

for (const set of sets) {
  const { language, file, goals } = set;
  const { model, detecting } = await siteOf(set.root);
  const pages = new Set(modelOfLanguage(model, language).sitePages.map((page) => page.path));
  const relative = path.relative(process.cwd(), file) || file;
  let own: AnswerScores;
  let detected: AnswerScores | undefined;
  try {
    // Both refuse a malformed file or an answer that is not a published page, saying which.
    const queries = loadAnswerQueries(set.root, file);
    own = scoreAnswers((await languageSearch(model, language)).rank, queries, pages);
    if (detecting) detected = scoreAnswers(detecting.rank, queries, pages);
  } catch (error) {
    console.error(`${relative}: ${(error as Error).message}`);
    process.exit(2);
  }

  console.log(`\n== ${language}: ${own.queries} queries (${relative}${set.holdout ? ', holdout' : ''})`);
  const shown = options.all ? own.outcomes : set.holdout ? [] : own.outcomes.filter((outcome) => outcome.rank !== 1);
  if (shown.length) {
    console.log(options.all ? 'Every query:' : 'Queries whose answer is not first:');
    for (const outcome of shown) {
      const where = outcome.rank ? `answer at ${outcome.rank}` : 'MISS, no answer in the top 10';
      console.log(
        `  "${outcome.query}": ${where}; wanted ${outcome.answers.join(' or ')}; got ${outcome.top.join(', ')}`,
      );
    }
  } else if (set.holdout && own.outcomes.some((outcome) => outcome.rank !== 1))
    console.log('(a holdout: its questions are listed with --all only)');
  const below = (scores: AnswerScores) =>
    scores.hitAt3 < goals.hitAt3 || scores.mrr < goals.mrr || (set.goals === FIXTURE_SEARCH_GOALS && scores.empty > 0);
  const line = (label: string, scores: AnswerScores) => {
    const count = (share: number) => `(${Math.round(share * scores.queries)}/${scores.queries})`;
    console.log(
      `${label} hit@1 ${fixed(scores.hitAt1)} ${count(scores.hitAt1)}   hit@3 ${fixed(scores.hitAt3)} ${count(scores.hitAt3)}   MRR ${fixed(scores.mrr)}   no results ${scores.empty}`,
    );
    if (below(scores)) belowGoals = true;
  };
  line(`in ${language}:          `, own);
  if (detected && detecting) {
    const wrong = detected.outcomes.filter((outcome) => detecting.detected.get(outcome.query) !== language);
    line('language detected:   ', detected);
    const others = set.holdout && !options.all ? [] : wrong;
    console.log(
      `detection: ${own.queries - wrong.length}/${own.queries} queries detected as ${language} (${fixed(1 - wrong.length / own.queries)})` +
        (others.length
          ? `; the others: ${others.map((outcome) => `"${outcome.query}" -> ${detecting.detected.get(outcome.query)}`).join(', ')}`
          : ''),
    );
  }
  console.log(`goals: hit@3 >= ${goals.hitAt3}, MRR >= ${goals.mrr}`);
  const cells = (scores?: AnswerScores) => (scores ? `${fixed(scores.hitAt3)}  ${fixed(scores.mrr)}` : '  -      -  ');
  table.push(
    `${`${set.label}${set.holdout ? ' (holdout)' : ''}`.padEnd(30)} ${language.padEnd(4)} ${String(own.queries).padStart(4)}   ${cells(own)}   ${cells(detected)}   ${below(own) || (detected && below(detected)) ? 'below' : 'met'}`,
  );
}

console.log("\n== every set: hit@3 and MRR in the set's language, then with the language detected");
console.log(`${'set'.padEnd(30)} lang    n   hit@3  MRR     hit@3  MRR     goals`);
for (const row of table) console.log(row);
if (options.check && belowGoals) {
  console.error('Below the goals.');
  process.exit(1);
}
