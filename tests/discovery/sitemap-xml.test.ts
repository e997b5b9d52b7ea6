import { describe, expect, test } from 'vitest';
import { sitemapXml } from '../../src/discovery/sitemap-xml.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { DRAFT_MARK, fixtureModel, fixtureSources, realModel } from './fixtures.ts';

function urls(xml: string): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g)].map(
    (match) => ({ loc: match[1]!, ...(match[2] ? { lastmod: match[2] } : {}) }),
  );
}

describe('sitemapXml', () => {
  const model = fixtureModel();
  const xml = sitemapXml(model);

  test('is a sitemaps.org urlset', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      ),
    ).toBe(true);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(model.sitePages.length);
  });

  test('lists every page on the base host, with lastmod for dated entries only', () => {
    expect(urls(xml).map((entry) => entry.loc)).toEqual(model.sitePages.map((page) => page.url));
    const byLoc = new Map(urls(xml).map((entry) => [entry.loc, entry.lastmod]));
    expect(byLoc.get('https://www.fieldstone.example/case-studies/port-data')).toBe('2025-03-14');
    expect(byLoc.get('https://www.fieldstone.example/insights/data-contracts')).toBe('2025-05-02');
    expect(byLoc.get('https://www.fieldstone.example/services/data-platforms')).toBeUndefined();
    expect(byLoc.get('https://www.fieldstone.example/')).toBeUndefined();
    expect(xml).not.toContain(DRAFT_MARK);
    expect(xml).not.toContain('bank-secret');
  });

  test('escapes XML in URLs', () => {
    const sources = fixtureSources();
    const odd = buildSiteModel({ ...sources, company: { ...sources.company, baseUrl: 'https://a.example' } });
    odd.sitePages[0] = { ...odd.sitePages[0]!, url: 'https://a.example/?a=1&b=<2>' };
    expect(sitemapXml(odd)).toContain('<loc>https://a.example/?a=1&amp;b=&lt;2&gt;</loc>');
  });

  test('on the real content: one url per page of every language, no draft', () => {
    const real = realModel();
    const realXml = sitemapXml(real);
    const pages = real.languages.codes.flatMap((code) => real.languages.models.get(code)!.sitePages);
    expect(realXml.match(/<loc>([^<]+)<\/loc>/g)?.map((loc) => loc.slice(5, -6))).toEqual(
      pages.map((page) => page.url),
    );
    expect(realXml).not.toContain('draft-');
  });
});
