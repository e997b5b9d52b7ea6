/**
 * The Atom feeds, read back the way feed readers read them: @rowanmanning/feed-parser (a lenient
 * reader, as feed readers are) for what a reader sees, and fast-xml-parser for what the parser
 * would forgive: that the XML is well formed and that each feed and entry has what RFC 4287
 * requires of it (id, title, updated, an author, the entry's link).
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { allFeeds, atomFeed, feedFiles, pageFeeds, siteFeeds } from '../../src/discovery/atom-feed.ts';
import { shareImageOf } from '../../src/discovery/share-image.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/model/model.ts';
import { FEED_ENTRIES } from '../../src/site/bounds.ts';
import { DRAFT_MARK, fixtureModel, fixtureSources, realModel } from './fixtures.ts';

/** Every element named `name` of a parsed element, as a list. */
const all = (value: unknown): Record<string, unknown>[] =>
  value === undefined ? [] : ((Array.isArray(value) ? value : [value]) as Record<string, unknown>[]);

/** The feed's XML, checked well formed and for the elements RFC 4287 requires; returns what a reader parses. */
function readFeed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
    feed: Record<string, unknown>;
  };
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
  for (const name of ['id', 'title', 'updated', 'author']) expect(feed[name], `feed ${name}`).toBeDefined();
  expect(all(feed.link).find((link) => link.rel === 'self')).toBeDefined();
  for (const entry of all(feed.entry)) {
    for (const name of ['id', 'title', 'updated', 'published', 'summary']) expect(entry[name], name).toBeDefined();
    expect(all(entry.link).filter((link) => link.rel === undefined || link.rel === 'alternate')).toHaveLength(1);
    for (const date of [entry.updated, entry.published]) expect(String(date)).toMatch(/^\d{4}-\d\d-\d\dT00:00:00/);
  }
  return parseFeed(xml);
}

function insightsFeed(model: SiteModel) {
  const feed = siteFeeds(model).find((candidate) => candidate.key === 'insights');
  expect(feed).toBeDefined();
  return { feed: feed!, parsed: readFeed(atomFeed(model, feed!)) };
}

describe('atomFeed', () => {
  const model = fixtureModel();
  const { feed, parsed } = insightsFeed(model);

  test('is an Atom feed of the insights, in its language, beside the listing', () => {
    expect(feed.path).toBe('/insights/feed.xml');
    expect(parsed.meta).toEqual({ type: 'atom', version: '1.0' });
    expect(parsed.language).toBe('en');
    expect(parsed.title).toBe('Insights · Fieldstone Works');
    expect(parsed.url).toBe('https://www.fieldstone.example/insights');
    expect(parsed.self).toBe('https://www.fieldstone.example/insights/feed.xml');
    // The newest entry's date, not the build's time: an unchanged site writes the same feed.
    expect(parsed.updated?.toISOString()).toBe('2025-05-02T00:00:00.000Z');
    expect(parsed.authors.map((author) => author.name)).toEqual(['Fieldstone Works']);
  });

  test('lists each published insight with its absolute link, dates, author, tags, summary and image, and no draft', () => {
    const insight = model.insights[0]!;
    expect(parsed.items).toHaveLength(1);
    const [item] = parsed.items;
    expect(item).toMatchObject({
      id: 'https://www.fieldstone.example/insights/data-contracts',
      url: 'https://www.fieldstone.example/insights/data-contracts',
      title: 'Data contracts, kept short',
      description: insight.data.summary,
    });
    expect(item!.published?.toISOString()).toBe('2025-05-02T00:00:00.000Z');
    expect(item!.updated?.toISOString()).toBe('2025-05-02T00:00:00.000Z');
    // A guest author (a name, not one of the company's people) has no page to link.
    expect(item!.authors).toEqual([{ name: 'Ann Peeters', email: null, url: null }]);
    expect(item!.categories.map((category) => category.term)).toEqual(['data']);
    // The image the page is shared with: here its card (the fixture has no covers).
    const share = shareImageOf(model, model.index.pages.get(insight.path));
    expect(item!.image?.url).toBe(share.url);
    expect(item!.media).toEqual([expect.objectContaining({ url: share.url, mimeType: 'image/png' })]);
    expect(item!.content).toContain(`<img src="${share.url}"`);
    expect(item!.content).toContain(`<p>${insight.data.summary}</p>`);
    expect(atomFeed(model, feed)).not.toContain(DRAFT_MARK);
  });

  test('the case studies have a feed of their own, their team as authors and the industry as category', () => {
    const studies = siteFeeds(model).find((candidate) => candidate.key === 'caseStudies')!;
    expect(studies.path).toBe('/case-studies/feed.xml');
    const read = readFeed(atomFeed(model, studies));
    expect(read.title).toBe('Case studies · Fieldstone Works');
    expect(read.items.map((item) => item.url)).toEqual(['https://www.fieldstone.example/case-studies/port-data']);
    expect(read.items[0]!.categories.map((category) => category.term)).toEqual(['Logistics']);
    // No team: the entry is the feed's author's, the company's.
    expect(read.items[0]!.authors.map((author) => author.name)).toEqual(['Fieldstone Works']);
    expect(atomFeed(model, studies)).not.toContain(DRAFT_MARK);
  });

  test('writes titles and summaries with markup characters as the text they are', () => {
    const sources = fixtureSources();
    const [first] = sources.insights;
    sources.insights[0] = {
      ...first!,
      data: {
        ...first!.data,
        title: 'Why <b> & "quotes" ]]> break feeds',
        summary: 'A <script> tag & an ampersand, shown as text.',
      },
    };
    const odd = buildSiteModel(sources);
    const read = insightsFeed(odd).parsed;
    expect(read.items[0]!.title).toBe('Why <b> & "quotes" ]]> break feeds');
    expect(read.items[0]!.description).toBe('A <script> tag & an ampersand, shown as text.');
    // Written as HTML (`type="html"`), escaped: a reader that renders it shows the text, runs no tag.
    const xml = atomFeed(odd, siteFeeds(odd)[0]!);
    expect(xml).toContain(
      '<title type="html"><![CDATA[Why &lt;b&gt; &amp; &quot;quotes&quot; ]]&gt; break feeds]]></title>',
    );
    expect(xml).toContain('<p>A &lt;script&gt; tag &amp; an ampersand, shown as text.</p>');
    expect(xml).not.toContain('<script>');
  });

  test(`lists the newest ${FEED_ENTRIES} of a larger site, newest first`, () => {
    const sources = fixtureSources();
    const [first] = sources.insights;
    sources.insights = Array.from({ length: FEED_ENTRIES + 10 }, (_, index) => ({
      ...first!,
      slug: `insight-${index}`,
      file: `content/insights/insight-${index}.mdx`,
      data: { ...first!.data, date: new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10) },
    }));
    const read = insightsFeed(buildSiteModel(sources)).parsed;
    expect(read.items).toHaveLength(FEED_ENTRIES);
    expect(read.items[0]!.url).toBe(`https://www.fieldstone.example/insights/insight-${FEED_ENTRIES + 9}`);
    expect(read.items.at(-1)!.url).toBe('https://www.fieldstone.example/insights/insight-10');
  });

  test('a site without insights has no insights feed, and its pages name none', () => {
    const sources = fixtureSources();
    const model = buildSiteModel({ ...sources, insights: [] });
    expect(siteFeeds(model).map((candidate) => candidate.key)).toEqual(['caseStudies']);
    expect(feedFiles(model).map((file) => file.path)).toEqual(['/case-studies/feed.xml']);
    const none = buildSiteModel({ ...sources, insights: [], caseStudies: [] });
    expect(feedFiles(none)).toEqual([]);
    expect(pageFeeds(none, none.index.pages.get('/'))).toEqual([]);
  });

  test("pages name their language's feeds, a case study's section its own first", () => {
    const keys = (path: string) => pageFeeds(model, model.index.pages.get(path)).map((candidate) => candidate.key);
    expect(keys('/')).toEqual(['insights', 'caseStudies']);
    expect(keys('/insights/data-contracts')).toEqual(['insights', 'caseStudies']);
    expect(keys('/case-studies')).toEqual(['caseStudies', 'insights']);
    expect(keys('/case-studies/port-data')).toEqual(['caseStudies', 'insights']);
    expect(pageFeeds(model, undefined).map((candidate) => candidate.key)).toEqual(['insights', 'caseStudies']);
  });
});

describe("the feeds of real content: the sample's and the fixtures'", () => {
  const model = realModel();

  test.each(['second-company', 'japanese-company', 'chinese-company'])(
    "the %s fixture: a feed for each language's insights and case studies that it has, each listing them",
    (fixture) => {
      const other = buildSiteModel(loadSources(path.resolve('tests/fixtures', fixture)));
      const files = new Map(feedFiles(other).map((file) => [file.path, file.body]));
      for (const code of other.languages.codes) {
        const language = other.languages.models.get(code)!;
        for (const [route, entries] of [
          [language.routes.insightsFeed, language.insights],
          [language.routes.caseStudiesFeed, language.caseStudies],
        ] as const) {
          expect(files.has(route), route).toBe(entries.length > 0);
          if (!entries.length) continue;
          const read = readFeed(files.get(route)!);
          expect(read.language).toBe(code);
          expect(read.items.map((item) => item.url)).toEqual(entries.map((entry) => entry.url));
        }
      }
    },
  );

  test("each language's feeds list that language's entries, all of them, at pages of that language", () => {
    const files = new Map(feedFiles(model).map((file) => [file.path, file]));
    for (const code of model.languages.codes) {
      const language = model.languages.models.get(code)!;
      for (const [key, entries] of [
        ['insights', language.insights],
        ['caseStudies', language.caseStudies],
      ] as const) {
        const feed = siteFeeds(language).find((candidate) => candidate.key === key)!;
        expect(feed.path).toBe(
          key === 'insights' ? `${language.prefix}/insights/feed.xml` : `${language.prefix}/case-studies/feed.xml`,
        );
        expect(entries.length).toBeLessThanOrEqual(FEED_ENTRIES);
        const file = files.get(feed.path)!;
        expect(file.contentType).toBe('application/atom+xml; charset=utf-8');
        const read = readFeed(file.body);
        expect(read.language).toBe(code);
        expect(read.items.map((item) => item.url)).toEqual(entries.map((entry) => entry.url));
        for (const item of read.items) {
          const path = new URL(item.url!).pathname;
          expect(language.index.pages.get(path)?.kind, path).toBe(key === 'insights' ? 'insight' : 'case-study');
          expect(item.url!.startsWith(`${model.company.baseUrl}/`)).toBe(true);
          expect(item.image?.url, path).toMatch(/^https:\/\//);
          expect(item.media[0]?.mimeType, path).toMatch(/^image\/(jpeg|png)$/);
        }
        expect(file.body).not.toContain('draft-');
        expect(file.body).not.toContain(DRAFT_MARK);
      }
    }
    expect(files.size).toBe(allFeeds(model).length);
  });

  test("an insight's author links their page when they are one of the company's people", () => {
    const feed = siteFeeds(model).find((candidate) => candidate.key === 'insights')!;
    const read = readFeed(atomFeed(model, feed));
    const insight = model.insights.find((entry) => entry.author.person)!;
    const item = read.items.find((candidate) => candidate.url === insight.url)!;
    expect(item.authors).toEqual([{ name: insight.author.name, email: null, url: insight.author.person!.url }]);
  });
});
