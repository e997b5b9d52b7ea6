/**
 * Clients named once (content/clients/<id>.mdx) and referenced by case studies by id, on a copy
 * of the sample content: the case study shows the client's name and logo; a client described in
 * words is `clientName`; a name in `client` (the field's older form) is read with a warning; a
 * misspelt id stops the build with the ids there are; a client that may not be named shows its
 * `anonymousAs` and no logo; the home page's wall shows the named clients with logos, each linking
 * to its newest case study, in its HTML and Markdown alike.
 */
import { describe, expect, test } from 'vitest';
import { editedSample } from '../support/edited-sample.ts';
import { pageMarkdown } from '../../src/build/page-markdown.ts';
import type { SiteModel } from '../../src/model/model.ts';
import { clientWall } from '../../src/model/site-pages.ts';

const STUDY = 'case-studies/havenline-freight-route-data.mdx';

const siteWith = editedSample('clients');

const studyOf = (model: SiteModel, slug = 'havenline-freight-route-data') =>
  model.caseStudies.find((study) => study.slug === slug)!;
const clientWarnings = (model: SiteModel) => model.warnings.filter((line) => line.includes('`client`'));

describe('a case study and its client', () => {
  test('names the client by id: the page shows its name and its logo, in every language', () => {
    const model = siteWith()();
    const study = studyOf(model);
    expect(study.client.name).toBe('Havenline Freight');
    expect(study.client.entry?.slug).toBe('havenline-freight');
    expect(study.clientLogo?.alt).toBe('Havenline Freight');
    const dutch = model.languages.models.get('nl')!;
    expect(studyOf(dutch, 'medora-clinics-cloud-migration').client.name).toBe('Medora Clinics');
    expect(studyOf(dutch, 'medora-clinics-cloud-migration').clientLogo?.asset.path).toMatch(/medora-clinics/);
    expect(clientWarnings(model)).toEqual([]);
  });

  test('a client described in words is `clientName`, shown as written', () => {
    const model = siteWith()();
    expect(studyOf(model, 'municipal-permits-modernisation').client).toEqual({ name: 'A Dutch municipality' });
  });

  test('a name in `client` (the older form) is read as a name, with a warning that says what to write', () => {
    const model = siteWith({
      [STUDY]: (text) => text.replace('client: havenline-freight', 'client: Havenline B.V.'),
    })();
    expect(studyOf(model).client).toEqual({ name: 'Havenline B.V.' });
    expect(clientWarnings(model)).toEqual([
      'content/case-studies/havenline-freight-route-data.mdx: `client` "Havenline B.V." is a name, not the id of a client in ' +
        'content/clients/: add the client there and write its id, or write `clientName: Havenline B.V.` for a client described in words.',
    ]);
  });

  test('a misspelt id stops the build with a guess and the ids there are', () => {
    const build = siteWith({
      [STUDY]: (text) => text.replace('client: havenline-freight', 'client: havenline-fraight'),
    });
    expect(build).toThrow(
      'content/case-studies/havenline-freight-route-data.mdx: `client` names "havenline-fraight", which is not the id (file name) ' +
        'of a published client. Did you mean `havenline-freight`? The client ids (file names) are: gridwise-energy, havenline-freight, ' +
        'kestrel-bank, lumo-fashion, medora-clinics, verdant-home-garden.',
    );
  });

  test('both fields, or neither, stop the build saying which to keep', () => {
    expect(
      siteWith({
        [STUDY]: (text) =>
          text.replace('client: havenline-freight', 'client: havenline-freight\nclientName: A carrier'),
      }),
    ).toThrow('gives both `client` and `clientName`');
    expect(siteWith({ [STUDY]: (text) => text.replace('client: havenline-freight\n', '') })).toThrow(
      /`client` is required: the id \(file name\) of a client in content\/clients\/ \(gridwise-energy, .*\), or `clientName:`/,
    );
  });

  test('a client that may not be named shows its anonymousAs and no logo, and is not on the wall', () => {
    const model = siteWith({
      'clients/havenline-freight.mdx': (text) =>
        text.replace('anonymous: false', 'anonymous: true\nanonymousAs: A Dutch freight carrier'),
    })();
    const study = studyOf(model);
    expect(study.client.name).toBe('A Dutch freight carrier');
    expect(study.clientLogo).toBeUndefined();
    expect(clientWall(model).map(({ client }) => client.slug)).not.toContain('havenline-freight');
    expect([...model.images.values()].map((asset) => asset.file)).not.toContain(
      'content/clients/images/havenline-freight.svg',
    );
    expect(
      siteWith({ 'clients/havenline-freight.mdx': (text) => text.replace('anonymous: false', 'anonymous: true') }),
    ).toThrow(/anonymousAs: `anonymousAs` is required with `anonymous: true`/);
  });
});

describe("the home page's client wall", () => {
  test('shows each named client with a logo, linking to its newest case study, in the HTML model and the Markdown', () => {
    const model = siteWith()();
    const wall = clientWall(model);
    expect(wall.map(({ client, href }) => [client.label, href])).toEqual([
      ['Gridwise Energy', '/case-studies/gridwise-smart-meter-pipeline'],
      ['Havenline Freight', '/case-studies/havenline-freight-route-data'],
      ['Kestrel Bank', '/case-studies/kestrel-bank-core-ledger'],
      ['Lumo Fashion', '/case-studies/lumo-fashion-delivery-teams'],
      ['Medora Clinics', '/case-studies/medora-clinics-cloud-migration'],
      ['Verdant Home & Garden', '/case-studies/verdant-retail-data-platform'],
    ]);
    for (const { client, logo } of wall) expect(logo.alt).toBe(client.data.name);
    const dutch = model.languages.models.get('nl')!;
    const markdown = pageMarkdown(dutch, dutch.index.pages.get('/nl')!);
    expect(markdown).toContain('## Klanten voor wie we werkten');
    // Medora's case study is translated; the other clients' link to the English ones, marked so.
    expect(markdown).toContain('- [Medora Clinics](/nl/case-studies/medora-clinics-cloud-migration)');
    expect(markdown).toContain('- [Kestrel Bank](/case-studies/kestrel-bank-core-ledger)');
    expect(clientWall(dutch).find(({ client }) => client.slug === 'kestrel-bank')).toMatchObject({
      href: '/case-studies/kestrel-bank-core-ledger',
      hreflang: 'en',
    });
  });
});
