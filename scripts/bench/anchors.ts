/**
 * The anchors of the benchmarks' first and warm answers: what the same work costs done the plain
 * way, measured in the same run, in a fresh process of its own as a cold start is
 * (scripts/bench/cold-start.ts), so each figure is read as a ratio that does not move with the
 * machine's load:
 *
 * - first `search_site`: MiniSearch's own `loadJSON` of the same documents plus one search with
 *   MiniSearch's defaults. The function's index is not MiniSearch's: its terms are JSON and its
 *   postings a binary file of precomputed scores (src/search/index-format.ts). So the anchor
 *   indexes the documents the build indexed (searchDocuments, checked against the ids in the
 *   function's search-terms.json) in a MiniSearch once, saves it with JSON.stringify, and the
 *   timed part reads that file and runs `MiniSearch.loadJSON` and one `search` of the same query
 *   (reading the file is timed, as the function's first search reads its own; importing
 *   MiniSearch is not, it is reported apart);
 * - first `get_page_markdown`: reading the page's `.md` sibling from the build's dist/
 *   (`readFileSync` + `toString`; its bytes are the page record's `markdown`, checked);
 * - warm `search_site`: the same queries, one after another after the first search, each a
 *   `search` with MiniSearch's default SearchOptions on the loaded index.
 *
 * The goal ratios over these anchors (and the cold start's and the build's) are SCALE_GOALS below,
 * which `npm run bench:scale` checks and docs/performance.md quotes
 * (tests/architecture/performance-goals.test.ts holds the two together).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { median } from './cold-start.ts';
import { SEARCH_FIELDS, type SearchDocument } from '../../src/search/options.ts';

/**
 * The goals of `npm run bench:scale`: ratios to an anchor measured in the same run, a size or a
 * time where no anchor applies. The anchor ratios apply at every size; the rest as the script
 * says. How the anchor ratios were chosen: docs/performance.md, "Scale".
 */
export const SCALE_GOALS = {
  /** Cold start over an empty function in the same folder (the median of the paired runs' ratios). */
  coldStartRatio: 1.3,
  entryBytes: 300 * 1024,
  /** First get_page_markdown over reading the page's `.md` from disk. */
  firstPageRatio: 500,
  /** First search_site (each language's) over MiniSearch's loadJSON + one search of the same documents. */
  firstSearchRatio: 2,
  /** Warm search_site p99 over MiniSearch's default search's p99, the same queries. */
  warmSearchP99Ratio: 4,
  /** The search page's own work in the function (its HTML answer), warm, p99. */
  searchPageP99Ms: 50,
  rssBytes: 250 * 1024 ** 2,
  /** The build with its share cards kept over a plain Astro + MDX build of the same pages. */
  buildRatio: 1.3,
  /** Entries each with its own image, against the same entries without. */
  imagesBuildRatio: 1.3,
  /** "Well under a second": the slowest of the timed requests under npm start. */
  serveRequestMs: 500,
} as const;

/** The MiniSearch options the anchor indexes and loads with: the function's fields, every other option MiniSearch's default. */
const MINISEARCH_OPTIONS = { fields: [...SEARCH_FIELDS] };

/**
 * Indexes `documents` in a MiniSearch with its defaults (the function's fields) and writes it to
 * `file` with JSON.stringify; refuses documents that are not the ones of the function's index
 * (`indexed`: the document ids of its search-terms.json, in order).
 */
export function writeMiniSearchIndex(documents: readonly SearchDocument[], indexed: readonly string[], file: string) {
  const ids = documents.map((document) => document.id);
  if (ids.length !== indexed.length || ids.some((id, at) => id !== indexed[at]))
    throw new Error(`the anchor's ${ids.length} documents are not the ${indexed.length} of the function's index`);
  const search = new MiniSearch<SearchDocument>(MINISEARCH_OPTIONS);
  search.addAll(documents);
  const json = JSON.stringify(search);
  writeFileSync(file, json);
  return { documents: ids.length, bytes: Buffer.byteLength(json) };
}

/** The document ids of a search-terms.json (the function's index of one language). */
export function indexedDocuments(searchTermsFile: string): string[] {
  return (JSON.parse(readFileSync(searchTermsFile, 'utf8')) as { documents: string[] }).documents;
}

/** The `.md` sibling of a page record in dist/, checked to hold the record's Markdown. */
export function markdownSibling(pageRecordFile: string, dist: string): string {
  const record = JSON.parse(readFileSync(pageRecordFile, 'utf8')) as { markdownPath: string; markdown: string };
  const file = path.join(dist, record.markdownPath);
  if (readFileSync(file, 'utf8') !== record.markdown)
    throw new Error(`${file} is not the Markdown of the page record ${pageRecordFile}`);
  return file;
}

export interface AnchorPlan {
  /** The page's `.md`, read first (get_page_markdown's anchor); none where no page is read first. */
  markdownFile?: string;
  /** Each first search, in the function's order: a saved MiniSearch index and the query. */
  searches: { indexFile: string; query: string }[];
  /** Then these, one after another, on the first search's index. */
  warm: string[];
}

export interface AnchorResult {
  /** `import('minisearch')`, before anything timed. */
  importMs: number;
  /** readFileSync + toString of the page's `.md`; NaN without one. */
  markdownMs: number;
  /** Each first search: read the file, loadJSON, one search; and how many documents it found. */
  searches: { ms: number; hits: number }[];
  /** Resident set size after the first searches, bytes. */
  rssBytes: number;
  /** Warm searches (ms), sorted. */
  warm: number[];
}

/** The child: the plan in order, one JSON line at the end. */
const RUNNER = `
import { readFileSync } from 'node:fs';
const [minisearchUrl, planFile, optionsJson] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const options = JSON.parse(optionsJson);
let started = performance.now();
const { default: MiniSearch } = await import(minisearchUrl);
const importMs = performance.now() - started;
let markdownMs = NaN;
if (plan.markdownFile) {
  started = performance.now();
  const markdown = readFileSync(plan.markdownFile).toString();
  markdownMs = performance.now() - started;
  if (markdown.length === 0) throw new Error(plan.markdownFile + ' is empty');
}
const searches = [];
let first;
for (const search of plan.searches) {
  started = performance.now();
  const index = MiniSearch.loadJSON(readFileSync(search.indexFile, 'utf8'), options);
  const hits = index.search(search.query).length;
  searches.push({ ms: performance.now() - started, hits });
  first ??= index;
}
const rssBytes = process.memoryUsage().rss;
const warm = [];
for (const query of plan.warm) {
  started = performance.now();
  first.search(query);
  warm.push(performance.now() - started);
}
warm.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ importMs, markdownMs, searches, rssBytes, warm }) + '\\n');
`;

/** Writes the runner and the plan into `workDir`; returns a function that runs the plan once, in a fresh process. */
export function anchorStarter(workDir: string, plan: AnchorPlan) {
  const runner = path.join(workDir, 'anchor-runner.mjs');
  const planFile = path.join(workDir, `anchor-plan-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(runner, RUNNER);
  writeFileSync(planFile, JSON.stringify(plan));
  const args = [runner, import.meta.resolve('minisearch'), planFile, JSON.stringify(MINISEARCH_OPTIONS)];
  return (): Promise<AnchorResult> =>
    new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      const child = spawn(process.execPath, args, { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`the anchor run failed (exit ${code}): ${err.trim() || out.trim()}`));
        const result = JSON.parse(out.trim().split('\n').at(-1)!) as AnchorResult;
        const empty = result.searches.findIndex((search) => search.hits === 0);
        if (empty >= 0) return reject(new Error(`the anchor's search "${plan.searches[empty]!.query}" found nothing`));
        resolve(result);
      });
    });
}

/**
 * How many times slower `values` are than `anchors`, robust to a machine that drifts between
 * quiet and busy phases: the median of the ratios of the runs made one after the other (the i-th
 * of each), as the cold start's ratio is.
 */
export function pairedAnchorRatio(values: readonly number[], anchors: readonly number[]): number {
  const pairs = Math.min(values.length, anchors.length);
  return median(Array.from({ length: pairs }, (_, i) => values[i]! / anchors[i]!));
}
