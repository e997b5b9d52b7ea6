/**
 * `npm run bench:scale`: how the site and its API function behave as the content grows. For the
 * sample site and for copies of it with 1,000 and 10,000 generated entries added
 * (scripts/scale/generate-entries.ts), each in a temporary folder, in one run:
 *
 * 1. build time and peak memory of `astro build` (this site: pages, Markdown siblings, discovery
 *    files, the function's artefacts) against a plain Astro + MDX build of the same pages;
 * 2. the function as Netlify ships it (`netlify build --offline`, whose build command is skipped
 *    since the site was just built): the size of api.zip and of its entry file;
 * 3. cold starts of the unzipped function, in fresh processes whose working directory is the
 *    unzipped folder, against an empty function in the same folder: spawn until `initialize` is
 *    answered, then the first get_page_markdown, the first search_site, warm search_site p50/p99
 *    over 320 distinct queries, and the process's memory after the first search;
 * 4. `npm start` on that folder (netlify-cli, which loads the function afresh for every
 *    request): time until it answers, MCP requests over HTTP (initialize, get_page_markdown,
 *    search_site, list_insights, 10 of each), and the peak memory of its process tree.
 *
 * Prints a table per size and the issue's goals with met / NOT met. Options: --sizes 0,1000,10000
 * (entries added; 0 is the sample site), --runs N (cold starts of each function, default 11),
 * --keep (keep the temporary folders). docs/performance.md records the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSources } from '../src/model/load-sources.ts';
import { buildSiteModel } from '../src/model/model.ts';
import {
  coldStarter,
  median,
  pairedRatio,
  percentile,
  writeEmptyFunction,
  type ColdResult,
  type PlannedRequest,
} from './bench/cold-start.ts';
import { buildFunctionZip, type FunctionZip } from './bench/function-zip.ts';
import { realisticQueries } from './bench/mcp-queries.ts';
import { astroBuild, plainCopy, projectCopy, ROOT, type BuildRun } from './bench/projects.ts';
import { serveAndMeasure, type ServeFigures } from './bench/serve.ts';
import { addGeneratedEntries, uniqueWord } from './scale/generate-entries.ts';

// ---------------------------------------------------------------------------------- options

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}
for (const arg of args) {
  if (arg.startsWith('--') && !['--sizes', '--runs', '--keep'].includes(arg)) {
    console.error(`Unknown option ${arg}. Options: --sizes 0,1000,10000, --runs N, --keep`);
    process.exit(2);
  }
}
const SIZES = (option('sizes') ?? '0,1000,10000').split(',').map(Number);
if (SIZES.some((size) => !Number.isInteger(size) || size < 0)) {
  console.error('--sizes needs whole numbers of entries separated by commas, e.g. --sizes 0,1000,10000');
  process.exit(2);
}
const RUNS = Number(option('runs') ?? 11);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs needs a whole number above 0, e.g. --runs 7');
  process.exit(2);
}
const KEEP = args.includes('--keep');

const GOALS = {
  coldStartRatio: 1.3,
  entryBytes: 300 * 1024,
  firstPageMs: 20,
  firstSearchMs: 250,
  warmSearchP99Ms: 10,
  rssBytes: 250 * 1024 ** 2,
  buildRatio: 1.3,
  /** "Well under a second": the slowest of the timed requests under npm start. */
  serveRequestMs: 500,
};

// ------------------------------------------------------------------------------------ helpers

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

const headers = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};
const call = (label: string, id: number, name: string, args: Record<string, unknown>): PlannedRequest => ({
  label,
  headers,
  body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
});
const initialize: PlannedRequest = {
  label: 'initialize',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench-scale', version: '1.0.0' } },
  }),
};

interface SizeResult {
  size: number;
  pages: number;
  plain: BuildRun;
  ours: BuildRun;
  zip: FunctionZip;
  empty: ColdResult[];
  cold: ColdResult[];
  serve: ServeFigures;
}

/** Structured content of a tools/call answer, or an error naming what came back. */
function structured(step: { label: string; status: number; body: unknown }): Record<string, unknown> {
  const result = (
    step.body as {
      result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text: string }[] };
    } | null
  )?.result;
  if (step.status !== 200 || !result || result.isError || !result.structuredContent) {
    throw new Error(`${step.label}: HTTP ${step.status}, ${JSON.stringify(step.body).slice(0, 400)}`);
  }
  return result.structuredContent;
}

// ---------------------------------------------------------------------------------- one size

async function measureSize(size: number): Promise<SizeResult> {
  console.log(
    `\n== ${size === 0 ? 'the sample site' : `the sample site + ${size.toLocaleString('en-US')} generated entries`}`,
  );
  const ours = projectCopy(`scale-${size}`, true);
  if (size > 0) {
    const added = addGeneratedEntries(path.join(ours, 'content'), size);
    console.log(
      `  generated ${added.caseStudies} case studies and ${added.insights} insights (${added.industries} industries, ${added.tags} tags)`,
    );
  }
  const plain = plainCopy(path.join(ours, 'content'));
  const work = mkdtempSync(path.join(os.tmpdir(), `bench-scale-${size}-`));
  try {
    console.log('  building (astro build, from a clean state):');
    const plainRun = astroBuild(plain, 'plain Astro + MDX');
    const oursRun = astroBuild(ours, 'this site');

    process.stdout.write('  bundling the function (netlify build --offline)… ');
    const zip = await buildFunctionZip(ours, ROOT, path.join(work, 'api'), { skipSiteBuild: true });
    console.log(
      `api.zip ${mib(zip.zipBytes)}, ${zip.files.toLocaleString('en-US')} files, entry ${kib(zip.entryBytes)}`,
    );

    const model = buildSiteModel(loadSources(ours));
    const page =
      size > 0 ? model.caseStudies.find((study) => study.slug.startsWith('generated-'))! : model.services[0]!;
    const target =
      size > 0
        ? { word: uniqueWord(size - 1), path: `/insights/generated-insight-${size}` }
        : { word: 'kubernetes', path: '/insights/kubernetes-cost-visibility' };
    const queries = realisticQueries(model);
    const run = coldStarter(work, {
      endpoint: `${model.company.baseUrl}/api/mcp`,
      steps: [
        initialize,
        call('first get_page_markdown', 2, 'get_page_markdown', { path: page.path }),
        call('first search_site', 3, 'search_site', { query: target.word }),
      ],
      warm: queries.map((query, i) => call('warm search_site', 10 + i, 'search_site', { query })),
    });
    const empty = writeEmptyFunction(path.dirname(zip.entry));
    const emptyRuns: ColdResult[] = [];
    const coldRuns: ColdResult[] = [];
    process.stdout.write(`  cold starts (${RUNS} of each, alternating): `);
    for (let i = 0; i < RUNS; i++) {
      emptyRuns.push(await run(empty, zip.dir));
      const result = await run(zip.entry, zip.dir);
      // The answers must be right, not just fast.
      const read = structured(result.steps[1]!);
      if (read.path !== page.path) throw new Error(`get_page_markdown answered ${String(read.path)} for ${page.path}`);
      const found = structured(result.steps[2]!) as { results: { url: string }[] };
      if (!found.results[0]?.url.endsWith(target.path))
        throw new Error(`search_site "${target.word}" ranked ${found.results[0]?.url} first, not ${target.path}`);
      coldRuns.push(result);
      process.stdout.write('.');
    }
    console.log('');

    process.stdout.write('  npm start (netlify serve) and MCP requests over HTTP… ');
    const generatedPages =
      size > 0
        ? model.sitePages
            .filter((candidate) => candidate.path.includes('/generated-'))
            .map((candidate) => candidate.path)
        : model.sitePages.map((candidate) => candidate.path);
    const serve = await serveAndMeasure(
      ours,
      [
        { label: 'initialize', body: () => JSON.parse(initialize.body) as unknown },
        {
          label: 'get_page_markdown',
          body: (round) => ({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: {
              name: 'get_page_markdown',
              arguments: { path: generatedPages[(round * 997) % generatedPages.length] },
            },
          }),
        },
        {
          label: 'search_site',
          body: (round) => ({
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'search_site', arguments: { query: queries[round * 31] } },
          }),
        },
        {
          label: 'list_insights',
          body: (round) => ({
            jsonrpc: '2.0',
            id: 4,
            method: 'tools/call',
            params: { name: 'list_insights', arguments: { offset: round * 50 } },
          }),
        },
      ],
      10,
    );
    console.log(`ready after ${serve.readySeconds.toFixed(0)} s`);
    return {
      size,
      pages: model.sitePages.length,
      plain: plainRun,
      ours: oursRun,
      zip,
      empty: emptyRuns,
      cold: coldRuns,
      serve,
    };
  } finally {
    if (KEEP) console.log(`  kept: ${ours}\n        ${plain}\n        ${work}`);
    else for (const dir of [ours, plain, work]) rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------ report

function report(results: SizeResult[]): boolean {
  const columns = results.map((result) => (result.size === 0 ? 'sample' : `+${result.size.toLocaleString('en-US')}`));
  const rows: [string, ...string[]][] = [];
  const row = (label: string, pick: (result: SizeResult) => string) => rows.push([label, ...results.map(pick)]);
  const med = (runs: ColdResult[], pick: (run: ColdResult) => number) => median(runs.map(pick));
  const warm = (result: SizeResult) => result.cold.flatMap((run) => run.warm).sort((a, b) => a - b);

  row('HTML pages', (r) => r.pages.toLocaleString('en-US'));
  row('build: this site', (r) => `${r.ours.seconds.toFixed(1)} s`);
  row('build: plain Astro + MDX', (r) => `${r.plain.seconds.toFixed(1)} s`);
  row('build ratio', (r) => ratio(r.ours.seconds / r.plain.seconds));
  row('build peak memory: this site', (r) => mib(r.ours.peakRssBytes));
  row('build peak memory: plain', (r) => mib(r.plain.peakRssBytes));
  row('api.zip', (r) => mib(r.zip.zipBytes));
  row('api.zip unzipped (files)', (r) => `${mib(r.zip.unzippedBytes)} (${r.zip.files.toLocaleString('en-US')})`);
  row('entry file', (r) => kib(r.zip.entryBytes));
  row('cold start: empty function', (r) => ms(med(r.empty, (run) => run.wallMs)));
  row('cold start: this function', (r) => ms(med(r.cold, (run) => run.wallMs)));
  row('cold start ratio', (r) => ratio(pairedRatio(r.cold, r.empty)));
  row('  of which import of the entry', (r) => ms(med(r.cold, (run) => run.importMs)));
  row('first get_page_markdown', (r) => ms(med(r.cold, (run) => run.steps[1]!.ms)));
  row('first search_site', (r) => ms(med(r.cold, (run) => run.steps[2]!.ms)));
  row('warm search_site p50', (r) => ms(percentile(warm(r), 50)));
  row('warm search_site p99', (r) => ms(percentile(warm(r), 99)));
  row('memory (RSS) after 1st search', (r) => mib(med(r.cold, (run) => run.steps[2]!.rssBytes)));
  row('npm start: ready after', (r) => `${r.serve.readySeconds.toFixed(0)} s`);
  for (const kind of ['initialize', 'get_page_markdown', 'search_site', 'list_insights']) {
    row(`npm start: ${kind} p50 / max`, (r) => {
      const list = r.serve.latencies.get(kind) ?? [];
      return `${percentile(list, 50).toFixed(0)} / ${(list.at(-1) ?? Number.NaN).toFixed(0)} ms`;
    });
  }
  row('npm start: peak memory (process tree)', (r) => mib(r.serve.peakRssBytes));

  const widths = [
    Math.max(...rows.map((r) => r[0].length)),
    ...columns.map((column, i) => Math.max(column.length, ...rows.map((r) => r[i + 1]!.length))),
  ];
  console.log('');
  console.log(`${''.padEnd(widths[0]!)}  ${columns.map((column, i) => column.padStart(widths[i + 1]!)).join('  ')}`);
  for (const r of rows)
    console.log(
      `${r[0].padEnd(widths[0]!)}  ${r
        .slice(1)
        .map((cell, i) => cell.padStart(widths[i + 1]!))
        .join('  ')}`,
    );
  console.log(
    `\nCold starts: median of ${RUNS} fresh processes each (spawn until initialize is answered), alternating with the empty function;`,
  );
  console.log("the ratio is the median of the ratios of each run to the empty function's run just before it;");
  console.log(
    `warm search: ${results[0]?.cold[0]?.warm.length ?? 0} distinct realistic queries per process after the first search, over all processes.`,
  );

  console.log('\nGoals (issue 8):');
  let allMet = true;
  const goal = (label: string, ok: boolean) => {
    allMet &&= ok;
    console.log(`  ${label}: ${verdict(ok)}`);
  };
  for (const r of results) {
    const name = r.size === 0 ? 'sample' : `+${r.size.toLocaleString('en-US')}`;
    const coldRatio = pairedRatio(r.cold, r.empty);
    goal(
      `${name}: cold start at most ${GOALS.coldStartRatio}x an empty function (${ratio(coldRatio)})`,
      coldRatio <= GOALS.coldStartRatio,
    );
    goal(
      `${name}: entry file at most ${kib(GOALS.entryBytes)} (${kib(r.zip.entryBytes)})`,
      r.zip.entryBytes <= GOALS.entryBytes,
    );
  }
  const largest = results.reduce((a, b) => (b.size > a.size ? b : a));
  if (largest.size >= 10_000) {
    const firstPage = med(largest.cold, (run) => run.steps[1]!.ms);
    const firstSearch = med(largest.cold, (run) => run.steps[2]!.ms);
    const p99 = percentile(warm(largest), 99);
    const rss = med(largest.cold, (run) => run.steps[2]!.rssBytes);
    const build = largest.ours.seconds / largest.plain.seconds;
    goal(
      `+${largest.size}: first get_page_markdown at most ${GOALS.firstPageMs} ms (${ms(firstPage)})`,
      firstPage <= GOALS.firstPageMs,
    );
    goal(
      `+${largest.size}: first search_site at most ${GOALS.firstSearchMs} ms (${ms(firstSearch)})`,
      firstSearch <= GOALS.firstSearchMs,
    );
    goal(
      `+${largest.size}: warm search_site p99 at most ${GOALS.warmSearchP99Ms} ms (${ms(p99)})`,
      p99 <= GOALS.warmSearchP99Ms,
    );
    goal(
      `+${largest.size}: memory after the first search at most ${mib(GOALS.rssBytes)} (${mib(rss)})`,
      rss <= GOALS.rssBytes,
    );
    goal(
      `+${largest.size}: build at most ${GOALS.buildRatio}x the plain Astro + MDX build (${ratio(build)})`,
      build <= GOALS.buildRatio,
    );
    const slowest = Math.max(...[...largest.serve.latencies.values()].map((list) => list.at(-1) ?? 0));
    goal(
      `+${largest.size}: npm start answers every MCP request well under a second (slowest ${ms(slowest)})`,
      slowest < GOALS.serveRequestMs,
    );
  }
  return allMet;
}

// -------------------------------------------------------------------------------------- main

const started = performance.now();
const cpus = os.cpus();
console.log(
  `Scale benchmark · ${new Date().toISOString()} · Node ${process.version}` +
    ` · ${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · ${mib(os.totalmem())} RAM` +
    ` · sizes ${SIZES.join(', ')}`,
);
const results: SizeResult[] = [];
for (const size of SIZES) results.push(await measureSize(size));
const met = report(results);
console.log(
  `\n${met ? 'Every goal is met.' : 'Not every goal is met (see above).'} Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
