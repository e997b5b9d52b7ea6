/**
 * `npm start` at a given size, for `npm run bench:scale`: a project folder whose site is already
 * built is served by netlify-cli (scripts/start.mjs, with the build command skipped), then MCP
 * requests are timed over HTTP as an agent sends them, while the memory of the whole process
 * tree (netlify-cli, its function workers, Deno) is sampled from /proc.
 *
 * The server runs with a temporary directory of its own (TMPDIR), so the function's rate limiter
 * (src/http/file-rate-limit.ts, counts in files under the temporary directory) counts only this
 * server's requests: not those of the benchmark's cold starts, of an earlier size's server in the
 * same minute, or of another `npm start` on the machine. The limit itself is untouched.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';

/** Resident memory of `pid` and all its descendants, bytes (Linux /proc). */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(Number(name), kb * 1024);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    total += rss.get(next) ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  return total;
}

export interface ServedRequest {
  label: string;
  /** The JSON-RPC message of round `round`. */
  body: (round: number) => unknown;
  /** Checks the answer of round `round`; throws with what came back when it is wrong. */
  check?: (result: Record<string, unknown>, round: number) => void;
}

export interface ServeFigures {
  readySeconds: number;
  /** Per request kind: latencies in ms, sorted. */
  latencies: Map<string, number[]>;
  peakRssBytes: number;
}

export interface ServedSite {
  /** http://localhost:<port> */
  base: string;
  /** Seconds from spawning npm start to its first healthy answer. */
  readySeconds: number;
  /** Peak resident memory of the whole process tree so far, bytes. */
  peakRssBytes: () => number;
  /** What npm start has printed so far (netlify-cli's lines and every function's). */
  output: () => string;
  /** Stops npm start and everything it started, and removes its temporary directory. */
  stop: () => Promise<void>;
}

/**
 * Serves `projectDir` (whose dist/ and .generated/ are built) with npm start on a free port, with a
 * temporary directory of its own, and waits until /api/health answers. netlify.toml's build
 * command in that folder must already be a no-op (scripts/bench/function-zip.ts
 * skipSiteBuildCommand).
 */
export async function startServed(projectDir: string): Promise<ServedSite> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let output = '';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-serve-tmp-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: projectDir,
    env: { ...process.env, PORT: String(port), BROWSER: 'none', TMPDIR: tmp },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peakRssBytes = 0;
  const sampler = setInterval(() => (peakRssBytes = Math.max(peakRssBytes, treeRss(child.pid!))), 250);
  const stop = async () => {
    clearInterval(sampler);
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => {
        child.once('exit', resolve);
        setTimeout(resolve, 10_000).unref();
      });
    // Whatever of the group outlived SIGTERM (netlify-cli has been seen to): its files are about
    // to be removed.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // all gone
    }
    rmSync(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output.slice(-3000)}`);
      if (performance.now() - started > 600_000)
        throw new Error(`npm start was not ready within 600 s:\n${output.slice(-3000)}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return {
      base,
      readySeconds: (performance.now() - started) / 1000,
      peakRssBytes: () => peakRssBytes,
      output: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Serves `projectDir` as startServed does and sends each request `rounds` times over HTTP, one at
 * a time (fewer than the per-IP rate limit allows in a minute).
 */
export async function serveAndMeasure(
  projectDir: string,
  requests: ServedRequest[],
  rounds: number,
): Promise<ServeFigures> {
  const site = await startServed(projectDir);
  const base = site.base;
  try {
    const latencies = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (const request of requests) {
        const begin = performance.now();
        const response = await fetch(`${base}/api/mcp`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2025-11-25',
          },
          body: JSON.stringify(request.body(round)),
        });
        const text = await response.text();
        const ms = performance.now() - begin;
        if (response.status !== 200) throw new Error(`${request.label}: HTTP ${response.status} ${text.slice(0, 300)}`);
        const result = (JSON.parse(text) as { result?: Record<string, unknown> }).result ?? {};
        if (result.isError) throw new Error(`${request.label}: ${JSON.stringify(result).slice(0, 300)}`);
        request.check?.(result, round);
        latencies.set(request.label, [...(latencies.get(request.label) ?? []), ms]);
      }
    }
    for (const list of latencies.values()) list.sort((a, b) => a - b);
    return { readySeconds: site.readySeconds, latencies, peakRssBytes: site.peakRssBytes() };
  } finally {
    await site.stop();
  }
}
