/**
 * The company's people (content/people/<id>.mdx) and the entries that name them by id, on a copy
 * of the sample content: a case study's `team`, a service's `lead`, an insight's `author` (or
 * `guestAuthor`); a misspelt id stops the build with the people there are and is never taken for
 * a guest; an author's name (the older form) is read with a warning; an office not in
 * company.yaml stops the build; a person's page shows what names them, in HTML and Markdown
 * alike; a company without people has no team page.
 */
import { describe, expect, test } from 'vitest';
import { pageMarkdown } from '../../src/build/page-markdown.ts';
import { layoutLink } from '../../src/model/layout-links.ts';
import { buildSiteModel, initialsOf, type SiteModel } from '../../src/model/model.ts';
import { fixtureSources } from '../discovery/fixtures.ts';
import { editedSample } from '../support/edited-sample.ts';

const STUDY = 'case-studies/havenline-freight-route-data.mdx';
const INSIGHT = 'insights/data-contracts-between-teams.mdx';

const siteWith = editedSample('people');
const person = (model: SiteModel, slug: string) => model.index.people.get(slug)!;
const authorWarnings = (model: SiteModel) => model.warnings.filter((line) => line.includes('`author`'));

describe('people and the entries that name them', () => {
  test('a case study names its team, a service its lead, an insight its author, by id, in every language', () => {
    const model = siteWith()();
    const study = model.caseStudies.find((entry) => entry.slug === 'havenline-freight-route-data')!;
    expect(study.team.map((member) => member.slug)).toEqual(['femke-bakker', 'joao-carvalho']);
    expect(model.services.find((service) => service.slug === 'data-engineering')!.lead?.slug).toBe('joao-carvalho');
    const insight = model.insights.find((entry) => entry.slug === 'data-contracts-between-teams')!;
    expect(insight.author).toEqual({ name: 'João Carvalho', person: person(model, 'joao-carvalho') });
    // The person's page lists what names them, in its HTML's model and its Markdown alike.
    const work = model.index.workOf.get('joao-carvalho')!;
    expect(work.caseStudies).toContain(study);
    expect(work.insights).toContain(insight);
    const markdown = pageMarkdown(model, model.index.pages.get('/team/joao-carvalho')!);
    expect(markdown).toContain('[Data engineering](/services/data-engineering)');
    expect(markdown).toContain(`[${study.data.title}](/case-studies/havenline-freight-route-data)`);
    // A Dutch case study links the same people's Dutch pages.
    const dutch = model.languages.models.get('nl')!;
    const dutchStudy = dutch.caseStudies.find((entry) => entry.slug === 'medora-clinics-cloud-migration')!;
    expect(dutchStudy.team.map((member) => member.path)).toContain('/nl/team/yusuf-demir');
    expect(model.warnings).toEqual([]);
  });

  test('a team member who does not exist stops the build with that name, a guess and the people there are', () => {
    const build = siteWith({ [STUDY]: (text) => text.replace('  - femke-bakker\n', '  - femke-baker\n') });
    expect(build).toThrow(
      /havenline-freight-route-data\.mdx: `team` names "femke-baker", which is not the id \(file name\) of a published person\. Did you mean `femke-bakker`\? The person ids \(file names\) are: .*joao-carvalho/,
    );
  });

  test('a misspelt author id is an error, never a guest', () => {
    const build = siteWith({ [INSIGHT]: (text) => text.replace('author: joao-carvalho', 'author: joao-carvalo') });
    expect(build).toThrow(/`author` names "joao-carvalo".*Did you mean `joao-carvalho`\?/);
  });

  test("an author's name (the older form) is read as that person, or as a guest, with a warning that says what to write", () => {
    const named = siteWith({ [INSIGHT]: (text) => text.replace('author: joao-carvalho', 'author: João Carvalho') })();
    expect(named.insights.find((entry) => entry.slug === 'data-contracts-between-teams')!.author.person?.slug).toBe(
      'joao-carvalho',
    );
    expect(authorWarnings(named)).toEqual([
      'content/insights/data-contracts-between-teams.mdx: `author` names the person "João Carvalho" by name; write their id `joao-carvalho` (their file name in content/people/) instead, so that a change of name in any language breaks nothing.',
    ]);
    const guest = siteWith({ [INSIGHT]: (text) => text.replace('author: joao-carvalho', 'author: Priya Natarajan') })();
    expect(guest.insights.find((entry) => entry.slug === 'data-contracts-between-teams')!.author).toEqual({
      name: 'Priya Natarajan',
    });
    expect(authorWarnings(guest)[0]).toContain('write `guestAuthor: Priya Natarajan`');
    const written = siteWith({
      [INSIGHT]: (text) => text.replace('author: joao-carvalho', 'guestAuthor: Priya Natarajan'),
    })();
    expect(written.insights.find((entry) => entry.slug === 'data-contracts-between-teams')!.author).toEqual({
      name: 'Priya Natarajan',
    });
    expect(authorWarnings(written)).toEqual([]);
  });

  test('an office that company.yaml does not have stops the build with the offices there are', () => {
    const build = siteWith({
      'people/femke-bakker.mdx': (text) => text.replace('office: Rotterdam', 'office: Utrecht'),
    });
    expect(build).toThrow(
      'content/people/femke-bakker.mdx: `office` is "Utrecht", which is not the name of an office in content/company.yaml. Write one of: Rotterdam, Lisbon (as written there, in every language), or leave `office` out.',
    );
  });

  test("the team page's filters: offices in company.yaml's order, expertise linked to each language's", () => {
    const model = siteWith()();
    expect(model.offices.map((office) => [office.name, office.path])).toEqual([
      ['Rotterdam', '/team/office/rotterdam'],
      ['Lisbon', '/team/office/lisbon'],
    ]);
    const kubernetes = model.index.expertise.get('Kubernetes')!;
    expect(kubernetes.entries.map((entry) => entry.slug).sort()).toEqual(['marit-de-vries', 'tiago-ribeiro']);
    expect(model.index.offices.get('Lisbon')!.counterparts.get('pt')!.path).toBe('/pt/team/office/lisboa');
    expect(model.index.pages.get('/team/expertise/kubernetes')?.facet).toBe(kubernetes);
  });

  test('initials stand in for a missing photo', () => {
    expect(initialsOf('Dana Reyes')).toBe('DR');
    expect(initialsOf('Marit de Vries')).toBe('MV');
    expect(initialsOf('Ólafur')).toBe('Ó');
    expect(initialsOf('李伟')).toBe('李');
  });

  test('a company without people has no team page and no link to one', () => {
    const model = buildSiteModel(fixtureSources());
    expect(model.people).toEqual([]);
    expect([...model.index.pages.keys()].filter((page) => page.startsWith('/team'))).toEqual([]);
    expect(layoutLink(model, 'team', (strings) => strings.team.title)).toBeUndefined();
  });
});
