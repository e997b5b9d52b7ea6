/**
 * The traffic record's core: queries normalised without personal data, User-Agents classified
 * from the maintained lists' own examples, counts aggregated in memory and written in parts that
 * concurrent instances cannot overwrite, and a store that fails or hangs losing nothing it can
 * keep and changing nothing else.
 */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { agentPatterns, crawlerClass } from '../../src/build/agent-patterns.ts';
import { createClassifier } from '../../src/traffic/classify.ts';
import { trafficEvents, AUDIT_USER_AGENT } from '../../src/traffic/events.ts';
import { declaredClient, messageNote, type McpNames } from '../../src/traffic/mcp-notes.ts';
import type { TrafficPart } from '../../src/traffic/model.ts';
import { normaliseQuery, REMOVED_QUERY } from '../../src/traffic/normalise.ts';
import type { MessageNote } from '../../src/traffic/notes.ts';
import { createTrafficRecorder } from '../../src/traffic/recorder.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { firstKeptDay, pruneTraffic } from '../../src/traffic/retention.ts';
import { createMemoryTrafficStore, readParts, readPart, type TrafficStore } from '../../src/traffic/store.ts';
import { trafficEvent } from '../support/traffic-sample.ts';

const require = createRequire(import.meta.url);

describe('normaliseQuery', () => {
  test.each([
    ['Cloud   Migration', 'cloud migration'],
    ['mail jan.de.vries@example.nl about a migration', 'mail about a migration'],
    ['call me on +31 6 1234 5678 about pricing', 'call me on about pricing'],
    ['bel 010-123 45 67 of 06-12345678', 'bel of'],
    ['(020) 555-0199 retail project', 'retail project'],
    ['invoice 2024123456 status', 'invoice status'],
    ['IBAN NL91ABNA0417164300 refund', 'iban refund'],
    ['projects from 2019-2024 in retail', 'projects from 2019-2024 in retail'],
    ['kubernetes 1.29 upgrade', 'kubernetes 1.29 upgrade'],
    ['see https://example.com/users/42?email=a@b.c', 'see example.com'],
    ['jan@example.nl', REMOVED_QUERY],
    ['Migração para a nuvem', 'migração para a nuvem'],
  ])('%j -> %j', (query, expected) => {
    expect(normaliseQuery(query)).toBe(expected);
  });

  test('keeps at most 120 characters, cut at a word', () => {
    const long = normaliseQuery(`${'word '.repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('word')).toBe(true);
  });
});

describe('classifying User-Agents with the maintained lists', () => {
  const data = agentPatterns();
  const classify = createClassifier(data);
  const entries = require('crawler-user-agents') as { pattern: string; instances?: string[]; tags?: string[] }[];

  test('every example of crawler-user-agents is a bot, never a browser', () => {
    const examples = entries.flatMap((entry) => entry.instances ?? []);
    expect(examples.length).toBeGreaterThan(1000);
    const browsers = examples.filter((example) => classify(example).class === 'browser');
    expect(browsers).toEqual([]);
  });

  test("AI crawlers' own examples, by the class their operators give them", () => {
    const exampleOf = (pattern: string) => entries.find((entry) => entry.pattern === pattern)!.instances![0]!;
    expect(classify(exampleOf('GPTBot'))).toEqual({ class: 'ai-training', family: 'GPTBot' });
    expect(classify(exampleOf('ChatGPT-User'))).toEqual({ class: 'ai-assistant', family: 'ChatGPT-User' });
    expect(classify(exampleOf('OAI-SearchBot'))).toEqual({ class: 'ai-search', family: 'OAI-SearchBot' });
    expect(classify(exampleOf('Claude-User'))).toEqual({ class: 'ai-assistant', family: 'Claude-User' });
    expect(classify(exampleOf('Claude-SearchBot'))).toEqual({ class: 'ai-search', family: 'Claude-SearchBot' });
    expect(classify(exampleOf('PerplexityBot\\/'))).toEqual({ class: 'ai-search', family: 'PerplexityBot' });
    expect(classify(exampleOf('Perplexity-User'))).toEqual({ class: 'ai-assistant', family: 'Perplexity-User' });
    expect(classify(exampleOf('CCBot'))).toEqual({ class: 'ai-training', family: 'CCBot' });
    expect(classify(exampleOf('Googlebot\\/')).class).toBe('search-engine');
    expect(classify(exampleOf('bingbot')).class).toBe('search-engine');
  });

  test('browsers, command-line clients and no User-Agent', () => {
    expect(
      classify(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ class: 'browser', family: 'Chrome' });
    expect(
      classify(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ class: 'browser', family: 'Safari' });
    expect(classify('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0').family).toBe('Firefox');
    expect(classify('curl/8.5.0')).toEqual({ class: 'other-bot', family: 'curl' });
    expect(classify('')).toEqual({ class: 'other-bot', family: 'no user agent' });
    expect(classify(undefined)).toEqual({ class: 'other-bot', family: 'no user agent' });
  });

  test('the class rules over the list’s tags', () => {
    expect(crawlerClass('ChatGPT-User', ['ai-crawler'])).toBe('ai-assistant');
    expect(crawlerClass('kagi-fetcher', ['ai-crawler'])).toBe('ai-assistant');
    expect(crawlerClass('Devin', ['browser-automation', 'ai-crawler'])).toBe('ai-assistant');
    expect(crawlerClass('Amzn-SearchBot', ['ai-crawler'])).toBe('ai-search');
    expect(crawlerClass('DuckAssistBot', ['search-engine', 'ai-crawler'], 'DuckDuckGo assistant bot')).toBe(
      'ai-search',
    );
    expect(crawlerClass('GPTBot', ['ai-crawler'])).toBe('ai-training');
    expect(crawlerClass('Googlebot', ['search-engine'])).toBe('search-engine');
    expect(crawlerClass('AhrefsBot', ['seo'])).toBe('other-bot');
    expect(data.source).toMatch(/^crawler-user-agents \d+\.\d+\.\d+, isbot \d+\.\d+\.\d+$/);
  });
});

describe('the events of a request', () => {
  const classify = createClassifier(agentPatterns());
  const time = new Date('2026-11-26T10:00:00Z');
  const facts = (over: Partial<Parameters<typeof trafficEvents>[0]>) =>
    trafficEvents(
      {
        method: 'GET',
        pathname: '/',
        wantsMarkdown: false,
        userAgent: 'curl/8',
        status: 200,
        notes: [],
        time,
        ...over,
      },
      classify,
    );
  const gpt = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)';

  test('pages, their Markdown (negotiated or .md) and discovery files; assets are not counted', () => {
    expect(facts({ pathname: '/services/cloud-migration', userAgent: gpt })).toEqual([
      {
        day: '2026-11-26',
        surface: 'page',
        target: '/services/cloud-migration',
        outcome: 'ok',
        client: { class: 'ai-training', family: 'GPTBot' },
      },
    ]);
    expect(facts({ pathname: '/services/cloud-migration', wantsMarkdown: true })[0]).toMatchObject({
      surface: 'markdown',
      target: '/services/cloud-migration',
    });
    expect(facts({ pathname: '/services/cloud-migration.md' })[0]).toMatchObject({
      surface: 'markdown',
      target: '/services/cloud-migration',
    });
    expect(facts({ pathname: '/index.md' })[0]).toMatchObject({ surface: 'markdown', target: '/' });
    expect(facts({ pathname: '/nl/llms-full.txt' })[0]).toMatchObject({ surface: 'llms', target: '/nl/llms-full.txt' });
    expect(facts({ pathname: '/mcp.md' })[0]).toMatchObject({ surface: 'discovery' });
    expect(facts({ pathname: '/.well-known/mcp.json', status: 404 })[0]).toMatchObject({
      surface: 'discovery',
      outcome: 'not-found',
    });
    expect(facts({ pathname: '/_astro/page.abc123.css' })).toEqual([]);
    expect(facts({ pathname: '/logo.svg' })).toEqual([]);
    expect(facts({ pathname: '/', method: 'POST' })).toEqual([]);
  });

  const names: McpNames = {
    tools: ['search_site', 'get_page_markdown'],
    prompts: ['contact_request'],
    methods: ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/read', 'prompts/get'],
    baseUrl: 'https://example.com',
  };

  test("the API: the function's notes, a declared client, the audit, answers without notes", () => {
    const notes = [
      messageNote(names, {
        o: 'ok',
        m: 'tools/call',
        t: 'search_site',
        c: 'claude-code\n2.0.31',
        q: 'Cloud migration, mail me: jan@example.nl',
        r: 7,
        l: 'en',
      }),
    ];
    const [event] = facts({ pathname: '/api/mcp', method: 'POST', notes });
    expect(event).toEqual({
      day: '2026-11-26',
      surface: 'mcp',
      target: 'tools/call search_site',
      outcome: 'ok',
      client: { class: 'mcp-client', family: 'claude-code 2' },
      search: { query: 'cloud migration, mail me:', language: 'en', results: 7 },
    });
    const undeclared = [messageNote(names, { o: 'ok', m: 'tools/list' })];
    expect(facts({ pathname: '/api/mcp', method: 'POST', notes: undeclared, userAgent: 'node' })[0]!.client).toEqual({
      class: 'mcp-client',
      family: 'node',
    });
    expect(facts({ pathname: '/api/mcp', method: 'POST', notes, userAgent: AUDIT_USER_AGENT })[0]!.client.class).toBe(
      'audit',
    );
    expect(facts({ pathname: '/api/mcp', method: 'POST', status: 429 })[0]).toMatchObject({
      surface: 'mcp',
      target: '(unread)',
      outcome: 'rate-limited',
    });
    expect(facts({ pathname: '/api/contact', method: 'POST', status: 400 })[0]).toMatchObject({
      surface: 'contact',
      outcome: 'protocol-error',
    });
    expect(facts({ pathname: '/api/nothing', status: 404 })[0]).toMatchObject({ surface: 'api', outcome: 'not-found' });
    // The server card the function answers is a discovery file, like its copy under .well-known.
    expect(facts({ pathname: '/api/mcp/server-card' })[0]).toMatchObject({
      surface: 'discovery',
      target: '/api/mcp/server-card',
      outcome: 'ok',
    });
    expect(facts({ pathname: '/api/mcp', method: 'OPTIONS' })).toEqual([]);
  });

  test("nothing personal from what strangers choose: a client's declared name, a path that was not found", () => {
    const declared = (name: string) =>
      facts({
        pathname: '/api/mcp',
        method: 'POST',
        notes: [messageNote(names, { o: 'ok', m: 'initialize', c: name })],
      })[0]!.client.family;
    expect(declared('bob.smith@corp-mail.example')).toBe('unnamed');
    expect(declaredClient('bob.smith@corp-mail.example', '3.4.1')).toBe('unnamed 3');
    expect(declared('agent of +31 6 1234 5678')).toBe('agent of');
    expect(declared('@acme/research-agent 3')).toBe('@acme/research-agent 3');

    const missed = (pathname: string, over: Partial<Parameters<typeof trafficEvents>[0]> = {}) =>
      facts({ pathname, status: 404, ...over })[0]!.target;
    expect(missed('/contact/dave.path@example.net')).toBe('/contact/…');
    expect(missed('/contact/dave.path%40example.net/more')).toBe('/contact/…/more');
    expect(missed('/call/+31-6-9876-5432')).toBe('/call/…');
    expect(missed('/people/frank.md@example.net.md')).toBe('/people/…');
    expect(missed('/api/users/erin.api@example.net', { method: 'POST' })).toBe('/api/users/…');
    expect(missed('/orders/NL91ABNA0417164300')).toBe('/orders/…');
    expect(missed('/.well-known/mcp.json')).toBe('/.well-known/mcp.json');
    expect(missed('/insights/outlook-2019-2024')).toBe('/insights/outlook-2019-2024');
    // The site's own pages are kept as they are, numbers and all.
    expect(facts({ pathname: '/insights/iso-27001-in-90-days' })[0]!.target).toBe('/insights/iso-27001-in-90-days');
  });

  test('an MCP request answered before its message was read is an MCP client, unless its User-Agent is an AI', () => {
    const limited = (userAgent: string) =>
      facts({ pathname: '/api/mcp', method: 'POST', status: 429, userAgent })[0]!.client;
    expect(limited('python-httpx/0.28.1')).toEqual({ class: 'mcp-client', family: 'httpx' });
    expect(limited(gpt)).toEqual({ class: 'ai-training', family: 'GPTBot' });
    expect(limited(AUDIT_USER_AGENT)).toEqual({ class: 'audit', family: 'npm run audit' });
  });

  test('names the server does not have are recorded as unknown; a client is its name and major version', () => {
    expect(
      [
        { o: 'tool-error', m: 'tools/call', t: 'get_page_markdown' },
        { o: 'protocol-error', m: 'tools/call', t: 'rm -rf' },
        { o: 'ok', m: 'resources/read', t: 'https://example.com/about?x=1' },
        { o: 'protocol-error', m: 'resources/read', t: 'https://example.com/secret' },
        { o: 'ok', m: 'prompts/get', t: 'contact_request' },
        { o: 'protocol-error', m: 'made/up' },
        { o: 'maybe', m: 'ping' },
        { o: 'protocol-error' },
      ].map((note) => messageNote(names, note as MessageNote)),
    ).toEqual([
      { surface: 'mcp', target: 'tools/call get_page_markdown', outcome: 'tool-error' },
      { surface: 'mcp', target: 'tools/call (unknown tool)', outcome: 'protocol-error' },
      { surface: 'resource', target: '/about', outcome: 'ok' },
      { surface: 'resource', target: '(not found)', outcome: 'protocol-error' },
      { surface: 'prompt', target: 'contact_request', outcome: 'ok' },
      { surface: 'mcp', target: '(unknown method)', outcome: 'protocol-error' },
      { surface: 'mcp', target: 'ping', outcome: 'protocol-error' },
      { surface: 'mcp', target: '(unreadable message)', outcome: 'protocol-error' },
    ]);
    expect(declaredClient('cursor', 'v1.7.2')).toBe('cursor 1');
    expect(declaredClient('  my client ', 'beta')).toBe('my client');
    // Below 1.0 the release line goes down to the first number that is not 0, as declared.
    expect(declaredClient('inspector', '0.1')).toBe('inspector 0.1');
    expect(declaredClient('inspector', '0.14.2')).toBe('inspector 0.14');
    expect(declaredClient('probe', '0.0.7')).toBe('probe 0.0.7');
    expect(declaredClient('probe', '0')).toBe('probe 0');
    expect(declaredClient('claude-code', '2.0.31')).toBe('claude-code 2');
    expect(declaredClient('claude-code', '10')).toBe('claude-code 10');
    expect(messageNote(names, { o: 'ok', m: 'initialize', c: 'My Agent\n' }).client).toBe('My Agent');
  });
});

const event = trafficEvent;

describe('the recorder', () => {
  test('aggregates in memory and writes on the first request, then when the interval has passed', async () => {
    const store = createMemoryTrafficStore();
    let clock = 0;
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve(store),
      now: () => clock,
      instance: 'a',
      intervalMs: 1000,
    });
    recorder.record(event());
    await recorder.writeIfDue();
    expect(store.parts.size).toBe(1);
    recorder.record(event());
    recorder.record(event());
    recorder.record(
      event({
        search: { query: 'cloud', language: 'en', results: 0 },
        surface: 'mcp',
        target: 'tools/call search_site',
      }),
    );
    await recorder.writeIfDue();
    expect(store.parts.size).toBe(1);
    clock = 1000;
    await recorder.writeIfDue();
    expect(store.parts.size).toBe(2);
    const report = trafficReport(await readParts(store, '2026-11-26', '2026-11-26'), '2026-11-26', '2026-11-26');
    expect(report.requests).toBe(4);
    expect(report.gaps).toEqual([{ query: 'cloud', language: 'en', searches: 1, results: 0 }]);
  });

  test('instances writing at once never overwrite one another: the sum is every request', async () => {
    const store = createMemoryTrafficStore();
    const instances = Array.from({ length: 8 }, () => createTrafficRecorder({ store: () => Promise.resolve(store) }));
    await Promise.all(
      instances.map(async (recorder, index) => {
        for (let round = 0; round < 5; round++) {
          for (let request = 0; request <= index; request++) recorder.record(event({ target: `/p${request % 3}` }));
          await recorder.write();
        }
      }),
    );
    const report = trafficReport(await readParts(store, '2026-11-26', '2026-11-26'), '2026-11-26', '2026-11-26');
    expect(report.requests).toBe(5 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8));
    expect(store.parts.size).toBe(40);
  });

  test('a store that throws keeps the counts for the next write, and the error goes to onError only', async () => {
    const good = createMemoryTrafficStore();
    let failing = true;
    const errors: unknown[] = [];
    const store: TrafficStore = {
      ...good,
      write: (key, part) => (failing ? Promise.reject(new Error('store down')) : good.write(key, part)),
    };
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve(store),
      onError: (error) => errors.push(error),
      sleep: () => Promise.resolve(),
    });
    recorder.record(event());
    recorder.record(event());
    await expect(recorder.write()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    failing = false;
    recorder.record(event());
    await recorder.write();
    const report = trafficReport(await readParts(good, '2026-11-26', '2026-11-26'), '2026-11-26', '2026-11-26');
    expect(report.requests).toBe(3);
  });

  test('a store that fails to open is opened again on the next write', async () => {
    const good = createMemoryTrafficStore();
    let opens = 0;
    const recorder = createTrafficRecorder({
      store: () => {
        opens += 1;
        return opens === 1 ? Promise.reject(new Error('no store')) : Promise.resolve(good);
      },
      retryDelaysMs: [],
    });
    recorder.record(event());
    await recorder.write();
    recorder.record(event());
    await recorder.write();
    expect(opens).toBe(2);
    expect(trafficReport([...good.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(2);
  });

  test('a store that hangs: each attempt is given up after the timeout, and the part is kept under its key', async () => {
    const errors: unknown[] = [];
    const good = createMemoryTrafficStore();
    let hanging = true;
    const keys: string[] = [];
    const recorder = createTrafficRecorder({
      store: () =>
        Promise.resolve({
          write: (key, part) => {
            keys.push(key);
            return hanging ? new Promise<void>(() => {}) : good.write(key, part);
          },
        }),
      timeoutMs: 50,
      retryDelaysMs: [10, 10],
      onError: (error) => errors.push(error),
    });
    recorder.record(event());
    const started = performance.now();
    const writing = recorder.write();
    recorder.record(event());
    await writing;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(String(errors[0])).toMatch(/not written after 3 attempt\(s\).*did not answer within/);
    expect(recorder.pending()).toBe(1);
    hanging = false;
    await recorder.write();
    expect(recorder.pending()).toBe(0);
    // Every attempt of the first part had the same key; the request recorded meanwhile has its own.
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect([...good.parts.keys()].sort()).toEqual([...new Set(keys)].sort());
    expect(trafficReport([...good.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(2);
  });

  test('a store that fails its first attempts: retried under the same key, every request counted exactly once', async () => {
    const good = createMemoryTrafficStore();
    let calls = 0;
    // The first three writes fail, the second of them after landing (an answer lost on the way).
    const store = {
      write: async (key: string, part: TrafficPart) => {
        calls += 1;
        if (calls === 2) await good.write(key, part);
        if (calls <= 3) throw new Error('ingest down');
        await good.write(key, part);
      },
    };
    const waits: number[] = [];
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve(store),
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
    for (let i = 0; i < 500; i++) recorder.record(event({ target: `/p${i % 7}` }));
    await recorder.write();
    expect(waits).toEqual([500, 2000, 4500]);
    // The fourth attempt landed: the last wait was not needed.
    expect(good.parts.size).toBe(1);
    expect(trafficReport([...good.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(500);
  });

  test('with a timer (npm start), held counts are written when the interval ends, not one write per request', async () => {
    const store = createMemoryTrafficStore();
    let writes = 0;
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve({ write: (key, part) => (writes++, store.write(key, part)) }),
      intervalMs: 40,
      flushTimer: true,
    });
    const waiting: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      recorder.record(event());
      waiting.push(recorder.writeIfDue());
      if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Nothing more comes, and the last counts are still written.
    await Promise.all(waiting);
    expect(trafficReport([...store.parts.values()], '2026-11-26', '2026-11-26').requests).toBe(200);
    expect(writes).toBeLessThanOrEqual(4);
  });

  test('parts that cannot be written are kept up to maxPending; older ones are given up and said so', async () => {
    const errors: unknown[] = [];
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve({ write: () => Promise.reject(new Error('down')) }),
      retryDelaysMs: [],
      maxPending: 2,
      onError: (error) => errors.push(error),
    });
    for (let i = 0; i < 3; i++) {
      recorder.record(event());
      await recorder.write();
    }
    expect(recorder.pending()).toBe(2);
    expect(String(errors.at(-1))).toMatch(/1 older part\(s\) given up/);
  });

  test('at most maxHeld different counts are held; the rest are counted as dropped', async () => {
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store), maxHeld: 3 });
    for (let i = 0; i < 5; i++) recorder.record(event({ target: `/p${i}` }));
    recorder.record(event({ target: '/p0' }));
    await recorder.write();
    const report = trafficReport([...store.parts.values()], '2026-11-26', '2026-11-26');
    expect(report.requests).toBe(4);
    expect(report.dropped).toBe(2);
  });
});

describe('reading, reporting and pruning', () => {
  const part = (day: string, counts: TrafficPart['counts'], searches: TrafficPart['searches'] = []): TrafficPart => ({
    version: 1,
    day,
    counts,
    searches,
  });

  test('a stored value is a part only if it reads as one; bad rows are left out', () => {
    expect(readPart({ version: 2, day: '2026-11-26', counts: [], searches: [] })).toBeUndefined();
    expect(readPart('x')).toBeUndefined();
    expect(
      readPart({
        version: 1,
        day: '2026-11-26',
        counts: [
          ['page', '/', 'ok', 'browser', 'Chrome', 2],
          ['page', '/', 'ok', 'alien', 'X', 1],
          ['page', '/', 'ok', 'browser', 'Chrome', -1],
        ],
        searches: [
          ['en', 'q', 0, 1],
          ['en', 'q', 'x', 1],
        ],
        referrals: [
          ['/about', 'ok', 'ChatGPT', 3],
          ['/about', 'fine', 'ChatGPT', 1],
          ['/about', 'ok', '', 1],
          ['/about', 'ok', 'ChatGPT', 0],
          ['/about', 'ok', 'ChatGPT'],
        ],
      }),
    ).toEqual({
      version: 1,
      day: '2026-11-26',
      counts: [['page', '/', 'ok', 'browser', 'Chrome', 2]],
      searches: [['en', 'q', 0, 1]],
      referrals: [['/about', 'ok', 'ChatGPT', 3]],
    });
    // A part written before referrals were counted reads without them.
    expect(readPart({ version: 1, day: '2026-11-26', counts: [], searches: [] })).toEqual({
      version: 1,
      day: '2026-11-26',
      counts: [],
      searches: [],
    });
  });

  test('the report: agent share without the audit, MCP by client and tool, pages, discovery, gaps', () => {
    const report = trafficReport(
      [
        part('2026-11-25', [
          ['page', '/about', 'ok', 'browser', 'Chrome', 6],
          ['markdown', '/about', 'ok', 'ai-assistant', 'ChatGPT-User', 2],
          ['llms', '/llms.txt', 'ok', 'ai-training', 'GPTBot', 1],
          ['discovery', '/.well-known/mcp.json', 'not-found', 'mcp-client', 'claude-code 2', 1],
          ['mcp', 'tools/call search_site', 'ok', 'mcp-client', 'claude-code 2', 3],
          ['mcp', 'tools/call get_page_markdown', 'tool-error', 'mcp-client', 'claude-code 2', 1],
          ['resource', '/about', 'ok', 'mcp-client', 'cursor 1', 1],
          ['page', '/', 'ok', 'audit', 'npm run audit', 50],
        ]),
      ],
      '2026-11-20',
      '2026-11-26',
    );
    expect(report.requests).toBe(15);
    expect(report.audit).toBe(50);
    expect(report.agentRequests).toBe(9);
    expect(report.agentShare).toBeCloseTo(9 / 15);
    expect(report.days).toHaveLength(7);
    expect(report.days.find((day) => day.day === '2026-11-25')!.byClass['mcp-client']).toBe(6);
    expect(report.mcp.tools).toEqual([
      { tool: 'search_site', calls: 3, toolErrors: 0, protocolErrors: 0, errorRate: 0 },
      { tool: 'get_page_markdown', calls: 1, toolErrors: 1, protocolErrors: 0, errorRate: 1 },
    ]);
    expect(report.mcp.clients[0]).toMatchObject({ family: 'claude-code 2', calls: 4, errors: 1 });
    expect(report.pages[0]).toEqual({ path: '/about', requests: 3, html: 0, markdown: 2, resource: 1 });
    expect(report.discovery).toContainEqual({
      path: '/.well-known/mcp.json',
      requests: 1,
      agentRequests: 1,
      notFound: 1,
    });
  });

  test('prune deletes whole days before the retention period and nothing after', async () => {
    const store = createMemoryTrafficStore();
    for (const day of ['2026-08-27', '2026-08-28', '2026-11-26'])
      await store.write(`${day}.x.0001`, part(day, [['page', '/', 'ok', 'browser', 'Chrome', 1]]));
    const now = new Date('2026-11-26T12:00:00Z');
    // 90 days ending today: 26 November and the 89 days before it.
    expect(firstKeptDay(now, 90)).toBe('2026-08-29');
    expect(firstKeptDay(now, 1)).toBe('2026-11-26');
    expect(await pruneTraffic(store, now, 90, true)).toEqual({ days: ['2026-08-27', '2026-08-28'], parts: 2 });
    expect(store.parts.size).toBe(3);
    await pruneTraffic(store, now, 90);
    expect([...store.parts.keys()]).toEqual(['2026-11-26.x.0001']);
  });
});

describe("the search page's searches", () => {
  test('are counted as page views and, apart from search_site, as searches of their own', async () => {
    const classify = createClassifier(agentPatterns());
    const time = new Date('2026-11-26T10:00:00Z');
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36';
    const person = trafficEvents(
      {
        method: 'GET',
        pathname: '/nl/search',
        wantsMarkdown: false,
        userAgent: browser,
        status: 200,
        notes: [],
        time,
        searchPage: true,
        pageSearch: { query: 'xylofoon', language: 'nl', results: 0 },
      },
      classify,
    );
    expect(person).toEqual([
      {
        day: '2026-11-26',
        surface: 'page',
        target: '/nl/search',
        outcome: 'ok',
        client: { class: 'browser', family: expect.any(String) },
        pageSearch: { query: 'xylofoon', language: 'nl', results: 0 },
      },
    ]);
    // A POST to the page is no page view.
    expect(
      trafficEvents(
        {
          method: 'POST',
          pathname: '/search',
          wantsMarkdown: false,
          userAgent: browser,
          status: 405,
          notes: [],
          time,
          searchPage: true,
        },
        classify,
      ),
    ).toEqual([]);
    const store = createMemoryTrafficStore();
    const recorder = createTrafficRecorder({ store: () => Promise.resolve(store) });
    recorder.record(person[0]!, 2);
    recorder.record(
      trafficEvent({
        surface: 'mcp',
        target: 'tools/call search_site',
        search: { query: 'quantum', language: 'en', results: 0 },
      }),
    );
    await recorder.write();
    const parts = await readParts(store, '2026-11-26', '2026-11-26');
    // Parts read back keep the rows (a part without any, written before, reads as none).
    expect(readPart(JSON.parse(JSON.stringify(parts[0])))?.pageSearches).toEqual([['nl', 'xylofoon', 0, 2]]);
    const report = trafficReport(parts, '2026-11-26', '2026-11-26');
    expect(report.pageGaps).toEqual([{ query: 'xylofoon', language: 'nl', searches: 2, results: 0 }]);
    expect(report.pageSearches).toEqual({ total: 2, withoutResults: 2, weak: 0, distinct: 1 });
    expect(report.gaps).toEqual([{ query: 'quantum', language: 'en', searches: 1, results: 0 }]);
    expect(report.searches.total).toBe(1);
  });
});
