/** The company's facts as search text (src/build/company-facts.ts) and where they are indexed. */
import { describe, expect, test } from 'vitest';
import { companyFactsFor } from '../../src/build/company-facts.ts';
import { searchDocuments } from '../../src/build/search-index.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { sampleModel } from '../support/sample-site.ts';

const model = sampleModel();
const { company } = model;

describe('companyFactsFor', () => {
  test('about: who and where the company is, since when, how large', () => {
    const about = companyFactsFor(ROUTES.about, company, ROUTES, model.strings);
    for (const fact of [company.name, company.location!, String(company.founded), company.teamSize!])
      expect(about).toContain(fact);
    for (const office of company.offices) expect(about).toContain(office.street);
    expect(about).not.toContain(company.contactEmail);
  });

  test('contact: how to reach the company and who replies how fast', () => {
    const contact = companyFactsFor(ROUTES.contact, company, ROUTES, model.strings);
    expect(contact).toContain(company.contactEmail);
    expect(contact).toContain(company.followUp.within!);
    for (const office of company.offices) expect(contact).toContain(office.city);
  });

  test("a translated page's facts are in its language (the contact strings' follow-up sentence)", () => {
    const portuguese = model.languages.models.get('pt')!;
    const contact = companyFactsFor(
      portuguese.routes.contact,
      portuguese.company,
      portuguese.routes,
      portuguese.strings,
    );
    expect(contact).toContain(portuguese.company.followUp.who);
    expect(contact).toContain('responde');
    // The facts' labels too: a Portuguese question about offices finds "Escritórios".
    const about = companyFactsFor(
      portuguese.routes.about,
      portuguese.company,
      portuguese.routes,
      portuguese.strings,
      false,
    );
    expect(about).toContain('Escritórios:');
    expect(about).toContain('fundada em 2014');
    expect(companyFactsFor(ROUTES.about, company, ROUTES, model.strings)).not.toContain('founded 2014');
    expect(companyFactsFor(ROUTES.contact, portuguese.company, portuguese.routes, portuguese.strings)).toBe('');
  });

  test('other pages have none; optional facts left out are simply not there', () => {
    expect(companyFactsFor(ROUTES.privacy, company, ROUTES, model.strings)).toBe('');
    const minimal = { ...company, location: undefined, founded: undefined, teamSize: undefined, offices: [] };
    expect(companyFactsFor(ROUTES.about, minimal, ROUTES, model.strings)).toBe(`${company.name} ${company.tagline}`);
  });

  test('a site without an about page has its facts on the contact page', () => {
    const withoutAbout = { ...model, pages: model.pages.filter((page) => page.path !== ROUTES.about) };
    const contact = searchDocuments(withoutAbout).find((doc) => doc.id === ROUTES.contact)!;
    expect(contact.facts).toContain(String(company.founded));
    expect(contact.facts).toContain(company.contactEmail);
  });
});
