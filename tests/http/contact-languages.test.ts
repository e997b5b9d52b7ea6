/** POST /api/contact in the page's language: the hidden language field, messages, refusals, the confirmation, and the lead's language. */
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createApiHandler } from '../../src/http/api.ts';
import { renderContactForm } from '../../src/http/contact-html.ts';
import { FORM_CONSENT_STATEMENT } from '../../src/leads/consent.ts';
import { chooseContactLanguage } from '../../src/leads/contact-language.ts';
import { contactStrings } from '../../src/schemas/strings/contact.ts';
import { createMemoryLimitLedger, LEAD_LIMITS } from '../../src/leads/limits.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { pipeline, sampleAgent, sampleModel } from '../mcp/fixtures.ts';
import { contactResourcesOf, ROOT } from '../support/sample-site.ts';

const agent = sampleAgent();
const BASE = agent.head.site.baseUrl;
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const ctx = { clientIp: '203.0.113.7' };
const strings = (code: string) => sampleModel().languages.models.get(code)!.strings.contact;

const good = {
  name: 'Joana Silva',
  email: 'joana@example.pt',
  message: 'Gostaríamos de falar sobre a nossa plataforma de dados.',
  consent: 'yes',
};

function setup() {
  const store = createMemoryLeadStore();
  const limits = createMemoryLimitLedger();
  const api = createApiHandler({ ...agent, leads: pipeline({ store, limits }), now: () => new Date(NOW) });
  return { api, store };
}

const postForm = (fields: Record<string, string>) =>
  new Request(`${BASE}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const postJson = (body: unknown) =>
  new Request(`${BASE}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the contact strings', () => {
  test("the English consent statement is the one the API's description quotes", () => {
    const yaml = parse(readFileSync(path.join(ROOT, 'content/strings.yaml'), 'utf8')) as {
      contact: { consentStatement: string };
    };
    expect(yaml.contact.consentStatement).toBe(FORM_CONSENT_STATEMENT);
  });

  test('every language has its own statement, follow-up phrases and privacy page', () => {
    const resources = contactResourcesOf(sampleModel());
    expect(Object.keys(resources.languages)).toEqual(['en', 'nl', 'pt']);
    expect(resources.defaultLanguage).toBe('en');
    expect(resources.languages.nl!.privacyPath).toBe('/nl/privacy');
    expect(resources.languages.pt!.followUp.within).toBe('dois dias úteis');
    expect(resources.languages.pt!.heading).toBe(sampleModel().languages.models.get('pt')!.strings.pages.contact);
  });

  test('a consentLink that is not part of the statement fails the build, naming the key', () => {
    const wrong = { ...strings('nl'), consentLink: 'privacybeleid' };
    const result = contactStrings.safeParse(wrong);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['consentLink']);
    expect(contactStrings.safeParse(strings('nl')).success).toBe(true);
  });

  test('an unknown or missing language is the default language', () => {
    const resources = contactResourcesOf(sampleModel());
    expect(chooseContactLanguage(resources, 'pt').language).toBe('pt');
    expect(chooseContactLanguage(resources, ' NL ').language).toBe('nl');
    expect(chooseContactLanguage(resources, 'de').language).toBe('en');
    expect(chooseContactLanguage(resources, 'constructor').language).toBe('en');
    expect(chooseContactLanguage(resources, undefined).language).toBe('en');
    expect(chooseContactLanguage(resources, ['pt']).language).toBe('en');
  });
});

describe('the hidden language field', () => {
  test("is on another language's form and not on the default language's", () => {
    const pt = renderContactForm({
      strings: strings('pt'),
      locale: 'pt-PT',
      privacyPath: '/pt/privacy',
      language: 'pt',
    });
    expect(pt).toContain('<input type="hidden" name="language" value="pt">');
    expect(pt).toContain('<a href="/pt/privacy">política de privacidade</a>');
    expect(pt).toContain('Enviar o pedido');
    const en = renderContactForm({ strings: strings('en'), locale: 'en-GB', privacyPath: '/privacy' });
    expect(en).not.toContain('name="language"');
  });
});

describe('the consent statement’s link to the privacy page', () => {
  test('to the default language’s page when the form’s language has none: the words kept, the language named', () => {
    const nl = renderContactForm({
      strings: strings('nl'),
      locale: 'nl-NL',
      privacyPath: '/privacy',
      privacyLanguage: { code: 'en', name: 'English' },
      language: 'nl',
    });
    expect(nl).toContain(
      `<a href="/privacy" hreflang="en">${strings('nl').consentLink}<span class="link-language" lang="en"> (English)</span></a>`,
    );
  });

  test('the words alone when no language publishes a privacy page', () => {
    const en = renderContactForm({ strings: strings('en'), locale: 'en-GB', privacyPath: undefined });
    expect(en).toContain(strings('en').consentLink);
    expect(en).not.toContain('href="/privacy"');
  });
});

describe('POST /api/contact in a language', () => {
  test('Portuguese field errors for a Portuguese form post, in the Portuguese page', async () => {
    const { api, store } = setup();
    const response = await api(postForm({ ...good, email: 'não-é-um-endereço', language: 'pt' }), ctx);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain(strings('pt').emailInvalid);
    expect(html).toContain(strings('pt').correct.one);
    expect(html).toContain('<input type="hidden" name="language" value="pt">');
    expect(store.leads).toHaveLength(0);
  });

  test('Dutch field errors, with their bounds, for a JSON post', async () => {
    const { api } = setup();
    const response = await api(postJson({ ...good, message: 'kort', consent: false, language: 'nl' }), ctx);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      message: 'bericht is korter dan 10 tekens: vertel waarover je wilt praten',
      consent: strings('nl').consentRequired,
    });
    expect(body.error.message).toBe('De aanvraag is niet verstuurd: 2 velden moeten worden verbeterd.');
  });

  test('a Portuguese lead records its language and the Portuguese consent statement; the confirmation is Portuguese', async () => {
    const { api, store } = setup();
    const response = await api(postForm({ ...good, language: 'pt' }), ctx);
    expect(response.status).toBe(200);
    const html = await response.text();
    const [lead] = store.leads;
    expect(lead!.language).toBe('pt');
    expect(lead!.consent!.statement).toBe(strings('pt').consentStatement);
    expect(html).toContain('<title>Pedido enviado · Northbeam Engineering</title>');
    expect(html).toContain('Obrigado: o seu pedido chegou à Northbeam Engineering.');
    expect(html).toContain(
      'O que acontece a seguir: um dos nossos engenheiros principais lê o seu pedido e responde por e-mail, normalmente no prazo de dois dias úteis.',
    );
    expect(html).toContain(lead!.reference);
  });

  test('the JSON answer is in the language too', async () => {
    const { api } = setup();
    const body = (await (await api(postJson({ ...good, consent: true, language: 'nl' }), ctx)).json()) as {
      reference: string;
      message: string;
    };
    expect(body.message).toBe(
      `Bedankt: je aanvraag is bij Northbeam Engineering aangekomen. Je referentie is ${body.reference}. Een principal engineer antwoordt per e-mail.`,
    );
  });

  test('a post without a language, or with one the site does not publish, is English and records en', async () => {
    const { api, store } = setup();
    const plain = await api(postForm(good), ctx);
    expect(await plain.text()).toContain('Thank you: your request reached Northbeam Engineering.');
    const other = await api(postForm({ ...good, message: `${good.message} Noch etwas.`, language: 'de' }), ctx);
    expect(await other.text()).toContain('<html lang="en">');
    expect(store.leads.map((lead) => lead.language)).toEqual(['en', 'en']);
  });

  test('a limit refusal in Dutch', async () => {
    const { api } = setup();
    for (let n = 0; n < LEAD_LIMITS.email.max; n++)
      await api(postJson({ ...good, consent: true, message: `${good.message} ${n}` }), ctx);
    const response = await api(postJson({ ...good, consent: true, message: `${good.message} x`, language: 'nl' }), ctx);
    expect(response.status).toBe(429);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(
      /^Niet verstuurd: dit e-mailadres heeft in de afgelopen 24 uur al 3 nieuwe aanvragen verstuurd\. Probeer het opnieuw na 2026-11-21T10:00:00\.000Z, of mail naar hello@northbeam\.example\.$/,
    );
  });

  test('a store failure in Portuguese', async () => {
    const store = createMemoryLeadStore();
    store.insert = () => Promise.reject(new Error('down'));
    const api = createApiHandler({ ...agent, leads: pipeline({ store }), now: () => new Date(NOW) });
    const response = await api(postForm({ ...good, language: 'pt' }), ctx);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain(strings('pt').notSent);
    expect(html).toContain('NÃO foi enviado');
  });

  test('without its build files the endpoint says so and files nothing', async () => {
    const store = createMemoryLeadStore();
    const { contact: _contact, ...withoutContact } = agent;
    const api = createApiHandler({ ...withoutContact, leads: pipeline({ store }) });
    const response = await api(postJson({ ...good, consent: true }), ctx);
    expect(response.status).toBe(503);
    expect(store.leads).toHaveLength(0);
  });
});
