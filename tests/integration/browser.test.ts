/**
 * The HTML site as a visitor sees it, in Debian's headless Chromium (driven by playwright-core),
 * on a phone-sized and a desktop window: it renders, nothing overflows sideways, headings and
 * landmarks are in place, and every page links its Markdown version. Screenshots are saved under
 * test-results/screenshots/ for a person to look at.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { screenshotDir, useChromium } from './chromium.ts';
import { baseUrl, markdownPathOf } from './http.ts';

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
});
