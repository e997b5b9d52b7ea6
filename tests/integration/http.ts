/** Small helpers for the integration tests: fetch against the served site, and header checks. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** The site of this file's own, once useSiteOfItsOwn has named it. */
let ownBaseUrl: string | undefined;

/** The served site this file talks to: the harness's (shared by the files), or the file's own. */
export const baseUrl = () => ownBaseUrl ?? inject('baseUrl');

/**
 * For a file with a site of its own (server.ts, startSiteOfItsOwn): from now on `baseUrl()` and
 * every helper here talk to it. Each test file has its own copy of this module, so the other
 * files keep the harness's site.
 */
export function useSiteOfItsOwn(url: string): void {
  ownBaseUrl = url;
}

/** The sample company's public origin, which absolute URLs in the artefacts start with. */
export const PUBLIC_ORIGIN = 'https://www.northbeam.example';
export const AGENT_ORIGIN = 'https://agents.northbeam.example';

/** Maps an absolute URL on the public or agent host to the local server. */
export function local(url: string): string {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  return `${baseUrl()}${parsed.pathname}${parsed.search}`;
}

export function get(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
  return fetch(local(pathOrUrl), { redirect: 'manual', ...init });
}

/**
 * An id for one test run, to put in the e-mail addresses and messages a test files: unique per
 * run, so the local Blobs store (kept between runs, with its duplicate markers and lead limits)
 * never matches an earlier run's leads.
 */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The headers of an MCP request as a client sends it over Streamable HTTP (JSON-RPC in a POST). */
export const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
} as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a scheduled function once, as `netlify serve` allows: a request to
 * /.netlify/functions/<name>. netlify-cli 27 answers it with 500 "Could not proxy request."
 * even when the run completed (its log shows the run), so only a 404 (no such function) fails
 * here; the caller checks the run's effect.
 */
export async function runScheduledFunction(name: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/.netlify/functions/${name}`, { method: 'POST' });
  expect(response.status, `scheduled function ${name}`).not.toBe(404);
  await response.arrayBuffer();
}

/** Words that appear only in the sample drafts. */
export const DRAFT_WORDS =
  /ZEBRAFISH|OKAPI-SERVICE|NARWHAL-CASE|AXOLOTL-INSIGHT|PANGOLIN-PAGE|draft-quantum|draft-unannounced|draft-unpublished|draft-careers/i;

/** Every response must carry the three Link relations and exactly one `Vary: Accept`. */
export function expectCommonHeaders(response: Response, what: string) {
  const link = response.headers.get('link') ?? '';
  for (const rel of ['describedby', 'api-catalog', 'privacy-policy']) {
    expect(link, `${what}: Link rel=${rel}`).toMatch(new RegExp(`rel="${rel}"`));
  }
  const vary = (response.headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase());
  expect(
    vary.filter((value) => value === 'accept'),
    `${what}: Vary: Accept exactly once (got "${response.headers.get('vary')}")`,
  ).toHaveLength(1);
}

/** The page URLs of the sitemap, as paths. */
export async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

export function markdownPathOf(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}

export { fetchFrom, randomLoopbackAddress } from '../../scripts/bench/fetch-from.ts';

/**
 * Source of a Node preload module (`node --import <file>`) that lets a child process (the MCP
 * conformance suite, the Inspector) open sockets to loopback addresses only: any other
 * connection is refused and written, one JSON line each, to the file named by the environment
 * variable NETWORK_GUARD_LOG, which the test then reads.
 */
export const NETWORK_GUARD_SOURCE = `
import net from 'node:net';
import { appendFileSync } from 'node:fs';
const LOCAL = /^(localhost|[a-z0-9.-]*\\.localhost|127(\\.\\d{1,3}){3}|::1|\\[::1\\]|::ffff:127(\\.\\d{1,3}){3})$/i;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = first !== null && typeof first === 'object' ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  const host = options.path ? 'localhost' : String(options.host ?? 'localhost');
  if (!LOCAL.test(host)) {
    if (process.env.NETWORK_GUARD_LOG) appendFileSync(process.env.NETWORK_GUARD_LOG, JSON.stringify({ host, port: options.port ?? null }) + '\\n');
    process.nextTick(() => this.destroy(new Error('network guard: connection to ' + host + ' refused (tests talk to localhost only)')));
    return this;
  }
  // Optionally send from other loopback addresses, so a tool that makes many requests does not
  // use up the rate-limit budget the other tests share: a fixed address, or 'spread' for a new
  // random 127.x address per connection (the conformance suite sends ~150 requests in ~40 s,
  // more than one client may send in a minute).
  const from = process.env.NETWORK_GUARD_LOCAL_ADDRESS;
  if (from && !options.path && first !== null && typeof first === 'object' && !/:/.test(host)) {
    const byte = () => 2 + Math.floor(Math.random() * 250);
    first.localAddress = from === 'spread' ? '127.' + byte() + '.' + byte() + '.' + byte() : from;
    first.family = 4;
  }
  return connect.apply(this, args);
};
`;

/** A temporary folder for a spawned tool, holding the network-guard preload and its empty log. */
export interface GuardedWorkdir {
  dir: string;
  /** The preload, for `--import`. */
  guard: string;
  /** Where the preload records refused connections (NETWORK_GUARD_LOG). */
  guardLog: string;
}

function createGuardedWorkdir(prefix: string): GuardedWorkdir {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const workdir = { dir, guard: path.join(dir, 'network-guard.mjs'), guardLog: path.join(dir, 'network-guard.log') };
  writeFileSync(workdir.guard, NETWORK_GUARD_SOURCE);
  writeFileSync(workdir.guardLog, '');
  return workdir;
}

/**
 * A guarded workdir for the tests of one file: made before its tests, removed after them. Call
 * at the top level of the test file; the getter returns it inside tests.
 */
export function useGuardedWorkdir(prefix: string): () => GuardedWorkdir {
  let workdir: GuardedWorkdir | undefined;
  beforeAll(() => {
    workdir = createGuardedWorkdir(prefix);
  });
  afterAll(() => {
    if (workdir) rmSync(workdir.dir, { recursive: true, force: true });
  });
  return () => {
    if (!workdir) throw new Error('No workdir: call useGuardedWorkdir() at the top level of the test file.');
    return workdir;
  };
}
