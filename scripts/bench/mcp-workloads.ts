/**
 * What `npm run bench:mcp` measures, shared by the parent (labels, checks) and the worker
 * processes (requests, timing): the build's head and artefacts, the four servers, the workloads
 * and the timed loop.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { diskArtefacts } from '../../src/artefacts/disk.ts';
import { ARTEFACT_DIR, HEAD_FILE } from '../../src/artefacts/layout.ts';
import { createArtefactReader, type ArtefactReader } from '../../src/artefacts/reader.ts';
import type { Head } from '../../src/artefacts/schema.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import type { SiteModel } from '../../src/model/model.ts';
import { createFloorHandler } from './mcp-floor.ts';
import { pagePaths, realisticQueries, UNCACHED_QUERY_COUNT } from './mcp-queries.ts';
import { createReferenceHandler, type WebHandler } from './mcp-reference.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The build's head, or null when the site has not been built. */
export function loadHead(): Head | null {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, HEAD_FILE), 'utf8')) as Head;
  } catch {
    return null;
  }
}

/** A fresh reader of the build's artefacts in the project (each server reads and caches its own). */
export function projectArtefacts(head: Head): ArtefactReader {
  return createArtefactReader(diskArtefacts(new URL(`${ARTEFACT_DIR}/`, `file://${ROOT}/`)), head);
}

export type ServerKey = 'core' | 'deployed' | 'reference' | 'floor';

export const SERVERS: { key: ServerKey; label: string }[] = [
  { key: 'core', label: 'core (createApiHandler)' },
  { key: 'deployed', label: 'core as deployed (zip)' },
  { key: 'reference', label: 'reference (SDK McpServer)' },
  { key: 'floor', label: 'floor (no validation)' },
];

/**
 * The core's requests come from a stream of clients, each sending this many requests in a row
 * (an agent session) and then never again: below the real per-IP limit (120 a minute), so the
 * limiter never refuses, and 1 request in 100 comes from a client the limiter has not seen.
 */
export const REQUESTS_PER_CLIENT = 100;

/** The client IP of the n-th request (10.0.0.0/8, one address per REQUESTS_PER_CLIENT requests). */
function clientIps(): () => string {
  let n = 0;
  return () => {
    const client = Math.floor(n++ / REQUESTS_PER_CLIENT) % 0xffffff;
    return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  };
}

/**
 * A fresh server: its own tools, caches and (core) rate limiter.
 *
 * - core: createApiHandler with the build's head and artefacts, a memory lead store and its
 *   default rate limiter;
 * - deployed: the default export of `entry`, the function's entry in its zip as `netlify build`
 *   made it (unzipped, with its artefacts beside it), with whatever the function wires in (lead
 *   store, rate limiter), called with a Netlify-like context `{ ip }`; the parent points TMPDIR
 *   at a private folder for anything it writes there;
 * - reference and floor: see mcp-reference.ts and mcp-floor.ts.
 */
export async function createServer(key: ServerKey, head: Head, entry?: string): Promise<WebHandler> {
  switch (key) {
    case 'core': {
      const leads = createMemoryLeadStore();
      const handle = createApiHandler({
        head,
        artefacts: projectArtefacts(head),
        leads: () => Promise.resolve({ store: leads }),
      });
      const nextIp = clientIps();
      return (request) => handle(request, { clientIp: nextIp() });
    }
    case 'deployed': {
      if (!entry) throw new Error("the deployed server needs the path of the function's unzipped entry");
      const fn = (await import(pathToFileURL(entry).href)) as {
        default: (request: Request, context: { ip: string }) => Promise<Response>;
      };
      const nextIp = clientIps();
      return (request) => fn.default(request, { ip: nextIp() });
    }
    case 'reference':
      return createReferenceHandler(head, projectArtefacts(head), createMemoryLeadStore());
    case 'floor':
      return createFloorHandler(head, projectArtefacts(head), createMemoryLeadStore());
  }
}

/** The MCP revision the requests speak (the newest the SDK 1.x reference serves). */
export const VERSION = '2025-11-25';

export interface Workload {
  key: string;
  label: string;
  /** Counts towards the targets (tools/list and search_site). */
  target: boolean;
  /** The i-th request's JSON-RPC message and MCP-Protocol-Version header (none for initialize, as clients send it). */
  message(i: number): { body: unknown; version?: string };
}

export function workloads(model: SiteModel): Workload[] {
  const queries = realisticQueries(model);
  const paths = pagePaths(model);
  const call = (i: number, name: string, args: Record<string, unknown>) => ({
    body: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: args } },
    version: VERSION,
  });
  return [
    {
      key: 'initialize',
      label: 'initialize',
      target: false,
      message: (i) => ({
        body: {
          jsonrpc: '2.0',
          id: i,
          method: 'initialize',
          params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'bench-mcp', version: '1.0.0' } },
        },
      }),
    },
    {
      key: 'tools/list',
      label: 'tools/list',
      target: true,
      message: (i) => ({ body: { jsonrpc: '2.0', id: i, method: 'tools/list' }, version: VERSION }),
    },
    {
      key: 'search',
      label: `search_site, ${UNCACHED_QUERY_COUNT} rotating queries (uncached)`,
      target: true,
      message: (i) => call(i, 'search_site', { query: queries[i % queries.length]! }),
    },
    {
      key: 'search-cached',
      label: 'search_site, one repeated query (cached)',
      target: true,
      message: (i) => call(i, 'search_site', { query: 'kubernetes cost' }),
    },
    {
      key: 'page',
      label: `get_page_markdown, ${paths.length} rotating pages`,
      target: false,
      message: (i) => call(i, 'get_page_markdown', { path: paths[i % paths.length]! }),
    },
  ];
}

export function requestOf(endpoint: string, { body, version }: { body: unknown; version?: string }): Request {
  return new Request(endpoint, { method: 'POST', headers: requestHeaders(version), body: JSON.stringify(body) });
}

/** The headers an MCP client sends (the SDK refuses a POST whose Accept lacks either type). */
export function requestHeaders(version: string | undefined): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...(version ? { 'MCP-Protocol-Version': version } : {}),
  };
}

export interface Sample {
  count: number;
  /** Sum of the measured latencies (ms). */
  busyMs: number;
  /** Response body characters, summed. */
  bytes: number;
  /** Each request's latency (ms), when asked for. */
  latencies: number[];
}

/**
 * Sends requests one after another for `durationMs`. Each Request is built before its clock
 * starts (building it is the platform's work, the same for every server); the clock covers the
 * handler call and reading the whole response body. Anything but HTTP 200 aborts the run.
 */
export async function measure(
  handler: WebHandler,
  endpoint: string,
  workload: Workload,
  state: { next: number },
  durationMs: number,
  keepLatencies: boolean,
): Promise<Sample> {
  const latencies: number[] = [];
  let count = 0;
  let busyMs = 0;
  let bytes = 0;
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const request = requestOf(endpoint, workload.message(state.next++));
    const started = performance.now();
    const response = await handler(request);
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${workload.label}: HTTP ${response.status}: ${text.slice(0, 300)}`);
    busyMs += elapsed;
    bytes += text.length;
    count += 1;
    if (keepLatencies) latencies.push(elapsed);
  }
  return { count, busyMs, bytes, latencies };
}
