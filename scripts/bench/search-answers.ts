/**
 * Scores site search against tests/search/queries.yaml (English) and queries-<code>.yaml (each
 * other language): each query is ranked by the same ranker search_site uses, over the index the
 * build makes from content/ for its language (buildSearchIndex with the language's analyzer,
 * stored and read back in its binary form), and a query is a hit at k when one of its answering
 * pages is among the first k results. A set is scored twice: in its own language (search_site
 * with `language`), and in the language detected from the query (search_site without it, as
 * agents call it), with how often the detection named the set's language. Used by
 * `npm run bench:search` and tests/search/answers.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { buildSearchIndex, searchDocuments } from '../../src/build/search-index.ts';
import { buildAnalysis, buildStemmers } from '../../src/build/search-analyzers.ts';
import { modelOfLanguage, type SiteModel } from '../../src/model/model.ts';
import { searchAnalyzer } from '../../src/search/analyzers.ts';
import { detectLanguage, type DetectionLanguage } from '../../src/search/detect.ts';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { openSearchIndex } from '../../src/search/load.ts';
import { createRanker, type Ranker } from '../../src/search/query.ts';

/** The goals of every set of the sample, in every language: an answering page in the top three for 97% of queries, MRR 0.9. */
export const SEARCH_GOALS = { hitAt3: 0.97, mrr: 0.9 } as const;

/**
 * The goals of a test site written in a language nobody tuning reads (SCRIPT_FIXTURES): an
 * answering page in the top three for 90% of its questions, and no question left without results.
 */
export const FIXTURE_SEARCH_GOALS = { hitAt3: 0.9, mrr: 0.8 } as const;

/** One set of questions, the site it asks and the language it is written in. */
export interface QuerySet {
  /** How the bench names it. */
  label: string;
  /** The project whose content/ the questions ask about. */
  root: string;
  language: string;
  file: string;
  /** Questions written before the change they measure and never tuned on. */
  holdout: boolean;
  goals: { hitAt3: number; mrr: number };
}

/** The test site in Japanese (tests/fixtures/japanese-company): its content/ and its questions. */
export const JAPANESE_FIXTURE = 'tests/fixtures/japanese-company';

/**
 * The test sites in languages written without spaces, each with its questions, written with its
 * content before any search was tried on it: the Japanese one, and a Chinese one written later by
 * another helper to check that what was built for Japanese holds for a language nobody tuned on.
 */
export const SCRIPT_FIXTURES = [
  { dir: JAPANESE_FIXTURE, language: 'ja' },
  { dir: 'tests/fixtures/chinese-company', language: 'zh' },
] as const;

/**
 * The holdouts of `language` in `dir`, oldest first, as set names with their numbers:
 * `holdout-queries` (the first, number 1), then `holdout-N-queries` by N; a language other than
 * English has its code after them (`holdout-3-queries-nl.yaml`).
 */
function holdoutsOf(dir: string, language: string): { name: string; number: number }[] {
  const suffix = language === 'en' ? '' : `-${language}`;
  const pattern = new RegExp(`^holdout(?:-(\\d+))?-queries${suffix}\\.yaml$`);
  return readdirSync(dir)
    .map((file) => pattern.exec(file))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[0].slice(0, -`${suffix}.yaml`.length), number: Number(match[1] ?? 1) }))
    .sort((a, b) => a.number - b.number);
}

/** The file that says, per language, the newest holdout whose misses have been read. */
const SPENT_FILE = 'spent.yaml';

/**
 * Per language, the number of the newest spent holdout (tests/search/spent.yaml: `nl: 13`), or
 * nothing where the file does not say; a clear error when it says something else.
 */
function spentHoldouts(dir: string): Map<string, number> {
  const file = path.join(dir, SPENT_FILE);
  if (!existsSync(file)) return new Map();
  const parsed: unknown = parse(readFileSync(file, 'utf8')) ?? {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file} must map language codes to holdout numbers, such as "nl: 13"`);
  return new Map(
    Object.entries(parsed).map(([language, number]) => {
      if (!Number.isInteger(number) || (number as number) < 1)
        throw new Error(`${file}: "${language}" must be a holdout number (1 or more), not ${JSON.stringify(number)}`);
      return [language, number as number];
    }),
  );
}

/**
 * Every set the project scores, in order: per language of the sample, the set search is tuned on
 * (queries*.yaml), then its holdouts, each written by a native-speaker helper before a change,
 * oldest first. A holdout is fresh (never tuned on, its misses unread) when its number is above
 * the language's in tests/search/spent.yaml, or, for a language the file does not name, when it
 * is the newest; every other one is spent: it was scored on the change it was written for, and
 * its misses were read and tuned on since. A round of several fresh sets is thus scored without
 * listing any of their questions. Then each test site's questions (SCRIPT_FIXTURES), asked of it.
 * The git history of docs/performance.md says which change each holdout measured.
 */
export function querySets(root: string, languages: readonly string[]): QuerySet[] {
  const sets: QuerySet[] = [];
  const suffix = (language: string) => (language === 'en' ? '' : `-${language}`);
  const dir = path.join(root, 'tests', 'search');
  const file = (name: string, language: string) => path.join(dir, `${name}${suffix(language)}.yaml`);
  const spent = existsSync(dir) ? spentHoldouts(dir) : new Map<string, number>();
  for (const language of languages) {
    const holdouts = existsSync(dir) ? holdoutsOf(dir, language) : [];
    const lastSpent = spent.get(language) ?? holdouts.at(-2)?.number ?? 0;
    for (const { name, number } of [{ name: 'queries', number: 0 }, ...holdouts])
      if (existsSync(file(name, language)))
        sets.push({
          label: name,
          root,
          language,
          file: file(name, language),
          holdout: name !== 'queries' && number > lastSpent,
          goals: SEARCH_GOALS,
        });
  }
  for (const { dir: fixtureDir, language } of SCRIPT_FIXTURES) {
    const fixture = path.join(root, fixtureDir);
    const questions = path.join(fixture, `queries-${language}.yaml`);
    if (existsSync(questions))
      sets.push({
        label: path.basename(fixtureDir),
        root: fixture,
        language,
        file: questions,
        holdout: true,
        goals: FIXTURE_SEARCH_GOALS,
      });
  }
  return sets;
}

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
  /** How many pages matched at all (0: the question found nothing). */
  total: number;
}

export interface AnswerScores {
  queries: number;
  hitAt1: number;
  hitAt3: number;
  mrr: number;
  /** Questions that found no page at all. */
  empty: number;
  outcomes: QueryOutcome[];
}

/** The project's query set of a language (`queries.yaml` for English, else `queries-<code>.yaml`). */
export const answerQueriesFile = (root: string, language = 'en') =>
  path.join(root, 'tests', 'search', language === 'en' ? 'queries.yaml' : `queries-${language}.yaml`);

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

/** One language's search as the function runs it: its ranker, and what detection knows of it. */
export interface LanguageSearch {
  rank: Ranker;
  detection: DetectionLanguage;
}

/**
 * The search of `language` (the model's own language without one) over the index the build makes
 * for it, read back from its stored form, with the analyzer the function loads for it.
 */
export async function languageSearch(model: SiteModel, language = model.language): Promise<LanguageSearch> {
  const languageModel = modelOfLanguage(model, language);
  const built = buildAnalysis(languageModel.language, languageModel.strings.search);
  const index = buildSearchIndex(searchDocuments(languageModel), built.analyzer);
  const postings = decodePostings(encodePostings(index), index.terms.length, index.documents.length);
  // The analyzer the function makes from what the build stores.
  const analyzer = await searchAnalyzer(
    languageModel.language,
    buildStemmers,
    built.stopWords,
    built.synonyms,
    built.questions,
  );
  return {
    rank: createRanker(await openSearchIndex(index, postings), analyzer),
    detection: { language: languageModel.language, analyzer, terms: index.terms },
  };
}

/** The ranker over the index the build makes for `model`'s language, read back from its stored form. */
export async function sampleRanker(model: SiteModel): Promise<Ranker> {
  return (await languageSearch(model)).rank;
}

/**
 * search_site without a language: every language's search, each query ranked in the language
 * detected from it. `detected` records each query's language.
 */
export async function detectingRanker(model: SiteModel): Promise<{ rank: Ranker; detected: Map<string, string> }> {
  const searches = new Map<string, LanguageSearch>();
  for (const code of model.languages.codes) searches.set(code, await languageSearch(model, code));
  const candidates = [...searches.values()].map((search) => search.detection);
  const detected = new Map<string, string>();
  return {
    detected,
    rank: (query, limit) => {
      const language = detectLanguage(query, candidates);
      detected.set(query, language);
      return searches.get(language)!.rank(query, limit);
    },
  };
}

export function scoreAnswers(rank: Ranker, queries: readonly AnswerQuery[], pages: ReadonlySet<string>): AnswerScores {
  const outcomes = queries.map((item): QueryOutcome => {
    const unknown = item.answers.filter((answer) => !pages.has(answer));
    if (unknown.length) throw new Error(`"${item.query}" names pages the site does not have: ${unknown.join(', ')}`);
    const ranked = rank(item.query, DEPTH);
    const hits = ranked.hits.map((hit) => hit.id);
    const at = hits.findIndex((id) => item.answers.includes(id));
    return { ...item, rank: at + 1, top: hits.slice(0, 3), total: ranked.total };
  });
  const share = (test: (outcome: QueryOutcome) => boolean) => outcomes.filter(test).length / outcomes.length;
  return {
    queries: outcomes.length,
    hitAt1: share((o) => o.rank === 1),
    hitAt3: share((o) => o.rank >= 1 && o.rank <= 3),
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length,
    empty: outcomes.filter((o) => o.total === 0).length,
    outcomes,
  };
}
