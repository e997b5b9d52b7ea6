/**
 * The contact form of another language (Portuguese, /pt/contact) in Debian's Chromium against
 * the served site, with and without JavaScript: an invalid e-mail address gets the Portuguese
 * message (from the page's script, and from the server), a valid request the Portuguese
 * confirmation, and the operator finds the lead with `npm run leads -- list --json`, its
 * language `pt` and the Portuguese consent statement. Runs like contact-form.test.ts (fresh
 * addresses per run, POSTs from a loopback address of their own).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { parse } from 'yaml';
import { listStoredLeads } from '../support/run-leads.ts';
import { loopbackContext, useChromium } from './chromium.ts';
import { baseUrl, runId } from './http.ts';

const REFERENCE = /NB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const run = runId();
const email = (label: string) => `form-pt-${label}-${run}@example.com`;
const { messageTooShort, ...pt } = (
  parse(readFileSync(path.join(inject('projectRoot'), 'content/pt/strings.yaml'), 'utf8')) as {
    contact: Record<string, string> & { messageTooShort: { other: string } };
  }
).contact;
/** The message's minimum, 10 characters, takes Portuguese's `other` form. */
const tooShort = messageTooShort.other.replace('{min}', '10');

/** The contact form's own button: the site's header holds a search form with a submit button too. */
const SEND = 'form[data-contact-form] button[type="submit"]';
const browser = useChromium();

function newContext(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return loopbackContext(browser(), '**/api/contact', { javaScriptEnabled });
}

async function fill(
  page: import('playwright-core').Page,
  values: { name: string; email: string; message: string; consent: boolean },
) {
  await page.fill('#contact-name', values.name);
  await page.fill('#contact-email', values.email);
  await page.fill('#contact-message', values.message);
  if (values.consent) await page.check('#contact-consent');
}

/** The lead the operator command finds under the confirmation's reference: Portuguese. */
async function expectPortugueseLead(confirmationText: string | null, address: string) {
  const reference = confirmationText?.match(REFERENCE)?.[0];
  expect(reference, `no reference in the confirmation: ${confirmationText}`).toBeDefined();
  const found = (await listStoredLeads(inject('projectRoot'))).filter((lead) => lead.email === address);
  expect(found.map((lead) => lead.reference)).toEqual([reference]);
  expect(found[0]!.language).toBe('pt');
  expect(found[0]!.consent!.statement).toBe(pt.consentStatement);
}

describe('the Portuguese contact form in a browser', () => {
  test('with JavaScript: a Portuguese message for an invalid e-mail address, then a lead in pt', async () => {
    const context = await newContext(true);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl()}/pt/contact`);
    expect(await page.getAttribute('input[type="hidden"][name="language"]', 'value')).toBe('pt');

    await fill(page, {
      name: 'Teste',
      email: 'não-é-um-endereço',
      message: 'Uma mensagem suficientemente longa.',
      consent: true,
    });
    await page.click(SEND);
    await expect.poll(() => page.getAttribute('#contact-email', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#contact-email-error')).toBe(pt.emailInvalid);

    const address = email('js');
    await page.fill('#contact-email', address);
    await page.click(SEND);
    const confirmation = page.locator('[data-contact-live] #contact-confirmation');
    await confirmation.waitFor();
    const confirmed = await confirmation.textContent();
    expect(confirmed).toContain(pt.sentHeading);
    expect(confirmed).toContain('Obrigado');
    expect(errors).toEqual([]);
    await context.close();
    await expectPortugueseLead(confirmed, address);
  });

  test('without JavaScript: the server answers in Portuguese, in the Portuguese page', async () => {
    const context = await newContext(false);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/pt/contact`);

    // Passes the browser's own checks but not the server's: too short.
    await fill(page, { name: 'Sem Script', email: email('nojs'), message: 'Curta', consent: true });
    await Promise.all([page.waitForURL('**/api/contact'), page.click(SEND)]);
    expect(await page.getAttribute('html', 'lang')).toBe('pt');
    expect(await page.textContent('#contact-message-error')).toBe(tooShort);

    await page.fill('#contact-message', 'Enviado pelo teste do navegador sem JavaScript.');
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), page.click(SEND)]);
    expect(response.status()).toBe(200);
    await page.waitForSelector('#contact-confirmation');
    const confirmed = await page.textContent('#contact-confirmation');
    expect(confirmed).toContain('O que acontece a seguir');
    await context.close();
    await expectPortugueseLead(confirmed, email('nojs'));
  });
});
