/**
 * What an agent or a browser fetches in one request stays bounded as the site grows: listings
 * are paginated, filter lines and enums are capped, llms.txt and llms-full.txt have a ceiling,
 * and the list tools page through long lists. Checked on the sample content with generated
 * entries added (scripts/scale/generate-entries.ts: 14 industries, 120 tags).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { addGeneratedEntries, uniqueWord } from '../../scripts/scale/generate-entries.ts';
import { sitemapXml } from '../../src/discovery/sitemap-xml.ts';
import { createTools } from '../../src/mcp/tools/index.ts';
import {
  FACET_EXAMPLES,
  LISTING_PAGE_SIZE,
  LLMS_FULL_MAX_BYTES,
  LLMS_TXT_RECENT,
  MAX_FACET_ENUM,
  MAX_FACET_LINKS,
  SERVICE_CASE_STUDIES,
} from '../../src/site/bounds.ts';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { markdownPages } from '../../src/build/page-markdown.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/model/model.ts';
import { agentOf, ROOT, searchWith } from '../support/sample-site.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The sample site with `count` generated entries added. */
function grown(count: number): SiteModel {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bounds-'));
  dirs.push(dir);
  cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  addGeneratedEntries(path.join(dir, 'content'), count);
  return buildSiteModel(loadSources(dir));
}

const model = grown(600);
const artefacts = buildArtefacts(model, '2026-11-01T00:00:00.000Z', 'bounds');
const pages = new Map(markdownPages(model).map((page) => [page.path, page]));
const pageAt = (at: string) => pages.get(at);

test('the generated entries are written as the schemas ask today: not one warning', () => {
  // An older field form is read with a warning per entry (a client's name in `client`): a
  // thousand of them would bury the build's real warnings in the scale test and benchmark.
  expect(model.warnings).toEqual([]);
});

describe('listings', () => {
  test(`hold at most ${LISTING_PAGE_SIZE} entries a page, continued on /page/<n> with links both ways`, () => {
    const total = model.caseStudies.length;
    const pages = Math.ceil(total / LISTING_PAGE_SIZE);
    expect(pages).toBeGreaterThan(2);
    const first = pageAt('/case-studies')!;
    expect(first.listing).toMatchObject({ number: 1, pages, total, offset: 0, next: '/case-studies/page/2' });
    expect(first.listing!.entries).toHaveLength(LISTING_PAGE_SIZE);
    expect(first.markdown).toContain('[Next page](/case-studies/page/2)');
    const second = pageAt('/case-studies/page/2')!;
    expect(second.title).toBe(`Case studies (page 2 of ${pages})`);
    expect(second.listing).toMatchObject({ number: 2, previous: '/case-studies', next: '/case-studies/page/3' });
    expect(second.markdownPath).toBe('/case-studies/page/2.md');
    expect(second.markdown).toContain(
      `Page 2 of ${pages} (${LISTING_PAGE_SIZE + 1}-${2 * LISTING_PAGE_SIZE} of ${total}).`,
    );
    const last = pageAt(`/case-studies/page/${pages}`)!;
    expect(last.listing!.next).toBeUndefined();
    expect(last.listing!.entries).toHaveLength(total - (pages - 1) * LISTING_PAGE_SIZE);
    // Every case study appears on exactly one page of the listing, newest first.
    const listed = model.sitePages
      .filter((page) => page.listing?.basePath === '/case-studies')
      .flatMap((page) => page.listing!.entries);
    expect(listed).toEqual(model.caseStudies);
  });

  test('filter pages are paginated too, with links both ways, and every listing page is in the sitemap', () => {
    // 800 case studies over 14 industries: the largest industry needs a second page.
    const larger = grown(2400);
    const industry = [...larger.industries].sort((a, b) => b.count - a.count)[0]!;
    const count = Math.ceil(industry.count / LISTING_PAGE_SIZE);
    expect(count).toBeGreaterThan(1);
    const pages = larger.sitePages.filter((page) => page.listing?.basePath === industry.path);
    expect(pages).toHaveLength(count);
    const first = larger.index.pages.get(industry.path)!;
    expect(first.listing).toMatchObject({ number: 1, pages: count, next: `${industry.path}/page/2` });
    const second = markdownPages(larger).find((page) => page.path === `${industry.path}/page/2`)!;
    expect(second.listing).toMatchObject({ number: 2, previous: industry.path });
    expect(second.markdown).toContain(`[Previous page](${industry.path})`);
    expect(pages.flatMap((page) => page.listing!.entries)).toEqual(industry.entries);
    const sitemap = sitemapXml(larger);
    for (const page of larger.sitePages.filter((candidate) => candidate.listing))
      expect(sitemap).toContain(`<loc>${page.url}</loc>`);
  });

  test(`a filter line shows at most ${MAX_FACET_LINKS} values (the most used) and says how many more`, () => {
    expect(model.tags.length).toBeGreaterThan(MAX_FACET_LINKS);
    const line = pageAt('/insights')!
      .markdown.split('\n')
      .find((text) => text.startsWith('**Filter by tag:**'))!;
    expect(line.match(/\]\(\/insights\/tag\//g)).toHaveLength(MAX_FACET_LINKS);
    expect(line).toContain(`and ${model.tags.length - MAX_FACET_LINKS} less used`);
  });

  test(`a service page lists its ${SERVICE_CASE_STUDIES} newest case studies and how many there are`, () => {
    const service = model.services[0]!;
    const all = model.index.caseStudiesOfService.get(service.slug)!;
    expect(all.length).toBeGreaterThan(SERVICE_CASE_STUDIES);
    const markdown = pageAt(service.path)!.markdown;
    expect(markdown.match(/^- \[.*\]\(\/case-studies\//gm)).toHaveLength(SERVICE_CASE_STUDIES);
    expect(markdown).toContain(`The ${SERVICE_CASE_STUDIES} newest of ${all.length}`);
  });

  test('no page of the site grows with the number of entries', () => {
    const largest = Math.max(...[...pages.values()].map((page) => page.markdown.length));
    const larger = grown(1200);
    expect(Math.max(...markdownPages(larger).map((page) => page.markdown.length))).toBeLessThan(largest * 1.2);
  });
});

describe('llms.txt and llms-full.txt', () => {
  test(`llms.txt lists the ${LLMS_TXT_RECENT.caseStudies} newest case studies and links the listing for the rest`, () => {
    const text = artefacts.profile.short;
    const section = text.slice(text.indexOf('## Case studies'), text.indexOf('## Insights'));
    expect(section.match(/^- /gm)).toHaveLength(LLMS_TXT_RECENT.caseStudies + 1);
    expect(section).toContain(
      `[All ${model.caseStudies.length} case studies](https://www.northbeam.example/case-studies.md)`,
    );
    expect(section).toContain(`${model.caseStudies[0]!.url}.md`);
    expect(section).not.toContain(`${model.caseStudies[LLMS_TXT_RECENT.caseStudies]!.url}.md`);
  });

  test(`llms-full.txt holds at most ${LLMS_FULL_MAX_BYTES} bytes of pages, the newest first, and says what it left out`, () => {
    const text = artefacts.profile.full;
    expect(Buffer.byteLength(text)).toBeLessThan(LLMS_FULL_MAX_BYTES + 40_000);
    expect(text).toContain(model.services[0]!.bodyMarkdown.slice(0, 80));
    expect(text).toContain(`Source: <${pageAt(model.caseStudies[0]!.path)!.markdownUrl}>`);
    expect(text).not.toContain(`Source: <${pageAt(model.caseStudies.at(-1)!.path)!.markdownUrl}>`);
    // The case studies and insights it holds are the newest ones, without a gap.
    const newestFirst = [...model.caseStudies, ...model.insights].sort(
      (a, b) => b.data.date.localeCompare(a.data.date) || a.path.localeCompare(b.path),
    );
    const held = newestFirst.map((entry) => text.includes(`Source: <${pageAt(entry.path)!.markdownUrl}>`));
    const firstLeftOut = held.indexOf(false);
    expect(firstLeftOut).toBeGreaterThan(0);
    expect(held.slice(firstLeftOut).every((isHeld) => !isHeld)).toBe(true);
    expect(text).toMatch(
      /## Pages not in this file\n\nThis file holds [\d,]+ of the site's [\d,]+ service, case study, insight and company pages/,
    );
  });
});

describe('the tools at this size', () => {
  const agent = agentOf(artefacts);
  const tools = new Map(
    createTools(agent.head, { artefacts: agent.artefacts }, () => {}).map((tool) => [tool.descriptor.name, tool]),
  );
  const call = (name: string, args: Record<string, unknown>) => tools.get(name)!.call(args, { now: () => new Date() });

  test(`a filter of more than ${MAX_FACET_ENUM} values is free text naming the ${FACET_EXAMPLES} most used`, () => {
    // Every language's tags: the filter takes the values of the language listed.
    const everyTag = new Set(
      model.languages.codes.flatMap((code) => model.languages.models.get(code)!.tags.map((facet) => facet.name)),
    );
    expect(agent.head.facets.tags).toMatchObject({ total: everyTag.size });
    expect(agent.head.facets.tags.values).toHaveLength(FACET_EXAMPLES);
    const tag = (
      agent.head.tools.find((tool) => tool.name === 'list_insights')!.inputSchema.properties as Record<
        string,
        Record<string, unknown>
      >
    ).tag!;
    expect(tag.enum).toBeUndefined();
    expect(tag).toMatchObject({ type: 'string', maxLength: 100 });
    expect(tag.description).toContain(`Any of the ${everyTag.size} published values`);
    expect(JSON.stringify(agent.head).length).toBeLessThan(30_000);
  });

  test('such a filter still matches any published value case-insensitively; an unknown one names the closest', async () => {
    const facet = model.tags.at(-1)!;
    const result = await call('list_insights', { tag: facet.name.toUpperCase(), limit: 2 });
    expect(result.structuredContent).toMatchObject({ tag: facet.name, total: facet.count });
    const wrong = await call('list_insights', { tag: `${facet.name}x` });
    expect(wrong.isError).toBe(true);
    expect(wrong.content[0]!.text).toContain(`Closest values: ${facet.name}`);
  });

  test('the list tools page through a long list with offset and nextOffset', async () => {
    const first = (await call('list_case_studies', { limit: 50 })).structuredContent as {
      total: number;
      nextOffset?: number;
      caseStudies: { url: string }[];
    };
    expect(first.total).toBe(model.caseStudies.length);
    expect(first.nextOffset).toBe(50);
    const seen: string[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const page = (await call('list_case_studies', { limit: 50, offset })).structuredContent as {
        nextOffset?: number;
        returned: number;
        caseStudies: { url: string }[];
      };
      expect(page.returned).toBeLessThanOrEqual(50);
      seen.push(...page.caseStudies.map((study) => study.url));
      offset = page.nextOffset;
    }
    expect(seen).toEqual(model.caseStudies.map((study) => study.url));
    const beyond = (await call('list_case_studies', { offset: 100_000 })).structuredContent;
    expect(beyond).toMatchObject({ returned: 0, caseStudies: [], total: model.caseStudies.length });
  });

  test('search finds a generated entry by the word only it contains', async () => {
    const { results } = await searchWith(agent, uniqueWord(17));
    expect(results[0]?.url).toMatch(/\/generated-(case|insight)-18$/);
  });
});
