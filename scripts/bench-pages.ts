/**
 * `npm run bench:pages`: how fast the pages load as the CDN would serve them, by Lighthouse's
 * performance category, on every kind of page (home, a service, a case study, an insight, a
 * listing, contact, and the home page of each other language). Builds and serves the site with
 * `npm start` (scripts/bench/serve.ts), puts the TLS front of scripts/bench/lighthouse.ts before
 * it so the pages are loaded at the site's own address, then runs Lighthouse `--runs` times per
 * page (mobile by default, Lighthouse's simulated slow 4G and 4x CPU slowdown) and prints the
 * median of each figure: the performance score, First and Largest Contentful Paint, Total
 * Blocking Time, what Lighthouse says render-blocking resources cost, and the unused bytes of CSS.
 * The baseline is the same run's privacy page: plain text with the same header, footer, stylesheet
 * and script as every page. docs/performance.md records the figures.
 */
import { buildSiteModel } from '../src/model/model.ts';
import { loadSources } from '../src/model/load-sources.ts';
import { median } from './bench/cold-start.ts';
import { CHROMIUM, runLighthouse, scoreOf, startTlsFront, type LighthouseReport } from './bench/lighthouse.ts';
import { ROOT } from './bench/projects.ts';
import { startServed } from './bench/serve.ts';
import { commandLineOrExit, exitWithUsage, wholeNumber } from './command-line.ts';

const NAME = 'npm run bench:pages';
const HELP = `${NAME} -- [--runs N] [--desktop]

  --runs N      Lighthouse runs per page (default 3; the figures are medians)
  --desktop     Lighthouse's desktop preset instead of mobile`;

const line = commandLineOrExit(NAME, HELP, ['--runs'], ['--desktop']);
const runs = wholeNumber(line, '--runs', 3, { name: NAME, text: HELP, min: 1 });
const formFactor = line.flags.has('--desktop') ? 'desktop' : 'mobile';

const model = buildSiteModel(loadSources(ROOT));
const first = <T>(items: readonly T[], what: string): T =>
  items[0] ?? exitWithUsage(NAME, HELP, `the site has no ${what}`);
const pages: [kind: string, path: string][] = [
  ['privacy (baseline)', model.routes.privacy],
  ['home', model.routes.home],
  ['service', first(model.services, 'service').path],
  ['case study', first(model.caseStudies, 'case study').path],
  ['insight', first(model.insights, 'insight').path],
  ['listing', model.routes.caseStudies],
  ['contact', model.routes.contact],
  ...model.languages.codes.slice(1).map((code): [string, string] => [`home (${code})`, `/${code}`]),
];

/** The figures of one report. */
function figures(report: LighthouseReport) {
  const audit = (id: string) => report.audits[id];
  return {
    score: scoreOf(report, 'performance'),
    fcp: audit('first-contentful-paint')?.numericValue ?? NaN,
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    // The first paint the render-blocking requests delay, by Lighthouse's estimate.
    blocking: audit('render-blocking-insight')?.metricSavings?.FCP ?? 0,
    unusedCss: audit('unused-css-rules')?.details?.overallSavingsBytes ?? 0,
  };
}

console.log(
  `Page speed · ${new Date().toISOString()} · Node ${process.version} · ${formFactor} · ${runs} run(s) per page`,
);
process.stdout.write('building and serving the site (npm start)… ');
const served = await startServed(ROOT);
console.log(`ready after ${served.readySeconds.toFixed(0)} s`);
const hosts = [model.company.baseUrl, model.company.agentUrl].map((origin) => new URL(origin).hostname);
const front = await startTlsFront(served.base, [...new Set(hosts)]);
const results: { kind: string; scores: number[]; median: ReturnType<typeof figures> }[] = [];
try {
  for (const [kind, path] of pages) {
    process.stdout.write(`  ${kind} ${path} `);
    const measured: ReturnType<typeof figures>[] = [];
    for (let i = 0; i < runs; i++) {
      const report = await runLighthouse({
        url: `${model.company.baseUrl}${path}`,
        hosts: [...new Set(hosts)],
        front,
        formFactor,
        categories: ['performance'],
        root: ROOT,
        chromium: CHROMIUM,
      });
      measured.push(figures(report));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    const mid = (pick: (value: ReturnType<typeof figures>) => number) => median(measured.map(pick));
    results.push({
      kind,
      scores: measured.map((value) => value.score),
      median: {
        score: mid((value) => value.score),
        fcp: mid((value) => value.fcp),
        lcp: mid((value) => value.lcp),
        tbt: mid((value) => value.tbt),
        blocking: mid((value) => value.blocking),
        unusedCss: mid((value) => value.unusedCss),
      },
    });
  }
} finally {
  front.close();
  await served.stop();
  // What was measured is printed even when a run failed.
  printTable();
}

function printTable(): void {
  if (results.length === 0) return;
  const baseline = results[0]!.median;
  const rows = results.map(({ kind, scores, median: value }) => [
    kind,
    `${value.score} (${scores.join(', ')})`,
    `${value.fcp.toFixed(0)} ms`,
    `${value.lcp.toFixed(0)} ms`,
    `${(value.lcp / baseline.lcp).toFixed(2)}x`,
    `${value.tbt.toFixed(0)} ms`,
    `${value.blocking.toFixed(0)} ms`,
    `${(value.unusedCss / 1024).toFixed(1)} KiB`,
  ]);
  const head = ['page', 'performance (runs)', 'FCP', 'LCP', 'LCP vs privacy', 'TBT', 'render-blocking', 'unused CSS'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(head)}\n${rows.map(format).join('\n')}`);
  console.log('\nMedians of the runs. render-blocking: what Lighthouse estimates the render-blocking requests cost.');
}
