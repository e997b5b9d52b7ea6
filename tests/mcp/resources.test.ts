/** Pages as MCP resources: resources/list, resources/read, the URI template and its completion. */
import {
  CompleteResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import type { ArtefactReader } from '../../src/artefacts/reader.ts';
import type { PageIndexEntry, PageRecord } from '../../src/artefacts/schema.ts';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { ERROR_CODES } from '../../src/mcp/jsonrpc.ts';
import { COMPLETION_MAX, createResources } from '../../src/mcp/resources.ts';
import { RESOURCE_PAGE_SIZE } from '../../src/site/bounds.ts';
import { languageOfPath } from '../../src/site/languages.ts';
import { mcpRequest, modernHeaders, modernMeta, sampleAgent, sampleArtefacts, send } from './fixtures.ts';

const handler = createMcpHandler(sampleAgent());
const { head } = sampleAgent();
const site = head.site;
const pages = sampleArtefacts().pages;

const rpc = async (method: string, params: Record<string, unknown> = {}) =>
  (await send(handler, mcpRequest({ jsonrpc: '2.0', id: 1, method, params }))).json;
const modern = async (method: string, params: Record<string, unknown> = {}, name?: string) =>
  send(
    handler,
    mcpRequest(
      { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: modernMeta() } },
      modernHeaders(method, name),
    ),
  );

describe('resources/list', () => {
  test('lists every published page of every language once, in site order, with its URL, title, description, type, size and language', async () => {
    const resources: { uri: string; _meta?: { [key: string]: unknown } }[] = [];
    let cursor: string | undefined;
    do {
      const listed = ListResourcesResultSchema.parse((await rpc('resources/list', cursor ? { cursor } : {})).result);
      expect(listed.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
      resources.push(...listed.resources);
      cursor = listed.nextCursor;
    } while (cursor);
    expect(resources.map((resource) => resource.uri)).toEqual(pages.map((page) => `${site.baseUrl}${page.path}`));
    const languages = { default: head.languages![0]!, codes: head.languages! };
    for (const page of pages) {
      const resource = resources.find((entry) => entry.uri === `${site.baseUrl}${page.path}`)!;
      expect(resource).toEqual({
        uri: `${site.baseUrl}${page.path}`,
        name: page.path,
        title: page.title,
        description: page.description,
        mimeType: 'text/markdown',
        size: new TextEncoder().encode(page.markdown).byteLength,
        _meta: { language: languageOfPath(languages, page.path) },
      });
    }
    // The default language's pages first, then each other language's.
    const order = resources.map((resource) => resource._meta!.language as string);
    expect([...new Set(order)]).toEqual(head.languages);
    expect(order).toEqual([...order].sort((a, b) => head.languages!.indexOf(a) - head.languages!.indexOf(b)));
  });

  test('no draft is listed', async () => {
    const { result } = await rpc('resources/list');
    const names: string[] = result.resources.map((resource: { name: string }) => resource.name);
    const drafts = ['/case-studies/draft-unannounced-bank', '/insights/draft-unpublished-thoughts', '/draft-careers'];
    for (const draft of drafts) expect(names).not.toContain(draft);
    expect(names.filter((name) => name.includes('draft'))).toEqual([]);
  });

  test('a cursor this deployment did not issue is -32602 with what to do', async () => {
    for (const cursor of ['abc', '', Buffer.from(`100@another-build`).toString('base64url'), '!!']) {
      const { error } = await rpc('resources/list', { cursor });
      expect(error.code).toBe(ERROR_CODES.invalidParams);
      expect(error.message).toMatch(/without a cursor/);
    }
  });

  test('2026-07-28: the list is complete and cacheable', async () => {
    const answer = await modern('resources/list');
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(answer.json.result.resources).toHaveLength(Math.min(pages.length, RESOURCE_PAGE_SIZE));
  });
});

describe('resources/read', () => {
  test("every page's content is its .md sibling, byte for byte", async () => {
    for (const page of pages) {
      const uri = `${site.baseUrl}${page.path}`;
      const read = ReadResourceResultSchema.parse((await rpc('resources/read', { uri })).result);
      expect(read.contents).toEqual([{ uri, mimeType: 'text/markdown', text: page.markdown }]);
    }
  });

  test('an unknown URI is -32002 (2025) with the closest pages; the data names the URI', async () => {
    const uri = `${site.baseUrl}/services/cloud-migratoin`;
    const { error } = await rpc('resources/read', { uri });
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('Resource not found');
    expect(error.message).toMatch(/closest: .*\/services\//);
    expect(error.message).toContain('search_site');
    expect(error.data).toEqual({ uri });
  });

  test('2026-07-28: an unknown URI is -32602, as that revision specifies', async () => {
    const uri = `${site.baseUrl}/nothing-here`;
    const answer = await modern('resources/read', { uri }, uri);
    expect(answer.status).toBe(200);
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.error.message).toContain('Resource not found');
  });

  test('a draft is not found', async () => {
    for (const path of [
      '/case-studies/draft-unannounced-bank',
      '/insights/draft-unpublished-thoughts',
      '/draft-careers',
    ]) {
      const { error } = await rpc('resources/read', { uri: `${site.baseUrl}${path}` });
      expect(error.code).toBe(-32002);
    }
  });

  test('another spelling of a page URL is not its URI, and the error names the right one', async () => {
    const page = pages.find((entry) => entry.path !== '/')!;
    for (const uri of [
      `${site.baseUrl}${page.path}/`,
      `${site.baseUrl}${page.path}.md`,
      `${site.agentUrl}${page.path}`,
    ]) {
      const { error } = await rpc('resources/read', { uri });
      expect(error.code).toBe(-32002);
      expect(error.message).toContain(`The page's resource URI is ${site.baseUrl}${page.path}`);
    }
  });

  test('other schemes, traversal and odd input are not found; a missing uri is invalid params', async () => {
    for (const uri of [
      'file:///etc/passwd',
      `${site.baseUrl}/../pages/index`,
      `${site.baseUrl}/%2e%2e/x`,
      'x'.repeat(5000),
    ]) {
      const { error } = await rpc('resources/read', { uri });
      expect(error.code).toBe(-32002);
      expect(error.message.length).toBeLessThan(1200);
    }
    expect((await rpc('resources/read', {})).error.code).toBe(ERROR_CODES.invalidParams);
    expect((await rpc('resources/read', { uri: 42 })).error.code).toBe(ERROR_CODES.invalidParams);
  });

  test('2026-07-28: a read is complete and carries caching hints', async () => {
    const uri = `${site.baseUrl}/`;
    const answer = await modern('resources/read', { uri }, uri);
    expect(answer.json.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(answer.json.result.contents[0].text).toBe(pages.find((page) => page.path === '/')!.markdown);
  });
});

describe('resources/templates/list and completion of the path', () => {
  test('one template for every page', async () => {
    const listed = ListResourceTemplatesResultSchema.parse((await rpc('resources/templates/list')).result);
    expect(listed.resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: `${site.baseUrl}/{+path}`, name: 'page', mimeType: 'text/markdown' }),
    ]);
  });

  test('completes page paths: prefix matches first, then the rest that contain the text', async () => {
    const ref = { type: 'ref/resource', uri: `${site.baseUrl}/{+path}` };
    const { result } = await rpc('completion/complete', { ref, argument: { name: 'path', value: 'serv' } });
    const { completion } = CompleteResultSchema.parse(result);
    const paths = pages.map((page) => page.path.slice(1)).filter((path) => path !== '');
    const expected = [
      ...paths.filter((path) => path.startsWith('serv')),
      ...paths.filter((path) => !path.startsWith('serv') && path.includes('serv')),
    ];
    expect(completion.values[0]).toBe('services');
    expect(completion.values).toEqual(expected);
    expect(completion).toMatchObject({ total: expected.length, hasMore: false });
    const again = await rpc('completion/complete', { ref, argument: { name: 'path', value: '/case-studies/kestrel' } });
    expect(again.result.completion.values).toEqual(['case-studies/kestrel-bank-core-ledger']);
    const inside = await rpc('completion/complete', { ref, argument: { name: 'path', value: 'ledger' } });
    expect(inside.result.completion.values).toContain('case-studies/kestrel-bank-core-ledger');
  });

  test('an unknown template or argument is -32602', async () => {
    const unknown = await rpc('completion/complete', {
      ref: { type: 'ref/resource', uri: 'file:///{path}' },
      argument: { name: 'path', value: '' },
    });
    expect(unknown.error.code).toBe(ERROR_CODES.invalidParams);
    expect(unknown.error.message).toContain(`${site.baseUrl}/{+path}`);
    const argument = await rpc('completion/complete', {
      ref: { type: 'ref/resource', uri: `${site.baseUrl}/{+path}` },
      argument: { name: 'slug', value: '' },
    });
    expect(argument.error.code).toBe(ERROR_CODES.invalidParams);
    expect((await rpc('completion/complete', { ref: { type: 'ref/other' } })).error.code).toBe(
      ERROR_CODES.invalidParams,
    );
  });
});

describe('a broken artefact', () => {
  test('is -32603 for the client and one line naming the method and the file for the operator', async () => {
    const files = sampleArtefacts().agent.files.filter(({ file }) => file !== ARTEFACT_FILES.pageIndex);
    const reported: string[] = [];
    const broken = createMcpHandler({
      ...sampleAgent(files),
      onArtefactError: (method, error) => reported.push(`${method}: ${error.file} ${error.problem}`),
      onError: () => reported.push('unexpected'),
    });
    const answer = await send(broken, mcpRequest({ jsonrpc: '2.0', id: 1, method: 'resources/list' }));
    expect(answer.status).toBe(500);
    expect(answer.json.error).toEqual({ code: -32603, message: 'Internal error. Try again later.' });
    expect(reported).toEqual([`resources/list: ${ARTEFACT_FILES.pageIndex} missing`]);
  });
});

describe('at 10,000 pages', () => {
  const COUNT = 10_000;
  const entries: PageIndexEntry[] = Array.from({ length: COUNT }, (_, index) => [
    index === 0 ? '/' : `/insights/article-${index}`,
    `Article ${index}`,
    index === 0 ? 'home' : 'insight',
    `What article ${index} is about, in a sentence or two of summary text for the listing.`,
    4000,
  ]);
  let recordsRead = 0;
  const reader = {
    pageIndex: () => Promise.resolve({ pages: entries }),
    page: (path: string) => {
      recordsRead++;
      const entry = entries.find(([known]) => known === path);
      const record: PageRecord | undefined = entry && {
        path,
        markdownPath: `${path}.md`,
        kind: entry[2],
        title: entry[1],
        description: entry[3],
        markdown: `# ${entry[1]}\n`,
      };
      return Promise.resolve(record);
    },
  } as unknown as ArtefactReader;
  const resources = createResources(site, 'big-build', reader);

  test('the cursor walks every page once, each answer bounded; no page record is read to list', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let answers = 0;
    do {
      const outcome = await resources.list(cursor);
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.value.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
      expect(JSON.stringify(outcome.value).length).toBeLessThan(40_000);
      seen.push(...outcome.value.resources.map((resource) => resource.name));
      cursor = outcome.value.nextCursor;
      answers++;
    } while (cursor !== undefined);
    expect(answers).toBe(COUNT / RESOURCE_PAGE_SIZE);
    expect(seen).toEqual(entries.map(([path]) => path));
    expect(recordsRead).toBe(0);
  });

  test('a cursor past the end, or not on a page boundary, is refused', async () => {
    const past = Buffer.from(`${COUNT}@big-build`).toString('base64url');
    const odd = Buffer.from('150@big-build').toString('base64url');
    for (const cursor of [past, odd]) expect((await resources.list(cursor)).ok).toBe(false);
  });

  test('completion answers at most 100 values, with the total', async () => {
    const completion = await resources.completePath('insights/article-1');
    expect(completion.values).toHaveLength(COMPLETION_MAX);
    expect(completion.hasMore).toBe(true);
    expect(completion.total).toBe(1111);
    expect(completion.values[0]).toBe('insights/article-1');
  });

  test('a read reads that one page record', async () => {
    recordsRead = 0;
    const outcome = await resources.read(`${site.baseUrl}/insights/article-9999`, 'legacy');
    expect(outcome.ok && outcome.value.contents[0].text).toBe('# Article 9999\n');
    expect(recordsRead).toBe(1);
  });
});
