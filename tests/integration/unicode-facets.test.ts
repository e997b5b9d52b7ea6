/**
 * Industries named in another script, served as Netlify serves them: a copy of this project whose
 * sample logistics case studies are in the industry 物流 and one bank in 金融 (before addresses
 * kept every script, both were the empty address and the build stopped), built and served with
 * `npm start`. The filter page answers at its percent-encoded address (either case of hex), as
 * its Markdown sibling and by negotiation; its files in dist/ carry the written-out name; every
 * place that prints its address prints it encoded; it links its Dutch counterpart (the Dutch
 * translation of a 物流 case study says Logistiek) and back; and the MCP tools take the name.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { fetchFrom, randomLoopbackAddress } from './http.ts';
import { startSite, type RunningSite } from './server.ts';

const root = inject('projectRoot');
const ORIGIN = 'https://www.northbeam.example';
const LOGISTICS = '/case-studies/industry/%E7%89%A9%E6%B5%81';
const DUTCH = '/nl/case-studies/industry/logistiek';
const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};

let project: string;
let site: RunningSite;
/** Requests from an address of this file's own, so the rate-limit budget other tests share is untouched. */
const fetchHere = fetchFrom(randomLoopbackAddress());
const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetchHere(`${site.baseUrl}${pathname}`, { headers });

/** Replaces `from` in a content file of the copy, which must hold it. */
function rewrite(file: string, from: RegExp, to: string): void {
  const target = path.join(project, 'content', file);
  const text = readFileSync(target, 'utf8');
  if (!from.test(text)) throw new Error(`${file} has no ${String(from)}`);
  writeFileSync(target, text.replace(from, to));
}

async function callTool(name: string, args: Record<string, unknown>) {
  const response = await fetchHere(`${site.baseUrl}/api/mcp`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  return ((await response.json()) as { result: { isError?: boolean; structuredContent?: Record<string, unknown> } })
    .result;
}

beforeAll(async () => {
  project = projectCopy('unicode-facets', true);
  for (const slug of [
    'havenline-freight-route-data',
    'nordic-logistics-developer-platform',
    'north-sea-port-terminal-modernisation',
  ])
    rewrite(`case-studies/${slug}.mdx`, /^industry: Logistics$/m, 'industry: 物流');
  rewrite('case-studies/kestrel-bank-core-ledger.mdx', /^industry: .*$/m, 'industry: 金融');
  site = await startSite({
    cwd: project,
    log: path.join(root, 'test-results/unicode-facets-server.log'),
    label: 'the sample site with industries in Japanese',
  });
}, 300_000);

afterAll(() => {
  site?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('an industry named in Japanese', () => {
  test('is a page at its encoded address, in either case of hex, from a file named in Japanese', async () => {
    for (const pathname of [LOGISTICS, LOGISTICS.toLowerCase()]) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('物流');
    }
    expect(existsSync(path.join(project, 'dist/case-studies/industry/物流.html'))).toBe(true);
    expect(existsSync(path.join(project, 'dist/case-studies/industry/物流.md'))).toBe(true);
    expect((await get('/case-studies/industry/%E9%87%91%E8%9E%8D')).status).toBe(200);
  });

  test('has its Markdown sibling, also by negotiation', async () => {
    const sibling = await get(`${LOGISTICS}.md`);
    expect(sibling.status).toBe(200);
    expect(sibling.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await sibling.text()).toContain('物流');
    const negotiated = await get(LOGISTICS, { Accept: 'text/markdown' });
    expect(negotiated.status).toBe(200);
    expect(negotiated.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(negotiated.headers.get('link')).toContain(`<${LOGISTICS}>; rel="alternate"; type="text/html"`);
  });

  test('links its Dutch counterpart and back, in the Link header and the HTML, encoded', async () => {
    const page = await get(LOGISTICS);
    expect(page.headers.get('link')).toContain(
      `<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="en", <${ORIGIN}${DUTCH}>; rel="alternate"; hreflang="nl", ` +
        `<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="x-default"`,
    );
    const html = await page.text();
    expect(html).toContain(`<link rel="alternate" hreflang="nl" href="${ORIGIN}${DUTCH}">`);
    const dutch = await get(DUTCH);
    expect(dutch.headers.get('link')).toContain(`<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="x-default"`);
    expect(await dutch.text()).toContain(`href="${LOGISTICS}"`);
  });

  test('every file that prints its address prints it encoded', async () => {
    expect(await (await get('/case-studies')).text()).toContain(`href="${LOGISTICS}"`);
    expect(await (await get('/case-studies.md')).text()).toContain(`(${LOGISTICS})`);
    expect(await (await get('/llms.txt')).text()).toContain(`${ORIGIN}${LOGISTICS}.md`);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}${LOGISTICS}</loc>`);
    expect(sitemap).not.toMatch(/[^\p{ASCII}]/u);
  });

  test('the MCP tools take its name, and read its page written out or encoded', async () => {
    const listed = await callTool('list_case_studies', { industry: '物流' });
    expect(listed.structuredContent).toMatchObject({ industry: '物流', total: 3 });
    const inDutch = await callTool('list_case_studies', { industry: '物流', language: 'nl' });
    expect(inDutch.structuredContent).toMatchObject({ industry: 'Logistiek', total: 1 });
    for (const pathname of ['/case-studies/industry/物流', LOGISTICS]) {
      const read = await callTool('get_page_markdown', { path: pathname });
      expect(read.isError, pathname).toBeUndefined();
      expect(read.structuredContent).toMatchObject({ path: LOGISTICS, url: `${ORIGIN}${LOGISTICS}` });
    }
  });
});
