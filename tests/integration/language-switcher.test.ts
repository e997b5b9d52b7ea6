/**
 * The language switcher in Debian's headless Chromium against the served site, with scripts off
 * (it is a <details> disclosure of plain links, no script): on a translated page it leads to the
 * same page in the other language, which says so in its <html lang> and head; on an untranslated
 * page it says, in that language, that there is no translation and leads to that language's home
 * page; keyboard users open it with Enter; on a phone it is a list in the header's menu, which
 * opens inside the screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pageAlternates } from '../../src/model/model.ts';
import { useChromium } from './chromium.ts';
import { baseUrl } from './http.ts';
import { sampleModel } from '../support/sample-site.ts';

const browser = useChromium();

async function open(path: string, options: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await browser().newContext({
    javaScriptEnabled: false,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const response = await page.goto(`${baseUrl()}${path}`);
  expect(response?.status(), path).toBe(200);
  return { context, page };
}

const switcher = (page: Page) => page.locator('nav.language-switcher');
const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/\.html$/, '');

describe('the language switcher', () => {
  test('on /services/cloud-migration, Nederlands leads to /nl/services/cloud-migration, which is Dutch', async () => {
    const { context, page } = await open('/services/cloud-migration');
    try {
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      const current = switcher(page).locator('a[aria-current="true"]');
      expect(await current.getAttribute('hreflang')).toBe('en');
      await switcher(page).locator('summary').click();
      const dutch = switcher(page).getByRole('link', { name: 'Nederlands' });
      expect(await dutch.getAttribute('lang')).toBe('nl');
      await Promise.all([page.waitForURL(/\/nl\/services\/cloud-migration$/), dutch.click()]);
      expect(pathOf(page)).toBe('/nl/services/cloud-migration');
      expect(await page.getAttribute('html', 'lang')).toBe('nl');
      expect(await switcher(page).locator('a[aria-current="true"]').getAttribute('hreflang')).toBe('nl');
      const hreflang = await page
        .locator('head link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
      expect(hreflang).toEqual([
        ['en', 'https://www.northbeam.example/services/cloud-migration'],
        ['nl', 'https://www.northbeam.example/nl/services/cloud-migration'],
        ['pt', 'https://www.northbeam.example/pt/services/cloud-migration'],
        ['x-default', 'https://www.northbeam.example/services/cloud-migration'],
      ]);
    } finally {
      await context.close();
    }
  });

  test('on an untranslated case study, it says in Dutch that there is no translation and leads to the Dutch home page', async () => {
    const model = sampleModel();
    const study = model.caseStudies.find((entry) => pageAlternates(model, entry).length === 1);
    if (!study) throw new Error('the sample site translates every case study: keep one untranslated');
    const notTranslated = model.languages.models.get('nl')!.strings.site.notTranslated;
    const { context, page } = await open(study.path);
    try {
      expect(await page.locator('head link[hreflang]').count()).toBe(0);
      await switcher(page).locator('summary').click();
      const dutch = switcher(page).getByRole('link', { name: /^Nederlands/ });
      expect(await dutch.getAttribute('href')).toBe('/nl');
      await expect.poll(() => dutch.locator('.language-note').innerText()).toBe(notTranslated);
      expect(await dutch.locator('.language-note').isVisible()).toBe(true);
      await Promise.all([page.waitForURL(/\/nl$/), dutch.click()]);
      expect(await page.getAttribute('html', 'lang')).toBe('nl');
    } finally {
      await context.close();
    }
  });

  test('opens from the keyboard on a desktop', async () => {
    const { context, page } = await open('/nl/services/cloud-migration');
    try {
      await switcher(page).locator('summary').focus();
      await page.keyboard.press('Enter');
      expect(await switcher(page).locator('details').getAttribute('open')).not.toBeNull();
      expect(await switcher(page).getByRole('link', { name: 'English' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('on a phone it is a list in the header menu, which opens from the keyboard inside the screen', async () => {
    const { context, page } = await open('/nl/services/cloud-migration', { viewport: { width: 360, height: 740 } });
    try {
      const english = switcher(page).getByRole('link', { name: 'English' });
      expect(await english.isVisible()).toBe(false);
      await page.locator('.site-menu > summary').focus();
      await page.keyboard.press('Enter');
      expect(await page.locator('.site-menu').getAttribute('open')).not.toBeNull();
      // The languages are listed in the menu's panel at once: no second disclosure to open.
      expect(await switcher(page).locator('summary').isVisible()).toBe(false);
      expect(await english.isVisible()).toBe(true);
      const list = await switcher(page).locator('ul').boundingBox();
      expect(list).not.toBeNull();
      expect(list!.x).toBeGreaterThanOrEqual(0);
      expect(list!.x + list!.width).toBeLessThanOrEqual(360);
      expect(list!.y + list!.height).toBeLessThanOrEqual(740);
    } finally {
      await context.close();
    }
  });
});
