/**
 * The Content-Security-Policy enforced in Debian's headless Chromium: a page of every shape in
 * every language (onePerShape) and the 404 page load with the policy the server sends (enforced,
 * not report-only) and cause no violation (no `securitypolicyviolation` event, no console message about the policy or the
 * Permissions-Policy), code blocks keep their theme's colours without inline styles, and the
 * contact form's script validates and sends a lead under the policy. That every built page holds
 * nothing inline the policy would block, and loads nothing from elsewhere, is checked on every
 * page's HTML (security-headers.test.ts): what the browser adds is what runs.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PAGE_CSP } from '../../src/http/security-headers.ts';
import { languageOfPath, unlocalizedPath } from '../../src/site/languages.ts';
import { sampleModel } from '../support/sample-site.ts';
import { loopbackContext, useChromium } from './chromium.ts';
import { baseUrl, runId, sitemapPaths } from './http.ts';

/** The contact form's own button: the site's header holds a search form with a submit button too. */
const SEND = 'form[data-contact-form] button[type="submit"]';
const browser = useChromium();

interface Watch {
  violations: string[];
  console: string[];
}

/** Records CSP violations (events, from before any page script) and console messages about policies. */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], console: [] };
  await context.exposeFunction('__reportViolation', (text: string) => seen.violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  listen(page, seen);
  return seen;
}

/** Records the console messages about policies, and the errors, of one more page of a watched context. */
function listen(page: Page, seen: Watch): void {
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(text) || message.type() === 'error')
      seen.console.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.console.push(`pageerror: ${error.message}`));
}

/** Pages loaded at once, each in a tab of its own: a page load mostly waits for the server. */
const TABS = 3;

/** A context whose POSTs to /api/contact leave from a loopback address of its own. */
function newContext(): Promise<BrowserContext> {
  return loopbackContext(browser(), '**/api/contact');
}

/**
 * One page of each shape in each language, from the sitemap: every page at the top of a language
 * (its home, each listing, the contact page…), and the first of each group of pages under one
 * listing or filter (`/insights/*`, `/nl/case-studies/industry/*`): pages of one shape are made
 * by one template, so they load the same scripts, styles and kinds of picture.
 */
function onePerShape(paths: readonly string[]): string[] {
  const { languages } = sampleModel();
  const shapes = new Map<string, string>();
  for (const pagePath of paths) {
    const segments = unlocalizedPath(languages, pagePath).split('/').filter(Boolean);
    const shape =
      segments.length <= 1 ? pagePath : `${languageOfPath(languages, pagePath)}:${segments.slice(0, -1).join('/')}/*`;
    if (!shapes.has(shape)) shapes.set(shape, pagePath);
  }
  return [...shapes.values()];
}

describe('the Content-Security-Policy in Chromium', () => {
  test(
    'a page of every shape in every language loads under the enforced policy with no violation',
    { timeout: 300_000 },
    async () => {
      const context = await newContext();
      const page = await context.newPage();
      const seen = await watch(context, page);
      const all = await sitemapPaths();
      const paths = [...onePerShape(all), '/no-such-page'];
      // Every language and every kind of entry is among them.
      for (const probe of ['/nl', '/pt/contact', '/insights/', '/nl/case-studies/industry/', '/pt/team/'])
        expect(
          paths.some((pagePath) => pagePath.startsWith(probe)),
          probe,
        ).toBe(true);
      expect(paths.length).toBeLessThan(all.length / 2);
      const tabs = [page];
      while (tabs.length < TABS) {
        const tab = await context.newPage();
        listen(tab, seen);
        tabs.push(tab);
      }
      let next = 0;
      await Promise.all(
        tabs.map(async (tab) => {
          while (next < paths.length) {
            const pagePath = paths[next++]!;
            const response = await tab.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'load' });
            expect(response?.status(), pagePath).toBe(pagePath === '/no-such-page' ? 404 : 200);
            const headers = response!.headers();
            expect(headers['content-security-policy'], pagePath).toBe(PAGE_CSP);
            expect(headers['content-security-policy-report-only'], pagePath).toBeUndefined();
            // The stylesheet applied (it is a file from the site's origin): the skip link is moved off screen.
            const styled = await tab.evaluate(() => getComputedStyle(document.querySelector('.skip-link')!).position);
            expect(styled, `${pagePath}: site stylesheet applied`).not.toBe('static');
          }
        }),
      );
      for (const tab of tabs.slice(1)) await tab.close();
      expect(seen.violations).toEqual([]);
      // Chromium logs the 404 page's own status as an error; nothing else may be logged.
      const notFound = 'error: Failed to load resource: the server responded with a status of 404 (Not Found)';
      expect(seen.console.filter((message) => message !== notFound)).toEqual([]);
      expect(seen.console).toHaveLength(1);

      // The watch can see a violation: an inline style attribute set from a page is blocked and reported.
      await page.goto(`${baseUrl()}/`);
      await page.evaluate(() => {
        const element = document.createElement('div');
        element.setAttribute('style', 'color: red');
        document.body.append(element);
      });
      await expect.poll(() => seen.violations.length).toBe(1);
      expect(seen.violations[0]).toMatch(/^style-src/);
      await context.close();
    },
  );

  test("code blocks keep their theme's colours from the stylesheet, without inline styles", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const seen = await watch(context, page);
    await page.goto(`${baseUrl()}/insights/keeping-secrets-out-of-ci`);
    const colours = await page.evaluate(() => {
      const pre = document.querySelector('pre.astro-code')!;
      const token = pre.querySelector('span[class^="shc-"]')!;
      return {
        background: getComputedStyle(pre).backgroundColor,
        token: getComputedStyle(token).color,
        expected: `#${token.className.match(/shc-([0-9a-f]{6})/)![1]}`,
        styled: document.querySelectorAll('[style]').length,
      };
    });
    expect(colours.background).toBe('rgb(10, 12, 16)');
    const [r, g, b] = [1, 3, 5].map((index) => parseInt(colours.expected.slice(index, index + 2), 16));
    expect(colours.token).toBe(`rgb(${r}, ${g}, ${b})`);
    expect(colours.styled).toBe(0);
    expect(seen.violations).toEqual([]);
    await context.close();
  });

  test('the contact form validates and sends a lead under the policy', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const seen = await watch(context, page);
    await page.goto(`${baseUrl()}/contact`);
    // The form script ran (an external module script, allowed by script-src 'self').
    expect(await page.getAttribute('#contact-form', 'novalidate')).not.toBeNull();
    await page.fill('#contact-name', 'CSP Test');
    await page.fill('#contact-email', `csp-${runId()}@example.com`);
    await page.fill('#contact-message', 'Sent by the CSP browser test, with the policy enforced.');
    await page.check('#contact-consent');
    await page.click(SEND);
    const confirmation = page.locator('[data-contact-live] #contact-confirmation');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toMatch(/NB-/);
    expect(seen.violations).toEqual([]);
    expect(seen.console).toEqual([]);
    await context.close();
  });
});
