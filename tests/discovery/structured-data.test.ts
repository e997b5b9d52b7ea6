import { describe, expect, test } from 'vitest';
import { breadcrumbTrail, jsonLdScriptText, nodeIds, structuredDataFor } from '../../src/discovery/structured-data.ts';
import {
  buildSiteModel,
  modelOfLanguage,
  pageAlternates,
  type SiteModel,
  type SitePage,
} from '../../src/model/model.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { checkJsonLd, type JsonLdNode } from '../support/json-ld.ts';
import { DRAFT_MARK, fixtureCompany, fixtureModel, fixtureSources, realModel } from './fixtures.ts';

const pageOf = (model: SiteModel, path: string): SitePage => {
  const page = model.index.pages.get(path);
  if (!page) throw new Error(`no page ${path}`);
  return page;
};

function graphOf(model: SiteModel, path: string): JsonLdNode[] {
  const { problems, nodes } = checkJsonLd(JSON.parse(jsonLdScriptText(structuredDataFor(model, pageOf(model, path)))));
  expect(problems, path).toEqual([]);
  return nodes;
}

const nodeOfType = (nodes: JsonLdNode[], type: string) => {
  const found = nodes.filter((node) => node['@type'] === type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

describe('structuredDataFor', () => {
  test('every page of the sample site and of the fixture has a graph with the required properties', () => {
    for (const model of [realModel(), fixtureModel()]) {
      for (const page of model.sitePages) {
        const { problems } = checkJsonLd(JSON.parse(jsonLdScriptText(structuredDataFor(model, page))));
        expect(problems, page.path).toEqual([]);
      }
    }
  });

  test('the organization takes its type, contact point, addresses, sameAs and founding year from company.yaml', () => {
    const model = realModel();
    const org = graphOf(model, '/')[0]!;
    const { company } = model;
    expect(org['@type']).toBe(company.organizationType);
    expect(org).toMatchObject({
      '@id': `${company.baseUrl}/#organization`,
      name: company.name,
      url: `${company.baseUrl}/`,
      contactPoint: { '@type': 'ContactPoint', email: company.contactEmail, url: `${company.baseUrl}/contact` },
      sameAs: company.social.map((link) => link.url),
      foundingDate: String(company.founded),
      // The logo as the PNG the build renders from content/logo.svg (search engines want a raster logo).
      logo: {
        '@type': 'ImageObject',
        url: `${company.baseUrl}/logo.png`,
        contentUrl: `${company.baseUrl}/logo.png`,
        width: '512',
        height: '512',
        encodingFormat: 'image/png',
      },
    });
    expect(org.address).toEqual(
      company.offices.map((office) =>
        expect.objectContaining({
          '@type': 'PostalAddress',
          streetAddress: office.street,
          addressLocality: office.city,
          addressCountry: office.country,
        }),
      ),
    );
  });

  test('a company without offices, social links or logo gets a plain Organization without those properties', () => {
    const org = graphOf(fixtureModel(), '/')[0]!;
    expect(org['@type']).toBe('Organization');
    expect(org).not.toHaveProperty('address');
    expect(org).not.toHaveProperty('sameAs');
    expect(org).not.toHaveProperty('logo');
  });

  test('the home page is a WebPage about the organization, with no breadcrumb of one item', () => {
    const nodes = graphOf(fixtureModel(), '/');
    expect(nodes.map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'WebPage']);
    expect(nodes[2]).toMatchObject({ about: { '@id': 'https://www.fieldstone.example/#organization' } });
    expect(nodes[2]).not.toHaveProperty('breadcrumb');
  });

  test('the about page is an AboutPage, listings are CollectionPages', () => {
    const model = fixtureModel();
    expect(nodeOfType(graphOf(model, '/about'), 'AboutPage')).toMatchObject({ name: 'About us' });
    nodeOfType(graphOf(model, '/case-studies'), 'CollectionPage');
    nodeOfType(graphOf(model, '/insights/tag/data'), 'CollectionPage');
  });

  test('a service page has a Service provided by the organization, the main entity of its page', () => {
    const model = fixtureModel();
    const nodes = graphOf(model, '/services/data-platforms');
    const service = nodeOfType(nodes, 'Service');
    expect(service).toMatchObject({
      name: 'Data platforms',
      provider: { '@id': nodeIds.organization(model) },
      url: 'https://www.fieldstone.example/services/data-platforms',
    });
    expect(nodeOfType(nodes, 'WebPage').mainEntity).toEqual({ '@id': service['@id'] });
  });

  test('an insight is a BlogPosting with its author, dates and tags', () => {
    const posting = nodeOfType(graphOf(fixtureModel(), '/insights/data-contracts'), 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'Data contracts, kept short',
      author: { '@type': 'Person', name: 'Ann Peeters' },
      datePublished: '2025-05-02',
      dateModified: '2025-05-02',
      keywords: 'data',
    });
  });

  test('a case study is an Article about its client and industry, written by the company, mentioning its services', () => {
    const model = fixtureModel();
    const article = nodeOfType(graphOf(model, '/case-studies/port-data'), 'Article');
    expect(article).toMatchObject({
      headline: 'Port data in minutes',
      author: { '@id': nodeIds.organization(model) },
      datePublished: '2025-03-14',
      about: [
        { '@type': 'Organization', name: 'Harbour & Co' },
        { '@type': 'Thing', name: 'Logistics', url: 'https://www.fieldstone.example/case-studies/industry/logistics' },
      ],
      mentions: [
        {
          '@type': 'Service',
          '@id': 'https://www.fieldstone.example/services/data-platforms#service',
          name: 'Data platforms',
          url: 'https://www.fieldstone.example/services/data-platforms',
        },
      ],
    });
  });

  test('breadcrumbs run from the home page through the section to the page', () => {
    const model = fixtureModel();
    const crumbs = nodeOfType(graphOf(model, '/case-studies/port-data'), 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.fieldstone.example/' },
      { '@type': 'ListItem', position: 2, name: 'Case studies', item: 'https://www.fieldstone.example/case-studies' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Port data in minutes',
        item: 'https://www.fieldstone.example/case-studies/port-data',
      },
    ]);
    expect(breadcrumbTrail(model, pageOf(model, '/case-studies/industry/logistics')).map((step) => step.name)).toEqual([
      'Home',
      'Case studies',
      'Logistics',
    ]);
    expect(breadcrumbTrail(model, pageOf(model, '/privacy')).map((step) => step.name)).toEqual(['Home', 'Privacy']);
  });

  test('a later page of a listing ends its breadcrumb with the page number', () => {
    const sources = fixtureSources();
    const insight = sources.insights[0]!;
    sources.insights = Array.from({ length: 120 }, (_, index) => ({
      ...insight,
      slug: `note-${index}`,
      data: { ...insight.data, title: `Note ${index}`, tags: ['data'] },
    }));
    const model = buildSiteModel(sources);
    for (const path of ['/insights/page/2', '/insights/tag/data/page/3']) expect(graphOf(model, path).length).toBe(4);
    expect(breadcrumbTrail(model, pageOf(model, '/insights/tag/data/page/3'))).toEqual([
      { name: 'Home', url: 'https://www.fieldstone.example/' },
      { name: 'Insights', url: 'https://www.fieldstone.example/insights' },
      { name: 'data', url: 'https://www.fieldstone.example/insights/tag/data' },
      { name: 'Page 3', url: 'https://www.fieldstone.example/insights/tag/data/page/3' },
    ]);
  });

  test('no draft and nothing but the model reaches the graph', () => {
    const model = fixtureModel();
    for (const page of model.sitePages) {
      const text = jsonLdScriptText(structuredDataFor(model, page));
      expect(text).not.toContain(DRAFT_MARK);
      expect(text).not.toMatch(/northbeam/i);
    }
  });
});

describe('structuredDataFor on a multilingual site', () => {
  const original = '/services/cloud-migration';

  test("every node of a translated page is in the page's language, and each language has its own WebSite", () => {
    const nl = modelOfLanguage(realModel(), 'nl');
    const nodes = graphOf(nl, '/nl/services/cloud-migration');
    const website = nodeOfType(nodes, 'WebSite');
    expect(website).toMatchObject({
      '@id': 'https://www.northbeam.example/nl#website',
      url: 'https://www.northbeam.example/nl',
      inLanguage: 'nl',
      description: nl.company.tagline,
    });
    expect(nodeOfType(nodes, 'WebPage')).toMatchObject({ inLanguage: 'nl', isPartOf: { '@id': website['@id'] } });
    expect(nodeOfType(graphOf(realModel(), '/'), 'WebSite')['@id']).toBe('https://www.northbeam.example/#website');
    const article = nodeOfType(graphOf(nl, '/nl/insights/data-contracts-between-teams'), 'BlogPosting');
    expect(article).toMatchObject({ inLanguage: 'nl', articleSection: 'Inzichten' });
  });

  test("a translated page's breadcrumb is in its language and stays in it", () => {
    const nl = modelOfLanguage(realModel(), 'nl');
    expect(breadcrumbTrail(nl, pageOf(nl, '/nl/services/cloud-migration'))).toEqual([
      { name: 'Home', url: 'https://www.northbeam.example/nl' },
      { name: 'Diensten', url: 'https://www.northbeam.example/nl/services' },
      { name: 'Cloudmigratie', url: 'https://www.northbeam.example/nl/services/cloud-migration' },
    ]);
    const pt = modelOfLanguage(realModel(), 'pt');
    expect(breadcrumbTrail(pt, pageOf(pt, '/pt/about')).map((step) => step.name)).toEqual([
      'Início',
      'Sobre a Northbeam Engineering',
    ]);
    expect(nodeOfType(graphOf(pt, '/pt/about'), 'AboutPage')).toMatchObject({ inLanguage: 'pt' });
  });

  test('the original names its translations (workTranslation), each translation its original (translationOfWork)', () => {
    const model = realModel();
    const ids = (language: string, path: string) => ({
      '@type': 'WebPage',
      '@id': `https://www.northbeam.example${path}#webpage`,
      url: `https://www.northbeam.example${path}`,
      inLanguage: language,
    });
    expect(nodeOfType(graphOf(model, original), 'WebPage').workTranslation).toEqual([
      ids('nl', `/nl${original}`),
      ids('pt', `/pt${original}`),
    ]);
    const nl = modelOfLanguage(model, 'nl');
    const page = nodeOfType(graphOf(nl, `/nl${original}`), 'WebPage');
    expect(page.translationOfWork).toEqual(ids('en', original));
    expect(page).not.toHaveProperty('workTranslation');

    const study = '/case-studies/medora-clinics-cloud-migration';
    expect(nodeOfType(graphOf(model, study), 'Article').workTranslation).toEqual([
      {
        '@type': 'Article',
        '@id': `https://www.northbeam.example/nl${study}#article`,
        url: `https://www.northbeam.example/nl${study}`,
        inLanguage: 'nl',
      },
      {
        '@type': 'Article',
        '@id': `https://www.northbeam.example/pt${study}#article`,
        url: `https://www.northbeam.example/pt${study}`,
        inLanguage: 'pt',
      },
    ]);
  });

  test('an untranslated entry, a listing and the home page have no translation links; the contact point lists every language', () => {
    const model = realModel();
    const untranslated = model.caseStudies.find((study) => pageAlternates(model, study).length === 1)!;
    for (const path of [untranslated.path, '/', '/case-studies']) {
      for (const node of graphOf(model, path)) {
        expect(node, path).not.toHaveProperty('workTranslation');
        expect(node, path).not.toHaveProperty('translationOfWork');
      }
    }
    expect(graphOf(model, '/')[0]!.contactPoint).toMatchObject({ availableLanguage: ['en', 'nl', 'pt'] });
  });

  test('a one-language site has no translation links, one WebSite and its one language as a text', () => {
    const model = fixtureModel();
    expect(model.languages.codes).toEqual(['en']);
    for (const page of model.sitePages) {
      const text = jsonLdScriptText(structuredDataFor(model, page));
      expect(text).not.toMatch(/workTranslation|translationOfWork/);
      expect(text).not.toMatch(/"inLanguage":"(?!en")/);
    }
    expect(graphOf(model, '/')[0]!.contactPoint).toMatchObject({ availableLanguage: 'en' });
  });
});

describe('jsonLdScriptText', () => {
  test('writes < as \\u003c so a value cannot close the script element, and parses back to the same graph', () => {
    const company = companySchema.parse({ ...fixtureCompany, name: 'Evil </script><script>alert(1)</script> Co' });
    const model = buildSiteModel({ ...fixtureSources(), company });
    const graph = structuredDataFor(model, pageOf(model, '/'));
    const text = jsonLdScriptText(graph);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(graph)));
  });
});

describe('checkJsonLd', () => {
  const graph = (model: SiteModel, path: string) =>
    JSON.parse(JSON.stringify(structuredDataFor(model, pageOf(model, path)))) as { '@graph': JsonLdNode[] };
  test('names a missing required property, a dangling reference and an unknown type', () => {
    const model = fixtureModel();
    const value = graph(model, '/insights/data-contracts');
    delete value['@graph'].find((node) => node['@type'] === 'BlogPosting')!.datePublished;
    value['@graph'].push({ '@type': 'Recipe', isPartOf: { '@id': 'https://elsewhere.example/#x' } });
    expect(checkJsonLd(value).problems).toEqual([
      expect.stringMatching(/^BlogPosting .*: datePublished:/),
      expect.stringMatching(/^Recipe: no check for this @type/),
      'reference to https://elsewhere.example/#x, which is no node of the graph',
    ]);
  });
  test('a LocalBusiness type without an address fails', () => {
    const value = graph(fixtureModel(), '/');
    value['@graph'][0]!['@type'] = 'ProfessionalService';
    expect(checkJsonLd(value).problems).toEqual([expect.stringMatching(/^ProfessionalService .*: address:/)]);
  });
});
