/**
 * Adding a language is adding files in content/, never code: a copy of the second-company fixture
 * (one language) given German by adding `languages` to its company.yaml, a German strings.yaml
 * and one translated service. The build then publishes the German pages, writes German
 * artefacts, ships the German stemmer to the function, and searches German with it.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { stemmersModule } from '../../src/build/stemmers-module.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { languageSearch } from '../../scripts/bench/search-answers.ts';
import { ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import { createArtefactReader } from '../../src/artefacts/reader.ts';
import { buildStemmers } from '../../src/build/search-analyzers.ts';
import { createTools } from '../../src/mcp/tools/index.ts';
import { memorySource, ROOT } from '../support/sample-site.ts';
import { writeSecondCompanyInGerman } from '../support/german-second-company.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'add-language-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeSecondCompanyInGerman(path.join(dir, 'content'));

describe('a language added with files in content/ only', () => {
  const model = buildSiteModel(loadSources(dir));
  const built = buildArtefacts(model);

  test('its pages, artefacts and the tools’ language argument', () => {
    expect(model.languages.codes).toEqual(['en', 'de']);
    const german = model.languages.models.get('de')!;
    expect(german.sitePages.map((page) => page.path)).toContain('/de/services/new-buildings');
    expect(built.agent.files.map((file) => file.file)).toEqual(
      expect.arrayContaining(['de/profile.json', 'de/search-terms.json', 'de/search-postings.bin', 'de/messages.json']),
    );
    const search = built.agent.head.tools.find((tool) => tool.name === 'search_site')!;
    expect((search.inputSchema.properties as Record<string, { enum?: string[] }>).language!.enum).toEqual(['en', 'de']);
  });

  test('the function gets the German stemmer, and German search finds the translated page', async () => {
    expect(stemmersModule(model.languages.codes)).toContain("import('@orama/stemmers/german')");
    const { rank } = await languageSearch(model, 'de');
    expect(rank('neubau holzrahmen', 3).hits[0]?.id).toBe('/de/services/new-buildings');
  });
});

describe('a one-language site in a language other than English', () => {
  const other = mkdtempSync(path.join(os.tmpdir(), 'one-language-'));
  afterAll(() => rmSync(other, { recursive: true, force: true }));
  cpSync(path.join(ROOT, 'tests/fixtures/second-company'), other, { recursive: true });
  appendFileSync(path.join(other, 'content/company.yaml'), '\ndefaultLanguage: nl\n');
  const model = buildSiteModel(loadSources(other));
  const built = buildArtefacts(model);

  test('its index says its language, and search_site analyses queries as the build analysed its pages', async () => {
    expect(model.languages.codes).toEqual(['nl']);
    expect(built.agent.head.languages).toBeUndefined();
    const terms = JSON.parse(
      built.agent.files.find((file) => file.file === ARTEFACT_FILES.searchTerms)!.body as string,
    );
    expect(terms.language).toBe('nl');
    const artefacts = createArtefactReader(memorySource(built.agent.files), built.agent.head);
    const tools = createTools(built.agent.head, { artefacts, stemmers: buildStemmers }, () => {});
    const search = tools.find((tool) => tool.descriptor.name === 'search_site')!;
    // The same ranking as the build's Dutch analysis gives (an English analyzer would stem and
    // drop other words): "een" and "de" are Dutch stop words, "buildings" a Dutch-stemmed term.
    for (const query of ['de een new buildings', 'retrofitting houses']) {
      const result = await search.call({ query }, { now: () => new Date() });
      const urls = (result.structuredContent as { results: { url: string }[] }).results.map((item) => item.url);
      const expected = (await languageSearch(model))
        .rank(query, 5)
        .hits.map((hit) => `${model.company.baseUrl}${hit.id}`);
      expect(urls, query).toEqual(expected);
      expect(urls.length, query).toBeGreaterThan(0);
    }
  });
});
