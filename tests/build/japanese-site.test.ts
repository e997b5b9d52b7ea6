/**
 * A site in a language written without spaces, added through content/ only: a copy of this
 * project whose content/ is the Japanese test site (tests/fixtures/japanese-company: Japanese by
 * default, English partly translated, industries and tags in Japanese script). One `astro build`
 * of it, then the dead-link crawl over its dist/ (tests/support/site-crawl.ts) from every home
 * page and the 404 page: every page of both languages, its Markdown, the facet pages at their
 * Japanese addresses, the sitemap; and what the build says about search in Japanese.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { JAPANESE_FIXTURE } from '../../scripts/bench/search-answers.ts';
import { crawlBuild, describeProblems, type CrawlReport } from '../support/site-crawl.ts';
import { astroBuildOutput } from '../support/astro-build.ts';
import { ROOT } from '../support/sample-site.ts';

const BUILD_TIMEOUT_MS = 300_000;

let project: string;
let log = '';
let report: CrawlReport;
const built = (file: string) => readFileSync(path.join(project, 'dist', file), 'utf8');
/** A path as it is on the wire: 物流 percent-encoded. */
const wire = (pathname: string) => pathname.split('/').map(encodeURIComponent).join('/');

beforeAll(async () => {
  project = projectCopy('japanese-site', false);
  rmSync(path.join(project, 'content'), { recursive: true, force: true });
  cpSync(path.join(ROOT, JAPANESE_FIXTURE, 'content'), path.join(project, 'content'), { recursive: true });
  log = await astroBuildOutput(project);
  report = await crawlBuild(project);
}, BUILD_TIMEOUT_MS);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the Japanese test site, built from content/ only', () => {
  test('no link of any page, Markdown file or discovery file of either language is dead', () => {
    expect(describeProblems(report)).toBe('');
    for (const reached of [
      '/',
      '/en',
      '/services/cloud-migration',
      '/en/services/cloud-migration',
      '/index.md',
      '/en.md',
    ])
      expect(report.visited.get(reached), reached).toBe(200);
    expect(report.visited.size).toBeGreaterThan(40);
  });

  test('industries and tags in Japanese script have pages at their Japanese addresses, with Markdown', () => {
    for (const facet of ['/case-studies/industry/物流', '/case-studies/industry/医療', '/insights/tag/クラウド']) {
      expect(report.visited.get(wire(facet)), facet).toBe(200);
      expect(report.visited.get(`${wire(facet)}.md`), `${facet}.md`).toBe(200);
    }
    // Written out in dist/ (the CDN serves the file for the encoded address), encoded in links.
    expect(built('case-studies/industry/物流.html')).toContain('物流');
    expect(built('case-studies.html')).toContain(`href="${wire('/case-studies/industry/物流')}"`);
  });

  test('every sitemap entry names its language alternates and x-default; the industry links its English counterpart', () => {
    const entries = [...built('sitemap.xml').matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    expect(entries.length).toBeGreaterThan(30);
    const lacking = entries.filter(
      (entry) => !entry.includes('hreflang="x-default"') || !/hreflang="(ja|en)"/.test(entry),
    );
    expect(lacking).toEqual([]);
    const logistics = entries.find((entry) =>
      entry.includes(`<loc>https://www.shirakaba-systems.example${wire('/case-studies/industry/物流')}</loc>`),
    )!;
    expect(logistics).toContain(
      'hreflang="en" href="https://www.shirakaba-systems.example/en/case-studies/industry/logistics"',
    );
    expect(built('case-studies/industry/物流.html')).toContain(
      'hreflang="en" href="https://www.shirakaba-systems.example/en/case-studies/industry/logistics"',
    );
  });

  test('the English pages link the Japanese contact and privacy pages, marked as Japanese', () => {
    const home = built('en.html');
    expect(home).toContain('href="/contact" hreflang="ja" lang="ja"');
    expect(home).toContain('href="/privacy" hreflang="ja" lang="ja"');
    expect(home).toContain('<span class="link-language"> (日本語)</span>');
    expect(log).toContain('layout links: en has no /en/contact, /en/privacy');
  });

  test('the build says once what search does for Japanese', () => {
    expect(log.match(/search: ja, words split by Intl\.Segmenter, stop words, no stemmer/g)).toHaveLength(1);
  });
});
