/**
 * A short soak of the local server (`npm start`: netlify-cli serving the build, on a site of this
 * file's own, so that its memory is this load's alone): many clients at once, each from its own
 * loopback address (127.0.0.2 … 127.0.0.25, through the `localAddress` of node:http), for a bounded time, mixing pages, Markdown, MCP calls and health. Every answer
 * must be a success or a 429 that carries RateLimit-* and Retry-After; no connection may fail;
 * and the server's memory (RSS of its whole process group, from /proc) must not grow from the
 * first half of the load to the second by more than SOAK_RSS_GROWTH_BOUND.
 *
 * The rate limit keys on the address the platform saw (functions/api.mts: `context.ip`).
 * netlify-cli's proxy overwrites X-Forwarded-For with the socket's remote address and its
 * function server takes the last part of it, so each loopback address here is one client there:
 * the test checks that too, from the RateLimit-Remaining of two addresses.
 *
 * Bounds: SOAK_MS (default 16 s, at most 30 s) and 24 clients, so CI stays fast and the server's
 * peak (a worker per request in flight) stays small; see docs/testing.md.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, fetchFrom, randomLoopbackAddress, sitemapPaths, sleep, useSiteOfItsOwn } from './http.ts';
import { groupMemory, serverProcessGroup } from './process-memory.ts';
import { startSiteOfItsOwn, type SiteOfItsOwn } from './server.ts';

const SOAK_MS = Math.min(Number(process.env.SOAK_MS ?? 16_000), 30_000);
/** Clients, one loopback address each: 127.0.0.2 … 127.0.0.25. */
const ADDRESSES = Array.from({ length: 24 }, (_, i) => `127.0.0.${i + 2}`);
/**
 * How much more resident memory the server (all processes of its group) may hold after the
 * second half of the load than after the first, each measured once the load has ended. The load
 * runs in two halves because a fresh netlify-cli server grows to a working size under its first
 * load that depends on the machine (measured: from 130 MB to over 300 MB more than after the
 * warm-up, with peaks of 1.5 to 3 GB while 48 clients were in flight: it runs each function call
 * in a worker of its own) and keeps it; a leak shows as growth from the first half to the second.
 * A server that has served the load once grew by about 30 MB (docs/testing.md).
 */
const SOAK_RSS_GROWTH_BOUND = 256 * 1024 * 1024;
/** How long the first half's memory is given to settle before it is read. */
const FIRST_SETTLE_MS = 10_000;
const SETTLE_MS = 30_000;

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

interface Kind {
  name: string;
  api: boolean;
  send: (fetcher: typeof fetch, base: string, n: number) => Promise<Response>;
  ok: number[];
}

function kinds(pages: string[]): Kind[] {
  const page = (n: number) => pages[n % pages.length]!;
  const mcp = (body: unknown) => ({ method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  return [
    { name: 'page', api: false, ok: [200], send: (f, base, n) => f(`${base}${page(n)}`) },
    {
      name: 'markdown',
      api: false,
      ok: [200],
      send: (f, base, n) => f(`${base}${page(n)}`, { headers: { accept: 'text/markdown' } }),
    },
    {
      name: 'mcp tools/list',
      api: true,
      ok: [200],
      send: (f, base, n) => f(`${base}/api/mcp`, mcp({ jsonrpc: '2.0', id: n, method: 'tools/list' })),
    },
    {
      name: 'mcp search_site',
      api: true,
      ok: [200],
      send: (f, base, n) =>
        f(
          `${base}/api/mcp`,
          mcp({
            jsonrpc: '2.0',
            id: n,
            method: 'tools/call',
            params: { name: 'search_site', arguments: { query: ['platform', 'data', 'cloud', 'migration'][n % 4] } },
          }),
        ),
    },
    {
      name: 'mcp notification',
      api: true,
      ok: [202],
      send: (f, base) => f(`${base}/api/mcp`, mcp({ jsonrpc: '2.0', method: 'notifications/initialized' })),
    },
    { name: 'health', api: true, ok: [200], send: (f, base) => f(`${base}/api/health`) },
  ];
}

interface Tally {
  answers: Map<string, number>;
  failures: string[];
  connectionErrors: string[];
  limited: number;
}

/** Sends one request and records its outcome; the body is always read, so sockets are freed. */
async function exchange(tally: Tally, kind: Kind, address: string, request: () => Promise<Response>) {
  let response: Response;
  try {
    response = await request();
    await response.arrayBuffer();
  } catch (error) {
    tally.connectionErrors.push(`${address} ${kind.name}: ${(error as Error).message}`);
    return;
  }
  const key = `${kind.name} ${response.status}`;
  tally.answers.set(key, (tally.answers.get(key) ?? 0) + 1);
  if (kind.ok.includes(response.status)) return;
  if (kind.api && response.status === 429) {
    tally.limited += 1;
    const headers = ['retry-after', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];
    const missing = headers.filter((name) => !/^\d+(;w=\d+)?$/.test(response.headers.get(name) ?? ''));
    if (missing.length > 0) tally.failures.push(`${address} ${kind.name}: 429 without ${missing.join(', ')}`);
    return;
  }
  tally.failures.push(`${address} ${kind.name}: status ${response.status}`);
}

// A site of its own: its memory is then this file's load alone, while the other files run beside it.
let site: SiteOfItsOwn | undefined;
beforeAll(async () => {
  site = await startSiteOfItsOwn('soak');
  useSiteOfItsOwn(site.baseUrl);
}, 300_000);
afterAll(() => site?.stop());

describe('soak: many loopback clients at once', () => {
  test(`for ${SOAK_MS / 1000} s: only successes and 429s, no connection errors, memory bounded`, async () => {
    const base = baseUrl();
    const port = Number(new URL(base).port || 80);
    const group = serverProcessGroup(port);
    // On Linux the server's processes must be found (on another system memory is not measured,
    // and the log says so).
    if (process.platform === 'linux')
      expect(group, `the process group listening on port ${port}, from /proc`).toBeDefined();
    const all = kinds((await sitemapPaths()).slice(0, 12));
    const tally: Tally = { answers: new Map(), failures: [], connectionErrors: [], limited: 0 };

    // The rate limit keys on the source address: two fresh addresses count separately.
    const [one, other] = [fetchFrom(randomLoopbackAddress()), fetchFrom(randomLoopbackAddress())];
    const remaining = async (f: typeof fetch, headers: Record<string, string> = {}) => {
      const response = await f(`${base}/api/health`, { headers });
      await response.arrayBuffer();
      return Number(response.headers.get('ratelimit-remaining'));
    };
    const a1 = await remaining(one);
    const a2 = await remaining(one);
    const b1 = await remaining(other);
    // A forged X-Forwarded-For changes nothing: the proxy replaces it with the socket's address.
    const a3 = await remaining(one, { 'x-forwarded-for': '203.0.113.9' });
    // b has a window of its own, not the one a is spending.
    expect([a1, a2, b1, a3]).toEqual([119, 118, 119, 117]);

    // Warm-up: every kind once, so what a first request loads is loaded before the load.
    for (const kind of all)
      await exchange(tally, kind, '127.0.0.53', () => kind.send(fetchFrom('127.0.0.53'), base, 0));
    const warm = group ? groupMemory(group) : undefined;
    let peak = warm?.rssBytes ?? 0;
    const sampler = setInterval(() => {
      if (group) peak = Math.max(peak, groupMemory(group).rssBytes);
    }, 1000);

    /** Every client sends, one request after another, until `ms` have passed. */
    const load = async (ms: number) => {
      const deadline = Date.now() + ms;
      const client = async (address: string, index: number) => {
        const fetcher = fetchFrom(address);
        for (let n = index; Date.now() < deadline; n++) {
          const kind = all[n % all.length]!;
          await exchange(tally, kind, address, () => kind.send(fetcher, base, n));
        }
      };
      await Promise.all(ADDRESSES.map((address, index) => client(address, index)));
    };
    const started = Date.now();
    await load(SOAK_MS / 2);
    await sleep(group ? FIRST_SETTLE_MS : 0);
    const before = group ? groupMemory(group) : undefined;
    await load(SOAK_MS / 2);
    const seconds = (Date.now() - started) / 1000;

    /** The group's RSS once the load has ended: sampled each second until back within the bound, SETTLE_MS at most. */
    const settled = async () => {
      const ended = Date.now();
      let now = groupMemory(group!);
      while (now.rssBytes - before!.rssBytes >= SOAK_RSS_GROWTH_BOUND && Date.now() - ended < SETTLE_MS) {
        await sleep(1000);
        now = groupMemory(group!);
      }
      return { ...now, seconds: (Date.now() - ended) / 1000 };
    };
    clearInterval(sampler);
    const after = before ? await settled() : undefined;

    const total = [...tally.answers.values()].reduce((sum, count) => sum + count, 0);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `[soak] ${total} answers in ${seconds.toFixed(0)} s from ${ADDRESSES.length} addresses; ${tally.limited} were 429; ` +
        (before && after
          ? `server RSS after warm-up ${mb(warm!.rssBytes)}, after the first half ${mb(before.rssBytes)} (${before.processes} processes), ` +
            `peak ${mb(peak)}, ${mb(after.rssBytes)} (${after.processes} processes) ${after.seconds.toFixed(0)} s after the second half`
          : 'server memory not measured (no /proc, or the server is not ours)') +
        `\n[soak] ${[...tally.answers].map(([key, count]) => `${key}: ${count}`).join(', ')}`,
    );
    expect(tally.connectionErrors.slice(0, 10)).toEqual([]);
    expect(tally.failures.slice(0, 10)).toEqual([]);
    // Every client was answered at least once (a client sends its next request only after an answer).
    expect(total).toBeGreaterThanOrEqual(ADDRESSES.length);
    if (before && after) expect(after.rssBytes - before.rssBytes).toBeLessThan(SOAK_RSS_GROWTH_BOUND);
  }, 180_000);
});
