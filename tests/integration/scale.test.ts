/**
 * A site of a few thousand entries under `npm start`, as a company with years of published work
 * has: a copy of this project whose content/ gains 1,000 generated entries
 * (scripts/scale/generate-entries.ts), built and served by its own netlify-cli. Through the
 * served MCP endpoint it reads a generated page (the same bytes as its served Markdown sibling)
 * and finds a generated entry by the one word only it contains; resources/list pages through
 * every page a bounded answer at a time; listings are served a page at a time.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGeneratedEntries, uniqueWord } from '../../scripts/scale/generate-entries.ts';
import { RESOURCE_PAGE_SIZE } from '../../src/site/bounds.ts';
import { startSiteOfItsOwn, type SiteOfItsOwn } from './server.ts';

const ENTRIES = 1_000;
let site: SiteOfItsOwn;

beforeAll(async () => {
  site = await startSiteOfItsOwn('scale', {
    prepare: (project) => addGeneratedEntries(path.join(project, 'content'), ENTRIES),
    description: `a site of ${ENTRIES} more entries`,
  });
}, 420_000);

afterAll(() => site?.stop());

async function mcp(id: number, name: string, args: Record<string, unknown>) {
  const response = await fetch(`${site.baseUrl}/api/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      result: { isError?: boolean; structuredContent: Record<string, unknown>; content: { text: string }[] };
    }
  ).result;
}

describe(`a site of ${ENTRIES.toLocaleString('en-US')} generated entries more, under npm start`, () => {
  test('get_page_markdown reads a generated page: exactly its served Markdown sibling', async () => {
    const pagePath = '/case-studies/generated-case-123';
    const result = await mcp(1, 'get_page_markdown', { path: pagePath });
    expect(result.isError).toBeUndefined();
    const served = await (await fetch(`${site.baseUrl}${pagePath}`, { headers: { Accept: 'text/markdown' } })).text();
    expect(result.content[0]!.text).toBe(served);
    expect(served).toContain(uniqueWord(122));
  });

  test('resources/list pages through every page with its cursor, each answer bounded; a generated page reads as its sibling', async () => {
    const rpc = async (method: string, params: Record<string, unknown>) => {
      const response = await fetch(`${site.baseUrl}/api/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      return { bytes: text.length, result: JSON.parse(text).result };
    };
    const uris = new Set<string>();
    let cursor: string | undefined;
    let largest = 0;
    do {
      const { bytes, result } = await rpc('resources/list', cursor === undefined ? {} : { cursor });
      expect(result.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
      largest = Math.max(largest, bytes);
      for (const resource of result.resources as { uri: string }[]) uris.add(resource.uri);
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    expect(uris.size).toBeGreaterThan(ENTRIES);
    expect(largest).toBeLessThan(100_000);
    // The last generated entry is an insight (scripts/scale/generate-entries.ts numbers them after the case studies).
    const pagePath = `/insights/generated-insight-${ENTRIES}`;
    const uri = [...uris].find((entry) => entry.endsWith(pagePath));
    expect(uri, `${pagePath} is listed`).toBeDefined();
    const { result } = await rpc('resources/read', { uri });
    const served = await (await fetch(`${site.baseUrl}${pagePath}`, { headers: { Accept: 'text/markdown' } })).text();
    expect(result.contents[0].text).toBe(served);
  });

  test('search_site finds a generated entry by the word only it contains', async () => {
    for (const index of [7, 567, ENTRIES - 1]) {
      const result = await mcp(2, 'search_site', { query: uniqueWord(index), limit: 3 });
      const first = (result.structuredContent.results as { url: string }[])[0];
      expect(first?.url, uniqueWord(index)).toMatch(new RegExp(`/generated-(case|insight)-${index + 1}$`));
    }
  });

  test('listings are served a page at a time, as HTML and as Markdown', async () => {
    const markdown = await (
      await fetch(`${site.baseUrl}/insights/page/2`, { headers: { Accept: 'text/markdown' } })
    ).text();
    expect(markdown).toMatch(/^# Insights \(page 2 of \d+\)/);
    expect(markdown).toContain('[Next page](/insights/page/3)');
    const html = await fetch(`${site.baseUrl}/insights/page/2`);
    expect(html.status).toBe(200);
    // A later page of a listing points to its Markdown sibling in its headers too.
    expect(html.headers.get('link')).toContain('</insights/page/2.md>; rel="alternate"; type="text/markdown"');
    expect(await html.text()).toContain('rel="next"');
  });
});
