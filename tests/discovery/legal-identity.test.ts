/**
 * The company's legal identity (company.yaml `legalName`, `legalForm`, `registration`, `vatId`,
 * `telephone`): checked with messages that say what is expected; shown on the legal notice (HTML
 * and Markdown), in every footer, in llms.txt (and so in get_company_profile and llms-full.txt)
 * and the Organization's JSON-LD; and absent without a trace for a company that gives none.
 */
import { describe, expect, test } from 'vitest';
import { pageMarkdown } from '../../src/build/page-markdown.ts';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { jsonLdScriptText, structuredDataFor } from '../../src/discovery/structured-data.ts';
import { footerLegalParts, legalLines } from '../../src/model/legal.ts';
import type { SiteModel } from '../../src/model/model.ts';
import { telephoneProblem, vatIdProblem, normalVatId } from '../../src/schemas/legal.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { fixtureCompany, fixtureModel, fixtureTools, realModel } from './fixtures.ts';

const organizationOf = (model: SiteModel) => {
  const graph = JSON.parse(jsonLdScriptText(structuredDataFor(model, model.index.pages.get(model.routes.home)!))) as {
    '@graph': Record<string, unknown>[];
  };
  return graph['@graph'].find((node) => node['@id'] === `${model.company.baseUrl}/#organization`)!;
};

describe('checking the fields', () => {
  test.each([
    ['NL123456789B01', undefined],
    ['DE123456789', undefined],
    ['PT123456789', undefined],
    ['ATU12345678', undefined],
    ['CHE123456789MWST', undefined],
    ['NL12345678901', /not a Dutch VAT ID: NL, 9 digits, B and 2 digits, e\.g\. `vatId: NL123456789B01`/],
    ['DE12345678', /not a German VAT ID: DE and 9 digits/],
    ['GR123456789', /must start with its country's code.*Greece's is EL/],
  ])('a VAT ID: %s', (value, problem) => {
    if (problem) expect(vatIdProblem(value)).toMatch(problem);
    else expect(vatIdProblem(value)).toBeUndefined();
  });

  test('a VAT ID is read as people write it, with spaces, dots and small letters', () => {
    expect(normalVatId('nl 1234.56789.b01')).toBe('NL123456789B01');
    expect(companySchema.parse({ ...fixtureCompany, vatId: 'de 123 456 789' }).vatId).toBe('DE123456789');
  });

  test.each([
    ['+31 10 000 0000', undefined],
    ['+1 (212) 555-0100', undefined],
    ['010 000 0000', /must be in international form: \+ and the country code/],
    ['+31 10 x', /may hold only digits/],
    ['+0 10 000 0000', /does not start with 0/],
    ['+31 10', /has 4 digits; a number in international form has 8 to 15/],
  ])('a telephone number: %s', (value, problem) => {
    if (problem) expect(telephoneProblem(value)).toMatch(problem);
    else expect(telephoneProblem(value)).toBeUndefined();
  });

  test('a register number YAML reads as a number is kept as written', () => {
    const company = companySchema.parse({ ...fixtureCompany, registration: { register: 'KvK', number: 12345678 } });
    expect(company.registration).toEqual({ register: 'KvK', number: '12345678' });
  });

  test('a misspelt field of the registration is named', () => {
    const result = companySchema.safeParse({ ...fixtureCompany, registration: { register: 'KvK', numbr: '1' } });
    expect(result.error?.issues.map((issue) => issue.message).join('\n')).toMatch(
      /`numbr` \(did you mean `number`\?\) is not a field of `registration`/,
    );
  });
});

describe('the sample company, which gives them all', () => {
  const model = realModel();
  const dutch = model.languages.models.get('nl')!;

  test('the legal notice lists them, in HTML and Markdown alike, in each language', () => {
    expect(legalLines(model.company, model.strings)).toEqual([
      { label: 'Registered name', text: 'Northbeam Engineering B.V.' },
      { label: 'Legal form', text: 'Private limited company (besloten vennootschap)' },
      { label: 'Registered office', text: 'Wijnhaven 60, 3011 WS Rotterdam, Netherlands' },
      { label: 'Register', text: 'Dutch Chamber of Commerce (KvK) 12345678' },
      { label: 'VAT ID', text: 'NL123456789B01' },
      { label: 'Telephone', text: '+31 10 000 0000', href: 'tel:+31100000000' },
      { label: 'E-mail', text: 'hello@northbeam.example', href: 'mailto:hello@northbeam.example' },
    ]);
    const markdown = pageMarkdown(dutch, dutch.index.pages.get('/nl/legal-notice')!);
    expect(markdown).toContain('## Bedrijfsgegevens');
    expect(markdown).toContain('- **Rechtsvorm**: Besloten vennootschap (B.V.)');
    expect(markdown).toContain('- **Handelsregister**: Kamer van Koophandel (KvK) 12345678');
    expect(markdown).toContain('- **Telefoon**: [+31 10 000 0000](tel:+31100000000)');
  });

  test('the footer line has the registered name, the register and the VAT ID', () => {
    expect(footerLegalParts(model.company, model.strings)).toEqual([
      'Northbeam Engineering B.V.',
      'Dutch Chamber of Commerce (KvK) 12345678',
      'VAT ID NL123456789B01',
    ]);
  });

  test('llms.txt (and so get_company_profile) gives the legal name and the telephone number', () => {
    expect(llmsTxt(model, fixtureTools)).toContain(
      'Registered name: Northbeam Engineering B.V.; Legal form: Private limited company (besloten vennootschap); ' +
        'Register: Dutch Chamber of Commerce (KvK) 12345678; VAT ID: NL123456789B01; Telephone: [+31 10 000 0000](tel:+31100000000).',
    );
  });

  test("the Organization's JSON-LD has legalName, vatID, telephone and the register entry as identifier", () => {
    expect(organizationOf(model)).toMatchObject({
      legalName: 'Northbeam Engineering B.V.',
      vatID: 'NL123456789B01',
      telephone: '+31 10 000 0000',
      identifier: { '@type': 'PropertyValue', propertyID: 'Dutch Chamber of Commerce (KvK)', value: '12345678' },
    });
  });

  test('every language links its legal notice and accessibility statement from the layout', () => {
    for (const language of model.languages.models.values()) {
      expect(language.index.pages.has(language.routes.legalNotice), language.language).toBe(true);
      expect(language.index.pages.has(language.routes.accessibility), language.language).toBe(true);
    }
  });
});

describe('a company that gives none of them', () => {
  const model = fixtureModel();

  test('gets no empty line anywhere: the legal notice names it and its e-mail address only', () => {
    expect(legalLines(model.company, model.strings).map((line) => line.label)).toEqual(['Registered name', 'E-mail']);
    expect(footerLegalParts(model.company, model.strings)).toEqual([]);
    const text = llmsTxt(model, fixtureTools);
    expect(text).not.toMatch(/Registered name|VAT ID|Telephone/);
    const organization = organizationOf(model);
    for (const key of ['legalName', 'vatID', 'telephone', 'identifier']) expect(organization).not.toHaveProperty(key);
  });
});
