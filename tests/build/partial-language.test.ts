/**
 * A partly translated language builds without a dead link. A copy of this project with the
 * second-company fixture as its content is given German as add-language.test.ts does (the
 * strings and one translated service), and no German about, contact or privacy page. One
 * `astro build` of it, then the dead-link crawl over its dist/ (tests/support/site-crawl.ts)
 * from every home page and the 404 page: every link leads somewhere, and the German pages link
 * to the English about, contact and privacy pages, marked as English, from the header, the
 * footer, the contact buttons and (for the function's form answers) the consent statement.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { CONTACT_SHELL_FILE } from '../../src/integrations/site-files.ts';
import type { ContactResources } from '../../src/leads/contact-language.ts';
import { crawlBuild, describeProblems, type CrawlReport } from '../support/site-crawl.ts';
import { writeSecondCompanyInGerman } from '../support/german-second-company.ts';
import { astroBuildOutput } from '../support/astro-build.ts';
import { readContentFiles } from '../../src/translations/content-files.ts';
import { statusSummary, translationStatus } from '../../src/translations/status.ts';

const BUILD_TIMEOUT_MS = 300_000;

let project: string;
let log = '';
let report: CrawlReport;
const html = (page: string) => readFileSync(path.join(project, 'dist', `${page}.html`), 'utf8');

beforeAll(async () => {
  project = projectCopy('partial-language', false, { cards: true });
  writeSecondCompanyInGerman(path.join(project, 'content'));
  log = await astroBuildOutput(project);
  report = await crawlBuild(project);
}, BUILD_TIMEOUT_MS);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('a language without its own about, contact and privacy pages', () => {
  test('no link of any page, Markdown file or discovery file of either language is dead', () => {
    expect(describeProblems(report)).toBe('');
    for (const reached of ['/de', '/de/services/new-buildings', '/de.md', '/de/llms.txt', '/privacy', '/404'])
      expect(report.visited.get(reached), reached).toBe(200);
    expect(report.visited.has('/de/about')).toBe(false);
    expect(report.visited.size).toBeGreaterThan(60);
  });

  test('its header, footer and contact buttons link to the English pages, marked as English', () => {
    const home = html('de');
    const marked = (page: string, words: string) =>
      `<a href="/${page}" hreflang="en" lang="en">${words}<span class="link-language"> (English)</span></a>`;
    const header = /<header[\s\S]*<\/header>/.exec(home)![0];
    expect(header).toContain(marked('about', 'About'));
    expect(header).toContain(marked('contact', 'Contact'));
    const footer = /<footer[\s\S]*<\/footer>/.exec(home)![0];
    expect(footer).toContain(marked('privacy', 'Privacy'));
    // The contact buttons: the hero's and the contact band's.
    for (const words of ['Get in touch', 'Contact us'])
      expect(home).toContain(
        `<a href="/contact" hreflang="en" lang="en" class="button">${words}<span class="link-language"> (English)</span></a>`,
      );
    // Its own pages stay unmarked, and the English pages link their own.
    expect(header).toContain('<a href="/de/services">');
    expect(html('index')).toContain('<a href="/about">About</a>');
  });

  test('the contact form’s answers in German link the English privacy page, named as English', () => {
    const resources = JSON.parse(readFileSync(path.join(project, CONTACT_SHELL_FILE), 'utf8')) as ContactResources;
    expect(resources.languages.de).toMatchObject({
      privacyPath: '/privacy',
      privacyLanguage: { code: 'en', name: 'English' },
    });
    expect(resources.languages.en!.privacyLanguage).toBeUndefined();
  });

  test('the build says which pages the language lacks and where its links lead instead', () => {
    expect(log).toContain('layout links: de has no /de/about, /de/contact, /de/privacy');
  });

  test("the build prints the translations' line of `npm run content -- status`, made beside the pages", async () => {
    const line = statusSummary(await translationStatus(readContentFiles(project)));
    expect(line).toMatch(/^translations: de \d+ current, \d+ stale, \d+ missing/);
    const printed = log.split('\n').find((row) => row.includes('translations: '));
    expect(printed).toMatch(/ms beside the pages; npm run content -- status lists them\)$/);
    expect(printed).toContain(`${line} (`);
  });
});
