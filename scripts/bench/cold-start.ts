/**
 * Cold starts for the benchmarks: a fresh Node process whose working directory is the unzipped
 * function (as the platform runs it) imports the entry, answers a plan of requests one after
 * another, and reports its own clock; the parent times spawn until the first answer arrives.
 * The same runner runs an empty function placed in the same folder, for what Node alone costs.
 *
 * Each process gets a temporary directory of its own (TMPDIR), as a fresh serving instance on the
 * platform has its own /tmp: the function's rate limiter keeps its counts there
 * (src/http/file-rate-limit.ts), so processes sharing the system's would count each other's
 * requests, and a whole benchmark run (hundreds of requests a minute from the same test
 * addresses) would be refused with 429. The limit itself is untouched.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** An empty v2 function, written beside the real entry for the baseline. */
export const EMPTY_FUNCTION =
  `export default async () => new Response('{"jsonrpc":"2.0","id":1,"result":{}}', ` +
  `{ headers: { 'Content-Type': 'application/json' } });\n`;

/** Writes the empty function into `folder` (the unzipped function's `functions/`) and returns its path. */
export function writeEmptyFunction(folder: string): string {
  const file = path.join(folder, 'empty-function.mjs');
  writeFileSync(file, EMPTY_FUNCTION);
  return file;
}

export interface PlannedRequest {
  label: string;
  body: string;
  headers: Record<string, string>;
}

export interface ColdPlan {
  endpoint: string;
  /** Sent in order, each timed; the first is the cold start's "first answer". */
  steps: PlannedRequest[];
  /** Then sent in order, each timed, for warm percentiles. */
  warm?: PlannedRequest[];
  /** Then GET of each URL (a page the function answers, such as /search?q=…), each timed, for its warm percentiles. */
  pages?: string[];
}

export interface StepTiming {
  label: string;
  ms: number;
  status: number;
  /** The answer, parsed when it is JSON (for the caller to check). */
  body: unknown;
  /** Resident set size right after this answer, bytes. */
  rssBytes: number;
}

export interface ColdResult {
  /** Parent's clock: spawn until the first answer was read from the child's stdout. */
  wallMs: number;
  /** Child's clock: process start (performance.timeOrigin) until the first answer's body was read. */
  processMs: number;
  /** Child's clock: `import()` of the entry (module evaluation included). */
  importMs: number;
  steps: StepTiming[];
  /** Warm latencies (ms), sorted. */
  warm: number[];
  /** The warm GETs of the plan's pages (ms), sorted. */
  pages: number[];
  /** Resident set size after the plan, bytes. */
  rssBytes: number;
}

/** The child: imports the entry, sends the plan, reports one JSON line after the first answer and one at the end. */
const RUNNER = `
import { readFileSync } from 'node:fs';
const [entry, planFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const t0 = performance.now();
const mod = await import(entry);
const importMs = performance.now() - t0;
const send = async (step, ip = '203.0.113.7') => {
  const started = performance.now();
  const response = await mod.default(new Request(plan.endpoint, { method: 'POST', headers: step.headers, body: step.body }), { ip, requestId: 'cold' });
  const text = await response.text();
  const ms = performance.now() - started;
  let body = null;
  try { body = JSON.parse(text); } catch {}
  return { label: step.label, ms, status: response.status, body, rssBytes: process.memoryUsage().rss };
};
const steps = [];
steps.push(await send(plan.steps[0]));
const processMs = performance.now();
process.stdout.write(JSON.stringify({ first: true }) + '\\n');
for (const step of plan.steps.slice(1)) steps.push(await send(step));
const warm = [];
// A client IP per 100 warm requests keeps them under the rate limit (120 a minute); an answer
// that is not a tool result (a 429, an error) would time a refusal, so it stops the run.
for (const [i, step] of (plan.warm ?? []).entries()) {
  const answer = await send(step, \`203.0.113.\${10 + Math.floor(i / 100)}\`);
  if (answer.status !== 200 || !answer.body?.result || answer.body.result.isError) {
    process.stderr.write(\`warm request \${i + 1} (\${step.label}) was not answered with a tool result: HTTP \${answer.status} \${JSON.stringify(answer.body).slice(0, 300)}\n\`);
    process.exit(1);
  }
  warm.push(answer.ms);
}
warm.sort((a, b) => a - b);
// The pages: an answer that is not a page (a 429, an error, a JSON body) stops the run too.
const pages = [];
for (const [i, url] of (plan.pages ?? []).entries()) {
  const started = performance.now();
  const response = await mod.default(new Request(url, { headers: { accept: 'text/html' } }), { ip: \`198.51.100.\${10 + Math.floor(i / 100)}\`, requestId: 'cold' });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !/^text\\/html/.test(response.headers.get('content-type') ?? '') || !text.includes('</main>')) {
    process.stderr.write(\`page \${url} was not answered with a page: HTTP \${response.status} \${text.slice(0, 300)}\n\`);
    process.exit(1);
  }
  pages.push(ms);
}
pages.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ processMs, importMs, steps, warm, pages, rssBytes: process.memoryUsage().rss }) + '\\n');
`;

/**
 * Writes the runner and a plan file into `workDir`; returns a function that runs one cold start
 * (in a fresh process with its own TMPDIR under `workDir`, removed when it ends).
 */
export function coldStarter(workDir: string, plan: ColdPlan) {
  const runner = path.join(workDir, 'cold-runner.mjs');
  const planFile = path.join(workDir, `cold-plan-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(runner, RUNNER);
  writeFileSync(planFile, JSON.stringify(plan));
  return (entry: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<ColdResult> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      let wallMs = 0;
      let out = '';
      let err = '';
      const tmp = mkdtempSync(path.join(workDir, 'cold-tmp-'));
      const child = spawn(process.execPath, [runner, entry, planFile], {
        cwd,
        env: { ...env, TMPDIR: tmp },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (wallMs === 0 && out.includes('\n')) wallMs = performance.now() - started;
      });
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        rmSync(tmp, { recursive: true, force: true });
        const lines = out.trim().split('\n');
        if (code !== 0 || wallMs === 0 || lines.length < 2)
          return reject(new Error(`cold start of ${entry} failed (exit ${code}): ${err.trim() || out.trim()}`));
        resolve({ wallMs, ...(JSON.parse(lines.at(-1)!) as Omit<ColdResult, 'wallMs'>) });
      });
    });
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How much slower `runs` start than `baseline`, robust to a machine that drifts between quiet and
 * busy phases: the median of the ratios of the runs made one after the other (pair i = the i-th
 * of each), not the ratio of two medians that may come from different phases.
 */
export function pairedRatio(
  runs: readonly ColdResult[],
  baseline: readonly ColdResult[],
  pick: (run: ColdResult) => number = (run) => run.wallMs,
): number {
  const pairs = Math.min(runs.length, baseline.length);
  return median(Array.from({ length: pairs }, (_, i) => pick(runs[i]!) / pick(baseline[i]!)));
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
