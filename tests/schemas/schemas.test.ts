import { describe, expect, test } from 'vitest';
import { caseStudySchema } from '../../src/schemas/case-study.ts';
import { insightSchema } from '../../src/schemas/insight.ts';
import { pageSchema } from '../../src/schemas/page.ts';
import { serviceSchema } from '../../src/schemas/service.ts';
import { parseCompany } from '../../src/model/company.ts';
import { parseContentFile } from '../../src/model/load-sources.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('serviceSchema', () => {
  test('accepts a service and defaults draft to false', () => {
    const result = serviceSchema.parse({
      title: 'Cloud migration',
      summary: 'We move your systems to the cloud, safely.',
      order: 2,
    });
    expect(result).toEqual({
      title: 'Cloud migration',
      summary: 'We move your systems to the cloud, safely.',
      order: 2,
      draft: false,
    });
  });
  test('says what to write when a field is missing or wrong', () => {
    expect(
      messages(serviceSchema.safeParse({ summary: 'We move your systems to the cloud, safely.', order: 1.5 })),
    ).toEqual([
      'title: `title` is required: add `title: "Platform engineering"` to the frontmatter',
      'order: `order` must be a whole number, e.g. `order: 1`',
    ]);
  });
});

/** A valid case study's frontmatter, for the tests that change one field of it. */
const CASE_STUDY = {
  title: 'Moving payments off a mainframe',
  client: 'Kestrel Bank',
  industry: 'Financial services',
  summary: 'We moved every payment product off the mainframe ledger.',
  services: ['legacy-modernisation'],
  date: '2024-04-26',
};

describe('caseStudySchema', () => {
  const valid = CASE_STUDY;
  test('accepts a case study; a YAML date becomes YYYY-MM-DD', () => {
    expect(caseStudySchema.parse({ ...valid, date: new Date('2024-04-26T00:00:00Z') }).date).toBe('2024-04-26');
  });
  test('rejects impossible dates and empty service lists with the fix', () => {
    expect(messages(caseStudySchema.safeParse({ ...valid, date: '2024-02-31x' }))).toEqual([
      'date: `date` must be a real date written YYYY-MM-DD, e.g. 2025-03-14',
    ]);
    expect(messages(caseStudySchema.safeParse({ ...valid, services: [] }))).toEqual([
      'services: `services` needs at least 1 entry, e.g. `services: [data-platforms]`',
    ]);
  });
  test('refuses a field it does not know, naming the nearest one it knows, so a misspelling is never dropped in silence', () => {
    expect(messages(caseStudySchema.safeParse({ ...valid, searchPhrase: ['cheaper payments'] }))).toEqual([
      ': `searchPhrase` (did you mean `searchPhrases`?) is not a field of a case study: correct its name or remove it, ' +
        'since a field the site does not know is never read. The fields are: title, client, clientName, clientLogo, industry, summary, cover, ' +
        'services, team, date, outcomes, quote, searchPhrases, draft, translation',
    ]);
    const nested = messages(
      caseStudySchema.safeParse({ ...valid, quote: { text: 'They made it easy.', author: 'Dana', roles: 'CTO' } }),
    );
    expect(nested).toEqual([
      expect.stringMatching(/^quote: `roles` \(did you mean `role`\?\) is not a field of `quote`/),
    ]);
    expect(messages(caseStudySchema.safeParse({ ...valid, colour: 'red', 'hero image': 'x' }))).toEqual([
      expect.stringMatching(
        /^: `colour`, `hero image` are not fields of a case study: correct their names or remove them/,
      ),
    ]);
  });
  test('checks the optional quote', () => {
    expect(messages(caseStudySchema.safeParse({ ...valid, quote: { text: 'They made it easy.' } }))).toEqual([
      'quote.author: `quote.author` is required: add `quote.author: "Dana Reyes"` to the frontmatter',
    ]);
  });
});

describe('insightSchema and pageSchema', () => {
  test('require tags as a list (the site model requires an author, by id or as a guest)', () => {
    const result = insightSchema.safeParse({
      title: 'Golden paths',
      date: '2025-01-02',
      summary: 'Why golden paths beat golden cages.',
      tags: 'platform',
    });
    expect(messages(result)).toEqual(['tags: `tags` must be a list, e.g. `tags: ["platform", "teams"]`']);
  });
  test('pages need a description', () => {
    expect(messages(pageSchema.safeParse({ title: 'About' }))).toEqual([
      'description: `description` is required: add `description: "Who we are and how we work."` to the frontmatter',
    ]);
  });
});

describe('the translation record', () => {
  const service = { title: 'Cloud migration', summary: 'We move your systems to the cloud, safely.', order: 2 };
  test.each([
    ['services', serviceSchema],
    ['pages', pageSchema],
  ] as const)('every collection accepts it (%s), and it is optional', (_, schema) => {
    const page = { title: 'About', description: 'Who we are and how we work.' };
    const entry = schema === serviceSchema ? service : page;
    const translation = { source: '1a2b3c4d5e6f', text: '000000000000' };
    expect(schema.parse({ ...entry, translation }).translation).toEqual(translation);
    expect(schema.parse(entry).translation).toBeUndefined();
  });
  test('says to run the command instead of editing it', () => {
    expect(
      messages(serviceSchema.safeParse({ ...service, translation: { source: '1A2B', text: 123456789012 } })),
    ).toEqual([
      'translation.source: `translation.source` must be 12 characters 0-9 and a-f, as `npm run content -- mark` writes it: run it instead of editing the record',
      'translation.text: `translation.text` must be the digest `npm run content -- mark` writes, in quotes (e.g. "1a2b3c4d5e6f"): run it instead of editing the record',
    ]);
    for (const translation of ['1a2b3c4d5e6f', { source: '1a2b3c4d5e6f', text: '9f8e7d6c5b4a', extra: 1 }])
      expect(messages(serviceSchema.safeParse({ ...service, translation }))).toEqual([
        'translation: `translation` is the record `npm run content -- mark` writes (`source` and `text`, two digests): run it instead of editing the record',
      ]);
  });
});

describe('search phrases', () => {
  const entries = [
    [
      'services',
      serviceSchema,
      { title: 'Cloud migration', summary: 'We move your systems to the cloud, safely.', order: 2 },
    ],
    ['case studies', caseStudySchema, CASE_STUDY],
    [
      'insights',
      insightSchema,
      {
        title: 'Golden paths',
        date: '2025-01-02',
        summary: 'Why golden paths beat golden cages.',
        tags: ['platform'],
        author: 'Priya',
      },
    ],
    ['pages', pageSchema, { title: 'About', description: 'Who we are and how we work.' }],
  ] as const;
  test.each(entries)('%s accept them, trimmed, and need none', (_, schema, entry) => {
    expect(schema.parse({ ...entry, searchPhrases: ['  our reports never match  '] }).searchPhrases).toEqual([
      'our reports never match',
    ]);
    expect(schema.parse(entry).searchPhrases).toBeUndefined();
  });
  test('say what to do with a single line, a long phrase, a short one or too many', () => {
    const [, schema, entry] = entries[0];
    expect(messages(schema.safeParse({ ...entry, searchPhrases: 'our reports never match' }))).toEqual([
      'searchPhrases: `searchPhrases` must be a list, e.g. `searchPhrases: ["our reports never show the same numbers"]`',
    ]);
    expect(messages(schema.safeParse({ ...entry, searchPhrases: ['ok', 'x'.repeat(121)] }))).toEqual([
      'searchPhrases.0: a search phrase is too short (at least 3 characters): write how a visitor would put it',
      'searchPhrases.1: a search phrase is too long (at most 120 characters): split it into shorter phrases',
    ]);
    expect(
      messages(schema.safeParse({ ...entry, searchPhrases: Array.from({ length: 21 }, (_, i) => `phrase ${i}`) })),
    ).toEqual(['searchPhrases: `searchPhrases` has more than 20 phrases: keep the ones visitors use most']);
  });
});

describe('parseContentFile', () => {
  test('splits frontmatter and body and names the file in errors', () => {
    const { data, body } = parseContentFile(
      '---\ntitle: About us\ndescription: Who we are and how we work here.\n---\n\nHello\n',
      'content/pages/about.mdx',
      pageSchema,
    );
    expect(data.title).toBe('About us');
    expect(body).toBe('\nHello\n');
    expect(() => parseContentFile('No frontmatter', 'content/pages/x.mdx', pageSchema)).toThrow(
      /^content\/pages\/x\.mdx: no frontmatter/,
    );
    expect(() => parseContentFile('---\ntitle: a: b\n---\n', 'content/pages/x.mdx', pageSchema)).toThrow(
      /content\/pages\/x\.mdx: the frontmatter is not valid YAML.*Quote values that contain a colon/,
    );
  });
});

describe('company facts', () => {
  const yaml = (extra = '') =>
    'name: Acme Works\n' +
    'tagline: We build software that keeps factories running.\n' +
    'description: Acme Works is a small consultancy of engineers who build and run software.\n' +
    'contactEmail: hello@acme.example\n' +
    'baseUrl: https://www.acme.example/\n' +
    `agentUrl: https://agents.acme.example\n${extra}`;
  test('parses, trims trailing slashes and defaults the content signals', () => {
    const company = parseCompany(yaml());
    expect(company.baseUrl).toBe('https://www.acme.example');
    expect(company.contentSignals).toEqual({ search: true, aiInput: true, aiTrain: false });
  });
  test('rejects a base URL with a path, naming the field', () => {
    expect(() => parseCompany(yaml().replace('https://www.acme.example/', 'https://www.acme.example/site'))).toThrow(
      /baseUrl: `baseUrl` must be an origin only/,
    );
  });
  test('refuses a field it does not know, at the top and inside a part, naming the nearest one', () => {
    expect(() => parseCompany(yaml('contactEmial: sales@acme.example\n'))).toThrow(
      /`contactEmial` \(did you mean `contactEmail`\?\) is not a field of content\/company\.yaml/,
    );
    expect(() =>
      parseCompany(
        yaml('offices:\n  - name: Leeds\n    street: 1 Park Row\n    town: Leeds\n    country: United Kingdom\n'),
      ),
    ).toThrow(/offices\.0: `town` is not a field of an office: correct its name or remove it/);
  });
  test('organizationType defaults to Organization and accepts a schema.org subtype', () => {
    expect(parseCompany(yaml()).organizationType).toBe('Organization');
    expect(parseCompany(yaml('organizationType: Corporation\n')).organizationType).toBe('Corporation');
  });
  test('rejects an unknown organizationType, listing the accepted ones', () => {
    expect(() => parseCompany(yaml('organizationType: Consultancy\n'))).toThrow(
      /organizationType: `organizationType` must be one of Organization, .*ProfessionalService/,
    );
  });
  test('a LocalBusiness type needs an office with its address', () => {
    expect(() => parseCompany(yaml('organizationType: ProfessionalService\n'))).toThrow(
      /organizationType: `organizationType: ProfessionalService` is a kind of schema.org LocalBusiness.*add an office under `offices:`/,
    );
    const office = 'offices:\n  - name: Leeds\n    street: 1 Park Row\n    city: Leeds\n    country: United Kingdom\n';
    expect(parseCompany(yaml(`organizationType: ProfessionalService\n${office}`)).organizationType).toBe(
      'ProfessionalService',
    );
  });
});
