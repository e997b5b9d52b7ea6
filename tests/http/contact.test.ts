/** POST /api/contact in process: JSON and form posts, field errors, consent, honeypot, duplicates, limits, store failures, escaping. */
import { describe, expect, test } from 'vitest';
import { createApiHandler } from '../../src/http/api.ts';
import { contactAcceptedSchema, contactErrorSchema, MAX_CONTACT_BODY_BYTES } from '../../src/http/contact.ts';
import { cutContactShell, fallbackShell, renderContactForm } from '../../src/http/contact-html.ts';
import { FORM_CONSENT_STATEMENT } from '../../src/leads/consent.ts';
import { createMemoryLimitLedger, LEAD_LIMITS } from '../../src/leads/limits.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import { LEAD_BOUNDS, LEAD_MESSAGES } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { contactForm, contactJson, pipeline, sampleAgent, sampleModel } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const en = sampleModel().strings.contact;
const FORM_CONSENT_REQUIRED = en.consentRequired;
const site = agent.head.site;
const BASE = site.baseUrl;
const NOW = Date.parse('2026-11-20T10:00:00.000Z');

const good = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme',
  message: 'We need help with our platform migration.',
  consent: true,
};

function setup(leads: LeadStore = createMemoryLeadStore()) {
  const store = leads;
  const limits = createMemoryLimitLedger();
  const errors: unknown[] = [];
  const api = createApiHandler({
    ...agent,
    leads: pipeline({ store, limits }),
    now: () => new Date(NOW),
    onError: (error) => errors.push(error),
  });
  return { api, store, limits, errors };
}

const formOf = (values: typeof good) => ({
  name: values.name,
  email: values.email,
  company: values.company,
  message: values.message,
  ...(values.consent ? { consent: 'yes' } : {}),
  website: '',
});

const ctx = { clientIp: '203.0.113.7' };

describe('POST /api/contact with JSON', () => {
  test('stores a form lead with the consent facts and answers with the reference', async () => {
    const { api, store } = setup();
    const response = await api(contactJson(good), ctx);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('ratelimit-limit')).toBe('120');
    const body = (await response.json()) as { reference: string; duplicate: boolean; message: string };
    expect(body.reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(body.duplicate).toBe(false);
    const [lead] = (store as ReturnType<typeof createMemoryLeadStore>).leads;
    expect(lead).toMatchObject({ reference: body.reference, source: 'form', name: 'Jane Doe', company: 'Acme' });
    expect(lead!.consent).toEqual({
      given: true,
      at: new Date(NOW).toISOString(),
      statement: FORM_CONSENT_STATEMENT,
      via: 'form-checkbox',
    });
  });

  test('field errors come back per field, with the schema messages, and nothing is stored', async () => {
    const { api, store } = setup();
    const response = await api(
      contactJson({ name: ' ', email: 'not-an-address', message: 'short', consent: false }),
      ctx,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe('invalid_fields');
    expect(body.error.fields).toEqual({
      name: LEAD_MESSAGES.nameEmpty,
      email: LEAD_MESSAGES.emailInvalid,
      message: LEAD_MESSAGES.messageTooShort,
      consent: FORM_CONSENT_REQUIRED,
    });
    expect((store as ReturnType<typeof createMemoryLeadStore>).leads).toHaveLength(0);
  });

  test('an unchecked consent box alone refuses the request', async () => {
    const { api } = setup();
    const response = await api(contactJson({ ...good, consent: false }), ctx);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: object } }).error.fields).toEqual({
      consent: FORM_CONSENT_REQUIRED,
    });
  });

  test('a filled honeypot gets a success-looking answer and stores nothing', async () => {
    const { api, store } = setup();
    const response = await api(contactJson({ ...good, website: 'https://spam.example' }), ctx);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { reference: string }).reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect((store as ReturnType<typeof createMemoryLeadStore>).leads).toHaveLength(0);
  });

  test('the same request again returns the same reference and stores one lead', async () => {
    const { api, store } = setup();
    const first = (await (await api(contactJson(good), ctx)).json()) as { reference: string };
    const again = (await (await api(contactJson(good), ctx)).json()) as { reference: string; duplicate: boolean };
    expect(again).toMatchObject({ reference: first.reference, duplicate: true });
    expect((store as ReturnType<typeof createMemoryLeadStore>).leads).toHaveLength(1);
  });

  test('past the per-e-mail limit: 429 with Retry-After and the reason', async () => {
    const { api } = setup();
    for (let i = 0; i < LEAD_LIMITS.email.max; i++) {
      expect((await api(contactJson({ ...good, message: `${good.message} Number ${i}.` }), ctx)).status).toBe(200);
    }
    const refused = await api(contactJson({ ...good, message: `${good.message} One more.` }), ctx);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('lead_limit');
    expect(body.error.message).toContain(site.contactEmail);
  });

  test('a failing store: 503 saying to try again or write by e-mail', async () => {
    const broken = createMemoryLeadStore();
    broken.claimDedupe = () => Promise.reject(new Error('blobs down'));
    const { api } = setup(broken);
    const response = await api(contactJson(good), ctx);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('store_unavailable');
    expect(body.error.message).toMatch(/try again/);
    expect(body.error.message).toContain(site.contactEmail);
  });

  test('other content types: 415; OPTIONS: 204; GET: 405 with Allow', async () => {
    const { api } = setup();
    const text = await api(
      new Request(`${BASE}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }),
      ctx,
    );
    expect(text.status).toBe(415);
    const preflight = await api(new Request(`${BASE}/api/contact`, { method: 'OPTIONS' }), ctx);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const get = await api(new Request(`${BASE}/api/contact`), ctx);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('the JSON answers conform to the schemas /openapi.json is generated from', () => {
  test('200, 400 (both codes), 413, 415, 429 and 503 parse with contactAcceptedSchema / contactErrorSchema', async () => {
    const { api } = setup();
    const bodies = async (request: Request, status: number) => {
      const response = await api(request, ctx);
      expect(response.status).toBe(status);
      return response.json();
    };
    contactAcceptedSchema.parse(await bodies(contactJson(good), 200));
    contactAcceptedSchema.parse(await bodies(contactJson(good), 200));
    contactErrorSchema.parse(await bodies(contactJson({ ...good, email: 'nope' }), 400));
    contactErrorSchema.parse(
      await bodies(
        new Request(`${BASE}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '[1]',
        }),
        400,
      ),
    );
    contactErrorSchema.parse(
      await bodies(
        new Request(`${BASE}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: 'x'.repeat(MAX_CONTACT_BODY_BYTES + 1),
        }),
        413,
      ),
    );
    contactErrorSchema.parse(
      await bodies(
        new Request(`${BASE}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }),
        415,
      ),
    );
    for (let n = 1; n < LEAD_LIMITS.email.max; n++)
      await bodies(contactJson({ ...good, message: `${good.message} Part ${n}.` }), 200);
    contactErrorSchema.parse(await bodies(contactJson({ ...good, message: `${good.message} One more.` }), 429));
    const failing = createApiHandler({
      ...agent,
      leads: pipeline({ store: { ...createMemoryLeadStore(), claimDedupe: () => Promise.reject(new Error('down')) } }),
      now: () => new Date(NOW),
    });
    const unavailable = await failing(contactJson(good), ctx);
    expect(unavailable.status).toBe(503);
    contactErrorSchema.parse(await unavailable.json());
  });
});

describe('POST /api/contact as a form post (no JavaScript)', () => {
  test('success: an HTML confirmation page with the reference, status 200', async () => {
    const { api, store } = setup();
    const response = await api(contactForm(formOf(good)), ctx);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const [lead] = (store as ReturnType<typeof createMemoryLeadStore>).leads;
    expect(lead!.source).toBe('form');
    expect(html).toContain(lead!.reference);
    expect(html).toContain('Request sent');
  });

  test('invalid: the form again with values, errors next to the fields and a summary, status 400', async () => {
    const { api } = setup();
    const response = await api(contactForm(formOf({ ...good, message: 'short' })), ctx);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="contact-error-summary"');
    expect(html).toContain('href="#contact-message"');
    expect(html).toMatch(/<textarea id="contact-message"[^>]*aria-invalid="true"[^>]*>short<\/textarea>/);
    expect(html).toContain(`id="contact-message-error" data-error-for="message">${LEAD_MESSAGES.messageTooShort}`);
    expect(html).toContain('value="Jane Doe"');
    expect(html).toMatch(/id="contact-consent"[^>]* checked/);
  });

  test('injected markup in the values is escaped', async () => {
    const { api } = setup();
    const evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const response = await api(
      contactForm(formOf({ ...good, name: evil, company: evil, message: `${evil}`.slice(0, 8), email: evil })),
      ctx,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  });

  test('a filled honeypot: the confirmation page, nothing stored', async () => {
    const { api, store } = setup();
    const response = await api(contactForm({ ...formOf(good), website: 'spam' }), ctx);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Request sent');
    expect((store as ReturnType<typeof createMemoryLeadStore>).leads).toHaveLength(0);
  });

  test('the largest valid submission, every character percent-encoded at its widest, is under the size limit and stored', async () => {
    const { api, store } = setup();
    // "€" is 3 bytes in UTF-8 and 9 once percent-encoded: the widest a field's character gets.
    const widest = (length: number) => '€'.repeat(length);
    const fields = {
      name: widest(LEAD_BOUNDS.name.max),
      email: `${'a'.repeat(64)}@${'b'.repeat(LEAD_BOUNDS.email.max - 64 - 1 - 4)}.com`,
      company: widest(LEAD_BOUNDS.company.max),
      message: widest(LEAD_BOUNDS.message.max),
      consent: 'yes',
      website: '',
    };
    const request = contactForm(fields);
    const size = new TextEncoder().encode(await request.clone().text()).length;
    expect(size).toBeLessThan(MAX_CONTACT_BODY_BYTES);
    const response = await api(request, ctx);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await store.list()).leads).toHaveLength(1);
  });

  test('a body over the size limit: 413 that says what may be sent', async () => {
    const { api, store } = setup();
    const response = await api(contactForm({ ...formOf(good), message: 'x'.repeat(MAX_CONTACT_BODY_BYTES) }), ctx);
    expect(response.status).toBe(413);
    const body = contactErrorSchema.parse(await response.json());
    expect(body.error.message).toContain(`at most ${LEAD_BOUNDS.message.max} characters`);
    expect((await store.list()).leads).toHaveLength(0);
  });

  test('the limit and the store failure answer with the form and the reason', async () => {
    const broken = createMemoryLeadStore();
    broken.insert = () => Promise.reject(new Error('blobs down'));
    const { api } = setup(broken);
    const response = await api(contactForm(formOf(good)), ctx);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('NOT sent');
    expect(html).toContain('value="jane@example.com"');
  });
});

describe('the page shell', () => {
  test('cuts a built page around <main> and keeps the site around the function pages', () => {
    const shell = cutContactShell(
      '<html><head><title>Contact · X</title></head><body><header>H</header><main id="main" tabindex="-1">old</main><footer>F</footer></body></html>',
    );
    expect(shell.head).toBe(
      '<html><head><title>%%CONTACT_TITLE%%</title></head><body><header>H</header><main id="main" tabindex="-1">',
    );
    expect(shell.tail).toBe('</main><footer>F</footer></body></html>');
    expect(fallbackShell('en').head).toContain('%%CONTACT_TITLE%%');
  });

  test('the empty form has the honeypot hidden from people and the consent statement as the label', () => {
    const html = renderContactForm({ strings: en, locale: 'en-GB', privacyPath: '/privacy' });
    expect(html).toMatch(/<div class="field field-honeypot" aria-hidden="true">/);
    expect(html).toMatch(/name="website" type="text" tabindex="-1" autocomplete="off"/);
    expect(html).toContain('method="post" action="/api/contact"');
    expect(html).not.toContain('novalidate');
    expect(html).toContain('<a href="/privacy">privacy policy</a>');
  });
});
