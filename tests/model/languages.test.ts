/**
 * What an editor of a multilingual site can get wrong, and what the build tells them: the
 * translation files (missing and unknown keys warned about, misspelt placeholders and wrong
 * values refused), language folders, translations without
 * an original, translated company facts; and how translations are matched to their originals.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, findSitePage, pageAlternates } from '../../src/model/model.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

/** A copy of the sample content/ in a temporary project folder, changed by `change`. */
function siteWith(change: (content: string) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'languages-'));
  dirs.push(dir);
  cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  change(path.join(dir, 'content'));
  return () => buildSiteModel(loadSources(dir));
}

function editYaml(file: string, edit: (value: Record<string, unknown>) => void) {
  const value = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(value);
  writeFileSync(file, stringify(value));
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('translation files', () => {
  test('a missing key falls back to the default language text, with one warning for the file', () => {
    const build = siteWith((content) =>
      editYaml(path.join(content, 'nl/strings.yaml'), (value) => {
        delete (value.listings as Record<string, unknown>).caseStudies;
      }),
    );
    const model = build();
    expect(model.languages.models.get('nl')!.strings.listings.caseStudies).toBe('Case studies');
    expect(model.warnings.filter((warning) => warning.includes('strings.yaml'))).toEqual([
      "content/nl/strings.yaml: 1 string falls back to the default language's text; npm run content -- status lists them",
    ]);
  });

  test('an unknown key is ignored with a warning, so a typo does not go unnoticed', () => {
    const build = siteWith((content) =>
      editYaml(path.join(content, 'pt/strings.yaml'), (value) => {
        (value.listings as Record<string, unknown>).caseStudys = 'Casos';
      }),
    );
    expect(build().warnings).toContain(
      'content/pt/strings.yaml: 1 key is ignored; npm run content -- status lists them',
    );
  });

  test("a value of the wrong type still stops the build, and a language's own name never falls back", () => {
    const wrongType = siteWith((content) =>
      editYaml(path.join(content, 'nl/strings.yaml'), (value) => {
        (value.listings as Record<string, unknown>).caseStudies = 5;
      }),
    );
    expect(wrongType).toThrow(
      /content\/nl\/strings\.yaml does not match the translation keys:\n {2}- listings\.caseStudies: must be a text/,
    );
    const noName = siteWith((content) =>
      editYaml(path.join(content, 'nl/strings.yaml'), (value) => {
        delete (value.language as Record<string, unknown>).name;
      }),
    );
    expect(noName).toThrow(/ {2}- language\.name: missing; add it \(a language's own name and locale never fall back/);
  });

  test('a misspelt placeholder is refused with the ones the text may use', () => {
    const build = siteWith((content) =>
      editYaml(path.join(content, 'nl/strings.yaml'), (value) => {
        (value.listings as Record<string, unknown>).pageTitle = '{titel} (pagina {number} van {pages})';
      }),
    );
    expect(build).toThrow(/listings\.pageTitle: uses a \{placeholder\} this text does not have: it may use \{title\}/);
  });

  test('the default language needs its own file too', () => {
    const build = siteWith((content) => rmSync(path.join(content, 'strings.yaml')));
    expect(build).toThrow(/Cannot read content\/strings\.yaml/);
  });

  test('a language company.yaml lists needs its strings file', () => {
    const build = siteWith((content) => rmSync(path.join(content, 'pt/strings.yaml')));
    expect(build).toThrow(/Cannot read content\/pt\/strings\.yaml: copy content\/strings\.yaml there/);
  });
});

describe('language folders and translations', () => {
  test('a language folder company.yaml does not list is an error with the fix', () => {
    const build = siteWith((content) => {
      mkdirSync(path.join(content, 'de'));
      writeFileSync(path.join(content, 'de/strings.yaml'), '');
    });
    expect(build).toThrow(/content\/de\/ looks like a language folder[\s\S]*languages: \[en, nl, pt, de\]/);
  });

  test('a language code listed twice is refused', () => {
    const build = siteWith((content) =>
      editYaml(path.join(content, 'company.yaml'), (value) => {
        value.languages = ['en', 'nl', 'nl', 'pt'];
      }),
    );
    expect(build).toThrow(/`languages` lists `nl` twice/);
  });

  test('a translation needs an original with the same file name', () => {
    const build = siteWith((content) =>
      cpSync(
        path.join(content, 'nl/services/cloud-migration.mdx'),
        path.join(content, 'nl/services/cloud-migratie.mdx'),
      ),
    );
    expect(build).toThrow(
      /content\/nl\/services\/cloud-migratie\.mdx translates content\/services\/cloud-migratie\.mdx, which does not exist/,
    );
  });

  test('a translation of a draft is not published, whatever its own draft says', () => {
    const build = siteWith((content) => {
      const original = readFileSync(path.join(content, 'services/draft-quantum-advisory.mdx'), 'utf8');
      expect(original).toMatch(/^draft: true$/m);
      mkdirSync(path.join(content, 'nl/services'), { recursive: true });
      writeFileSync(
        path.join(content, 'nl/services/draft-quantum-advisory.mdx'),
        original.replace(/^draft: true$/m, 'draft: false'),
      );
    });
    const model = build();
    const paths = model.languages.models.get('nl')!.sitePages.map((page) => page.path);
    expect(paths).toContain('/nl/services/cloud-migration');
    expect(paths.filter((pagePath) => pagePath.includes('quantum'))).toEqual([]);
    expect(model.sitePages.map((page) => page.path).filter((pagePath) => pagePath.includes('quantum'))).toEqual([]);
  });

  test('the translation record is for translations: an original carrying one is refused with the fix', () => {
    const record = 'translation:\n  source: "1a2b3c4d5e6f"\n  text: "9f8e7d6c5b4a"\n';
    const withRecord = (file: string) => (content: string) => {
      const target = path.join(content, file);
      writeFileSync(target, readFileSync(target, 'utf8').replace(/^---\n/, `---\n${record}`));
    };
    // The sample's translations carry one (npm run content -- mark --all) and build.
    expect(readFileSync(path.join(root, 'content/nl/services/cloud-migration.mdx'), 'utf8')).toContain(
      '\ntranslation:\n  source: ',
    );
    expect(siteWith(() => undefined)).not.toThrow();
    expect(siteWith(withRecord('services/cloud-migration.mdx'))).toThrow(
      /content\/services\/cloud-migration\.mdx: `translation` belongs in a translation \(content\/<code>\/services\/\), where `npm run content -- mark` writes it; this file is the original/,
    );
  });

  test('translated company facts must name the same offices, and only texts', () => {
    expect(
      siteWith((content) =>
        editYaml(path.join(content, 'nl/company.yaml'), (value) => {
          value.offices = [{ name: 'Rotterdam' }];
        }),
      ),
    ).toThrow(/`offices` lists 1 offices, content\/company\.yaml 2/);
    expect(
      siteWith((content) =>
        editYaml(path.join(content, 'nl/company.yaml'), (value) => {
          value.contactEmail = 'hallo@northbeam.example';
        }),
      ),
    ).toThrow(/content\/nl\/company\.yaml has invalid translated facts[\s\S]*only texts in a language belong here/);
  });
});

describe('the model of every language', () => {
  const model = buildSiteModel(loadSources(root));
  const nl = model.languages.models.get('nl')!;

  test('the default language model is what the build starts from; the others hang off it', () => {
    expect(model.language).toBe('en');
    expect(model.languages.codes).toEqual(['en', 'nl', 'pt']);
    expect(nl.prefix).toBe('/nl');
    expect(nl.routes.caseStudies).toBe('/nl/case-studies');
    expect(nl.sitePages[0]).toMatchObject({ kind: 'home', path: '/nl', markdownPath: '/nl.md' });
  });

  test('translated facts replace only what they translate', () => {
    expect(nl.company.name).toBe(model.company.name);
    expect(nl.company.contactEmail).toBe(model.company.contactEmail);
    expect(nl.company.tagline).not.toBe(model.company.tagline);
    expect(nl.company.offices.map((office) => office.street)).toEqual(
      model.company.offices.map((office) => office.street),
    );
    expect(nl.company.offices[1]?.city).toBe('Lissabon');
  });

  test('an untranslated entry is absent from the language, a translated one is at /<code>/<same path>', () => {
    expect(findSitePage(model, '/nl/case-studies/kestrel-bank-core-ledger')).toBeUndefined();
    expect(findSitePage(model, '/nl/services/cloud-migration')?.title).toBe('Cloudmigratie');
    expect(nl.caseStudies.length).toBeLessThan(model.caseStudies.length);
  });

  test('a translation is matched to its original by path, both ways, in language order', () => {
    const english = findSitePage(model, '/services/cloud-migration')!;
    const dutch = findSitePage(model, '/nl/services/cloud-migration')!;
    const expected = ['/services/cloud-migration', '/nl/services/cloud-migration', '/pt/services/cloud-migration'];
    expect(pageAlternates(model, english).map((alternate) => alternate.path)).toEqual(expected);
    expect(pageAlternates(nl, dutch).map((alternate) => alternate.path)).toEqual(expected);
    const kestrel = findSitePage(model, '/case-studies/kestrel-bank-core-ledger')!;
    expect(pageAlternates(model, kestrel).map((alternate) => alternate.language)).toEqual(['en']);
  });

  test('every alternate of every page links back (reciprocity)', () => {
    for (const languageModel of model.languages.models.values())
      for (const page of languageModel.sitePages)
        for (const alternate of pageAlternates(model, page)) {
          const other = findSitePage(model, alternate.path)!;
          expect(pageAlternates(model, other).map((item) => item.path)).toContain(page.path);
        }
  });
});
