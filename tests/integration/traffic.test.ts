/**
 * The traffic record end to end under `npm start` (docs/traffic.md): known traffic, pages,
 * Markdown both ways, llms.txt, a missing discovery file, MCP calls from two named clients with
 * searches that find something and one that finds nothing, a tool error, a resource, a prompt and
 * 429s, sent from several loopback addresses with the User-Agents of real crawlers, and people's
 * visits that assistants sent (by Referer and by utm_source) among others that must not count as
 * such (a search engine, a lookalike host, the site itself, another tag); then
 * `npm run agents -- report --json` shows exactly those counts (the difference from a report read
 * before: the store outlives a run). The file has a site of its own (server.ts, startSiteOfItsOwn),
 * so what it counts is its own traffic while the other files run beside it. The stored
 * parts are then searched for anything that identifies a sender (also after a 404 path and a
 * client name holding an e-mail address), and for any referrer or query. A flood of 500 requests ends with exact counts, at far
 * fewer ingest calls than requests and no log line per request from the record; a store that
 * fails changes no answer, and once it works again every request it missed is counted, once.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { digestOf, type TrafficDigest } from '../../src/traffic/digest.ts';
import { LOCAL_WRITE_INTERVAL_MS } from '../../src/traffic/recorder.ts';
import { REPORT_ROWS, type TrafficReport } from '../../src/traffic/report.ts';
import { CLI_TEST_TIMEOUT_MS, runAgents } from '../support/run-leads.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runScheduledFunction, sleep, useSiteOfItsOwn } from './http.ts';
import { startSiteOfItsOwn, type SiteOfItsOwn } from './server.ts';
import { LIMIT, windowFile } from './rate-limit-window.ts';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

const projectRoot = inject('projectRoot');
/**
 * A site of this file's own: the record it keeps counts this file's requests alone, while the
 * other files run beside it on the harness's site. Its folder, log and webhook port are the site's.
 */
let site: SiteOfItsOwn;
beforeAll(async () => {
  site = await startSiteOfItsOwn('traffic');
  useSiteOfItsOwn(site.baseUrl);
}, 300_000);
afterAll(() => site?.stop());
/** Letters only: the record drops words with five or more digits (normalise.ts). */
const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const UA = {
  gpt: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  chatgpt: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  claude: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  perplexity:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  google: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  probe: `TrafficProbe${run}Bot/1.0`,
};
const clientA = `traffic-a-${run}`;
const clientB = `traffic-b-${run}`;
const nothingQuery = `${run}zzq ${run}vvx`;

async function report(): Promise<TrafficReport> {
  const result = await runAgents(['report', '--json', '--since', '7d', '--dir', site.project], {}, projectRoot);
  if (result.code !== 0) throw new Error(`agents report exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as TrafficReport;
}

/** When this file last sent the site a request (see settledReport), once it has. */
let lastRequestAt: number | undefined;
const sentNow = () => {
  lastRequestAt = Date.now();
};

/**
 * The report once the writes of earlier requests have landed. The counter holds page counts up
 * to LOCAL_WRITE_INTERVAL_MS, so what this file sent has landed that long (and a margin) after
 * its last request: one read then. Before this file has sent anything, what earlier files sent
 * may still be landing: two reads that agree, more than that interval apart, bounded.
 */
async function settledReport(): Promise<TrafficReport> {
  if (lastRequestAt !== undefined) {
    await sleep(Math.max(0, lastRequestAt + LOCAL_WRITE_INTERVAL_MS + 1500 - Date.now()));
    return report();
  }
  let previous = await report();
  for (let attempt = 0; attempt < 20; attempt++) {
    await sleep(LOCAL_WRITE_INTERVAL_MS + 1500);
    const next = await report();
    if (next.requests + next.audit === previous.requests + previous.audit) return next;
    previous = next;
  }
  return previous;
}

/**
 * The report once at least `sent` more requests than `before` are in it (the record writes after
 * the answers: under load they land seconds later, and a part that failed is written again when
 * the store works), bounded, then a moment more, so a count too many would show too.
 */
async function reportWith(before: TrafficReport, sent: number, limitMs = 120_000): Promise<TrafficReport> {
  const deadline = Date.now() + limitMs;
  let latest = await report();
  while (latest.requests - before.requests < sent && Date.now() < deadline) {
    await sleep(1000);
    latest = await report();
  }
  await sleep(2500);
  return report();
}

/** The served site's log from character `from` on (netlify-cli's lines and every function's). */
const logSince = (from: number) => readFileSync(site.log, 'utf8').slice(from);
const logLength = () => readFileSync(site.log, 'utf8').length;

const family = (report: TrafficReport, name: string) => report.families.find((row) => row.family === name);

let mcpId = 1;
async function mcp(from: typeof fetch, client: string | undefined, method: string, params: object = {}) {
  const meta = client ? { _meta: { 'io.modelcontextprotocol/clientInfo': { name: client, version: '2.4.1' } } } : {};
  const response = await from(`${baseUrl()}/api/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'User-Agent': 'node',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: mcpId++, method, params: { ...params, ...meta } }),
  });
  return { status: response.status, body: (await response.json()) as { result?: Record<string, unknown> } };
}

const storeOf = () => path.join(site.project, '.netlify/blobs-serve/entries/unlinked/site:traffic');

describe('the traffic record under npm start', () => {
  test('npm run agents -- report --json shows exactly the traffic that was sent', async () => {
    const before = await settledReport();
    const started = Date.now();
    const a = fetchFrom(randomLoopbackAddress());
    const b = fetchFrom(randomLoopbackAddress());
    const get = (from: typeof fetch, pathname: string, userAgent: string, accept?: string) =>
      from(`${baseUrl()}${pathname}`, { headers: { 'User-Agent': userAgent, ...(accept ? { Accept: accept } : {}) } });

    // Pages and files, from crawlers' real User-Agents (crawler-user-agents' own examples).
    expect((await get(a, '/about', UA.gpt)).status).toBe(200);
    expect((await get(a, '/services/cloud-migration', UA.gpt)).status).toBe(200);
    expect((await get(a, `/.well-known/agent-${run}.json`, UA.gpt)).status).toBe(404);
    expect((await get(b, '/about', UA.chatgpt, 'text/markdown')).status).toBe(200);
    expect((await get(b, '/about.md', UA.claude)).status).toBe(200);
    expect((await get(b, '/llms.txt', UA.perplexity)).status).toBe(200);
    expect((await get(b, '/nl/llms.txt', UA.perplexity)).status).toBe(200);
    expect((await get(a, '/robots.txt', UA.google)).status).toBe(200);
    expect((await get(a, '/', UA.browser)).status).toBe(200);
    // A stranger's path with an e-mail address in it (percent-encoded, as a browser sends it).
    expect((await get(a, `/contact/${run}%40example.net`, UA.gpt)).status).toBe(404);

    // MCP from two named clients.
    expect(
      (
        await mcp(a, clientA, 'initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: clientA, version: '2.4.1' },
        })
      ).status,
    ).toBe(200);
    const found = await mcp(a, clientA, 'tools/call', { name: 'search_site', arguments: { query: 'cloud migration' } });
    expect((found.body.result!.structuredContent as { total: number }).total).toBeGreaterThan(0);
    const nothing = await mcp(a, clientA, 'tools/call', { name: 'search_site', arguments: { query: nothingQuery } });
    expect((nothing.body.result!.structuredContent as { total: number }).total).toBe(0);
    const missing = await mcp(b, clientB, 'tools/call', {
      name: 'get_page_markdown',
      arguments: { path: `/nope-${run}` },
    });
    expect(missing.body.result!.isError).toBe(true);
    expect((await mcp(b, clientB, 'resources/read', { uri: 'https://www.northbeam.example/about' })).status).toBe(200);
    expect((await mcp(b, clientB, 'prompts/get', { name: 'contact_request' })).status).toBe(200);
    // A client that declares an e-mail address as its name.
    expect((await mcp(b, `${run}@example.org`, 'tools/list')).status).toBe(200);

    // 429s: an address of its own whose window the test has filled to the limit (the limiter's
    // file for it, written as rate-limit-window.ts does), so three requests are refused however
    // slow the machine is, without sending 120 first.
    const floodAddress = randomLoopbackAddress();
    mkdirSync(path.dirname(windowFile(floodAddress)), { recursive: true });
    writeFileSync(windowFile(floodAddress), '.'.repeat(LIMIT), { flag: 'wx' });
    const flood = fetchFrom(floodAddress);
    const statuses = await Promise.all(
      Array.from({ length: 3 }, () => get(flood, '/api/health', UA.probe).then((response) => response.status)),
    );
    const limited = statuses.filter((status) => status === 429).length;
    expect(limited, 'the window lasts 60 s from the file: at least the first of three is refused').toBeGreaterThan(0);

    // People's visits that assistants sent, told by the Referer or by a tag on the link, and
    // visits that are not referrals: a search engine, a lookalike host, the site itself (a link
    // inside it that kept a tag), a tag of another source.
    const person = (pathname: string, referrer?: string) =>
      b(`${baseUrl()}${pathname}`, {
        headers: { 'User-Agent': UA.browser, ...(referrer ? { Referer: referrer } : {}) },
      });
    const visits: [string, string | undefined, number][] = [
      ['/about', 'https://chatgpt.com/', 200],
      ['/services?utm_source=chatgpt.com&utm_medium=referral', undefined, 200],
      ['/about', `https://www.perplexity.ai/search/northbeam-${run}`, 200],
      ['/about?utm_source=copilot.com', undefined, 200],
      [`/nope-${run}`, `https://claude.ai/chat/${run}`, 404],
      ['/about', 'https://www.google.com/', 200],
      ['/about', 'https://chatgpt.com.evil.example/', 200],
      ['/services?utm_source=chatgpt.com', `${baseUrl()}/about?utm_source=chatgpt.com`, 200],
      [`/about?utm_source=newsletter-${run}`, undefined, 200],
    ];
    for (const [pathname, referrer, status] of visits)
      expect((await person(pathname, referrer)).status, pathname).toBe(status);
    sentNow();

    const sent = 10 + 7 + 3 + visits.length;
    const after = await reportWith(before, sent);
    expect(after.requests - before.requests).toBe(sent);
    expect(after.byClass['ai-training'] - before.byClass['ai-training']).toBe(5); // GPTBot 4, ClaudeBot 1
    expect(after.byClass['ai-assistant'] - before.byClass['ai-assistant']).toBe(1);
    expect(after.byClass['ai-search'] - before.byClass['ai-search']).toBe(2);
    expect(after.byClass['search-engine'] - before.byClass['search-engine']).toBe(1);
    expect(after.byOutcome['rate-limited'] - before.byOutcome['rate-limited']).toBe(limited);
    expect(after.byOutcome['tool-error'] - before.byOutcome['tool-error']).toBe(1);

    const gptBefore = family(before, 'GPTBot');
    const gpt = family(after, 'GPTBot')!;
    expect(gpt.class).toBe('ai-training');
    expect((gpt.bySurface.page ?? 0) - (gptBefore?.bySurface.page ?? 0)).toBe(2);
    expect((gpt.bySurface.discovery ?? 0) - (gptBefore?.bySurface.discovery ?? 0)).toBe(2);
    expect(
      family(after, 'ChatGPT-User')!.bySurface.markdown! - (family(before, 'ChatGPT-User')?.bySurface.markdown ?? 0),
    ).toBe(1);
    expect(family(after, `TrafficProbe${run}Bot`)).toMatchObject({
      class: 'other-bot',
      requests: 3,
      bySurface: { api: 3 },
    });

    expect(after.mcp.clients.find((row) => row.family === `${clientA} 2`)).toEqual({
      class: 'mcp-client',
      family: `${clientA} 2`,
      calls: 3,
      errors: 0,
      errorRate: 0,
    });
    expect(after.mcp.clients.find((row) => row.family === `${clientB} 2`)).toMatchObject({ calls: 3, errors: 1 });
    expect(after.byOutcome['not-found'] - before.byOutcome['not-found']).toBe(3);
    const referred = (report: TrafficReport) =>
      Object.fromEntries(report.referrals.map((row) => [row.assistant, row.visits]));
    const referredBefore = referred(before);
    const referredNow = referred(after);
    expect(
      Object.fromEntries(
        Object.entries(referredNow)
          .map(([name, visits]) => [name, visits - (referredBefore[name] ?? 0)])
          .filter(([, visits]) => visits !== 0),
      ),
    ).toEqual({ ChatGPT: 2, Perplexity: 1, Copilot: 1, Claude: 1 });
    expect(after.referredVisits - before.referredVisits).toBe(5);
    const landed = after.referralPages.find((row) => row.path === `/nope-${run}`);
    if (after.referralPages.length < REPORT_ROWS || landed)
      expect(landed).toEqual({ path: `/nope-${run}`, assistant: 'Claude', visits: 1, notFound: 1 });
    const unnamed = (report: TrafficReport) => report.mcp.clients.find((row) => row.family === 'unnamed 2')?.calls ?? 0;
    expect(unnamed(after) - unnamed(before)).toBe(1);
    expect(after.searches.total - before.searches.total).toBe(2);
    expect(after.searches.withoutResults - before.searches.withoutResults).toBe(1);
    // The tables of pages, files and gaps show the most frequent rows only; a fresh store (CI) has
    // room for this run's, a long-used one may not.
    const gap = after.gaps.find((row) => row.query === nothingQuery);
    if (after.gaps.length < REPORT_ROWS * 2 || gap)
      expect(gap).toEqual({ query: nothingQuery, language: expect.any(String), searches: 1, results: 0 });

    // Nothing in the stored parts names a sender: no address, no User-Agent string, no e-mail.
    // (The parts written since this test began: a store used before may hold parts an older
    // version of the record wrote.)
    const stored = readdirSync(storeOf())
      .filter((name) => !name.startsWith('.'))
      .map((name) => path.join(storeOf(), name))
      .filter((file) => statSync(file).mtimeMs >= started - 1000)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(stored).toContain(`traffic-a-${run}`);
    expect(stored).not.toMatch(/\b127\.\d+\.\d+\.\d+\b/);
    expect(stored).not.toMatch(/Mozilla|AppleWebKit|\+https?:\/\//);
    expect(stored).not.toMatch(/[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i);
    expect(stored).not.toContain(`${run}%40example`);
    expect(stored).not.toContain(`${run}@`);
    // Nor a referrer or a query: the assistant's name only.
    expect(stored).toContain('"Perplexity"');
    for (const text of [
      'chatgpt.com',
      'perplexity.ai',
      'claude.ai',
      'google.com',
      'evil.example',
      'utm_',
      'newsletter',
      `northbeam-${run}`,
      `chat/${run}`,
    ])
      expect(stored, text).not.toContain(text);
  });

  test('a flood of 500 requests: exact counts, far fewer ingest calls than requests, no log line per request', async () => {
    const before = await settledReport();
    const from = logLength();
    const started = Date.now();
    const paths = ['/about', '/services', '/llms.txt', '/about.md', '/robots.txt'];
    // 450 pages and files from 20 addresses, 20 at a time; 50 MCP calls from 10 addresses (under
    // the per-IP limit), 10 at a time: each a netlify-cli function call of about 0.3 s of CPU,
    // against some 30 ms for a page, and ten at once are as concurrent as a hundred.
    const pages = Array.from({ length: 450 }, (_, index) => index);
    const calls = Array.from({ length: 50 }, (_, index) => index);
    const senders = Array.from({ length: 20 }, () => fetchFrom(randomLoopbackAddress()));
    const inBatches = async (items: number[], size: number, send: (index: number) => Promise<number>) => {
      const statuses: number[] = [];
      for (let start = 0; start < items.length; start += size)
        statuses.push(...(await Promise.all(items.slice(start, start + size).map(send))));
      return statuses;
    };
    const pageStatuses = await inBatches(pages, 20, (index) =>
      senders[index % 20]!(`${baseUrl()}${paths[index % paths.length]}`, {
        headers: { 'User-Agent': UA.perplexity },
      }).then(async (response) => (await response.arrayBuffer(), response.status)),
    );
    const mcpStatuses = await inBatches(calls, 10, (index) =>
      mcp(senders[index % 10]!, clientA, 'tools/call', {
        name: 'search_site',
        arguments: { query: 'cloud migration' },
      }).then((answer) => answer.status),
    );
    sentNow();
    const seconds = (Date.now() - started) / 1000;
    expect(pageStatuses.every((status) => status === 200)).toBe(true);
    expect(mcpStatuses.every((status) => status === 200)).toBe(true);

    const after = await reportWith(before, 500);
    expect(after.requests - before.requests).toBe(500);
    expect(after.byClass['ai-search'] - before.byClass['ai-search']).toBe(450);
    expect(after.searches.total - before.searches.total).toBe(50);

    const log = logSince(from);
    const ingestCalls = log.match(/POST \/\.netlify\/functions\/traffic-ingest/g)?.length ?? 0;
    // The edge counter writes at most every LOCAL_WRITE_INTERVAL_MS and the API
    // function writes its own answers to the store: no ingest call per request.
    const elapsed = (Date.now() - started) / 1000;
    expect(ingestCalls, `${ingestCalls} ingest calls for 500 requests in ${seconds.toFixed(0)} s`).toBeLessThanOrEqual(
      Math.ceil((elapsed * 1000) / LOCAL_WRITE_INTERVAL_MS) + 2,
    );
    expect(log).not.toMatch(/^traffic/m);
  });

  test('a store that fails changes no answer, and once it works again every request is counted once', async () => {
    const before = await settledReport();
    // The local Blobs store's folder of the record becomes a file: every write fails, the edge
    // counter's (through the ingest function) and the API function's alike.
    const blocked = `${storeOf()}.blocked-${run}`;
    const logFrom = logLength();
    renameSync(storeOf(), blocked);
    writeFileSync(storeOf(), 'not a folder');
    try {
      const from = fetchFrom(randomLoopbackAddress());
      for (let i = 0; i < 3; i++) {
        const page = await from(`${baseUrl()}/about`, { headers: { 'User-Agent': UA.gpt } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<html');
      }
      const answer = await mcp(from, clientA, 'tools/call', {
        name: 'search_site',
        arguments: { query: 'cloud migration' },
      });
      sentNow();
      expect(answer.status).toBe(200);
      expect((answer.body.result!.structuredContent as { total: number }).total).toBeGreaterThan(0);
      // The first attempts fail: the counter's timer (every LOCAL_WRITE_INTERVAL_MS) and the API
      // function's worker both try while the store is broken, and the ingest function says so.
      const deadline = Date.now() + LOCAL_WRITE_INTERVAL_MS + 10_000;
      while (!logSince(logFrom).includes('traffic-ingest: the part was not stored') && Date.now() < deadline)
        await sleep(250);
      expect(logSince(logFrom)).toContain('traffic-ingest: the part was not stored');
    } finally {
      rmSync(storeOf(), { force: true });
      renameSync(blocked, storeOf());
    }
    const after = await reportWith(before, 4, 60_000);
    expect(after.requests - before.requests).toBe(4);
    expect(after.byClass['ai-training'] - before.byClass['ai-training']).toBe(3);
    expect(after.searches.total - before.searches.total).toBe(1);
  });

  test('the weekly digest goes to TRAFFIC_DIGEST_WEBHOOK_URL, signed, with the week in figures', async () => {
    const received: { path: string; signature: string | undefined; body: string }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          signature: request.headers['x-traffic-signature'] as string | undefined,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(site.webhookPort, '127.0.0.1', () => resolve());
    });
    try {
      // The week as the operator's report reads it, once nothing more is landing.
      const week = await settledReport();
      await runScheduledFunction('traffic-digest');
      const digest = received.find((delivery) => delivery.path === '/traffic');
      expect(digest, 'a POST to /traffic').toBeDefined();
      expect(digest!.signature).toBe(
        `sha256=${createHmac('sha256', 'integration-digest-secret').update(digest!.body).digest('hex')}`,
      );
      const body = JSON.parse(digest!.body) as TrafficDigest;
      expect(body.type).toBe('traffic.digest');
      // This file's requests are in it, and its figures are the report's: the same requests,
      // the same top agents (which families those are depends on what the store has seen
      // before: it outlives a run), tools and gaps.
      expect(body.requests).toBeGreaterThan(500);
      expect(body.agents.length).toBeGreaterThan(0);
      expect(body).toEqual(digestOf(week, body.site));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
