/**
 * The HTML site as a visitor sees it, in Debian's headless Chromium (driven by playwright-core),
 * on a phone-sized and a desktop window: it renders, nothing overflows sideways, headings and
 * landmarks are in place, and every page links its Markdown version. The page actions in each
 * language: Copy puts exactly the page's `.md` sibling on the clipboard and says so, every link
 * resolves, the keyboard reaches them, nothing moves, and without JavaScript the links are all
 * there. On a phone (390x844), in every language: the header is one row with a menu that opens
 * from the keyboard and closes on Escape, the home page's primary action is on the first screen,
 * the contact form starts on it and "On this page" lists it, form controls use the page's type,
 * and nothing shifts as a page loads; on a desktop the header is still one row with the
 * navigation in it. Screenshots are saved under test-results/screenshots/ for a person to look at.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { layoutShifts, screenshotDir, useChromium } from './chromium.ts';
import { modelOfLanguage } from '../../src/model/model.ts';
import { realModel } from '../discovery/fixtures.ts';
import { baseUrl, get, markdownPathOf, PUBLIC_ORIGIN } from './http.ts';
import { CONTACT_FORM_HEADING_ID } from '../../src/components/site.ts';
import { sampleModel } from '../support/sample-site.ts';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const PAGES = [
  '/',
  '/services',
  '/case-studies/industry/logistics',
  '/case-studies/kestrel-bank-core-ledger',
  '/insights/golden-paths-not-golden-cages',
  '/contact',
];

const browser = useChromium();

/** Every language's home and contact page, and the words of its contact form's heading. */
const LANGUAGES = [...sampleModel().languages.models.values()].map((model) => ({
  code: model.language,
  home: model.routes.home,
  contact: model.routes.contact,
  formTitle: model.strings.contact.formTitle,
}));

/** The goal for the header's height on a phone: one row of about 64 px. */
const PHONE_HEADER_MAX = 72;

describe('the site in a browser', () => {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`pages render without sideways overflow on a ${device}`, async () => {
      const context = await browser().newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const pagePath of PAGES) {
        const response = await page.goto(`${baseUrl()}${pagePath}`);
        expect(response?.status(), pagePath).toBe(200);
        const facts = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          h1: document.querySelectorAll('h1').length,
          main: document.querySelectorAll('main').length,
          nav: document.querySelectorAll('nav').length,
          lang: document.documentElement.lang,
          alternate: document.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href'),
          title: document.title,
          imagesWithoutAlt: [...document.querySelectorAll('img')].filter((img) => !img.hasAttribute('alt')).length,
        }));
        expect(facts.overflow, `${pagePath} overflows by ${facts.overflow}px on a ${device}`).toBeLessThanOrEqual(0);
        expect(facts.h1, pagePath).toBe(1);
        expect(facts.main, pagePath).toBe(1);
        expect(facts.nav, pagePath).toBeGreaterThan(0);
        expect(facts.lang, pagePath).toBe('en');
        expect(facts.alternate, pagePath).toBe(markdownPathOf(pagePath));
        expect(facts.title, pagePath).toMatch(/Northbeam Engineering/);
        expect(facts.imagesWithoutAlt, pagePath).toBe(0);
        const name = pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '_');
        await page.screenshot({ path: path.join(screenshotDir(), `${name}-${device}.png`), fullPage: false });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('the keyboard reaches the skip link first and it moves focus to the content', async () => {
    const page = await browser().newPage();
    await page.goto(`${baseUrl()}/services`);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent?.trim(),
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(first.text).toMatch(/skip/i);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe(first.href);
    await page.close();
  });

  test('on a phone, in every language: a one-row header, the primary action and the contact form on the first screen', async () => {
    const { width, height } = VIEWPORTS.phone;
    const context = await browser().newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const headerHeight = () => page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height);
    const shifts = () => layoutShifts(page);
    try {
      for (const language of LANGUAGES) {
        await page.goto(`${baseUrl()}${language.home}`);
        expect(await headerHeight(), `header on ${language.home}`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
        expect(await shifts(), `layout shift on ${language.home}`).toBe(0);
        const primary = await page.locator('.hero .actions .button').first().boundingBox();
        expect(primary, `primary action on ${language.home}`).not.toBeNull();
        expect(primary!.y + primary!.height, `primary action on ${language.home}`).toBeLessThanOrEqual(height);

        await page.goto(`${baseUrl()}${language.contact}`);
        expect(await headerHeight(), `header on ${language.contact}`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
        expect(await shifts(), `layout shift on ${language.contact}`).toBe(0);
        const heading = await page.locator(`#${CONTACT_FORM_HEADING_ID}`).boundingBox();
        expect(heading!.y, `the form's heading on ${language.contact}`).toBeLessThan(height);
        // "On this page" lists the form first, in the page's language (it shows from 64rem: tested in the DOM here).
        const toc = page.locator('nav.toc a');
        expect(await toc.first().getAttribute('href')).toBe(`#${CONTACT_FORM_HEADING_ID}`);
        expect((await toc.first().textContent())?.trim()).toBe(language.formTitle);
        const type = await page.evaluate(() => {
          const font = (element: Element) => {
            const style = getComputedStyle(element);
            return { family: style.fontFamily, size: style.fontSize };
          };
          const controls = [
            ...document.querySelectorAll('form[data-contact-form] :is(button, input, textarea, select)'),
          ];
          return { body: font(document.body), controls: controls.map(font), count: controls.length };
        });
        expect(type.count).toBeGreaterThan(4);
        for (const control of type.controls)
          expect(control, `a form control on ${language.contact}`).toEqual(type.body);
      }

      // The menu: opens from the keyboard into a panel inside the screen, closes on Escape.
      await page.goto(`${baseUrl()}/`);
      const summary = page.locator('.site-menu > summary');
      const nav = page.locator('nav.site-nav');
      expect(await nav.isVisible()).toBe(false);
      await summary.focus();
      await page.keyboard.press('Enter');
      expect(await nav.isVisible()).toBe(true);
      const panel = await page.locator('.site-menu-panel').boundingBox();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('nav')?.className)).toBe('site-nav');
      await page.keyboard.press('Escape');
      expect(await nav.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await page.screenshot({ path: path.join(screenshotDir(), 'home-phone-first-screen.png') });
    } finally {
      await context.close();
    }
  });

  test('on a desktop the header is one row: brand, navigation and language switcher, no menu button', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    try {
      for (const language of LANGUAGES) {
        await page.goto(`${baseUrl()}${language.contact}`);
        const box = (selector: string) => page.locator(selector).first().boundingBox();
        const [header, brand, nav, languages] = await Promise.all(
          ['.site-header', '.brand', 'nav.site-nav', 'nav.language-switcher summary'].map(box),
        );
        expect(header!.height, `header on ${language.contact}`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
        for (const item of [nav, languages]) expect(item!.y, language.contact).toBeLessThan(brand!.y + brand!.height);
        expect(await page.locator('.site-menu > summary').isVisible()).toBe(false);
        expect(await page.locator('nav.toc a').first().isVisible()).toBe(true);
        const button = await page.locator('form[data-contact-form] button[type="submit"]').evaluate((element) => {
          const font = (of: Element) => `${getComputedStyle(of).fontFamily} ${getComputedStyle(of).fontSize}`;
          return [font(element), font(document.body)];
        });
        expect(button[0], `the submit button's type on ${language.contact}`).toBe(button[1]);
      }
    } finally {
      await context.close();
    }
  });
});

/** An entry translated into every language of the sample site, in each. */
const ACTION_PAGES = {
  en: '/insights/cloud-migration-wave-planning',
  nl: '/nl/insights/cloud-migration-wave-planning',
  pt: '/pt/insights/cloud-migration-wave-planning',
} as const;

describe('the page actions in a browser', () => {
  const words = (language: string) => modelOfLanguage(realModel(), language).strings.actions;

  test.each(Object.entries(ACTION_PAGES))(
    '%s: Copy puts exactly the .md sibling on the clipboard and says so; every link resolves',
    async (language, pagePath) => {
      const context = await browser().newContext({ viewport: VIEWPORTS.phone });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl()}${pagePath}`);
      const menu = page.locator('[data-page-actions]');
      const summary = menu.locator('summary');
      expect(await summary.textContent()).toBe(words(language).menu);
      expect(await summary.getAttribute('aria-expanded')).toBeNull(); // <details> says it by itself
      await summary.click();
      const copy = menu.getByRole('button', { name: words(language).copy });
      await copy.click();
      const status = menu.getByRole('status');
      await expect.poll(() => status.textContent()).toBe(words(language).copied);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const markdown = Buffer.from(await (await get(markdownPathOf(pagePath))).arrayBuffer());
      expect(markdown.length).toBeGreaterThan(500);
      expect(Buffer.from(copied, 'utf8').equals(markdown), 'the clipboard holds the .md file byte for byte').toBe(true);

      // View: the Markdown sibling. The assistants: https, opened in a new tab without an opener or a
      // referrer, asking in the page's language about the page's URL, which the site serves.
      const links = await menu.locator('a').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          href: anchor.getAttribute('href')!,
          text: anchor.textContent.trim(),
          target: anchor.getAttribute('target'),
          rel: anchor.getAttribute('rel'),
        })),
      );
      expect(links[0]).toEqual({ href: markdownPathOf(pagePath), text: words(language).view, target: null, rel: null });
      const view = await get(links[0]!.href);
      expect(view.status).toBe(200);
      expect(view.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const assistants = links.slice(1);
      expect(assistants.map((link) => new URL(link.href).hostname)).toEqual([
        'chatgpt.com',
        'claude.ai',
        'www.perplexity.ai',
      ]);
      const prompt = words(language).prompt.replace('{url}', `${PUBLIC_ORIGIN}${pagePath}`);
      for (const link of assistants) {
        expect(link.href.startsWith('https://')).toBe(true);
        expect(link).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
        expect(new URL(link.href).searchParams.get('q')).toBe(prompt);
        expect(link.text).toContain(words(language).newTab);
      }
      const asked = await get(`${PUBLIC_ORIGIN}${pagePath}`);
      expect(asked.status, 'the page the assistants are asked to read').toBe(200);

      // Escape closes the menu and gives the focus back to its button.
      await page.keyboard.press('Escape');
      expect(await menu.locator('details').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  test('the keyboard opens the menu and reaches every action; opening it moves nothing on the page', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${ACTION_PAGES.en}`);
    const shifts = () => layoutShifts(page);
    expect(await shifts(), 'layout shift while the page loads').toBe(0);
    const content = () => page.locator('.entry-layout').boundingBox();
    const before = await content();
    await page.locator('.page-actions summary').focus();
    await page.keyboard.press('Enter');
    expect(await content(), 'the content under the menu stays where it was').toEqual(before);
    const reached: string[] = [];
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement!.textContent.trim()));
    }
    const en = words('en');
    expect(reached).toEqual([
      en.copy,
      en.view,
      ...['ChatGPT', 'Claude', 'Perplexity'].map((name) => `${en.openIn.replace('{assistant}', name)} ${en.newTab}`),
    ]);
    await context.close();
  });

  test('without JavaScript: every link is in the HTML and the menu opens; the copy button stays hidden', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [language, pagePath] of Object.entries(ACTION_PAGES)) {
      await page.goto(`${baseUrl()}${pagePath}`);
      const menu = page.locator('[data-page-actions]');
      await menu.locator('summary').click();
      expect(await menu.locator('details').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      expect(await menu.getByRole('button').count(), pagePath).toBe(0);
      const visible = await menu
        .locator('a:visible')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(visible[0], pagePath).toBe(markdownPathOf(pagePath));
      expect(
        visible.slice(1).map((href) => new URL(href!).hostname),
        pagePath,
      ).toEqual(['chatgpt.com', 'claude.ai', 'www.perplexity.ai']);
      expect(await menu.locator('summary').textContent()).toBe(words(language).menu);
    }
    // The contact page, whose purpose is its form, has none.
    await page.goto(`${baseUrl()}/contact`);
    expect(await page.locator('[data-page-actions]').count()).toBe(0);
    await context.close();
  });
});
