/**
 * `npm run bench:mcp`: throughput (req/s) and p50/p99 latency of the MCP core in process
 * (Request in, Response out, body read fully) for initialize, tools/list, search_site and
 * get_page_markdown, side by side in the same run with
 *
 * - core as deployed: the function as Netlify ships it (`netlify build --offline`, then its
 *   api.zip unzipped with its artefacts), called in process with a Netlify-like context (so
 *   whatever the function wires in, e.g. its rate limiter, is counted);
 * - reference: the SDK's McpServer with the same tools behind the SDK's web-standard
 *   Streamable HTTP transport, stateless, a new server and transport per request
 *   (scripts/bench/mcp-reference.ts);
 * - floor: a hand-written handler that validates nothing (scripts/bench/mcp-floor.ts);
 *
 * and the cold start of the shipped function against an empty function in the same folder (a
 * fresh process importing it and answering its first request), its first search against
 * MiniSearch's loadJSON of the same documents and one search of the same query in a fresh process
 * (scripts/bench/anchors.ts). `npm run bench:scale` measures
 * cold starts at 1,000 and 10,000 entries. docs/performance.md records the figures.
 *
 * Each server runs in a worker process of its own (scripts/bench/mcp-worker.ts), one at a time.
 *
 * Options: --duration-ms N (measured time per server and workload, default 2000, split into 5
 * rounds that alternate the servers, after a warm-up of up to 1 s), --quick (one short round,
 * for a smoke test). BENCH_MCP_PROFILE=<dir> writes a CPU profile of every measured round.
 * Runs `netlify build --offline` in the project first (which builds the site), as a deploy does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSources } from '../src/model/load-sources.ts';
import { buildSiteModel } from '../src/model/model.ts';
import { coldStarter, median, pairedRatio, writeEmptyFunction, type ColdResult } from './bench/cold-start.ts';
import { anchorStarter, indexedDocuments, pairedAnchorRatio, writeMiniSearchIndex } from './bench/anchors.ts';
import { buildFunctionZip } from './bench/function-zip.ts';
import { ARTEFACT_DIR, ARTEFACT_FILES } from '../src/artefacts/layout.ts';
import { searchDocuments } from '../src/build/search-index.ts';
import { commandLineOrExit, wholeNumber } from './command-line.ts';
import {
  loadHead,
  REQUESTS_PER_CLIENT,
  requestHeaders,
  ROOT,
  SERVERS,
  workloads,
  type Sample,
  type ServerKey,
  type Workload,
} from './bench/mcp-workloads.ts';

// ---------------------------------------------------------------------------------- options

const USAGE = `npm run bench:mcp -- [--duration-ms N] [--quick]

  --duration-ms N   measured milliseconds per server and workload, at least 50 (default 2000),
                    split into 5 rounds that alternate the servers
  --quick           one short round of each, for a smoke test`;
const line = commandLineOrExit('npm run bench:mcp', USAGE, ['--duration-ms'], ['--quick']);
const QUICK = line.flags.has('--quick');
const DURATION_MS = wholeNumber(line, '--duration-ms', QUICK ? 300 : 2000, {
  name: 'npm run bench:mcp',
  text: USAGE,
  min: 50,
});
const ROUNDS = QUICK ? 1 : 5;
/** Warm-up per server and workload: the JIT needs about a second to settle on this machine. */
const WARMUP_MS = QUICK ? 300 : Math.max(300, Math.min(1000, DURATION_MS / 2));
const COLD_RUNS = QUICK ? 3 : 7;
const TARGET_VS_REFERENCE = 8;
const TARGET_VS_FLOOR = 2;

// ------------------------------------------------------------------------------------ setup

console.log('Building the site and the function as a deploy does (netlify build --offline)…');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const shipped = await buildFunctionZip(ROOT, ROOT, path.join(workDir, 'api'));
const head = loadHead();
if (!head) throw new Error('netlify build left no .generated/agent-head.json');
const MODEL = buildSiteModel(loadSources(ROOT));
const WORKLOADS = workloads(MODEL);
const ENDPOINT = `${head.site.baseUrl}/api/mcp`;
const LABEL = new Map(SERVERS.map((server) => [server.key, server.label]));

/** The cold-start runner and a private TMPDIR for anything the deployed function writes (its rate-limit files). */
const privateTmp = path.join(workDir, 'tmp');
mkdirSync(privateTmp);
const childEnv = { ...process.env, TMPDIR: privateTmp, TMP: privateTmp, TEMP: privateTmp };

/** One worker process per server (see bench/mcp-worker.ts); one command at a time. */
class Worker {
  readonly child: ChildProcess;
  private pending: ((message: unknown) => void) | null = null;
  readonly ready: Promise<unknown>;

  constructor(key: ServerKey, entry: string) {
    const argv = key === 'deployed' ? [key, entry] : [key];
    this.child = fork(path.join(ROOT, 'scripts', 'bench', 'mcp-worker.ts'), argv, {
      execArgv: [],
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve) => (this.pending = resolve));
    this.child.on('message', (message) => {
      const resolve = this.pending;
      this.pending = null;
      resolve?.(message);
    });
    this.child.on('exit', (code) => {
      if (code !== 0 && this.pending) {
        console.error(`The ${key} worker exited with code ${code}.`);
        process.exit(1);
      }
    });
  }

  async send<T>(command: unknown): Promise<T> {
    const answer = new Promise<unknown>((resolve) => (this.pending = resolve));
    this.child.send(command as object);
    const message = (await answer) as T & { error?: string };
    if (message.error) throw new Error(message.error);
    return message;
  }
}

// ------------------------------------------------------------------------------ measurement

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  count: number;
  /** Half the range of the rounds' req/s, relative to the median: how steady the machine was. */
  spread: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Checks that every server answers the workload with a result, and that the answers agree. */
async function check(workload: Workload, workers: Map<ServerKey, Worker>): Promise<string> {
  const results = new Map<ServerKey, string>();
  for (const [key, worker] of workers) {
    const { status, text } = await worker.send<{ status: number; text: string }>({
      type: 'check',
      workload: workload.key,
    });
    const message = JSON.parse(text) as { result?: { isError?: boolean } };
    if (status !== 200 || !message.result || message.result.isError) {
      throw new Error(`${key} did not answer ${workload.label} with a result: HTTP ${status} ${text.slice(0, 300)}`);
    }
    results.set(key, JSON.stringify(message.result));
  }
  for (const key of ['deployed', 'floor'] as const) {
    if (results.get(key) !== results.get('core'))
      throw new Error(`${workload.label}: the ${LABEL.get(key)} result differs from the core's`);
  }
  // The SDK adds fields of its own to these (capabilities.tools.listChanged, $schema, execution).
  if (workload.key === 'initialize' || workload.key === 'tools/list')
    return 'results: same from all but the SDK, which adds fields of its own';
  if (results.get('core') !== results.get('reference'))
    throw new Error(`${workload.label}: the reference's result differs from the core's`);
  return 'results: identical from all four';
}

async function bench(workload: Workload, workers: Map<ServerKey, Worker>): Promise<Map<ServerKey, Figures>> {
  const note = await check(workload, workers);
  for (const server of SERVERS)
    await workers
      .get(server.key)!
      .send<Sample>({ type: 'run', workload: workload.key, durationMs: WARMUP_MS, keep: false });
  const samples = new Map<ServerKey, Sample[]>(SERVERS.map((server) => [server.key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate who goes first, so machine noise spreads over all servers.
    const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]!);
    for (const server of order) {
      samples
        .get(server.key)!
        .push(
          await workers
            .get(server.key)!
            .send<Sample>({ type: 'run', workload: workload.key, durationMs: DURATION_MS / ROUNDS, keep: true }),
        );
    }
  }
  const figures = new Map<ServerKey, Figures>();
  for (const server of SERVERS) {
    const list = samples.get(server.key)!;
    const sorted = Float64Array.from(list.flatMap((sample) => sample.latencies)).sort();
    const count = list.reduce((sum, sample) => sum + sample.count, 0);
    const rates = list.map((sample) => (sample.count * 1000) / sample.busyMs);
    figures.set(server.key, {
      rps: median(rates),
      p50: percentile(sorted, 50) * 1000,
      p99: percentile(sorted, 99) * 1000,
      bytes: list.reduce((sum, sample) => sum + sample.bytes, 0) / count,
      count,
      spread: ROUNDS > 1 ? (Math.max(...rates) - Math.min(...rates)) / 2 / median(rates) : NaN,
    });
  }
  console.log(table(workload, figures, note));
  return figures;
}

// ----------------------------------------------------------------------------------- output

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const fixed = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (value: number) => `${fixed(value, value >= 10 ? 1 : 2)}x`;
const pad = (text: string, width: number) => text.padStart(width);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

function table(workload: Workload, figures: Map<ServerKey, Figures>, note: string): string {
  const lines = [
    '',
    workload.label,
    `  ${'server'.padEnd(28)}${pad('req/s', 10)}${pad('p50 µs', 10)}${pad('p99 µs', 10)}${pad('bytes', 9)}${pad('requests', 10)}${pad('rounds ±', 10)}`,
  ];
  for (const server of SERVERS) {
    const f = figures.get(server.key)!;
    lines.push(
      `  ${server.label.padEnd(28)}${pad(int(f.rps), 10)}${pad(fixed(f.p50), 10)}${pad(fixed(f.p99), 10)}` +
        `${pad(int(f.bytes), 9)}${pad(int(f.count), 10)}` +
        `${pad(Number.isNaN(f.spread) ? '-' : `${Math.round(f.spread * 100)}%`, 10)}`,
    );
  }
  const { core, deployed, reference, floor } = rates(figures);
  lines.push(
    `  core/reference ${ratio(core / reference)} · floor/core ${ratio(floor / core)}` +
      ` · deployed/reference ${ratio(deployed / reference)} · floor/reference ${ratio(floor / reference)}`,
  );
  if (workload.target) {
    lines.push(
      `  target core >= ${TARGET_VS_REFERENCE}x reference: ${verdict(core / reference >= TARGET_VS_REFERENCE)}` +
        ` (as deployed: ${verdict(deployed / reference >= TARGET_VS_REFERENCE)})` +
        ` · core within ~${TARGET_VS_FLOOR}x of the floor: ${verdict(floor / core <= TARGET_VS_FLOOR)}` +
        ` (as deployed: ${verdict(floor / deployed <= TARGET_VS_FLOOR)})`,
    );
  }
  lines.push(`  ${note}`);
  return lines.join('\n');
}

const rates = (figures: Map<ServerKey, Figures>) => ({
  core: figures.get('core')!.rps,
  deployed: figures.get('deployed')!.rps,
  reference: figures.get('reference')!.rps,
  floor: figures.get('floor')!.rps,
});

// ------------------------------------------------------------------------------- cold start

/** The shipped function against an empty function in the same unzipped folder, fresh processes, one of each in turn. */
async function coldStarts(): Promise<void> {
  const request = (workload: Workload) => {
    const { body, version } = workload.message(1);
    return { label: workload.label, body: JSON.stringify(body), headers: requestHeaders(version) };
  };
  const run = coldStarter(workDir, {
    endpoint: ENDPOINT,
    steps: [
      request(WORKLOADS.find((workload) => workload.key === 'initialize')!),
      request(WORKLOADS.find((workload) => workload.key === 'search')!),
    ],
  });
  const empty = writeEmptyFunction(path.dirname(shipped.entry));
  const entries = [
    { label: 'baseline (empty function)', entry: empty },
    { label: 'core (the function as shipped)', entry: shipped.entry },
  ];
  // The first search's anchor (scripts/bench/anchors.ts): MiniSearch's loadJSON of the same
  // documents and one search of the same query with its defaults, in a fresh process too.
  const search = WORKLOADS.find((workload) => workload.key === 'search')!;
  const query = (search.message(1).body as { params: { arguments: { query: string } } }).params.arguments.query;
  const indexFile = path.join(workDir, 'anchor-minisearch.json');
  const indexed = indexedDocuments(path.join(shipped.dir, ARTEFACT_DIR, ARTEFACT_FILES.searchTerms));
  writeMiniSearchIndex(searchDocuments(MODEL), indexed, indexFile);
  const runAnchor = anchorStarter(workDir, { searches: [{ indexFile, query }], warm: [] });
  const anchorMs: number[] = [];
  const runs = entries.map(() => [] as ColdResult[]);
  for (let i = 0; i < COLD_RUNS; i++) {
    anchorMs.push((await runAnchor()).searches[0]!.ms);
    for (const [index, { label, entry }] of entries.entries()) {
      const result = await run(entry, shipped.dir, childEnv);
      if (result.steps.some((step) => step.status !== 200))
        throw new Error(`${label}: ${result.steps.map((step) => step.status).join(' / ')} on a fresh start`);
      runs[index]!.push(result);
    }
  }
  console.log('');
  console.log(
    `Cold start: a fresh process (working directory: the unzipped function) imports the entry and answers initialize; median of ${COLD_RUNS} runs, ms`,
  );
  console.log(
    `  ${'entry'.padEnd(32)}${pad('spawn→answer', 14)}${pad('in process', 12)}${pad('import', 9)}${pad('1st req', 9)}${pad('then 1st search', 17)}`,
  );
  for (const [index, { label }] of entries.entries()) {
    const list = runs[index]!;
    const m = (pick: (result: ColdResult) => number) => fixed(median(list.map(pick)));
    console.log(
      `  ${label.padEnd(32)}${pad(
        m((r) => r.wallMs),
        14,
      )}${pad(
        m((r) => r.processMs),
        12,
      )}${pad(
        m((r) => r.importMs),
        9,
      )}${pad(
        m((r) => r.steps[0]!.ms),
        9,
      )}${pad(index === 0 ? '-' : m((r) => r.steps[1]!.ms), 17)}`,
    );
  }
  console.log(
    `  ${'anchor: MiniSearch loadJSON + 1 search'.padEnd(32)}${pad('-', 14)}${pad('-', 12)}${pad('-', 9)}${pad('-', 9)}${pad(fixed(median(anchorMs)), 17)}`,
  );
  const firstSearches = runs[1]!.map((result) => result.steps[1]!.ms);
  console.log(
    `  core/baseline: ${ratio(pairedRatio(runs[1]!, runs[0]!))} spawn→answer ` +
      `· first search / anchor: ${ratio(pairedAnchorRatio(firstSearches, anchorMs))} ` +
      "(the median of the ratios of each round's runs: anchor, baseline, core, in turn). " +
      `Entry ${int(shipped.entryBytes)} bytes; zip ${int(shipped.zipBytes)} bytes ` +
      '(npm run bench:scale: at 1,000 and 10,000 entries).',
  );
}

// ------------------------------------------------------------------------------------- main

const started = performance.now();
const cpus = os.cpus();
console.log(
  `MCP benchmark · ${new Date().toISOString()} · Node ${process.version}` +
    ` · ${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · ${os.platform()} ${os.arch()}`,
);
console.log(
  `In process, one request at a time: ${int(DURATION_MS)} ms per server and workload ` +
    `in ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} (servers alternate), after ${int(WARMUP_MS)} ms of warm-up.`,
);
console.log(
  'req/s = requests / time spent in the handler and reading the body, median of the rounds; p50/p99 over all requests;',
);
console.log("rounds ± = half the range of the rounds' req/s around the median (large = a busy machine).");
console.log('Each server runs in a worker process of its own (own heap and JIT state); only one runs at a time.');
console.log(
  `Core: createApiHandler with its default rate limiter and a memory lead store; each client IP sends ${REQUESTS_PER_CLIENT} requests (never limited).`,
);
console.log(
  "Core as deployed: the default export of the function's entry in the api.zip netlify build made, context { ip } as above, TMPDIR private.",
);
console.log(
  'Reference: SDK McpServer + WebStandardStreamableHTTPServerTransport, stateless, JSON responses, new server + transport per request.',
);
console.log("Floor: JSON.parse, switch on method, the project's tool, JSON.stringify; no validation, no headers.");

const workers = new Map(SERVERS.map((server) => [server.key, new Worker(server.key, shipped.entry)]));
await Promise.all([...workers.values()].map((worker) => worker.ready));
const results = new Map<string, Map<ServerKey, Figures>>();
try {
  for (const workload of WORKLOADS) results.set(workload.key, await bench(workload, workers));
} finally {
  for (const worker of workers.values()) worker.child.send({ type: 'exit' });
}

await coldStarts();

console.log('');
console.log(
  `Targets: core >= ${TARGET_VS_REFERENCE}x the reference on tools/list and search_site, i.e. within about ${TARGET_VS_FLOOR}x of the floor`,
);
console.log(
  `  ${''.padEnd(48)}${pad('core/ref', 9)}${pad('', 9)}${pad('floor/core', 11)}${pad('', 9)}${pad('deployed/ref', 13)}${pad('floor/ref', 10)}`,
);
let allMet = true;
for (const workload of WORKLOADS.filter((w) => w.target)) {
  const { core, deployed, reference, floor } = rates(results.get(workload.key)!);
  allMet &&= core / reference >= TARGET_VS_REFERENCE;
  console.log(
    `  ${workload.label.padEnd(48)}${pad(ratio(core / reference), 9)}${pad(verdict(core / reference >= TARGET_VS_REFERENCE), 9)}` +
      `${pad(ratio(floor / core), 11)}${pad(verdict(floor / core <= TARGET_VS_FLOOR), 9)}` +
      `${pad(ratio(deployed / reference), 13)}${pad(ratio(floor / reference), 10)}`,
  );
}
console.log(
  `  ${allMet ? 'Every core/reference target is met.' : 'Not every core/reference target is met (see above).'}` +
    ` Finished in ${fixed((performance.now() - started) / 1000)} s.`,
);
