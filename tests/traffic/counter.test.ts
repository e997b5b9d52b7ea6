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

describe('visits referred by assistants', () => {
  const BROWSER =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const CHATGPT_USER =
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
  /** [path and query, Referer, User-Agent?, method?]: a page visit, as a browser sends it unless told. */
  type Visit = [string, string | null, string?, string?];

  // Each counts, once, for the assistant named.
  const referred: [Visit, string][] = [
    [['/about', 'https://chatgpt.com/'], 'ChatGPT'],
    [['/about', 'https://chat.openai.com/c/6f0e-secret-conversation'], 'ChatGPT'],
    [['/about?utm_source=chatgpt.com', null], 'ChatGPT'],
    [['/services?utm_source=ChatGPT.com&utm_medium=referral', null], 'ChatGPT'],
    [['/about?utm_source=openai', null], 'ChatGPT'],
    [['/about', 'android-app://com.openai.chatgpt/'], 'ChatGPT'],
    [['/pricing', 'https://chatgpt.com/'], 'ChatGPT'],
    [['/about', 'https://www.perplexity.ai/search/what-does-northbeam-do-q.Zx'], 'Perplexity'],
    [['/about', 'https://perplexity.ai/'], 'Perplexity'],
    [['/services?utm_source=perplexity', null], 'Perplexity'],
    [['/about', 'https://claude.ai/chat/abc'], 'Claude'],
    [['/about?utm_source=claude.ai', null], 'Claude'],
    [['/about', 'https://gemini.google.com/app/123'], 'Gemini'],
    [['/about', 'https://copilot.microsoft.com/'], 'Copilot'],
    [['/about', 'https://edgeservices.bing.com/edgesvc/chat?udsframed=1'], 'Copilot'],
    [['/about?utm_source=copilot.com', null], 'Copilot'],
    [['/about?referrer=grok.com', null], 'Grok'],
    [['/about', 'https://grok.com/'], 'Grok'],
    [['/about', 'https://www.meta.ai/'], 'Meta AI'],
    [['/about', 'https://chat.deepseek.com/'], 'DeepSeek'],
    [['/about', 'https://chat.mistral.ai/chat/1'], 'Le Chat'],
    [['/about', 'https://you.com/search?q=northbeam&tbm=youchat'], 'You.com'],
    [['/about', 'https://www.phind.com/search?cache=x'], 'Phind'],
    [['/about', 'https://kagi.com/assistant/1b2c'], 'Kagi Assistant'],
    [['/about', 'https://duck.ai/'], 'Duck.ai'],
  ];
  // None of these counts as a referral (each is still counted as a request).
  const notReferred: Visit[] = [
    // Search engines, Bing's and Kagi's search included (their assistants are on other paths).
    ['/about', 'https://www.google.com/'],
    ['/about', 'https://www.bing.com/search?q=northbeam'],
    ['/about', 'https://duckduckgo.com/'],
    ['/about', 'https://kagi.com/search?q=northbeam'],
    ['/about', 'https://search.brave.com/search?q=northbeam'],
    // The site itself: navigation inside it, even on a link that kept a tag.
    ['/services', 'https://example.com/about'],
    ['/services?utm_source=chatgpt.com', 'https://example.com/about?utm_source=chatgpt.com'],
    // Hosts that are not the assistants', lookalikes among them.
    ['/about', 'https://unknown.example/'],
    ['/about', 'https://chatgpt.com.evil.example/'],
    ['/about', 'https://evilchatgpt.com/'],
    ['/about', 'https://notperplexity.ai/'],
    ['/about', 'https://claude.ai.example/'],
    ['/about', 'android-app://com.example.chatgpt/'],
    ['/about', 'not a url'],
    // Tags that are not an assistant's own.
    ['/about?utm_source=chatgpt', null],
    ['/about?utm_source=chatgpt.com.evil', null],
    ['/about?utm_source=newsletter', null],
    ['/about?utm_medium=chatgpt.com', null],
    // Not a person's visit to a page: an assistant's fetcher, a HEAD, a file, Markdown.
    ['/about?utm_source=chatgpt.com', 'https://chatgpt.com/', CHATGPT_USER],
    ['/about', 'https://chatgpt.com/', BROWSER, 'HEAD'],
    ['/llms.txt', 'https://chatgpt.com/'],
    ['/about.md', 'https://chatgpt.com/'],
  ];

  /** Sends the visits through the counter (a 404 for /pricing), and returns what the store holds. */
  async function countVisits(visits: readonly Visit[]) {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), intervalMs: 60_000 });
    const count = createTrafficCounter({
      patterns,
      recorder: () => recorder,
      now: () => new Date('2026-11-26T10:00:00Z'),
    });
    const context: CounterContext = {
      next: () => Promise.resolve(new Response('page')),
      waitUntil: () => {},
    };
    for (const [target, referrer, userAgent = BROWSER, method = 'GET'] of visits) {
      const headers: Record<string, string> = { 'User-Agent': userAgent };
      if (referrer) headers.Referer = referrer;
      const missing = target.startsWith('/pricing');
      await count(new Request(`https://example.com${target}`, { method, headers }), {
        ...context,
        next: () => Promise.resolve(new Response(missing ? 'Not found' : 'page', { status: missing ? 404 : 200 })),
      });
    }
    await recorder.write();
    return store;
  }

  test('counts exactly the visits an assistant sent, by assistant, page and day, and nothing else', async () => {
    const store = await countVisits([...referred.map(([visit]) => visit), ...notReferred]);
    const report = trafficReport([...store.parts.values()], '2026-11-25', '2026-11-26');
    expect(report.requests).toBe(referred.length + notReferred.length);
    const expected: Record<string, number> = {};
    for (const [, name] of referred) expected[name] = (expected[name] ?? 0) + 1;
    expect(Object.fromEntries(report.referrals.map((row) => [row.assistant, row.visits]))).toEqual(expected);
    expect(report.referredVisits).toBe(referred.length);
    expect(report.referrals[0]).toEqual({ assistant: 'ChatGPT', visits: 7 });
    // By page (the query is not part of the page) and assistant; the link to a page the site
    // does not have is counted as not found.
    expect(report.referralPages).toContainEqual({ path: '/about', assistant: 'ChatGPT', visits: 5, notFound: 0 });
    expect(report.referralPages).toContainEqual({ path: '/services', assistant: 'ChatGPT', visits: 1, notFound: 0 });
    expect(report.referralPages).toContainEqual({ path: '/pricing', assistant: 'ChatGPT', visits: 1, notFound: 1 });
    expect(report.referralPages).toContainEqual({ path: '/services', assistant: 'Perplexity', visits: 1, notFound: 0 });
    expect(report.referralDays).toEqual([
      { day: '2026-11-25', visits: 0, byAssistant: {} },
      { day: '2026-11-26', visits: referred.length, byAssistant: expected },
    ]);
  });

  test('the record keeps the assistant’s name only: no referrer, no host, no query', async () => {
    const store = await countVisits([
      ['/about?utm_source=chatgpt.com&email=jan%40example.nl&ref=secret-campaign', 'https://chatgpt.com/c/secret-chat'],
      ['/about?utm_source=perplexity&q=private+question', null],
      ['/about', 'https://www.perplexity.ai/search/private-question-about-jan?s=c'],
      ['/about', 'android-app://com.anthropic.claude/'],
      ['/services', 'https://unknown.example/private/path?token=abc'],
      ['/services?utm_source=newsletter&email=jan%40example.nl', null],
    ]);
    const stored = JSON.stringify([...store.parts.values()]);
    for (const name of ['ChatGPT', 'Perplexity', 'Claude']) expect(stored).toContain(`"${name}"`);
    for (const text of [
      'chatgpt.com',
      'perplexity.ai',
      'anthropic',
      'android-app',
      'unknown.example',
      'utm_',
      'newsletter',
      'secret',
      'private',
      'token',
      'jan',
      '%40',
      '@',
      '?',
      'http',
    ])
      expect(stored, text).not.toContain(text);
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
