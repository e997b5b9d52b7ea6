/**
 * Pages as MCP resources and the prompts, against the served /api/mcp (`npm start`): the SDK's
 * Client lists every resource (following nextCursor) and finds no draft, reads one page of each
 * kind in each language and compares it with the served `.md` sibling byte for byte (that every
 * page's content is its sibling is proven in process for all of them, tests/mcp/resources.test.ts;
 * each read here is a netlify-cli function call of about 0.3 s of CPU); then the errors, the page template and
 * its completion, the prompts, and the same over 2026-07-28 requests.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { markdownPath } from '../../src/site/urls.ts';
import { RESOURCE_PAGE_SIZE } from '../../src/site/bounds.ts';
import { baseUrl, DRAFT_WORDS, fetchFrom, get, PUBLIC_ORIGIN, randomLoopbackAddress } from './http.ts';
import { PROMPT_NAMES } from '../../src/mcp/prompt-catalog.ts';

let client: Client;
const resources: Resource[] = [];

beforeAll(async () => {
  client = new Client({ name: 'integration-tests', version: '1.0.0' });
  // From a loopback address of its own, so that this file spends none of the rate-limit budget of
  // 127.0.0.1 that the other test files share (the resources are read from addresses of their own:
  // readEachKind).
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), { fetch: fetchFrom(randomLoopbackAddress()) }),
  );
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    expect(page.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
});

afterAll(async () => {
  await client?.close();
});

const pathOf = (uri: string) => new URL(uri).pathname;

/** Resources read one after the other first, to measure what one read and its sibling cost. */
const WARM_UP = 3;
/** Allowance for the warm-up reads within the test's timeout. */
const WARM_UP_LIMIT_MS = 120_000;
/**
 * The rest are read this many at a time. More barely helps: a read costs CPU, not waiting
 * (measured on a busy machine: 0.65 to 0.86 s a resource four at a time, 0.72 to 0.82 s one by one).
 */
const READERS = 2;
/** Reads from one loopback address at most, far below the 120 a minute one client may send. */
const READS_PER_ADDRESS = 40;
/** The budget for the rest: this many times their measured cost, within the floor and the ceiling. */
const BUDGET_FACTOR = 5;
const BUDGET_FLOOR_MS = 30_000;
const BUDGET_CEILING_MS = 480_000;

/**
 * One resource of each kind of page in each language: the first listed whose path starts with
 * the same language and section (`/nl/services/…`, `/insights/…`), and each page that is a
 * section of its own (`/about`, `/`).
 */
function oneOfEachKind(all: readonly Resource[]): Resource[] {
  const seen = new Set<string>();
  return all.filter((resource) => {
    const segments = pathOf(resource.uri).split('/').filter(Boolean);
    // A language's pages start with its code (`/nl/…`); the default language's have none.
    const language = /^[a-z]{2}(-[a-z0-9]+)?$/i.test(segments[0] ?? '') ? segments.shift() : '';
    const kind = `${language}/${segments.length > 1 ? segments[0] : (segments[0] ?? '')}`;
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

/** Reads `resource` and fetches its `.md` sibling, and checks they are the same bytes. */
async function expectReadAsSibling(reader: Client, resource: Resource, signal?: AbortSignal) {
  const [read, served] = await Promise.all([
    reader.readResource({ uri: resource.uri }, { signal }),
    get(markdownPath(pathOf(resource.uri)), { signal }),
  ]);
  expect(served.status, resource.uri).toBe(200);
  const bytes = new Uint8Array(await served.arrayBuffer());
  expect(read.contents).toHaveLength(1);
  const contents = read.contents[0]! as { uri: string; mimeType: string; text: string };
  expect(contents.uri).toBe(resource.uri);
  expect(contents.mimeType).toBe('text/markdown');
  expect(new TextEncoder().encode(contents.text), resource.uri).toEqual(bytes);
  expect(resource.size).toBe(bytes.byteLength);
}

/**
 * Reads one resource of each kind (oneOfEachKind) and compares it with its `.md` sibling, within a budget measured here: the
 * first WARM_UP are read one after the other and timed, and the rest (READERS at a time) must
 * take at most BUDGET_FACTOR times the median of those times per resource, within the floor and
 * the ceiling. Each read is a fresh function invocation under npm start (0.3 s on a quiet 2-core
 * machine, 1 to 3 s on a busy one), so a fixed limit is either too tight for a busy machine or too
 * loose to notice anything on a quiet one. The reads leave from several loopback addresses of
 * their own (READS_PER_ADDRESS each), so that no address nears the rate limit however fast they go.
 */
async function readEachKind() {
  const sample = oneOfEachKind(resources);
  const addresses = Array.from({ length: Math.ceil(sample.length / READS_PER_ADDRESS) }, () =>
    fetchFrom(randomLoopbackAddress()),
  );
  let sent = 0;
  const spread: typeof fetch = (input, init) => addresses[sent++ % addresses.length]!(input, init);
  const reader = new Client({ name: 'integration-tests-reader', version: '1.0.0' });
  await reader.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), { fetch: spread }));
  try {
    const costs: number[] = [];
    for (const resource of sample.slice(0, WARM_UP)) {
      const started = performance.now();
      await expectReadAsSibling(reader, resource);
      costs.push(performance.now() - started);
    }
    const cost = [...costs].sort((a, b) => a - b)[Math.floor(costs.length / 2)]!;
    const rest = sample.slice(WARM_UP);
    const budget = Math.min(BUDGET_CEILING_MS, Math.max(BUDGET_FLOOR_MS, BUDGET_FACTOR * cost * rest.length));

    // Stops the readers when the budget is spent or a resource fails; the first failure is reported.
    const stop = new AbortController();
    let overBudget = false;
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      overBudget = true;
      stop.abort();
    }, budget);
    const started = performance.now();
    let next = 0;
    let checked = 0;
    await Promise.all(
      Array.from({ length: READERS }, async () => {
        while (next < rest.length && !stop.signal.aborted) {
          try {
            await expectReadAsSibling(reader, rest[next++]!, stop.signal);
            checked += 1;
          } catch (error) {
            if (!stop.signal.aborted) failure = error instanceof Error ? error : new Error(String(error));
            stop.abort();
          }
        }
      }),
    );
    clearTimeout(timer);
    if (failure) throw failure;
    const took = performance.now() - started;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const summary =
      `${rest.length} resources after ${WARM_UP} measured at ${seconds(cost)} each (median of ` +
      `${costs.map(seconds).join(', ')}): budget ${seconds(budget)}, took ${seconds(took)}`;
    console.log(`[resources] ${summary}`);
    expect(overBudget, `not all read within the budget: ${summary}`).toBe(false);
    expect(checked, 'every resource checked').toBe(rest.length);
  } finally {
    await reader.close();
  }
}

/** One 2026-07-28 request over HTTP. */
async function modern(method: string, params: Record<string, unknown>, name?: string) {
  const response = await fetch(`${baseUrl()}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'integration-tests', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert on the fields
  const json: any = await response.json();
  return { status: response.status, json };
}

describe('resources over HTTP', () => {
  test('initialize advertises resources, prompts and completions', () => {
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {}, completions: {} });
  });

  test('every page of the sitemap is listed once, and no draft', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1]!));
    const listed = resources.map((resource) => pathOf(resource.uri));
    expect(new Set(listed).size).toBe(listed.length);
    for (const loc of locs) expect(listed).toContain(loc);
    expect(JSON.stringify(resources)).not.toMatch(DRAFT_WORDS);
    for (const resource of resources) {
      expect(resource.uri.startsWith(`${PUBLIC_ORIGIN}/`)).toBe(true);
      expect(resource.mimeType).toBe('text/markdown');
    }
  });

  // Its time budget comes from the measured cost of a read on this machine now, not a fixed
  // number: see readEachKind.
  test(
    "a page of each kind in each language reads as the served .md sibling, byte for byte, and its size is the sibling's",
    async () => {
      await readEachKind();
    },
    WARM_UP_LIMIT_MS + BUDGET_CEILING_MS,
  );

  test('a draft or unknown URI is resource-not-found (-32002) with a hint', async () => {
    for (const path of ['/case-studies/draft-unannounced-bank', '/draft-careers', '/services/nothing']) {
      const error = await client.readResource({ uri: `${PUBLIC_ORIGIN}${path}` }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32002);
      expect((error as McpError).message).toMatch(/resources\/list|search_site/);
    }
  });

  test('a stale cursor is -32602', async () => {
    const stale = Buffer.from(`${RESOURCE_PAGE_SIZE}@another-build`).toString('base64url');
    const error = await client.listResources({ cursor: stale }).catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(-32602);
  });

  test('the page template and the completion of its path', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([`${PUBLIC_ORIGIN}/{+path}`]);
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: `${PUBLIC_ORIGIN}/{+path}` },
      argument: { name: 'path', value: 'services/' },
    });
    expect(completion.values.length).toBeGreaterThan(0);
    // The default language's services first (they start with it), then the other languages' (nl/services/…).
    expect(completion.values[0]!.startsWith('services/')).toBe(true);
    for (const value of completion.values) {
      expect(value).toMatch(/^(?:[a-z-]+\/)?services\//);
      expect(resources.map((resource) => resource.uri)).toContain(`${PUBLIC_ORIGIN}/${value}`);
    }
  });

  test('2026-07-28: resources/read is complete and cacheable; an unknown URI is -32602', async () => {
    const uri = resources[0]!.uri;
    const read = await modern('resources/read', { uri }, uri);
    expect(read.status).toBe(200);
    expect(read.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    expect(read.json.result.contents[0].uri).toBe(uri);
    const missing = await modern('resources/read', { uri: `${PUBLIC_ORIGIN}/nope` }, `${PUBLIC_ORIGIN}/nope`);
    expect(missing.json.error.code).toBe(-32602);
    const discover = await modern('server/discover', {});
    expect(discover.json.result.capabilities).toMatchObject({ resources: {}, prompts: {}, completions: {} });
  });
});

describe('prompts over HTTP', () => {
  test('prompts/list and prompts/get of each prompt', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(PROMPT_NAMES);
    const brief = await client.getPrompt({ name: 'company_brief' });
    const home = brief.messages.find((message) => message.content.type === 'resource')!.content as {
      resource: { uri: string; text: string };
    };
    expect(home.resource.uri).toBe(`${PUBLIC_ORIGIN}/`);
    expect(home.resource.text).toBe(await (await get('/index.md')).text());

    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'relevant_work' },
      argument: { name: 'topic', value: '' },
    });
    const work = await client.getPrompt({ name: 'relevant_work', arguments: { topic: completion.values[0]! } });
    const links = work.messages.filter((message) => message.content.type === 'resource_link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(resources.map((resource) => resource.uri)).toContain((link.content as { uri: string }).uri);

    const contact = await client.getPrompt({ name: 'contact_request', arguments: { topic: 'a cloud move' } });
    const text = (contact.messages[0]!.content as { text: string }).text;
    expect(text).toContain('start_conversation');
    expect(text).toMatch(/Only if I say yes/);
  });

  test('an invalid argument is -32602 with what to send', async () => {
    const error = await client
      .getPrompt({ name: 'relevant_work', arguments: { topic: 'underwater basket weaving' } })
      .catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain('completion/complete');
  });
});
