/** The company's facts as search text (src/build/company-facts.ts) and where they are indexed. */
import { describe, expect, test } from 'vitest';
import { companyFactsFor } from '../../src/build/company-facts.ts';
import { searchDocuments } from '../../src/build/search-index.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { sampleModel } from '../support/sample-site.ts';

const model = sampleModel();
const { company } = model;
const sourceOf = (site: typeof model) => ({ company: site.company, routes: site.routes, strings: site.strings });

describe('companyFactsFor', () => {
  test('about: who and where the company is, since when, how large', () => {
    const about = companyFactsFor(ROUTES.about, sourceOf(model));
    for (const fact of [company.name, company.location!, String(company.founded), company.teamSize!])
      expect(about).toContain(fact);
    for (const office of company.offices) expect(about).toContain(office.street);
    expect(about).not.toContain(company.contactEmail);
  });

  test('contact: how to reach the company and who replies how fast', () => {
    const contact = companyFactsFor(ROUTES.contact, sourceOf(model));
    expect(contact).toContain(company.contactEmail);
    expect(contact).toContain(company.followUp.within!);
    for (const office of company.offices) expect(contact).toContain(office.city);
  });

  test("a translated page's facts are in its language (the contact strings' follow-up sentence)", () => {
    const portuguese = model.languages.models.get('pt')!;
    const contact = companyFactsFor(portuguese.routes.contact, sourceOf(portuguese));
    expect(contact).toContain(portuguese.company.followUp.who);
    expect(contact).toContain('responde');
    // The facts' labels too: a Portuguese question about offices finds "Escritórios".
    const about = companyFactsFor(portuguese.routes.about, { ...sourceOf(portuguese), english: false });
    expect(about).toContain('Escritórios:');
    expect(about).toContain('fundada em 2014');
    expect(companyFactsFor(ROUTES.about, sourceOf(model))).not.toContain('founded 2014');
    expect(companyFactsFor(ROUTES.contact, sourceOf(portuguese))).toBe('');
  });

  test('other pages have none; optional facts left out are simply not there', () => {
    expect(companyFactsFor(ROUTES.privacy, sourceOf(model))).toBe('');
    const minimal = { ...company, location: undefined, founded: undefined, teamSize: undefined, offices: [] };
    expect(companyFactsFor(ROUTES.about, { company: minimal, routes: ROUTES, strings: model.strings })).toBe(
      `${company.name} ${company.tagline}`,
    );
  });

  test("the about page has the site's label for industries, in its language, when case studies name any", () => {
    const about = searchDocuments(model).find((doc) => doc.id === ROUTES.about)!;
    expect(about.facts).toContain('All industries.');
    // The names are the about page's own text's to give; as facts they would outweigh the case studies.
    expect(about.facts).not.toContain('Healthcare');
    const dutch = model.languages.models.get('nl')!;
    const dutchAbout = searchDocuments(dutch).find((doc) => doc.id === dutch.routes.about)!;
    expect(dutchAbout.facts).toContain('Alle sectoren.');
    const withoutCaseStudies = { ...model, caseStudies: [], industries: [] };
    expect(searchDocuments(withoutCaseStudies).find((doc) => doc.id === ROUTES.about)!.facts).not.toContain(
      'All industries',
    );
  });

  test('a site without an about page has its facts on the contact page', () => {
    const withoutAbout = { ...model, pages: model.pages.filter((page) => page.path !== ROUTES.about) };
    const contact = searchDocuments(withoutAbout).find((doc) => doc.id === ROUTES.contact)!;
    expect(contact.facts).toContain(String(company.founded));
    expect(contact.facts).toContain(company.contactEmail);
  });
});
