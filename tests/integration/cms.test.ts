/**
 * The editor at /admin/ (Sveltia CMS, configured from the content schemas: src/cms/config.ts),
 * used in Debian's Chromium as an editor uses it offline, with its local repository mode
 * (scripts/bench/editor-session.ts says how a headless browser is handed the folder), on the
 * integration server (`npm start`: the production build and headers). The folder holds a copy
 * of this project's content (scripts/bench/projects.ts), so nothing here touches the checkout.
 *
 * - /admin/ is served from the site with a policy of its own, `noindex`, and is nowhere a visitor
 *   or an agent looks (sitemap, llms.txt, search, the MCP resources); the pages keep theirs. In
 *   the browser every file it loads comes from the site, and it loads within a bound.
 * - An editor creates a service in English and its Dutch translation, each with a Callout
 *   inserted from the editor's menu, the English one with a cover uploaded through its image
 *   field and the Dutch one with the cover's alt text in Dutch, and edits a case study's summary: the files appear under
 *   content/ as the build reads them (the Dutch one with its translation record), the case
 *   study's other lines and its translations are untouched, and `npm run content -- status`
 *   then calls the case study's Dutch and Portuguese translations stale and the new Dutch one
 *   current. The project copy, with what the editor saved, is built and served (`npm start`):
 *   the new service is a page in both languages, with its cover (the uploaded file, published and
 *   resized by the image CDN, with each language's alt text) and its Markdown, in llms.txt, in
 *   the MCP server's search and get_page_markdown.
 * - Round trip: three sample entries of each collection (the first, the last, the longest) and
 *   each settings file (company.yaml of every language, strings.yaml) saved with one field changed changes that field's line only,
 *   and no other file (the translations keep their records: the editor computes the same
 *   digests as `npm run content -- mark`).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import sharp from 'sharp';
import { parse } from 'yaml';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { readContentFile } from '../../src/model/load-sources.ts';
import { ADMIN_CSP, PAGE_CSP } from '../../src/http/security-headers.ts';
import { COLLECTION_NAMES, COLLECTIONS } from '../../src/schemas/collections.ts';
import { runContent } from '../support/run-leads.ts';
import { screenshotDir, useChromium } from './chromium.ts';
import {
  appendTo,
  openEditor,
  readFolder,
  save,
  saveFolderInto,
  screenshotsInto,
  showEditor,
  standInFolderPicker,
} from '../../scripts/bench/editor-session.ts';
import { baseUrl, get } from './http.ts';
import { startSite, type RunningSite } from './server.ts';

const root = inject('projectRoot');
const browser = useChromium();
/** How long the editor may take to open with the local repository (measured well under 2 s on an idle machine). */
const OPEN_BOUND_MS = 20_000;

/**
 * Requests the editor makes that the policy refuses by design, so they never leave the browser (and one it makes in vain):
 * its update check (unpkg), GitHub's status page, a fetch of its built-in logo before the
 * configuration names the site's, and the syntax highlighter it loads from unpkg for code blocks
 * (they show without colours). The editor works without them.
 */
const REFUSED_BY_DESIGN = [
  // Sveltia 0.221 looks for a picture of an entry's text (`![alt](images/x.svg)`, a path from the
  // entry) under /admin/; the text shows its alt text instead (docs/content.md, "Editing in the
  // browser"). Covers and logos, which are image fields, show.
  /\/admin\/images\//,
  /unpkg\.com\/@sveltia\/cms\/package\.json/,
  /githubstatus\.com/,
  /data:image\/svg\+xml/,
  /unpkg\.com\/(@sveltia\/ui@[\d.]+\/dist\/shiki-engine\.js|@shikijs\/)/,
];

/**
 * A known fault of Sveltia CMS 0.221: after saving an entry that lacks one of the languages, its
 * language switcher reads that language's validation state, which it does not hold. The save is
 * complete (the tests below read the files); nothing else may throw.
 */
const KNOWN_PAGE_ERRORS = [/^Cannot convert undefined or null to object$/];

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Requests answered by another origin than the site's. */
  foreign: string[];
  /** Console errors and page errors that are not known above. */
  errors: string[];
}

async function watchedPage(): Promise<Watched> {
  const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  await standInFolderPicker(context);
  const page = await context.newPage();
  const origin = new URL(baseUrl()).origin;
  const watched: Watched = { page, context, foreign: [], errors: [] };
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin)
      watched.foreign.push(url);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} ${message.location().url}`;
    if (!REFUSED_BY_DESIGN.some((known) => known.test(text))) watched.errors.push(text);
  });
  page.on('pageerror', (error) => {
    if (!KNOWN_PAGE_ERRORS.some((known) => known.test(error.message)))
      watched.errors.push(`pageerror: ${error.message}`);
  });
  return watched;
}

/** A content file's frontmatter fields and its text. */
function entryOf(text: string, file: string): { data: Record<string, unknown>; body: string } {
  const { raw, body } = readContentFile(text, file);
  return { data: raw as Record<string, unknown>, body };
}

/** The lines of `after` that are not in `before` at the same place, and the other way round. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((line, index) => b[index] !== line), added: b.filter((line, index) => a[index] !== line) };
}

/** Types a paragraph into the open pane's text (the rich text editor) and starts a new one. */
async function writeText(page: Page, paragraph: string): Promise<void> {
  const text = page.locator('[contenteditable="true"]').first();
  await text.click();
  await text.pressSequentially(paragraph);
  await text.press('Enter');
}

/**
 * Gives the open pane's entry a cover: switches the optional `cover` on, uploads `file` through
 * its image field (the editor saves it into the entry's images/ folder) and writes its alt text.
 */
async function addCover(page: Page, file: string, alt: string): Promise<void> {
  await page
    .getByText(/^Add\W*Cover\W*$/)
    .first()
    .click();
  await page.locator('input[type=file]').first().setInputFiles(file);
  await page
    .getByRole('textbox', { name: /^Alt text/ })
    .first()
    .fill(alt);
}

/**
 * Gives the cover its alt text in a translation's pane: switching the translation on copied the
 * original's cover (its file's path, which the build finds beside the original), not its words.
 */
async function translateCoverAlt(page: Page, alt: string): Promise<void> {
  await page
    .getByRole('textbox', { name: /^Alt text/ })
    .first()
    .fill(alt);
}

/**
 * Inserts a Callout from the text's Insert menu and writes its text; its kind stays the default,
 * a note (choosing another kind is the block's own form, covered by tests/cms/admin-script.test.ts:
 * a click on its radio right after the block appears was sometimes undone by the form starting).
 */
async function insertCallout(page: Page, words: string): Promise<void> {
  await page.getByRole('button', { name: 'Insert' }).first().click();
  await page.getByRole('menuitem', { name: 'Callout' }).click();
  const block = page.locator('[data-lexical-decorator="true"]').last();
  const text = block.getByRole('textbox', { name: 'Text', exact: true });
  // The block's form sets its defaults once it has started, over what was typed before: fill it
  // until what was typed is still there a moment later.
  for (let attempt = 1; ; attempt++) {
    await text.fill(words);
    await page.waitForTimeout(500);
    if ((await text.inputValue()) === words) return;
    if (attempt === 5) throw new Error(`The Callout's form does not keep "${words}"`);
  }
}

describe('the editor at /admin/', () => {
  test('is served from the site under a policy of its own, noindex, and nowhere visitors or agents look', async () => {
    const admin = await get('/admin/');
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toMatch(/^text\/html/);
    expect(admin.headers.get('content-security-policy')).toBe(ADMIN_CSP);
    expect(admin.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(admin.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await admin.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // Its scripts are the site's own files.
    for (const src of html.matchAll(/<script[^>]*src="([^"]+)"/g)) expect(src[1]).toMatch(/^\/admin\//);
    const config = await get('/admin/config.yml');
    expect(config.status).toBe(200);
    expect(parse(await config.text())).toMatchObject({
      backend: { name: expect.any(String) },
      i18n: { default_locale: 'en' },
    });
    // The pages keep their policy.
    const home = await get('/');
    expect(home.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(home.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    for (const file of ['/sitemap.xml', '/llms.txt', '/llms-full.txt', '/nl/llms.txt'])
      expect(await (await get(file)).text(), file).not.toContain('/admin');
    // Not a page: no Markdown variant, no page links.
    const markdown = await get('/admin/', { headers: { Accept: 'text/markdown' } });
    expect(markdown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(admin.headers.get('link') ?? '').not.toContain('/admin');
  });

  test('is not in the MCP resources or search', async () => {
    const client = new Client({ name: 'cms-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`)));
    try {
      let cursor: string | undefined;
      const uris: string[] = [];
      do {
        const page = await client.listResources(cursor ? { cursor } : {});
        uris.push(...page.resources.map((resource) => resource.uri));
        cursor = page.nextCursor;
      } while (cursor);
      expect(uris.length).toBeGreaterThan(10);
      expect(uris.filter((uri) => uri.includes('admin'))).toEqual([]);
      const search = await client.callTool({ name: 'search_site', arguments: { query: 'admin content editor' } });
      expect(JSON.stringify(search.structuredContent)).not.toContain('/admin');
    } finally {
      await client.close();
    }
  });

  describe('used as an editor uses it, offline', () => {
    let project: string;
    let watched: Watched;
    let site: RunningSite | undefined;
    const slug = 'edge-ai-deployment';
    /** The picture the editor uploads as the new service's cover: one of its own (a picture the folder already has is reused). */
    const COVER_NAME = 'edge-device.jpg';
    let coverFile: string;

    beforeAll(async () => {
      screenshotsInto(screenshotDir());
      project = projectCopy('cms', true, { cards: true });
      watched = await watchedPage();
      coverFile = path.join(project, COVER_NAME);
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect x="600" y="300" width="400" height="300" rx="24" fill="#f2a541"/></svg>',
            ),
          },
        ])
        .jpeg()
        .toFile(coverFile);
    });

    afterAll(async () => {
      await watched?.context.close();
      await site?.stop();
      if (project) rmSync(project, { recursive: true, force: true });
    });

    /**
     * The entries of a collection a save is tried on: the first, the last and the longest (the one
     * with the most front matter and body to keep as it was). Each save is a round in the browser
     * of a second or more; all 63 of the sample took over a minute, and the entries of one
     * collection share their form.
     */
    const sampleOf = (entries: string[], files: Record<string, string>) => {
      const sorted = [...entries].sort();
      const longest = [...sorted].sort((a, b) => (files[b]?.length ?? 0) - (files[a]?.length ?? 0))[0];
      return [...new Set([sorted[0], sorted.at(-1), longest].filter((file): file is string => file !== undefined))];
    };

    test(
      'opens from the site alone, within the bound, with every collection and setting',
      { timeout: 120_000 },
      async () => {
        const took = await openEditor(watched.page, baseUrl(), project);
        console.log(`[cms] the editor opened its local repository in ${took} ms`);
        expect(took).toBeLessThan(OPEN_BOUND_MS);
        for (const name of ['Services', 'Case studies', 'Insights', 'Pages', 'Company facts', 'Texts of the site'])
          await watched.page.getByText(name, { exact: true }).first().waitFor();
        expect(watched.foreign.join('\n')).toBe('');
        expect(watched.errors.join('\n')).toBe('');
      },
    );

    test(
      "creates a service and its Dutch translation with a Callout, and edits a case study; the files are the build's",
      { timeout: 240_000 },
      async () => {
        const { page } = watched;
        await showEditor(page, 'services/new');
        // English.
        await page.getByRole('textbox').first().fill('Edge AI deployment');
        await page
          .locator('textarea')
          .first()
          .fill('We put trained models on the devices your teams already run, with updates that roll out safely.');
        await page.getByRole('spinbutton').first().fill('7');
        await writeText(page, 'Models run where the data is, not in a distant data centre.');
        await insertCallout(page, 'Start with one device type and one model.');
        await addCover(page, coverFile, 'A small computer on a factory line running a model');
        // A new entry starts in English only; the Dutch translation is switched on.
        await page
          .getByRole('radio', { name: /^Dutch/ })
          .first()
          .click();
        await page.getByRole('button', { name: /^Enable .*Dutch/ }).click();
        await page.getByRole('textbox').first().fill('Edge-AI uitrollen');
        await page
          .locator('textarea')
          .first()
          .fill(
            'We zetten getrainde modellen op de apparaten die uw teams al gebruiken, met updates die veilig uitrollen.',
          );
        await page.getByRole('spinbutton').first().fill('7');
        await writeText(page, 'Modellen draaien waar de data is.');
        await insertCallout(page, 'Begin met één type apparaat.');
        await translateCoverAlt(page, 'Een kleine computer aan een productielijn die een model draait');
        await save(page);

        // A case study's summary.
        await showEditor(page, 'caseStudies/entries/medora-clinics-cloud-migration');
        const summary = page.getByRole('textbox', { name: /^Summary/ }).first();
        await summary.fill(
          'Medora Clinics left two ageing data centres within 14 months: 86 applications moved to Azure in seven waves, and no patient-facing system had an unplanned outage.',
        );
        await save(page);

        const changed = await saveFolderInto(page, project);
        expect(changed).toEqual([
          'content/case-studies/medora-clinics-cloud-migration.mdx',
          `content/nl/services/${slug}.mdx`,
          // Switching the translation on copies the original's picture beside it too (the same bytes: the build publishes one file).
          `content/nl/services/images/${COVER_NAME}`,
          `content/services/${slug}.mdx`,
          `content/services/images/${COVER_NAME}`,
        ]);
        const folder = await readFolder(page);
        const english = entryOf(folder[`content/services/${slug}.mdx`]!, 'en');
        expect(english.data).toMatchObject({
          title: 'Edge AI deployment',
          order: 7,
          draft: false,
          cover: { src: `images/${COVER_NAME}`, alt: 'A small computer on a factory line running a model' },
        });
        expect(english.data.translation).toBeUndefined();
        expect(english.body).toContain('Models run where the data is, not in a distant data centre.');
        expect(english.body).toMatch(/<Callout type="note">\nStart with one device type and one model\.\n<\/Callout>/);
        const dutch = entryOf(folder[`content/nl/services/${slug}.mdx`]!, 'nl');
        // The translation names the copy beside it (or, left out, the original's), with Dutch words.
        expect([undefined, `images/${COVER_NAME}`]).toContain((dutch.data.cover as { src?: string }).src);
        expect(dutch.data).toMatchObject({
          cover: { alt: 'Een kleine computer aan een productielijn die een model draait' },
          title: 'Edge-AI uitrollen',
          order: 7,
          translation: { source: expect.stringMatching(/^[0-9a-f]{12}$/) },
        });
        expect(dutch.body).toMatch(/<Callout type="note">\nBegin met één type apparaat\.\n<\/Callout>/);
        // The case study: its summary line and nothing else.
        const before = readFileSync(path.join(root, 'content/case-studies/medora-clinics-cloud-migration.mdx'), 'utf8');
        const lines = changedLines(before, folder['content/case-studies/medora-clinics-cloud-migration.mdx']!);
        expect(lines.removed.map((line) => line.split(':')[0])).toEqual(['summary']);
        expect(lines.added).toEqual([expect.stringMatching(/^summary: '?Medora Clinics left two ageing/)]);
        expect(watched.foreign.join('\n')).toBe('');
        expect(watched.errors.join('\n')).toBe('');
      },
    );

    test("the translation state follows: the case study's translations are stale, the new Dutch one current", async () => {
      const run = await runContent(['status', '--json', '--dir', project]);
      expect(run.code, run.stderr).toBe(0);
      const { languages } = JSON.parse(run.stdout) as {
        languages: Record<string, Record<'missing' | 'stale' | 'current', string[]>>;
      };
      expect(languages.nl!.stale).toEqual(['content/case-studies/medora-clinics-cloud-migration.mdx']);
      expect(languages.pt!.stale).toEqual(['content/case-studies/medora-clinics-cloud-migration.mdx']);
      expect(languages.nl!.current).toContain(`content/services/${slug}.mdx`);
      expect(languages.pt!.missing).toContain(`content/services/${slug}.mdx`);
    });

    test(
      'what the editor saved builds, and the new service is everywhere a visitor or an agent looks',
      { timeout: 400_000 },
      async () => {
        site = await startSite({
          cwd: project,
          log: path.join(root, 'test-results/cms-site.log'),
          label: 'the edited copy',
        });
        const at = (pathname: string, init?: RequestInit) => fetch(`${site!.baseUrl}${pathname}`, init);
        const page = await at(`/services/${slug}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('Edge AI deployment');
        expect(html).toContain('Start with one device type and one model.');
        // The uploaded cover, published and drawn with its alt text, in both languages.
        expect(html).toMatch(
          /<img [^>]*alt="A small computer on a factory line running a model"[^>]*class="cover-image"/,
        );
        const original = /src="\/\.netlify\/images\?url=(\/_images\/[^&"]+)/.exec(html)![1]!;
        expect((await at(original)).status).toBe(200);
        expect((await at(`/.netlify/images?url=${original}&w=640&fm=avif`)).headers.get('content-type')).toBe(
          'image/avif',
        );
        const dutch = await (await at(`/nl/services/${slug}`)).text();
        expect(dutch).toContain('Edge-AI uitrollen');
        expect(dutch).toMatch(
          /<img [^>]*alt="Een kleine computer aan een productielijn die een model draait"[^>]*class="cover-image"/,
        );
        expect(dutch).toContain(original);
        const markdown = await (await at(`/services/${slug}.md`)).text();
        expect(markdown).toMatch(/^# Edge AI deployment/m);
        expect(markdown).toContain(
          `![A small computer on a factory line running a model](https://www.northbeam.example${original})`,
        );
        expect(markdown).toContain('Start with one device type and one model.');
        expect(await (await at('/llms.txt')).text()).toContain(`/services/${slug}`);
        expect(await (await at('/nl/llms.txt')).text()).toContain(`/nl/services/${slug}`);
        const study = await (await at('/case-studies/medora-clinics-cloud-migration.md')).text();
        expect(study).toContain('Medora Clinics left two ageing data centres within 14 months');

        const client = new Client({ name: 'cms-test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${site.baseUrl}/api/mcp`)));
        try {
          const search = await client.callTool({
            name: 'search_site',
            arguments: { query: 'edge AI models on devices' },
          });
          expect(JSON.stringify(search.structuredContent)).toContain(`/services/${slug}`);
          const got = await client.callTool({ name: 'get_page_markdown', arguments: { path: `/services/${slug}` } });
          expect(JSON.stringify(got.content)).toContain('Edge AI deployment');
        } finally {
          await client.close();
        }
      },
    );

    test(
      'a save changes the field changed and nothing else: entries of every collection, and every settings file',
      { timeout: 400_000 },
      async () => {
        // A fresh browser profile and a fresh folder with the checkout's content.
        await watched.context.close();
        watched = await watchedPage();
        const { page } = watched;
        await openEditor(page, baseUrl(), root);
        const before = await readFolder(page);
        const edited: string[] = [];
        const started = Date.now();
        for (const name of COLLECTION_NAMES) {
          const folder = `content/${COLLECTIONS[name].folder}/`;
          const entries = Object.keys(before).filter(
            (item) => item.startsWith(folder) && item.endsWith('.mdx') && !item.slice(folder.length).includes('/'),
          );
          for (const file of sampleOf(entries, before)) {
            await showEditor(page, `${name}/entries/${path.basename(file, '.mdx')}`);
            // A client's and a person's first field is their name; every other entry's, its title.
            await appendTo(page, name === 'clients' || name === 'people' ? /^Name/ : /^Title/, ' x');
            await save(page);
            edited.push(file);
          }
        }
        const settings = [
          ['company/entries/company', 'content/company.yaml'],
          ['company/entries/company-nl', 'content/nl/company.yaml'],
          ['company/entries/company-pt', 'content/pt/company.yaml'],
        ] as const;
        for (const [route, file] of settings) {
          await showEditor(page, route);
          await appendTo(page, /^(Name|Tagline)/, ' x');
          await save(page);
          edited.push(file);
        }
        await showEditor(page, 'strings/entries/strings');
        await page.getByRole('button', { name: 'Expand', exact: true }).first().click();
        await appendTo(page, /^Name/, ' x');
        await save(page);
        edited.push('content/strings.yaml');
        console.log(`[cms] ${edited.length} files saved with one field changed in ${Date.now() - started} ms`);

        const after = await readFolder(page);
        const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
        // Only the files saved, none of their translations (their records stay as they were).
        expect(changed.sort()).toEqual([...edited].sort());
        for (const file of edited) {
          const lines = changedLines(before[file]!, after[file]!);
          expect(lines.removed.length, `${file}: ${JSON.stringify(lines)}`).toBe(1);
          expect(lines.added, file).toEqual([`${lines.removed[0]} x`]);
        }
        expect(watched.errors.join('\n')).toBe('');
      },
    );
  });
});
