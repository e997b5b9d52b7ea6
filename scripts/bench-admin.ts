/**
 * `npm run bench:admin`: what the editor at /admin/ costs, on a server that is running
 * (`npm start`, or a deployment with `--url`), measured in Debian's Chromium with an empty cache
 * each run, against the site's home page in the same runs (the baseline):
 * - the home page: load time and bytes, and that it requests nothing of the editor's;
 * - /admin/: the time until the editor's sign-in page shows (its code is 2 MB, its fonts 0.8 MB)
 *   and its bytes;
 * - the editor opening the local repository (a copy of content/, handed over as the tests do:
 *   scripts/bench/editor-session.ts) until it lists the collections.
 * Prints the median of `--runs` of each, and each against the home page.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM } from './bench/lighthouse.ts';
import { openEditor, standInFolderPicker } from './bench/editor-session.ts';
import { commandLineOrExit, wholeNumber } from './command-line.ts';

const USAGE = `npm run bench:admin -- [--url URL] [--runs N]

  --url URL   the running site (default http://localhost:8888: start it with npm start first)
  --runs N    runs of each measurement, each with an empty cache (default 5)`;
const NAME = { name: 'npm run bench:admin', text: USAGE };
const line = commandLineOrExit(NAME.name, USAGE, ['--url', '--runs'], []);
const RUNS = wholeNumber(line, '--runs', 5, NAME);
const base = (line.values.get('--url') ?? 'http://localhost:8888').replace(/\/$/, '');
const root = process.cwd();

try {
  const health = await fetch(`${base}/api/health`);
  if (!health.ok) throw new Error(`HTTP ${health.status}`);
} catch (error) {
  console.error(
    `No site answers at ${base} (${(error as Error).message}): start it with \`npm start\`, or give --url.`,
  );
  process.exit(2);
}

interface Sample {
  ms: number;
  bytes: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });

/** Bytes the page transferred: its document and every resource (Resource Timing). */
const transferred = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
      (sum, entry) => sum + ((entry as PerformanceResourceTiming).transferSize || 0),
      0,
    ),
  );

async function homePage(): Promise<Sample & { editorRequests: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let editorRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/admin')) editorRequests++;
  });
  await page.goto(`${base}/`, { waitUntil: 'load' });
  const ms = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  const sample = { ms, bytes: await transferred(page), editorRequests };
  await context.close();
  return sample;
}

async function signInPage(): Promise<Sample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/admin/`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: /local repository/i }).waitFor();
  const ms = await page.evaluate(() => performance.now());
  const sample = { ms, bytes: await transferred(page) };
  await context.close();
  return sample;
}

async function localRepository(): Promise<number> {
  const context = await browser.newContext();
  await standInFolderPicker(context);
  const page = await context.newPage();
  const ms = await openEditor(page, base, root);
  await context.close();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const home: Awaited<ReturnType<typeof homePage>>[] = [];
const admin: Sample[] = [];
const opened: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  home.push(await homePage());
  admin.push(await signInPage());
  opened.push(await localRepository());
  process.stderr.write(`run ${run}/${RUNS} done\n`);
}
await browser.close();

const homeMs = median(home.map((sample) => sample.ms));
const homeBytes = median(home.map((sample) => sample.bytes));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const rows = [
  ['home page (baseline): loaded', `${homeMs.toFixed(0)} ms`, kb(homeBytes), '1.0', '1.0'],
  [
    '/admin/: sign-in page shown',
    `${median(admin.map((sample) => sample.ms)).toFixed(0)} ms`,
    kb(median(admin.map((sample) => sample.bytes))),
    (median(admin.map((sample) => sample.ms)) / homeMs).toFixed(1),
    (median(admin.map((sample) => sample.bytes)) / homeBytes).toFixed(1),
  ],
  ['/admin/: local repository opened', `${median(opened).toFixed(0)} ms`, '', (median(opened) / homeMs).toFixed(1), ''],
];
console.log(`The editor at ${base}/admin/, median of ${RUNS} runs, empty cache each run (Chromium at ${CHROMIUM})\n`);
console.log(['what', 'time', 'bytes', 'time vs home', 'bytes vs home'].join(' | '));
for (const row of rows) console.log(row.join(' | '));
const leaked = home.reduce((sum, sample) => sum + sample.editorRequests, 0);
console.log(`\nRequests for /admin/ files from the home page: ${leaked} (the editor adds nothing to the pages)`);
if (leaked > 0) process.exit(1);
