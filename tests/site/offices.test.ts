/** Offices and social links from company.yaml reach the footer's data, the contact page and llms.txt. */
import { describe, expect, test } from 'vitest';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { addressLine } from '../../src/model/offices.ts';
import { fixtureCompany, fixtureSources } from '../discovery/fixtures.ts';

const office = {
  name: 'Aberdeen studio',
  street: '14 Marischal Lane',
  postalCode: 'AB10 1QX',
  city: 'Aberdeen',
  country: 'Scotland',
};

describe('addressLine', () => {
  test('street, postal code and city, region, country', () => {
    expect(addressLine(office)).toBe('14 Marischal Lane, AB10 1QX Aberdeen, Scotland');
    expect(addressLine({ name: 'HQ', street: '1 Main St', city: 'Portland', region: 'Oregon', country: 'USA' })).toBe(
      '1 Main St, Portland, Oregon, USA',
    );
  });
});

describe('llms.txt', () => {
  test('names the offices and links the profiles elsewhere', () => {
    const company = companySchema.parse({
      ...fixtureCompany,
      offices: [office],
      social: [{ name: 'Instagram', url: 'https://instagram.example/marram' }],
    });
    const text = llmsTxt(buildSiteModel({ ...fixtureSources(), company }), []);
    expect(text).toContain('Offices: Aberdeen studio, 14 Marischal Lane, AB10 1QX Aberdeen, Scotland.');
    expect(text).toContain('Elsewhere: Instagram <https://instagram.example/marram>.');
  });

  test('says nothing of either when company.yaml lists none', () => {
    const text = llmsTxt(buildSiteModel(fixtureSources()), []);
    expect(text).not.toMatch(/^Offices:|^Elsewhere:/m);
  });
});
