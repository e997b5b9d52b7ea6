/**
 * One server of `npm run bench:mcp` in a process of its own (forked by scripts/bench-mcp.ts;
 * arguments: core | deployed | reference | floor, and for deployed the unzipped entry's path). Each
 * server gets its own heap and its own JIT feedback, as in production where a function instance
 * runs one server: in a shared process the SDK's garbage would be collected on the others'
 * clocks, and the zod and undici code they share would be optimised for the mix. The parent
 * sends one command at a time, so only one server runs at any moment.
 *
 * Commands (IPC): { type: 'check', workload } -> { status, text } (one request's answer);
 * { type: 'run', workload, durationMs, keep } -> Sample; { type: 'exit' }.
 *
 * With BENCH_MCP_PROFILE=<dir> in the environment, every measured run (not the warm-up) is
 * CPU-profiled through the inspector and written to <dir>/<server>-<workload>-<n>.cpuprofile
 * (open in Chrome DevTools or speedscope). Profiling slows every server; the figures of such a
 * run are not comparable with a normal one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { createServer, loadHead, measure, requestOf, ROOT, workloads, type ServerKey } from './mcp-workloads.ts';

type Command =
  | { type: 'check'; workload: string }
  | { type: 'run'; workload: string; durationMs: number; keep: boolean }
  | { type: 'exit' };

const key = process.argv[2] as ServerKey;
const head = loadHead();
if (!head || !process.send) throw new Error('mcp-worker: run by scripts/bench-mcp.ts after a build');
const endpoint = `${head.site.baseUrl}/api/mcp`;
const handler = await createServer(key, head, process.argv[3]);
const byKey = new Map(workloads(buildSiteModel(loadSources(ROOT))).map((workload) => [workload.key, workload]));
/** Where each workload's rotation stands (request ids and rotating arguments continue across runs). */
const states = new Map([...byKey.keys()].map((name) => [name, { next: 1 }]));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const profileDir = process.env.BENCH_MCP_PROFILE;
let profiler: Session | undefined;
let profiles = 0;
if (profileDir) {
  mkdirSync(profileDir, { recursive: true });
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
}

const reply = (message: unknown) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );

// `answer` rejects only when a reply cannot be sent; that rejection is left unhandled and ends the worker.
process.on('message', (command: Command) => void answer(command));

async function answer(command: Command): Promise<void> {
  try {
    if (command.type === 'exit') process.exit(0);
    const workload = byKey.get(command.workload);
    if (!workload) throw new Error(`unknown workload ${command.workload}`);
    if (command.type === 'check') {
      const response = await handler(requestOf(endpoint, workload.message(0)));
      const text = await response.text();
      await reply({ status: response.status, text });
      return;
    }
    // Start every measurement with a clean heap, so earlier garbage is not collected on its clock.
    gc();
    const profiling = profiler !== undefined && command.keep;
    if (profiling) await profiler!.post('Profiler.start');
    const sample = await measure(
      handler,
      endpoint,
      workload,
      states.get(workload.key)!,
      command.durationMs,
      command.keep,
    );
    if (profiling) {
      const { profile } = await profiler!.post('Profiler.stop');
      writeFileSync(
        path.join(profileDir!, `${key}-${workload.key.replace(/\W+/g, '-')}-${++profiles}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    await reply(sample);
  } catch (error) {
    await reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
await reply({ ready: true });
