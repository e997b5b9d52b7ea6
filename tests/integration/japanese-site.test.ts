/**
 * A site in a language written without spaces, served as Netlify serves it: a copy of this
 * project whose content/ is the Japanese test site (tests/fixtures/japanese-company: Japanese by
 * default, English partly translated, industries and tags in Japanese script), built and served
 * with `npm start`. An industry named in Japanese is a page at its percent-encoded address (either
 * case of hex), as its Markdown sibling and by negotiation; its files in dist/ carry the
 * written-out name; every place that prints its address prints it encoded; it links its English
 * counterpart (the English translation of a 物流 case study says Logistics) and back; the MCP
 * tools take the name in either language. Search answers Japanese questions over HTTP; the
 * crawl from both home pages and the 404 page finds no dead link; every sitemap entry has its
 * alternates and x-default; the English pages link the Japanese contact and privacy pages, marked
 * as Japanese; the build says what search does for Japanese; and without a logo, the icons are
 * the name's first character, drawn without a Japanese font installed, and the manifest is in Japanese.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { JAPANESE_FIXTURE } from '../../scripts/bench/search-answers.ts';
import { DEFAULT_COLORS } from '../../src/schemas/brand.ts';
import { ICON_FILES, ICONS, WEB_MANIFEST } from '../../src/site/icons.ts';
import { API_FUNCTION, crawlServer, describeProblems, siteStart } from '../support/site-crawl.ts';
import { fetchFrom, MCP_HEADERS, randomLoopbackAddress } from './http.ts';
import { startSiteOfItsOwn, type SiteOfItsOwn } from './server.ts';

const root = inject('projectRoot');
const ORIGIN = 'https://www.shirakaba-systems.example';
const LOGISTICS = '/case-studies/industry/%E7%89%A9%E6%B5%81';
const ENGLISH = '/en/case-studies/industry/logistics';

let project: string;
let site: SiteOfItsOwn;
/** Requests from an address of this file's own, so the rate-limit budget other tests share is untouched. */
const fetchHere = fetchFrom(randomLoopbackAddress());
const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetchHere(`${site.baseUrl}${pathname}`, { headers });

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
  site = await startSiteOfItsOwn('japanese-site', {
    prepare: (copy) => {
      rmSync(path.join(copy, 'content'), { recursive: true, force: true });
      cpSync(path.join(root, JAPANESE_FIXTURE, 'content'), path.join(copy, 'content'), { recursive: true });
    },
    description: 'the Japanese test site (tests/fixtures/japanese-company)',
  });
  project = site.project;
}, 300_000);

afterAll(() => site?.stop());

describe('the Japanese test site, served', () => {
  test('is a page at its encoded address, in either case of hex, from a file named in Japanese', async () => {
    for (const pathname of [LOGISTICS, LOGISTICS.toLowerCase()]) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('物流');
    }
    expect(existsSync(path.join(project, 'dist/case-studies/industry/物流.html'))).toBe(true);
    expect(existsSync(path.join(project, 'dist/case-studies/industry/物流.md'))).toBe(true);
    expect((await get('/case-studies/industry/%E5%8C%BB%E7%99%82')).status).toBe(200);
  });

  test("the listing's filter is labelled by its heading, whose id keeps the Japanese label", async () => {
    const html = await (await get('/case-studies')).text();
    const labelledBy = /<nav class="filters" aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toMatch(/^filter-\P{ASCII}/u);
    expect(html).toContain(`<h2 id="${labelledBy}">`);
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

  test('links its English counterpart and back, in the Link header and the HTML, encoded', async () => {
    const page = await get(LOGISTICS);
    expect(page.headers.get('link')).toContain(
      `<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="ja", <${ORIGIN}${ENGLISH}>; rel="alternate"; hreflang="en", ` +
        `<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="x-default"`,
    );
    const html = await page.text();
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}${ENGLISH}">`);
    const english = await get(ENGLISH);
    expect(english.headers.get('link')).toContain(`<${ORIGIN}${LOGISTICS}>; rel="alternate"; hreflang="x-default"`);
    expect(await english.text()).toContain(`href="${LOGISTICS}"`);
  });

  test('every file that prints its address prints it encoded', async () => {
    expect(await (await get('/case-studies')).text()).toContain(`href="${LOGISTICS}"`);
    expect(await (await get('/case-studies.md')).text()).toContain(`(${LOGISTICS})`);
    expect(await (await get('/llms.txt')).text()).toContain(`${ORIGIN}${LOGISTICS}.md`);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}${LOGISTICS}</loc>`);
    expect(sitemap).not.toMatch(/[^\p{ASCII}]/u);
  });

  test('the MCP tools take its name in either language, and read its page written out or encoded', async () => {
    const listed = await callTool('list_case_studies', { industry: '物流' });
    expect(listed.structuredContent).toMatchObject({ industry: '物流', total: 2 });
    const inEnglish = await callTool('list_case_studies', { industry: '物流', language: 'en' });
    expect(inEnglish.structuredContent).toMatchObject({ industry: 'Logistics', total: 1 });
    for (const pathname of ['/case-studies/industry/物流', LOGISTICS]) {
      const read = await callTool('get_page_markdown', { path: pathname });
      expect(read.isError, pathname).toBeUndefined();
      expect(read.structuredContent).toMatchObject({ path: LOGISTICS, url: `${ORIGIN}${LOGISTICS}` });
    }
  });

  test('search_site answers a Japanese question in Japanese, the words it matched in the snippets', async () => {
    const found = await callTool('search_site', { query: '大阪にもオフィスはありますか', limit: 3 });
    const answer = found.structuredContent as { language: string; results: { url: string; snippet: string }[] };
    expect(answer.language).toBe('ja');
    expect(answer.results[0]!.url).toBe(`${ORIGIN}/about`);
    expect(answer.results[0]!.snippet).toMatch(/大阪|オフィス/);
  });

  test('from both home pages and the 404 page, every link leads to a page that exists', async () => {
    const { start, origins } = siteStart(project);
    const report = await crawlServer(site.baseUrl, start, {
      origins,
      isFunctionPath: API_FUNCTION.isFunctionPath,
      fetch: fetchHere,
    });
    expect(describeProblems(report)).toBe('');
    expect(report.visited.get(LOGISTICS)).toBe(200);
    expect(report.visited.size).toBeGreaterThan(40);
  }, 120_000);

  test('every sitemap entry names its language alternates and x-default', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    expect(entries.length).toBeGreaterThan(30);
    expect(
      entries.filter((entry) => !entry.includes('hreflang="x-default"') || !/hreflang="(ja|en)"/.test(entry)),
    ).toEqual([]);
    const logistics = entries.find((entry) => entry.includes(`<loc>${ORIGIN}${LOGISTICS}</loc>`))!;
    expect(logistics).toContain(`hreflang="en" href="${ORIGIN}${ENGLISH}"`);
  });

  test('the English pages link the Japanese contact and privacy pages, marked as Japanese', async () => {
    const home = await (await get('/en')).text();
    expect(home).toContain('href="/contact" hreflang="ja" lang="ja"');
    expect(home).toContain('href="/privacy" hreflang="ja" lang="ja"');
    expect(home).toContain('<span class="link-language"> (日本語)</span>');
  });

  test("without a logo, the icons are the name's first character on the primary colour, and the manifest is in Japanese", async () => {
    for (const icon of ICON_FILES) {
      const response = await get(icon.path);
      expect(response.status, icon.path).toBe(200);
      const png = Buffer.from(await response.arrayBuffer());
      expect(await sharp(png).metadata(), icon.path).toMatchObject({
        format: 'png',
        width: icon.size,
        height: icon.size,
      });
    }
    const touch = await sharp(Buffer.from(await (await get(ICONS.touch.path)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (offset: number) =>
      `#${[0, 1, 2].map((channel) => touch.data[offset + channel]!.toString(16).padStart(2, '0')).join('')}`;
    // The corner is the initials' square; the character is white, over a thousand of the 32,400 pixels.
    expect(pixel(0)).toBe(DEFAULT_COLORS.primary);
    let white = 0;
    for (let offset = 0; offset < touch.data.length; offset += touch.info.channels)
      if (pixel(offset) === '#ffffff') white += 1;
    expect(white).toBeGreaterThan(1_000);
    const manifest = (await (await get(WEB_MANIFEST.path)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: '白樺システム株式会社', lang: 'ja', theme_color: DEFAULT_COLORS.dark });
  });

  test('the build says once what search does for Japanese, and where the English links lead', () => {
    const log = readFileSync(site.log, 'utf8');
    expect(log.match(/search: ja, words split by Intl\.Segmenter, stop words, no stemmer/g)).toHaveLength(1);
    expect(log).toContain('layout links: en has no /en/contact, /en/privacy');
  });
});
