/**
 * The traffic edge function's work, the ingest function and the API function's record, in
 * process: the answer goes out as the next step gave it (the notes header removed), whatever the
 * store does (throws, hangs); the ingest function stores a part only with the build's key, under
 * the key its sender named; the API function's record classifies and counts its answers.
 */
import { describe, expect, test } from 'vitest';
import { agentPatterns } from '../../src/build/agent-patterns.ts';
import { createTrafficCounter, type CounterContext } from '../../src/traffic/counter.ts';
import {
  handleIngest,
  ingestWriter,
  INGEST_KEY_HEADER,
  INGEST_PATH,
  type PartWriter,
} from '../../src/traffic/ingest.ts';
import { createApiRecord } from '../../src/traffic/api-record.ts';
import { createClassifier } from '../../src/traffic/classify.ts';
import { createApiNoter, LOCAL_TIMING, SEND_INTERVAL_MS, type ApiFacts } from '../../src/traffic/notes.ts';
import { createTrafficRecorder } from '../../src/traffic/recorder.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { createMemoryTrafficStore } from '../../src/traffic/store.ts';
import { trafficEvent } from '../support/traffic-sample.ts';

const patterns = agentPatterns();
const names = {
  tools: ['search_site', 'get_page_markdown'],
  prompts: ['contact_request'],
  methods: ['initialize', 'tools/call', 'resources/read', 'prompts/get'],
  baseUrl: 'https://example.com',
};
const KEY = 'k'.repeat(64);
const GPT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)';

/** A next step that answers like the site: a page. */
function site(seen: Request[] = []): CounterContext & { pending: Promise<unknown>[] } {
  const pending: Promise<unknown>[] = [];
  return {
    pending,
    waitUntil: (promise) => pending.push(promise),
    next: (request) => {
      if (request) seen.push(request);
      return Promise.resolve(
        new Response('<html>about</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      );
    },
  };
}

describe('the traffic counter', () => {
  test('counts pages and their Markdown, and passes the request and the answer through as they are', async () => {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), intervalMs: 0 });
    const count = createTrafficCounter({ patterns, recorder: () => recorder });
    const seen: Request[] = [];
    const context = site(seen);
    const request = new Request('https://example.com/about', { headers: { 'User-Agent': GPT } });
    const page = await count(request, context);
    // The next step gets the request itself (context.next() without a replacement).
    expect(seen).toEqual([]);
    expect(await page.text()).toBe('<html>about</html>');
    await count(
      new Request('https://example.com/about', { headers: { 'User-Agent': GPT, Accept: 'text/markdown' } }),
      context,
    );
    await Promise.all(context.pending);
    const report = trafficReport([...store.parts.values()], '2026-01-01', '2099-12-31');
    expect(report.pages).toEqual([{ path: '/about', requests: 2, html: 1, markdown: 1, resource: 0 }]);
  });

  test('a store that throws or hangs changes nothing about the answer, nor when it comes', async () => {
    for (const outcome of ['throws', 'hangs'] as const) {
      const errors: unknown[] = [];
      // The store answers only when the test says so: the answer must be out before that.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let writes = 0;
      const write = () => {
        writes += 1;
        return outcome === 'throws'
          ? released.then(() => Promise.reject(new Error('down')))
          : new Promise<void>(() => {});
      };
      const recorder = createTrafficRecorder({
        store: () => Promise.resolve({ write } satisfies PartWriter),
        intervalMs: 0,
        timeoutMs: 100,
        retryDelaysMs: [10],
        onError: (error) => errors.push(error),
      });
      const count = createTrafficCounter({ patterns, recorder: () => recorder });
      const context = site();
      const response = await count(
        new Request('https://example.com/about', { headers: { 'User-Agent': GPT } }),
        context,
      );
      // The answer is here while the write it started has not settled.
      expect(errors, outcome).toEqual([]);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<html>about</html>');
      release();
      await Promise.all(context.pending);
      expect(writes, outcome).toBe(2);
      expect(errors, outcome).toHaveLength(1);
    }
  });

  test("under npm start, netlify-cli's retries of a 404 (.html, /index.html) are not counted again", async () => {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), intervalMs: 0 });
    const count = createTrafficCounter({ patterns, recorder: () => recorder });
    const missing = (deploy: string): CounterContext => ({
      deploy: { context: deploy },
      next: () => Promise.resolve(new Response('Not found', { status: 404 })),
      waitUntil: (promise) => void promise,
    });
    for (const path of ['/gone', '/gone.html', '/gone.htm', '/gone/index.html', '/gone/index.htm'])
      await count(new Request(`https://example.com${path}`), missing('dev'));
    await count(new Request('https://example.com/real.html'), missing('production'));
    await recorder.write();
    const report = trafficReport([...store.parts.values()], '2026-01-01', '2099-12-31');
    expect(report.byOutcome['not-found']).toBe(2);
  });

  test('a counter that fails itself still returns the answer', async () => {
    const count = createTrafficCounter({
      patterns,
      recorder: () => {
        throw new Error('no recorder');
      },
      onError: () => {},
    });
    const response = await count(new Request('https://example.com/about'), site());
    expect(await response.text()).toBe('<html>about</html>');
  });

  test('a request during a write is written when it ends (interval 0), not left for the next request', async () => {
    const store = createMemoryTrafficStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve({ write: (key, part) => gate.then(() => store.write(key, part)) }),
      intervalMs: 0,
    });
    recorder.record(trafficEvent());
    const first = recorder.writeIfDue();
    recorder.record(trafficEvent({ target: '/about' }));
    const second = recorder.writeIfDue();
    release();
    await Promise.all([first, second]);
    expect(trafficReport([...store.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(2);
  });
});

describe('the ingest function', () => {
  const part = { version: 1, day: '2026-11-26', counts: [['page', '/', 'ok', 'browser', 'Chrome', 3]], searches: [] };
  const post = (body: unknown, key = KEY) =>
    new Request(`https://example.com${INGEST_PATH}`, {
      method: 'POST',
      headers: { [INGEST_KEY_HEADER]: key },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  test('stores a part sent with the key, through the writer the edge function uses', async () => {
    const store = createMemoryTrafficStore();
    const writer = ingestWriter('https://example.com', KEY, (input, init) =>
      handleIngest(new Request(input, init), KEY, store),
    );
    await writer.write('2026-11-26.abc-1.0001', part as never);
    expect([...store.parts.keys()]).toEqual(['2026-11-26.abc-1.0001']);
  });

  test('without the key, or with another, it is a 404 and nothing is stored', async () => {
    const store = createMemoryTrafficStore();
    for (const request of [
      post({ key: '2026-11-26.a.1', part }, 'x'.repeat(64)),
      post({ key: '2026-11-26.a.1', part }, ''),
      new Request(`https://example.com${INGEST_PATH}`),
    ])
      expect((await handleIngest(request, KEY, store)).status).toBe(404);
    expect(store.parts.size).toBe(0);
  });

  test('a body that is not one day’s part is a 400', async () => {
    const store = createMemoryTrafficStore();
    for (const body of [
      'nope',
      { key: '../etc/passwd', part },
      { key: '2026-11-25.a.1', part },
      { key: '2026-11-26.a.1', part: { version: 1 } },
    ])
      expect((await handleIngest(post(body), KEY, store)).status).toBe(400);
    expect(store.parts.size).toBe(0);
  });

  test('a store that fails makes the write fail, so the edge function keeps the counts', async () => {
    const failing: PartWriter = { write: () => Promise.reject(new Error('down')) };
    await expect(handleIngest(post({ key: '2026-11-26.a.1', part }), KEY, failing)).rejects.toThrow('down');
  });

  test('a part sent again (after a failure or a time-out) replaces itself: counted once', async () => {
    const store = createMemoryTrafficStore();
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await handleIngest(post({ key: '2026-11-26.abc-1.0001', part }), KEY, store)).status).toBe(204);
    expect(trafficReport([...store.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(3);
    expect(store.parts.size).toBe(1);
  });
});

describe("the API function's record", () => {
  test("counts the API function's answers: classified there, MCP names checked, queries normalised", async () => {
    const store = createMemoryTrafficStore();
    const classify = createClassifier(patterns);
    const search: ApiFacts = {
      p: '/api/mcp',
      h: 'POST',
      s: 200,
      u: 'node',
      n: [
        {
          o: 'ok',
          m: 'tools/call',
          t: 'search_site',
          c: 'claude-code\n2.0.31',
          q: 'Mail jan@example.nl about Quantum',
          r: 0,
          l: 'en',
        },
      ],
    };
    const batch: ApiFacts = {
      p: '/api/mcp',
      h: 'POST',
      s: 200,
      u: 'node',
      n: [
        { o: 'tool-error', m: 'tools/call', t: 'get_page_markdown' },
        { o: 'protocol-error', m: 'tools/call', t: 'rm -rf' },
        { o: 'ok', m: 'resources/read', t: 'https://example.com/about?x=1' },
        { o: 'ok', m: 'prompts/get', t: 'contact_request' },
        { o: 'protocol-error', m: 'made/up' },
        { o: 'protocol-error' },
      ],
    };
    const limited: ApiFacts = { p: '/api/health', h: 'GET', s: 429, u: 'curl/8.5.0' };
    const record = createApiRecord({
      classify,
      names,
      store: () => Promise.resolve(store),
      clock: () => new Date('2026-11-26T10:00:00Z'),
    });
    await record([
      [search, 2],
      [batch, 1],
      [limited, 5],
    ]);
    // One part, under a key of this instance's.
    expect([...store.parts.keys()]).toEqual([expect.stringMatching(/^2026-11-26\.[a-z0-9-]+\.0001$/)]);
    const report = trafficReport([...store.parts.values()], '2026-11-26', '2026-11-26');
    expect(report.requests).toBe(2 + 6 + 5);
    expect(report.gaps).toEqual([{ query: 'mail about quantum', language: 'en', searches: 2, results: 0 }]);
    expect(report.mcp.clients).toContainEqual({
      class: 'mcp-client',
      family: 'claude-code 2',
      calls: 2,
      errors: 0,
      errorRate: 0,
    });
    expect(report.mcp.tools.map((row) => row.tool).sort()).toEqual([
      '(unknown tool)',
      'get_page_markdown',
      'search_site',
    ]);
    expect(report.pages).toEqual([{ path: '/about', requests: 1, html: 0, markdown: 0, resource: 1 }]);
    expect(report.byOutcome['rate-limited']).toBe(5);
    expect(report.families).toContainEqual({ class: 'other-bot', family: 'curl', requests: 5, bySurface: { api: 5 } });
  });
});

describe("the API function's noter", () => {
  test('sends its first answer at once, then holds answers (counted alike) until the interval has passed', async () => {
    const sent: [ApiFacts, number][][] = [];
    let clock = 1_000;
    const note = createApiNoter(
      (held) => {
        sent.push(held);
        return Promise.resolve();
      },
      () => clock,
    );
    const facts: ApiFacts = { p: '/api/health', h: 'GET', s: 200, u: 'curl/8' };
    // As on Netlify, without the second's delay.
    const timing = { delayMs: 0, intervalMs: SEND_INTERVAL_MS };
    await note(facts, timing);
    expect(note(facts, timing)).toBeUndefined();
    expect(note(facts, timing)).toBeUndefined();
    expect(note({ ...facts, s: 429 }, timing)).toBeUndefined();
    clock += 30_000;
    await note(facts, timing);
    expect(sent).toEqual([
      [[facts, 1]],
      [
        [facts, 3],
        [{ ...facts, s: 429 }, 1],
      ],
    ]);
  });

  test('under npm start (LOCAL_TIMING) every answer is sent at once, none held', async () => {
    const sent: [ApiFacts, number][][] = [];
    const note = createApiNoter((held) => {
      sent.push(held);
      return Promise.resolve();
    });
    const facts: ApiFacts = { p: '/api/health', h: 'GET', s: 200, u: 'curl/8' };
    await note(facts, LOCAL_TIMING);
    await note(facts, LOCAL_TIMING);
    await note({ ...facts, s: 429 }, LOCAL_TIMING);
    expect(sent).toEqual([[[facts, 1]], [[facts, 1]], [[{ ...facts, s: 429 }, 1]]]);
  });

  test('a send that fails does not reject (the answer it follows is gone)', async () => {
    const note = createApiNoter(() => Promise.reject(new Error('down')));
    await expect(note({ p: '/api', h: 'GET', s: 404, u: '' }, LOCAL_TIMING)).resolves.toBeUndefined();
  });
});
