/**
 * Structured data and the page Link headers as served by netlify-cli with the edge function:
 * every page in the sitemap carries one JSON-LD graph that parses and has each type's required
 * properties (tests/support/json-ld.ts), the home page, about page, a case study and an insight
 * carry what they are about, and every HTML page response links its Markdown sibling in a
 * `Link` header (which answers 200 text/markdown and links back), while the not-found page and
 * files that are not pages link no sibling.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/model/model.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { checkJsonLd, jsonLdScripts, type JsonLdNode } from '../support/json-ld.ts';
import { expectCommonHeaders, get, markdownPathOf, PUBLIC_ORIGIN, sitemapPaths } from './http.ts';

let paths: string[] = [];
let model: SiteModel;

beforeAll(async () => {
  paths = await sitemapPaths();
  model = buildSiteModel(loadSources(path.resolve(inject('projectRoot'))));
});

/** The `<…>` targets of a Link header's entries with `rel="alternate"` and the given type. */
function alternates(response: Response, type: string): string[] {
  const link = response.headers.get('link') ?? '';
  return [...link.matchAll(/<([^>]*)>([^,]*)/g)]
    .filter(([, , params]) => /rel="alternate"/.test(params!) && params!.includes(`type="${type}"`))
    .map(([, target]) => target!);
}

async function graphOf(pagePath: string): Promise<JsonLdNode[]> {
  const response = await get(pagePath);
  expect(response.status, pagePath).toBe(200);
  const scripts = jsonLdScripts(await response.text());
  expect(scripts, `${pagePath}: one JSON-LD script`).toHaveLength(1);
  const { problems, nodes } = checkJsonLd(JSON.parse(scripts[0]!));
  expect(problems, pagePath).toEqual([]);
  return nodes;
}

const ofType = (nodes: JsonLdNode[], type: string) => nodes.find((node) => node['@type'] === type);

describe('JSON-LD', () => {
  test("every page in the sitemap has one JSON-LD graph that parses and has each type's required properties", async () => {
    expect(paths.length).toBeGreaterThan(40);
    for (const pagePath of paths) {
      const nodes = await graphOf(pagePath);
      const page = nodes.find((node) => node['@id'] === `${PUBLIC_ORIGIN}${pagePath}#webpage`);
      expect(page, `${pagePath}: a page node for the page itself`).toBeDefined();
    }
  });

  test('the home page describes the company from company.yaml', async () => {
    const nodes = await graphOf('/');
    const { company } = model;
    const org = ofType(nodes, company.organizationType)!;
    expect(org).toMatchObject({ name: company.name, url: `${company.baseUrl}/`, email: company.contactEmail });
    expect(JSON.stringify(org.address)).toContain(company.offices[0]!.street);
    expect(org.sameAs).toEqual(company.social.map((link) => link.url));
    expect(ofType(nodes, 'WebSite')).toMatchObject({ url: `${company.baseUrl}/` });
  });

  test('the about page is an AboutPage about the company', async () => {
    const nodes = await graphOf(ROUTES.about);
    expect(ofType(nodes, 'AboutPage')).toMatchObject({ about: { '@id': `${model.company.baseUrl}/#organization` } });
  });

  test('a case study is an Article about its client and industry, by its team; an insight is a BlogPosting by its author', async () => {
    const study = model.caseStudies[0]!;
    const article = ofType(await graphOf(study.path), 'Article')!;
    expect(article).toMatchObject({
      headline: study.data.title,
      datePublished: study.data.date,
      about: [
        { '@type': 'Organization', name: study.client.name },
        { '@type': 'Thing', name: study.data.industry },
      ],
      contributor: study.team.map((person) => ({ '@type': 'Person', name: person.data.name, url: person.url })),
    });
    expect(study.team.length).toBeGreaterThan(0);
    const insight = model.insights[0]!;
    const author = insight.author.person!;
    expect(ofType(await graphOf(insight.path), 'BlogPosting')).toMatchObject({
      headline: insight.data.title,
      datePublished: insight.data.date,
      author: { '@type': 'Person', '@id': `${author.url}#person`, name: author.data.name, url: author.url },
    });
  });

  test("a person's page is a ProfilePage about the Person, in every language, and the company lists its people", async () => {
    for (const language of model.languages.models.values())
      for (const person of language.people) {
        const nodes = await graphOf(person.path);
        expect(ofType(nodes, 'ProfilePage'), person.path).toMatchObject({
          mainEntity: { '@id': `${person.url}#person` },
        });
        const node = ofType(nodes, 'Person')!;
        expect(node, person.path).toMatchObject({
          name: person.data.name,
          jobTitle: person.data.role,
          knowsAbout: person.data.expertise,
          worksFor: { '@id': `${model.company.baseUrl}/#organization` },
        });
        for (const key of ['image', 'description', 'knowsLanguage', 'workLocation', 'sameAs'])
          expect(node[key], `${person.path} ${key}`).toBeDefined();
      }
    const org = ofType(await graphOf(ROUTES.team), model.company.organizationType)!;
    expect((org.employee as { url: string }[]).map((employee) => employee.url).sort()).toEqual(
      model.people.map((person) => person.url).sort(),
    );
  });

  test('a service page has the Service provided by the company', async () => {
    const service = model.services[0]!;
    expect(ofType(await graphOf(service.path), 'Service')).toMatchObject({
      name: service.data.title,
      provider: { '@id': `${model.company.baseUrl}/#organization` },
    });
  });
});

describe('Link rel="alternate"', () => {
  test('every HTML page response links its Markdown sibling, which answers 200 text/markdown and links back', async () => {
    for (const pagePath of paths) {
      for (const method of ['GET', 'HEAD']) {
        const page = await get(pagePath, { method });
        expectCommonHeaders(page, `${method} ${pagePath}`);
        expect(alternates(page, 'text/markdown'), `${method} ${pagePath}`).toEqual([markdownPathOf(pagePath)]);
      }
      const sibling = await get(markdownPathOf(pagePath));
      expect(sibling.status, markdownPathOf(pagePath)).toBe(200);
      expect(sibling.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(alternates(sibling, 'text/html'), markdownPathOf(pagePath)).toEqual([pagePath]);
      const negotiated = await get(pagePath, { headers: { Accept: 'text/markdown' } });
      expect(alternates(negotiated, 'text/html'), `${pagePath} as Markdown`).toEqual([pagePath]);
      expectCommonHeaders(negotiated, `${pagePath} as Markdown`);
      await Promise.all([sibling.arrayBuffer(), negotiated.arrayBuffer()]);
    }
  });

  test('the not-found page, a missing page and Markdown that is no page sibling link no sibling', async () => {
    for (const missing of ['/no-such-page', '/404']) {
      const response = await get(missing);
      expectCommonHeaders(response, missing);
      expect(response.headers.get('link'), missing).not.toContain('rel="alternate"');
    }
    const docs = await get(ROUTES.mcpDocs);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('link')).not.toContain('rel="alternate"');
  });

  test('Accept: text/markdown leaves files that are not pages as they are, including the API catalog', async () => {
    for (const file of [ROUTES.apiCatalog, ROUTES.llms, ROUTES.openapi, ROUTES.serverCard]) {
      const response = await get(file, { headers: { Accept: 'text/markdown' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).not.toMatch(/^text\/markdown/);
      expect(response.headers.get('link'), file).not.toContain('rel="alternate"');
    }
  });
});
