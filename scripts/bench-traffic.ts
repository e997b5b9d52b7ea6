/**
 * `npm run bench:traffic`: what counting costs per request (docs/traffic.md, "What it costs"),
 * measured on the traffic edge function's own code (src/traffic/counter.ts) in this process:
 * the same requests through a pass-through edge function (the baseline: it only calls
 * `context.next()`) and through the counter, alternating in rounds, with a next step that answers
 * at once, so the figures are the counter's own time. Writing is left out (a store that takes the
 * parts without work): it happens after the answer, once per instance every 30 s on Netlify.
 *
 * Prints per workload the median time per request of each, the counter's extra time and the
 * ratio, and the classifier's first use (its compilation, paid once per edge instance). The API
 * function's own part (a map update per answer, a send every 30 s) is in bench:mcp's figures.
 *
 * Then the same under `npm start` (leave it out with --in-process): two throwaway copies of the
 * site, built once, served side by side by netlify-cli, one as it is and one without the record
 * (the baseline: its netlify.toml does not declare the counter, and its API function is given no
 * `traffic`); the same page, Markdown, llms.txt, robots.txt, MCP and health requests go to each
 * in turn, and the figures are their latencies over HTTP, with what each server printed per
 * request and how often the counter called the ingest function. Under npm start the counter
 * writes at most every 5 seconds and the API function writes its own answers to the local store,
 * so this is the local cost, with the writing; afterwards the copy's own record must hold every
 * request sent.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { agentPatterns } from '../src/build/agent-patterns.ts';
import { skipSiteBuildCommand } from './bench/function-zip.ts';
import { astroBuild, projectCopy } from './bench/projects.ts';
import { fetchFrom } from './bench/fetch-from.ts';
import { startServed, type ServedSite } from './bench/serve.ts';
import { runAgents } from './agents/run.ts';
import { commandLineOrExit, wholeNumber } from './command-line.ts';
import type { Surface } from '../src/traffic/model.ts';
import type { TrafficReport } from '../src/traffic/report.ts';
import { createTrafficCounter, type CounterContext } from '../src/traffic/counter.ts';
import { createTrafficRecorder } from '../src/traffic/recorder.ts';
import { createClassifier } from '../src/traffic/classify.ts';

const USAGE = `npm run bench:traffic -- [--in-process] [--rounds N]

  --in-process   only the counter's own time in this process (seconds); without it, then pages,
                 Markdown, discovery files, MCP calls and health under npm start with and without
                 the record
  --rounds N     requests of each kind to each server under npm start, after 10 to warm up
                 (default 100; an MCP call there takes 0.2-0.5 s, a page a few ms)`;
const line = commandLineOrExit('npm run bench:traffic', USAGE, ['--rounds'], ['--in-process']);
const SERVED_ROUNDS = wholeNumber(line, '--rounds', 100, { name: 'npm run bench:traffic', text: USAGE });

const ROUNDS = 7;
const REQUESTS = 4000;
const patterns = agentPatterns();

const agents = [
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'curl/8.5.0',
];
/** Distinct browser versions, so the classifier's cache of 256 strings is missed. */
const browser = (index: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (index % 900)}.0.${index}.0 Safari/537.36`;

const answer = new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } });
const context = (): CounterContext => ({
  deploy: { context: 'production' },
  waitUntil: () => {},
  next: () => Promise.resolve(answer.clone()),
});
const passThrough = (_request: Request, ctx: CounterContext) => ctx.next();

const workloads: { name: string; request: (index: number) => Request }[] = [
  {
    name: 'page, known agents (cached class)',
    request: (index) =>
      new Request('https://example.com/about', { headers: { 'User-Agent': agents[index % agents.length]! } }),
  },
  {
    name: 'page, a new browser each time',
    request: (index) => new Request('https://example.com/about', { headers: { 'User-Agent': browser(index) } }),
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(handler: typeof passThrough, make: (index: number) => Request): Promise<number> {
  const requests = Array.from({ length: REQUESTS }, (_, index) => make(index));
  const ctx = context();
  const started = performance.now();
  for (const request of requests) await handler(request, ctx);
  return ((performance.now() - started) * 1000) / REQUESTS;
}

const firstStarted = performance.now();
createClassifier(patterns)(agents[0]);
const firstUse = performance.now() - firstStarted;

console.log(`Traffic counter benchmark · ${new Date().toISOString()} · Node ${process.version}`);
console.log(`${REQUESTS} requests per run, ${ROUNDS} rounds alternating baseline and counter; medians of the rounds\n`);
console.log(
  `${'workload'.padEnd(38)}${'baseline µs'.padStart(12)}${'counter µs'.padStart(12)}${'extra µs'.padStart(10)}${'ratio'.padStart(8)}`,
);
for (const workload of workloads) {
  const recorder = createTrafficRecorder({ store: () => Promise.resolve({ write: () => Promise.resolve() }) });
  const count = createTrafficCounter({ patterns, recorder: () => recorder });
  const baseline: number[] = [];
  const counted: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await time(passThrough, workload.request));
    counted.push(await time(count, workload.request));
  }
  const [base, ours] = [median(baseline), median(counted)];
  console.log(
    `${workload.name.padEnd(38)}${base.toFixed(1).padStart(12)}${ours.toFixed(1).padStart(12)}${(ours - base).toFixed(1).padStart(10)}${`${(ours / base).toFixed(2)}x`.padStart(8)}`,
  );
}
console.log(
  `\nThe classifier's first use (compiling ${patterns.patterns.length} patterns and isbot's): ${firstUse.toFixed(1)} ms, once per instance.`,
);
console.log('Baseline: a pass-through edge function (context.next() only), with the same requests and next step.');

if (!line.flags.has('--in-process')) await served();

/**
 * The record's counter under `npm start`, against the same site without it.
 *
 * Long: a benchmark's steps in order (copy, build, serve both, measure, check the record), sharing its servers.
 */
async function served(): Promise<void> {
  const WARM_UP = 10;
  const search = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_site', arguments: { query: 'cloud migration' } },
  });
  const kinds: {
    name: string;
    path: string;
    headers: Record<string, string>;
    surface: Surface;
    body?: string;
  }[] = [
    { name: 'HTML page, a browser', path: '/', headers: { 'User-Agent': browser(1) }, surface: 'page' },
    {
      name: 'Markdown (Accept), ChatGPT-User',
      path: '/',
      headers: { 'User-Agent': agents[1]!, Accept: 'text/markdown' },
      surface: 'markdown',
    },
    { name: 'llms.txt, GPTBot', path: '/llms.txt', headers: { 'User-Agent': agents[0]! }, surface: 'llms' },
    { name: 'robots.txt, Googlebot', path: '/robots.txt', headers: { 'User-Agent': agents[2]! }, surface: 'discovery' },
    {
      name: 'MCP search_site, node',
      path: '/api/mcp',
      headers: { 'User-Agent': 'node', 'Content-Type': 'application/json', Accept: 'application/json' },
      body: search,
      surface: 'mcp',
    },
    { name: 'GET /api/health, curl', path: '/api/health', headers: { 'User-Agent': agents[4]! }, surface: 'api' },
  ];
  console.log(
    `\nUnder npm start: ${SERVED_ROUNDS} requests of each kind to each server, alternating, after ${WARM_UP} to warm up`,
  );
  const counted = projectCopy('traffic-on', true);
  const baseline = projectCopy('traffic-off', true);
  const sites: ServedSite[] = [];
  try {
    astroBuild(counted, 'building the site (astro build)');
    for (const name of ['dist', '.generated'])
      cpSync(path.join(counted, name), path.join(baseline, name), { recursive: true });
    for (const dir of [counted, baseline]) skipSiteBuildCommand(dir);
    const toml = path.join(baseline, 'netlify.toml');
    const text = readFileSync(toml, 'utf8');
    const without = text.replace(/^\[\[edge_functions\]\]\n\s*function = "traffic"[\s\S]*?(?=^\[)/m, '');
    if (without === text) throw new Error(`${toml} declares no traffic edge function to leave out`);
    writeFileSync(toml, without);
    rmSync(path.join(baseline, 'functions/edge/traffic.ts'));
    // Nor does its API function tell the record anything.
    const api = path.join(baseline, 'functions/api.mts');
    const source = readFileSync(api, 'utf8');
    const untold = source.replace(/^ {2}traffic: \(facts, waitUntil\) => \{\n[\s\S]*?^ {2}\},\n/m, '');
    if (untold === source) throw new Error(`${api} hands the handler no \`traffic\` to leave out`);
    writeFileSync(api, untold);

    process.stdout.write('  starting both (npm start, the build skipped)… ');
    // One after the other: netlify-cli takes port 3999 for its static server when it looks free,
    // and two started at once both take it (EADDRINUSE for one).
    sites.push(await startServed(baseline));
    sites.push(await startServed(counted));
    console.log(`ready in ${sites.map((site) => site.readySeconds.toFixed(0)).join(' and ')} s`);
    const [off, on] = sites as [ServedSite, ServedSite];
    // What the record holds before (the readiness checks' requests, once written: two reads
    // 3 s apart that agree).
    let before = await recordCounts(counted);
    for (let attempt = 0; attempt < 20; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const again = await recordCounts(counted);
      const same = [...again].every(([surface, count]) => before.get(surface) === count) && again.size === before.size;
      before = again;
      if (same) break;
    }
    const printed = sites.map((site) => site.output().length);
    const get = async (site: ServedSite, kind: (typeof kinds)[number], round: number) => {
      // API requests from an address per round, so the per-IP limit (120 a minute) never answers.
      const send = kind.path.startsWith('/api') ? fetchFrom(`127.0.${1 + (round >> 8)}.${1 + (round & 0xff)}`) : fetch;
      const started = performance.now();
      const response = await send(`${site.base}${kind.path}`, {
        method: kind.body ? 'POST' : 'GET',
        headers: kind.headers,
        ...(kind.body ? { body: kind.body } : {}),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${kind.name}: HTTP ${response.status} from ${site.base}`);
      return performance.now() - started;
    };
    const times = new Map(kinds.map((kind) => [kind.name, { off: [] as number[], on: [] as number[] }]));
    for (let round = 0; round < WARM_UP + SERVED_ROUNDS; round++) {
      for (const kind of kinds) {
        const order: ['off' | 'on', ServedSite][] =
          round % 2
            ? [
                ['on', on],
                ['off', off],
              ]
            : [
                ['off', off],
                ['on', on],
              ];
        for (const [label, site] of order) {
          const ms = await get(site, kind, round);
          if (round >= WARM_UP) times.get(kind.name)![label].push(ms);
        }
      }
    }
    const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
    console.log(
      `${'request'.padEnd(36)}${'baseline p50'.padStart(13)}${'counter p50'.padStart(12)}${'extra'.padStart(8)}${'ratio'.padStart(7)}${'baseline p90'.padStart(14)}${'counter p90'.padStart(12)}`,
    );
    for (const kind of kinds) {
      const { off: a, on: b } = times.get(kind.name)!;
      const [a50, b50] = [at(a, 0.5), at(b, 0.5)];
      console.log(
        `${kind.name.padEnd(36)}${`${a50.toFixed(1)} ms`.padStart(13)}${`${b50.toFixed(1)} ms`.padStart(12)}${`${(b50 - a50).toFixed(1)}`.padStart(8)}${`${(b50 / a50).toFixed(2)}x`.padStart(7)}${`${at(a, 0.9).toFixed(1)} ms`.padStart(14)}${`${at(b, 0.9).toFixed(1)} ms`.padStart(12)}`,
      );
    }

    // What each server printed per request, and how often the counter called the ingest function.
    const requestsEach = (WARM_UP + SERVED_ROUNDS) * kinds.length;
    const [offLines, onLines] = sites.map((site, index) => site.output().slice(printed[index]).split('\n').length - 1);
    const ingestCalls =
      on
        .output()
        .slice(printed[1])
        .match(/POST \/\.netlify\/functions\/traffic-ingest/g)?.length ?? 0;
    console.log(
      `\nLog lines per request: baseline ${(offLines! / requestsEach).toFixed(2)}, with the record ${(onLines! / requestsEach).toFixed(2)}; ` +
        `ingest function calls: ${ingestCalls} for ${requestsEach} requests (${(ingestCalls / requestsEach).toFixed(3)} per request)`,
    );

    // The record of the counted copy must hold every request sent to it, by surface (beyond what
    // it held before: startServed's readiness checks of /api/health are counted too).
    const sent = WARM_UP + SERVED_ROUNDS;
    let counts = await recordCounts(counted);
    for (let attempt = 0; attempt < 60; attempt++) {
      if (kinds.every((kind) => (counts.get(kind.surface) ?? 0) - (before.get(kind.surface) ?? 0) >= sent)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      counts = await recordCounts(counted);
    }
    // A moment more, so a count too many would show too.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    counts = await recordCounts(counted);
    const added = (surface: Surface) => (counts.get(surface) ?? 0) - (before.get(surface) ?? 0);
    console.log(
      `\nThe counted copy's record: ${kinds.map((kind) => `${kind.surface} ${added(kind.surface)}`).join(', ')} (sent ${sent} of each)`,
    );
    if (kinds.some((kind) => added(kind.surface) !== sent))
      throw new Error('the record does not hold exactly the requests sent: see above');
    console.log(
      'Baseline: the same site, served the same way, without the counter declared in netlify.toml and with no `traffic` for its API function.',
    );
  } finally {
    await Promise.all(sites.map((site) => site.stop()));
    for (const dir of [counted, baseline])
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** Requests per surface in the record of the project at `dir` (npm run agents -- report). */
async function recordCounts(dir: string): Promise<Map<Surface, number>> {
  let out = '';
  const code = await runAgents(['report', '--json', '--since', '7d'], {
    env: {},
    defaultProjectDir: dir,
    stdout: (chunk) => (out += chunk),
    stderr: () => {},
  });
  if (code !== 0) throw new Error(`npm run agents -- report failed in ${dir} (exit ${code})`);
  const report = JSON.parse(out) as TrafficReport;
  const counts = new Map<Surface, number>();
  for (const family of report.families)
    for (const [surface, requests] of Object.entries(family.bySurface))
      counts.set(surface as Surface, (counts.get(surface as Surface) ?? 0) + (requests ?? 0));
  return counts;
}
