/**
 * Lead references carry the company's prefix (`leads.referencePrefix`, else the name's initials):
 * made with it, recognised by it, and shown with it in examples.
 */
import { describe, expect, test } from 'vitest';
import {
  createLeadReference,
  exampleLeadReference,
  LEAD_REFERENCE_PATTERN,
  leadReferencePattern,
} from '../../src/lead-reference.ts';
import { companySchema, initialsOf, leadReferencePrefix } from '../../src/schemas/company.ts';
import { fixtureCompany } from '../discovery/fixtures.ts';

describe('createLeadReference', () => {
  test('starts with the given prefix and matches that prefix pattern only', () => {
    const reference = createLeadReference('MS');
    expect(reference).toMatch(leadReferencePattern('MS'));
    expect(reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(reference).not.toMatch(leadReferencePattern('NB'));
  });

  test('a five-character prefix still makes a reference of the general shape', () => {
    expect(createLeadReference('ACME1')).toMatch(LEAD_REFERENCE_PATTERN);
    expect(exampleLeadReference('ACME1')).toBe('ACME1-7K3M-Q9XD');
  });
});

describe('initialsOf', () => {
  test.each([
    ['Marram Studio', 'MS'],
    ['Alder & Finch Architects', 'AFA'],
    ['Fieldstone', 'FI'],
    ['Ødegaard og Sønner', 'OOS'],
    ['Écoles Réunies', 'ER'],
    ['A B C D E F G', 'ABCDE'],
  ])('%s -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  test('undefined when the name has no Latin letters to make two from', () => {
    expect(initialsOf('李明')).toBeUndefined();
  });
});

describe('leads.referencePrefix', () => {
  const base = { ...fixtureCompany, leads: { retentionDays: 180 } };

  test('defaults to the initials of the name', () => {
    expect(leadReferencePrefix(companySchema.parse({ ...base, name: 'Marram Studio' }))).toBe('MS');
  });

  test('is upper-cased, and wins over the initials', () => {
    const company = companySchema.parse({ ...base, leads: { referencePrefix: 'hs' } });
    expect(leadReferencePrefix(company)).toBe('HS');
  });

  test('refuses a prefix of the wrong shape, naming the field and an example', () => {
    for (const referencePrefix of ['N', 'NB-1', 'TOOLONG', 'N B']) {
      const result = companySchema.safeParse({ ...base, leads: { referencePrefix } });
      expect(result.success, referencePrefix).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['leads', 'referencePrefix']);
      expect(result.error?.issues[0]?.message).toMatch(/`leads\.referencePrefix`.*e\.g\. `referencePrefix: NB`/);
    }
  });

  test('is required when the name gives no initials', () => {
    const result = companySchema.safeParse({ ...base, name: '李明' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/`leads\.referencePrefix` is needed/);
    expect(companySchema.safeParse({ ...base, name: '李明', leads: { referencePrefix: 'LM' } }).success).toBe(true);
  });
});
