/**
 * Pages as MCP resources and the prompts, against the served /api/mcp (`npm start`): the SDK's
 * Client lists every resource (following nextCursor), reads each one and compares it with the
 * served `.md` sibling byte for byte, and finds no draft; then the errors, the page template and
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
  // From a loopback address of its own: reading every page of every language takes more requests
  // than one address may send in a minute alongside the other test files.
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

  test("every resource reads as the served .md sibling, byte for byte, and its size is the sibling's", async () => {
    for (const resource of resources) {
      const [read, served] = await Promise.all([
        client.readResource({ uri: resource.uri }),
        get(markdownPath(pathOf(resource.uri))),
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
  });

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
