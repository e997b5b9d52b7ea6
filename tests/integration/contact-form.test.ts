/**
 * The contact form in Debian's Chromium against the served site, with and without JavaScript:
 * bad input shows field errors, good input shows the confirmation with the lead's reference, and
 * the operator finds that lead with `npm run leads -- list --json`, as filed through the form.
 *
 * Limits: the per-e-mail limit (3 new leads per 24 h) and the per-IP limit (10 per hour) are kept
 * in the local Blobs store, which persists between runs. Every run uses fresh e-mail addresses,
 * and the browser's requests to /api/contact are forwarded (page.route) from a random loopback
 * address of their own (fetchFrom), so repeated runs never meet the per-IP limit of 127.0.0.1
 * and the browser still renders exactly what the server answered. Chromium itself cannot choose
 * its source address: connecting to another 127.x address still leaves from 127.0.0.1.
 */
import path from 'node:path';
import { type BrowserContext } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { FORM_CONSENT_STATEMENT } from '../../src/leads/consent.ts';
import { listStoredLeads } from '../support/run-leads.ts';
import { loopbackContext, screenshotDir, useChromium } from './chromium.ts';
import { baseUrl, runId } from './http.ts';

const REFERENCE = /NB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const run = runId();
const email = (label: string) => `form-${label}-${run}@example.com`;

/** The contact form's own button: the site's header holds a search form with a submit button too. */
const SEND = 'form[data-contact-form] button[type="submit"]';
const browser = useChromium();

/** A browser context whose POSTs to /api/contact leave from a loopback address of their own. */
function newContext(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return loopbackContext(browser(), '**/api/contact', { javaScriptEnabled });
}

async function fill(
  page: import('playwright-core').Page,
  values: { name: string; email: string; company?: string; message: string; consent: boolean },
) {
  await page.fill('#contact-name', values.name);
  await page.fill('#contact-email', values.email);
  if (values.company) await page.fill('#contact-company', values.company);
  await page.fill('#contact-message', values.message);
  if (values.consent) await page.check('#contact-consent');
}

/** The reference shown on the confirmation, then the lead the operator command finds under it. */
async function expectStoredFormLead(
  confirmationText: string | null,
  values: { name: string; email: string; company?: string; message: string },
) {
  const reference = confirmationText?.match(REFERENCE)?.[0];
  expect(reference, `no reference in the confirmation: ${confirmationText}`).toBeDefined();
  const found = (await listStoredLeads(inject('projectRoot'))).filter((lead) => lead.email === values.email);
  expect(found.map((lead) => lead.reference)).toEqual([reference]);
  const lead = found[0]!;
  expect(lead).toMatchObject({ source: 'form', name: values.name, message: values.message });
  if (values.company) expect(lead.company).toBe(values.company);
  expect(lead.client).toBeUndefined();
  expect(lead.consent).toMatchObject({ given: true, via: 'form-checkbox' });
  expect(lead.consent!.statement).toBe(FORM_CONSENT_STATEMENT);
  expect(Math.abs(Date.parse(lead.createdAt) - Date.now())).toBeLessThan(120_000);
}

describe('the contact form in a browser', () => {
  test('with JavaScript: inline errors, then the confirmation in place without a page load', async () => {
    const context = await newContext(true);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl()}/contact`);
    expect(await page.getAttribute('#contact-form', 'novalidate')).not.toBeNull();

    // Bad input: errors next to the fields, focus on the first invalid one, nothing sent.
    await fill(page, { name: 'Browser Test', email: 'not-an-address', message: 'short', consent: false });
    await page.click(SEND);
    await expect.poll(() => page.getAttribute('#contact-email', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#contact-email-error')).toMatch(/not an e-mail address/);
    expect(await page.textContent('#contact-message-error')).toMatch(/shorter than 10 characters/);
    expect(await page.isVisible('#contact-consent-error')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');

    // Good input: the confirmation replaces the form, in the same document.
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    const good = {
      name: 'Browser Test',
      email: email('js'),
      company: 'Test Co',
      message: 'Sent by the browser test with JavaScript on.',
    };
    await fill(page, { ...good, consent: true });
    await page.click(SEND);
    const confirmation = page.locator('[data-contact-live] #contact-confirmation');
    await confirmation.waitFor();
    const confirmed = await confirmation.textContent();
    expect(confirmed).toMatch(REFERENCE);
    expect(await page.locator('#contact-form').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
    expect(errors).toEqual([]);
    await context.close();
    await expectStoredFormLead(confirmed, good);
  });

  test('without JavaScript: the server answers bad input with field errors and good input with a confirmation page', async () => {
    const context = await newContext(false);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/contact`);
    expect(await page.getAttribute('#contact-form', 'novalidate')).toBeNull();

    // Passes the browser's own checks (required, type=email) but not the server's: too short.
    await fill(page, { name: 'No Script <b>Test</b>', email: email('nojs'), message: 'Too short', consent: true });
    await Promise.all([page.waitForURL('**/api/contact'), page.click(SEND)]);
    expect(await page.textContent('#contact-error-summary')).toMatch(/Message: message is shorter than 10 characters/);
    expect(await page.getAttribute('#contact-message', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#contact-message-error')).toMatch(/shorter than 10 characters/);
    expect(await page.inputValue('#contact-name')).toBe('No Script <b>Test</b>');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-error-summary');
    expect(await page.locator('header').count()).toBeGreaterThan(0);

    await page.fill('#contact-message', 'Sent by the browser test with JavaScript off.');
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), page.click(SEND)]);
    expect(response.status()).toBe(200);
    await page.waitForSelector('#contact-confirmation');
    const confirmed = await page.textContent('#contact-confirmation');
    expect(confirmed).toMatch(REFERENCE);
    expect(await page.textContent('h1')).toBe('Request sent');
    await page.screenshot({ path: path.join(screenshotDir(), 'contact-confirmation.png'), fullPage: true });
    await context.close();
    await expectStoredFormLead(confirmed, {
      name: 'No Script <b>Test</b>',
      email: email('nojs'),
      message: 'Sent by the browser test with JavaScript off.',
    });
  });
});
