/**
 * The traffic edge function's work and the ingest function, in process: the answer goes out as
 * the next step gave it (the notes header removed), whatever the store does (throws, hangs);
 * the ingest function stores a part only with the build's key.
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
import { encodeNotes, TRAFFIC_REQUEST_HEADER, TRAFFIC_RESPONSE_HEADER } from '../../src/traffic/notes.ts';
import { createTrafficRecorder } from '../../src/traffic/recorder.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { createMemoryTrafficStore } from '../../src/traffic/store.ts';

const patterns = agentPatterns();
const names = { tools: ['search_site'], prompts: [], methods: ['tools/call'], baseUrl: 'https://example.com' };
const KEY = 'k'.repeat(64);
const GPT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)';

/** A next step that answers like the site: a page, or the API with its notes when asked. */
function site(seen: Request[] = []): CounterContext & { pending: Promise<unknown>[] } {
  const pending: Promise<unknown>[] = [];
  return {
    pending,
    waitUntil: (promise) => pending.push(promise),
    // eslint-disable-next-line @typescript-eslint/require-await -- the next step is async by contract
    next: async (request) => {
      seen.push(request!);
      const url = new URL(request!.url);
      if (url.pathname === '/api/mcp') {
        const headers = new Headers({ 'Content-Type': 'application/json', 'X-Kept': 'yes' });
        if (request!.headers.has(TRAFFIC_REQUEST_HEADER))
          headers.set(
            TRAFFIC_RESPONSE_HEADER,
            encodeNotes([{ outcome: 'ok', search: { results: 0, language: 'en' } }]),
          );
        return new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { status: 200, headers });
      }
      return new Response('<html>about</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    },
  };
}

describe('the traffic counter', () => {
  test('counts a page and an MCP call, removes the notes header, keeps everything else', async () => {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), intervalMs: 0 });
    const count = createTrafficCounter({ patterns, names, recorder: () => recorder });
    const context = site();
    const page = await count(new Request('https://example.com/about', { headers: { 'User-Agent': GPT } }), context);
    expect(await page.text()).toBe('<html>about</html>');
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'search_site',
        arguments: { query: 'Mail a@b.nl about Quantum' },
        _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'demo', version: '1.2.0' } },
      },
    };
    const seen: Request[] = [];
    const api = await count(
      new Request('https://example.com/api/mcp', {
        method: 'POST',
        body: JSON.stringify(message),
        headers: { 'User-Agent': 'node' },
      }),
      { ...context, next: (request) => (seen.push(request!), context.next(request)) },
    );
    // The function got the request whole, asked for notes.
    expect(await seen[0]!.json()).toEqual(message);
    expect(seen[0]!.headers.get(TRAFFIC_REQUEST_HEADER)).toBe('1');
    expect(api.headers.has(TRAFFIC_RESPONSE_HEADER)).toBe(false);
    expect(api.headers.get('X-Kept')).toBe('yes');
    expect(await api.text()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    await Promise.all(context.pending);
    const report = trafficReport([...store.parts.values()], '2026-01-01', '2099-12-31');
    expect(report.byClass['ai-training']).toBe(1);
    expect(report.mcp.clients[0]).toMatchObject({ family: 'demo 1', calls: 1 });
    expect(report.gaps).toEqual([{ query: 'mail about quantum', language: 'en', searches: 1, results: 0 }]);
  });

  test('a store that throws or hangs changes nothing about the answer, nor when it comes', async () => {
    for (const write of [() => Promise.reject(new Error('down')), () => new Promise<void>(() => {})]) {
      const errors: unknown[] = [];
      const recorder = createTrafficRecorder({
        store: () => Promise.resolve({ write } satisfies PartWriter),
        intervalMs: 0,
        timeoutMs: 100,
        onError: (error) => errors.push(error),
      });
      const count = createTrafficCounter({ patterns, names, recorder: () => recorder });
      const context = site();
      const started = performance.now();
      const response = await count(
        new Request('https://example.com/about', { headers: { 'User-Agent': GPT } }),
        context,
      );
      expect(performance.now() - started).toBeLessThan(50);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<html>about</html>');
      await Promise.all(context.pending);
      expect(errors).toHaveLength(1);
    }
  });

  test("under npm start, netlify-cli's retries of a 404 (.html, /index.html) are not counted again", async () => {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), intervalMs: 0 });
    const count = createTrafficCounter({ patterns, names, recorder: () => recorder });
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
      names,
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
    recorder.record({
      day: '2026-11-26',
      surface: 'page',
      target: '/',
      outcome: 'ok',
      client: { class: 'browser', family: 'Chrome' },
    });
    const first = recorder.writeIfDue();
    recorder.record({
      day: '2026-11-26',
      surface: 'page',
      target: '/about',
      outcome: 'ok',
      client: { class: 'browser', family: 'Chrome' },
    });
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
});
