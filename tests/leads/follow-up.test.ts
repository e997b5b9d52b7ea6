/** The follow-up promise is the company's words (`followUp`), put into the same sentences everywhere. */
import { describe, expect, test } from 'vitest';
import { contactSentence, followUpSentence } from '../../src/leads/contact-language.ts';
import { repliesClause } from '../../src/leads/follow-up.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { fixtureCompany, fixtureStrings } from '../discovery/fixtures.ts';

const partners = { who: 'one of our two partners', how: 'in a personal e-mail', within: 'five working days' };
const english = { followUp: partners, strings: fixtureStrings.en!.contact };

describe('follow-up sentences in the default language (content/strings.yaml)', () => {
  test('use the three phrases as given, in the sentences the site has always said', () => {
    expect(followUpSentence(english)).toBe(
      'one of our two partners reads your request and replies in a personal e-mail, usually within five working days.',
    );
    expect(contactSentence(english, english.strings.willReply)).toBe(
      'One of our two partners will reply in a personal e-mail.',
    );
    expect(
      contactSentence(english, english.strings.agentNextStep, { company: 'Marram Studio', email: 'ada@example.com' }),
    ).toBe(
      'One of our two partners at Marram Studio will read the request and reply in a personal e-mail to ada@example.com.',
    );
    expect(repliesClause(partners)).toBe('one of our two partners replies in a personal e-mail');
  });

  test('promise no time when `within` is not set', () => {
    const timeless = { ...english, followUp: { who: partners.who, how: partners.how } };
    expect(followUpSentence(timeless)).toBe(
      'one of our two partners reads your request and replies in a personal e-mail.',
    );
  });
});

describe('followUp in company.yaml', () => {
  test('defaults to neutral words, not the sample company’s', () => {
    const { followUp } = companySchema.parse(fixtureCompany);
    expect(followUp).toEqual({ who: 'someone from the team', how: 'by e-mail' });
  });

  test('a phrase that is too short names the field and an example', () => {
    const result = companySchema.safeParse({ ...fixtureCompany, followUp: { who: 'x' } });
    expect(result.error?.issues[0]?.path).toEqual(['followUp', 'who']);
    expect(result.error?.issues[0]?.message).toMatch(/`followUp\.who`.*e\.g\. `who: a principal engineer`/);
  });
});
