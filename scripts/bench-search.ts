/**
 * `npm run bench:search`: how well site search answers agent queries, per language: the English
 * set tests/search/queries.yaml and, for each other language the site publishes,
 * tests/search/queries-<code>.yaml when it exists. Per set it prints hit@1, hit@3 and MRR twice:
 * searched in the set's language (search_site with `language`) and in the language detected from
 * each query (search_site without it, as agents mostly call it), with the detection's accuracy;
 * then every query whose answer is not first. The indexes are made from content/ in process, by
 * the same code the build runs (src/build/search-index.ts), so no build is needed and the figures
 * are those of the next deploy.
 *
 * Options: --check (exit 1 when a set is below its goals, in its language or detected),
 * --all (list every query), --queries FILE [--language CODE] (score one other set in the same
 * format, e.g. questions nobody tuning saw; its language is CODE, default the default language).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSiteModel, modelOfLanguage } from '../src/model/model.ts';
import { loadSources } from '../src/model/load-sources.ts';
import {
  answerQueriesFile,
  detectingRanker,
  LANGUAGE_SEARCH_GOALS,
  languageSearch,
  loadAnswerQueries,
  scoreAnswers,
  SEARCH_GOALS,
  type AnswerScores,
} from './bench/search-answers.ts';
import { ROOT } from './bench/mcp-workloads.ts';
import { commandLineOrExit } from './command-line.ts';

const HELP = `npm run bench:search -- [--check] [--all] [--queries FILE [--language CODE]]

  --check            exit 1 when a query set is below its goals
  --all              list every query, not only those whose answer is not first
  --queries FILE     score this set of { query, answers } instead of the project's sets
  --language CODE    the language of --queries (default: the site's default language)`;

const line = commandLineOrExit('npm run bench:search', HELP, ['--queries', '--language'], ['--check', '--all']);
const options = {
  check: line.flags.has('--check'),
  all: line.flags.has('--all'),
  queries: line.values.get('--queries'),
  language: line.values.get('--language'),
};

const model = buildSiteModel(loadSources(ROOT));
const { codes } = model.languages;
if (options.language && !codes.includes(options.language)) {
  console.error(`--language ${options.language}: the site publishes ${codes.join(', ')}.`);
  process.exit(2);
}
if (options.queries && !existsSync(options.queries)) {
  console.error(`--queries needs a YAML file of { query, answers } items, e.g. --queries my-queries.yaml`);
  process.exit(2);
}

/** The sets to score: --queries, else the project's set of every language that has one. */
const sets = options.queries
  ? [{ language: options.language ?? model.languages.default, file: path.resolve(options.queries) }]
  : codes
      .map((language) => ({ language, file: answerQueriesFile(ROOT, language) }))
      .filter((set) => existsSync(set.file));

const detecting = codes.length > 1 ? await detectingRanker(model) : undefined;
const fixed = (value: number) => value.toFixed(3);
let belowGoals = false;

for (const { language, file } of sets) {
  const pages = new Set(modelOfLanguage(model, language).sitePages.map((page) => page.path));
  const goals = language === 'en' ? SEARCH_GOALS : LANGUAGE_SEARCH_GOALS;
  const relative = path.relative(process.cwd(), file) || file;
  let own: AnswerScores;
  let detected: AnswerScores | undefined;
  try {
    // Both refuse a malformed file or an answer that is not a published page, saying which.
    const queries = loadAnswerQueries(ROOT, file);
    own = scoreAnswers((await languageSearch(model, language)).rank, queries, pages);
    if (detecting) detected = scoreAnswers(detecting.rank, queries, pages);
  } catch (error) {
    console.error(`${relative}: ${(error as Error).message}`);
    process.exit(2);
  }

  console.log(`\n== ${language}: ${own.queries} queries (${relative})`);
  const shown = options.all ? own.outcomes : own.outcomes.filter((outcome) => outcome.rank !== 1);
  if (shown.length) {
    console.log(options.all ? 'Every query:' : 'Queries whose answer is not first:');
    for (const outcome of shown) {
      const where = outcome.rank ? `answer at ${outcome.rank}` : 'MISS, no answer in the top 10';
      console.log(
        `  "${outcome.query}": ${where}; wanted ${outcome.answers.join(' or ')}; got ${outcome.top.join(', ')}`,
      );
    }
  }
  const line = (label: string, scores: AnswerScores) => {
    const count = (share: number) => `(${Math.round(share * scores.queries)}/${scores.queries})`;
    console.log(
      `${label} hit@1 ${fixed(scores.hitAt1)} ${count(scores.hitAt1)}   hit@3 ${fixed(scores.hitAt3)} ${count(scores.hitAt3)}   MRR ${fixed(scores.mrr)}`,
    );
    if (scores.hitAt3 < goals.hitAt3 || scores.mrr < goals.mrr) belowGoals = true;
  };
  line(`in ${language}:          `, own);
  if (detected && detecting) {
    const wrong = detected.outcomes.filter((outcome) => detecting.detected.get(outcome.query) !== language);
    line('language detected:   ', detected);
    console.log(
      `detection: ${own.queries - wrong.length}/${own.queries} queries detected as ${language} (${fixed(1 - wrong.length / own.queries)})` +
        (wrong.length
          ? `; the others: ${wrong.map((outcome) => `"${outcome.query}" -> ${detecting.detected.get(outcome.query)}`).join(', ')}`
          : ''),
    );
  }
  console.log(`goals: hit@3 >= ${goals.hitAt3}, MRR >= ${goals.mrr}`);
}
if (options.check && belowGoals) {
  console.error('Below the goals.');
  process.exit(1);
}
