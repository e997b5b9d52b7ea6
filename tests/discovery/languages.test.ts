/**
 * The discovery files of a multilingual site (the sample content: en, nl, pt) against a
 * one-language site (the fixture): every language's llms.txt lists every language, the sitemap
 * and the edge function's headers name each page's versions reciprocally, the server card and
 * the AI catalog state the languages, and a one-language site has none of it.
 */
import { describe, expect, test } from 'vitest';
import { markdownPages } from '../../src/build/page-markdown.ts';
import { agentSkill } from '../../src/discovery/agent-skills.ts';
import { ardEntries } from '../../src/discovery/ard.ts';
import { aiCatalog } from '../../src/discovery/ai-catalog.ts';
import { languagesSection, llmsLanguages } from '../../src/discovery/llms-languages.ts';
import { llmsFullTxt } from '../../src/discovery/llms-full-txt.ts';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { mcpDocsMarkdown } from '../../src/discovery/mcp-docs.ts';
import { pageLanguages, pageLanguagesModule } from '../../src/discovery/page-languages.ts';
import { htmlResponseLinks, markdownResponseLinks, pageLanguageHeaders } from '../../src/discovery/page-links.ts';
import { serverCard } from '../../src/discovery/server-card.ts';
import { hreflangLinks, sitemapXml } from '../../src/discovery/sitemap-xml.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';
import { pageAlternates } from '../../src/model/model.ts';
import { unlocalizedPath } from '../../src/site/languages.ts';
import { fixtureModel, fixtureTools, h2Headings, realModel } from './fixtures.ts';

const real = realModel();
const one = fixtureModel();
const base = 'https://www.northbeam.example';
const models = real.languages.codes.map((code) => real.languages.models.get(code)!);

describe('llms.txt of every language', () => {
  const expected = [
    `- [English](${base}/llms.txt): English (en); full text: ${base}/llms-full.txt`,
    `- [Nederlands](${base}/nl/llms.txt): Dutch (nl); full text: ${base}/nl/llms-full.txt`,
    `- [Português](${base}/pt/llms.txt): Portuguese (pt); full text: ${base}/pt/llms-full.txt`,
  ];

  test('lists every language, the default first, in the fixed line form, under its own heading', () => {
    for (const model of models) {
      const text = llmsTxt(model, fixtureTools);
      const heading = `## ${model.strings.llms.languages}`;
      expect(text, model.language).toContain(`${heading}\n\n${expected.join('\n')}\n\n## Optional\n`);
    }
    expect(llmsTxt(models[1]!, fixtureTools)).toContain('## Talen\n');
  });

  test('is written in its language, and links its own llms-full.txt and pages', () => {
    const dutch = llmsTxt(models[1]!, fixtureTools);
    expect(h2Headings(dutch).slice(0, 2)).toEqual(['Wanneer je de MCP-server van deze site gebruikt', 'Diensten']);
    expect(dutch).toContain(`[llms-full.txt](${base}/nl/llms-full.txt)`);
    expect(dutch).toContain(`${base}/nl/services/cloud-migration.md`);
    expect(dutch).not.toContain(`](${base}/services/`);
  });

  test('a one-language site has no Languages section', () => {
    expect(languagesSection(one)).toEqual([]);
    expect(h2Headings(llmsTxt(one, fixtureTools))).not.toContain('Languages');
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml(real);
  const entries = [
    ...xml.matchAll(
      /<url>\n {4}<loc>([^<]+)<\/loc>\n(?: {4}<lastmod>[^<]+<\/lastmod>\n)?((?: {4}<xhtml:link [^\n]+\n)*) {2}<\/url>/g,
    ),
  ].map((match) => ({
    loc: match[1]!,
    links: [...match[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((link) => [link[1]!, link[2]!] as const),
  }));

  test('declares the xhtml namespace and gives every url its language versions, itself included', () => {
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(entries).toHaveLength(models.reduce((sum, model) => sum + model.sitePages.length, 0));
    for (const entry of entries) {
      expect(entry.links.length, entry.loc).toBeGreaterThan(0);
      expect(
        entry.links.some(([, href]) => href === entry.loc),
        entry.loc,
      ).toBe(true);
    }
  });

  test('every alternate links back, and x-default is the default language version', () => {
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry.links]));
    for (const entry of entries) {
      const own = entry.links.filter(([hreflang]) => hreflang !== 'x-default');
      for (const [, href] of own) {
        expect(byLoc.get(href), `${entry.loc} -> ${href}`).toEqual(entry.links);
      }
      const fallback = own.find(([hreflang]) => hreflang === 'en') ?? own[0]!;
      expect(entry.links.at(-1), entry.loc).toEqual(['x-default', fallback[1]]);
    }
    expect(byLoc.get(`${base}/nl/services/cloud-migration`)).toEqual([
      ['en', `${base}/services/cloud-migration`],
      ['nl', `${base}/nl/services/cloud-migration`],
      ['pt', `${base}/pt/services/cloud-migration`],
      ['x-default', `${base}/services/cloud-migration`],
    ]);
  });

  test('no entry lacks its language versions and x-default, an industry or tag page included', () => {
    for (const entry of entries) {
      expect(
        entry.links.filter(([hreflang]) => hreflang === 'x-default'),
        entry.loc,
      ).toHaveLength(1);
      expect(entry.links.length, entry.loc).toBeGreaterThan(1);
    }
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry.links]));
    expect(byLoc.get(`${base}/nl/case-studies/industry/zorg`)).toEqual([
      ['en', `${base}/case-studies/industry/healthcare`],
      ['nl', `${base}/nl/case-studies/industry/zorg`],
      ['pt', `${base}/pt/case-studies/industry/saude`],
      ['x-default', `${base}/case-studies/industry/healthcare`],
    ]);
    expect(byLoc.get(`${base}/pt/case-studies/industry/energia`)).toEqual([
      ['en', `${base}/case-studies/industry/energy`],
      ['pt', `${base}/pt/case-studies/industry/energia`],
      ['x-default', `${base}/case-studies/industry/energy`],
    ]);
  });

  test('a one-language sitemap has no xhtml namespace or links', () => {
    const single = sitemapXml(one);
    expect(single).not.toContain('xhtml');
    expect(
      single.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url>',
      ),
    ).toBe(false);
    expect(single).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>');
  });
});

describe('server card and AI catalog', () => {
  test('the server card names the languages, the default first, on a multilingual site only', () => {
    expect(serverCard(real.company, real.languages.codes).languages).toEqual(['en', 'nl', 'pt']);
    expect(serverCard(one.company, one.languages.codes)).not.toHaveProperty('languages');
    expect(serverCard(one.company, one.languages.codes)).toEqual(serverCard(one.company));
  });

  test("the AI catalog lists each other language's profiles and states the languages", () => {
    const skill = agentSkill(real, fixtureTools);
    const ard = ardEntries(real, [skill], [], '2026-11-20T10:00:00.000Z');
    const catalog = aiCatalog(real.company, ard, '2026-11-20T10:00:00.000Z', llmsLanguages(real));
    expect(catalog.languages).toEqual(['en', 'nl', 'pt']);
    const urls = catalog.entries.map((entry) => entry.url);
    for (const code of ['nl', 'pt'])
      for (const file of ['llms.txt', 'llms-full.txt']) expect(urls).toContain(`${base}/${code}/${file}`);
    expect(new Set(catalog.entries.map((entry) => entry.identifier)).size).toBe(catalog.entries.length);
    const single = aiCatalog(one.company, [], '2026-11-20T10:00:00.000Z', llmsLanguages(one));
    expect(single).toEqual(aiCatalog(one.company, [], '2026-11-20T10:00:00.000Z'));
    expect(single).not.toHaveProperty('languages');
  });

  test('/mcp.md and the agent skill have a Languages section on a multilingual site only', () => {
    const docs = mcpDocsMarkdown(real, fixtureTools);
    expect(h2Headings(docs)).toContain('Languages');
    expect(docs).toContain('`language`');
    expect(docs).toContain('`/nl/llms.txt`');
    expect(h2Headings(agentSkill(real, fixtureTools).markdown)).toContain('Languages');
    expect(h2Headings(mcpDocsMarkdown(one, fixtureTools))).not.toContain('Languages');
    expect(h2Headings(agentSkill(one, fixtureTools).markdown)).not.toContain('Languages');
  });
});

describe('language headers of the edge function', () => {
  const map = pageLanguages(real);

  test('the map holds only pages in more than one language, by their default-language path', () => {
    expect(map.languages).toEqual(['en', 'nl', 'pt']);
    const all = Object.values(map.translated).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('/services/cloud-migration');
    expect(all.some((path) => path.startsWith('/nl'))).toBe(false);
    for (const [set, paths] of Object.entries(map.translated))
      expect(set.split(',').length, paths[0]).toBeGreaterThan(1);
    expect(pageLanguagesModule(real)).toContain('export default JSON.parse(');
  });

  test('every page gets the same alternates as in the sitemap, and its Content-Language', () => {
    const translated = new Set([
      ...Object.values(map.translated).flat(),
      ...(map.renamed ?? []).flat().filter((path) => path !== ''),
    ]);
    for (const model of models) {
      for (const page of model.sitePages) {
        const headers = pageLanguageHeaders(page.path, map)!;
        expect(headers.contentLanguage, page.path).toBe(model.language);
        // The same absolute URLs as the sitemap (Lighthouse's hreflang audit fails relative ones).
        const expected = hreflangLinks(real, page).map(
          ([hreflang, url]) => `<${url}>; rel="alternate"; hreflang="${hreflang}"`,
        );
        expect(headers.alternates, page.path).toBe(expected.join(', '));
        const key = page.facet ? page.path : unlocalizedPath(real.languages, page.path);
        expect(translated.has(key), page.path).toBe(pageAlternates(real, page).length > 1);
      }
    }
  });

  test('HTML and Markdown responses carry Content-Language and the hreflang links after the existing ones', () => {
    const html = htmlResponseLinks('/nl/services/cloud-migration', 'text/html', map);
    expect(html['Content-Language']).toBe('nl');
    expect(html.Link).toBe(
      `${LINK_HEADER}, </nl/services/cloud-migration.md>; rel="alternate"; type="text/markdown", ` +
        `<${base}/services/cloud-migration>; rel="alternate"; hreflang="en", ` +
        `<${base}/nl/services/cloud-migration>; rel="alternate"; hreflang="nl", ` +
        `<${base}/pt/services/cloud-migration>; rel="alternate"; hreflang="pt", ` +
        `<${base}/services/cloud-migration>; rel="alternate"; hreflang="x-default"`,
    );
    const markdown = markdownResponseLinks('/nl.md', map);
    expect(markdown['Content-Language']).toBe('nl');
    expect(markdown.Link).toContain(
      `${LINK_HEADER}, </nl>; rel="alternate"; type="text/html", <${base}/>; rel="alternate"; hreflang="en"`,
    );
    expect(markdown.Link).toContain(`<${base}/>; rel="alternate"; hreflang="x-default"`);
  });

  test('an untranslated page links only itself, and itself as x-default', () => {
    const untranslated = models[0]!.caseStudies.find((study) => pageAlternates(real, study).length === 1)!;
    expect(pageLanguageHeaders(untranslated.path, map)).toEqual({
      contentLanguage: 'en',
      alternates: `<${base}${untranslated.path}>; rel="alternate"; hreflang="en", <${base}${untranslated.path}>; rel="alternate"; hreflang="x-default"`,
    });
    expect(pageLanguageHeaders('/nl/insights/tag/alleen-nederlands', map)).toEqual({
      contentLanguage: 'nl',
      alternates: `<${base}/nl/insights/tag/alleen-nederlands>; rel="alternate"; hreflang="nl", <${base}/nl/insights/tag/alleen-nederlands>; rel="alternate"; hreflang="x-default"`,
    });
  });

  test('an industry page links its counterparts, whatever they are called, by their encoded paths', () => {
    expect(map.renamed).toContainEqual([
      '/case-studies/industry/healthcare',
      '/nl/case-studies/industry/zorg',
      '/pt/case-studies/industry/saude',
    ]);
    expect(map.renamed).toContainEqual(['/case-studies/industry/logistics', '/nl/case-studies/industry/logistiek', '']);
    const zorg = htmlResponseLinks('/nl/case-studies/industry/zorg', 'text/html', map);
    expect(zorg.Link).toContain(
      `<${base}/case-studies/industry/healthcare>; rel="alternate"; hreflang="en", ` +
        `<${base}/nl/case-studies/industry/zorg>; rel="alternate"; hreflang="nl", ` +
        `<${base}/pt/case-studies/industry/saude>; rel="alternate"; hreflang="pt", ` +
        `<${base}/case-studies/industry/healthcare>; rel="alternate"; hreflang="x-default"`,
    );
    expect(markdownResponseLinks('/pt/case-studies/industry/saude.md', map).Link).toContain(
      `<${base}/nl/case-studies/industry/zorg>; rel="alternate"; hreflang="nl"`,
    );
  });

  test('a one-language site gets exactly the headers it had', () => {
    const single = pageLanguages(one);
    expect(single).toEqual({ languages: ['en'], origin: one.company.baseUrl, translated: {} });
    expect(htmlResponseLinks('/about', 'text/html', single)).toEqual(htmlResponseLinks('/about', 'text/html'));
    expect(markdownResponseLinks('/about.md', single)).toEqual(markdownResponseLinks('/about.md'));
    expect(htmlResponseLinks('/about', 'text/html', single)).not.toHaveProperty('Content-Language');
  });
});

describe("each language's llms-full.txt", () => {
  test('holds only its own pages within the size bound and closes in its language, linking its own files', () => {
    const pages = markdownPages(models[1]!);
    const full = llmsFullTxt(models[1]!, fixtureTools, pages, 4_000);
    const sources = [...full.matchAll(/^Source: <([^>]+)>$/gm)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.startsWith(`${base}/nl/`)).toBe(true);
    const held = pages.filter((page) => sources.includes(page.markdownUrl));
    expect(held.reduce((sum, page) => sum + Buffer.byteLength(page.markdown), 0)).toBeLessThanOrEqual(4_000);
    expect(full).toContain("## Pagina's die niet in dit bestand staan");
    for (const link of [`${base}/nl/llms.txt`, `${base}/nl/case-studies.md`, `${base}/nl/insights.md`])
      expect(full).toContain(`](${link})`);
  });
});
