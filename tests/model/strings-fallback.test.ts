/**
 * Strings files written against an older template still build (src/model/strings-fallback.ts):
 * real files from before plural forms (tests/fixtures/old-strings/, content/strings.yaml and
 * content/nl/strings.yaml as they were then) read into full Strings with their texts kept and a
 * notice per key; a missing key falls back with the forms of the file's own locale (Japanese has
 * only `other`, Polish four); removed and unknown keys are ignored; a translator's mistakes still
 * stop the build; the sample and the fixtures build with no notice at all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadCompany } from '../../src/model/company.ts';
import { languageListOf, readAllStrings, readStrings, stringsWarnings } from '../../src/model/load-languages.ts';
import { stringsWarning, type StringsNotice } from '../../src/model/strings-fallback.ts';

const root = path.resolve(import.meta.dirname, '../..');
const yamlOf = (file: string) =>
  parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, Record<string, unknown>>;
const keysOf = (notices: readonly StringsNotice[], kind: StringsNotice['kind']) =>
  notices.filter((notice) => notice.kind === kind).map((notice) => notice.key);
const noticeOf = (notices: readonly StringsNotice[], key: string) => notices.find((notice) => notice.key === key);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('strings files from before plural forms', () => {
  const [english, dutch] = readAllStrings(path.join(root, 'tests/fixtures/old-strings'), {
    default: 'en',
    codes: ['en', 'nl'],
  });

  test('read into full Strings, one warning per file', () => {
    expect(english!.file).toBe('content/strings.yaml');
    expect(dutch!.file).toBe('content/nl/strings.yaml');
    expect(stringsWarnings([english!, dutch!])).toEqual([
      "content/strings.yaml: 56 strings fall back to the template's English and 26 use an older form; npm run content -- status lists them",
      "content/nl/strings.yaml: 56 strings fall back to the default language's text and 26 use an older form; npm run content -- status lists them",
    ]);
    expect(keysOf(dutch!.notices, 'removed')).toEqual([]);
    expect(keysOf(dutch!.notices, 'unknown')).toEqual([]);
  });

  test('the old texts are kept: the pairs become one and other, a single text every form', () => {
    const nl = dutch!.strings;
    expect(nl.listings.moreServices).toEqual({
      one: 'Nog {count} dienst is alleen in het {language} beschikbaar',
      other: 'Nog {count} diensten zijn alleen in het {language} beschikbaar',
    });
    expect(nl.contact.correct).toEqual({
      one: 'De aanvraag is niet verstuurd: verbeter dit veld',
      other: 'De aanvraag is niet verstuurd: verbeter deze {count} velden',
    });
    expect(nl.mcp.promptWorkAll).toEqual({
      one: '{company} heeft 1 case gepubliceerd voor {label}, hieronder gelinkt.',
      other: '{company} heeft {count} cases gepubliceerd voor {label}, hieronder gelinkt.',
    });
    expect(english!.strings.site.allCaseStudiesCount).toEqual({
      one: 'All {count} case studies',
      other: 'All {count} case studies',
    });
    expect(nl.listings.caseStudies).toBe('Cases');
  });

  test('each older form is named with how to write it now', () => {
    const older = keysOf(dutch!.notices, 'older');
    expect(older).toHaveLength(26);
    expect(older).toEqual(expect.arrayContaining(['listings.moreServices', 'contact.correct', 'contact.invalid']));
    expect(noticeOf(dutch!.notices, 'listings.moreServices')!.message).toBe(
      'written as one text with `listings.moreServicesOne` for one, the pair the template used before plural forms; ' +
        'read as its one and other forms. Now write `moreServices:` as its plural forms, a text for each form nl-NL ' +
        'needs: one (e.g. 1), other (e.g. 0, 2, 3), and remove `listings.moreServicesOne` (see docs/content.md, "Plural forms")',
    );
    expect(noticeOf(dutch!.notices, 'mcp.promptWorkAll')!.message).toMatch(
      /^written as `mcp\.promptWorkOne` and `mcp\.promptWorkSome`, the keys the template used before plural forms/,
    );
    expect(noticeOf(english!.notices, 'pages.newestOf')!.message).toMatch(
      /^written as one text, the form before count strings had plural forms; read as that text in every form/,
    );
  });

  test('the keys added since fall back: the default language to the template, the others to the default language', () => {
    const fellBack = keysOf(dutch!.notices, 'fallback');
    expect(fellBack).toEqual(keysOf(english!.notices, 'fallback'));
    expect(fellBack).toEqual(expect.arrayContaining(['find.label', 'find.results', 'actions.copy', 'team.title']));
    expect(dutch!.strings.find.label).toBe('Search');
    expect(noticeOf(english!.notices, 'find.label')!.message).toBe(
      `missing: shows the template's English ("Search") until you add it`,
    );
    expect(noticeOf(dutch!.notices, 'find.label')!.message).toBe(
      `missing: shows the template's English ("Search"), since content/strings.yaml lacks it too, until you add it translated`,
    );
  });
});

describe('a missing key falls back with the forms of its own locale', () => {
  /** The Japanese fixture's strings without the find and actions sections and one count string. */
  function japaneseWithout() {
    const raw = yamlOf('tests/fixtures/japanese-company/content/strings.yaml');
    delete raw.find;
    delete raw.actions;
    delete raw.listings!.moreServices;
    return raw;
  }

  test("Japanese as the default language: the template's English, with only other", () => {
    const { strings, notices } = readStrings(japaneseWithout(), 'content/strings.yaml');
    expect(strings.find.results).toEqual({ other: '{count} results for “{query}”' });
    expect(strings.find.betterIn).toEqual({ other: '{count} results in {language}' });
    expect(strings.listings.moreServices).toEqual({ other: '{count} more services are available in {language}' });
    expect(strings.actions.copy).toBe('Copy as Markdown');
    expect(strings.listings.services).toBe(
      yamlOf('tests/fixtures/japanese-company/content/strings.yaml').listings!.services,
    );
    expect(keysOf(notices, 'fallback')).toHaveLength(11 + 8 + 1);
    expect(stringsWarning('content/strings.yaml', notices, true)).toBe(
      "content/strings.yaml: 20 strings fall back to the template's English; npm run content -- status lists them",
    );
  });

  test("Japanese as a translation: the default language's text, with only other", () => {
    const english = readStrings(yamlOf('content/strings.yaml'), 'content/strings.yaml');
    expect(english.notices).toEqual([]);
    const { strings, notices } = readStrings(japaneseWithout(), 'content/ja/strings.yaml', {
      file: 'content/strings.yaml',
      read: english,
    });
    expect(strings.find.results).toEqual({ other: english.strings.find.results.other });
    expect(noticeOf(notices, 'find.results')!.message).toBe(
      `missing: shows content/strings.yaml's text (one: "{count} result for “{query}”", other: "{count} results for “{query}”") until you add it translated`,
    );
  });

  test('Polish: each form the default language has, else its other', () => {
    const english = readStrings(yamlOf('content/strings.yaml'), 'content/strings.yaml');
    const polish = structuredClone(yamlOf('content/strings.yaml'));
    polish.language!.locale = 'pl-PL';
    for (const section of Object.values(polish))
      for (const [key, value] of Object.entries(section))
        if (value && typeof value === 'object' && 'other' in value) {
          const { one, other } = value as { one: string; other: string };
          section[key] = { one, few: other, many: other, other };
        }
    delete polish.find!.results;
    const { strings } = readStrings(polish, 'content/pl/strings.yaml', { file: 'content/strings.yaml', read: english });
    expect(strings.find.results).toEqual({
      one: '{count} result for “{query}”',
      few: '{count} results for “{query}”',
      many: '{count} results for “{query}”',
      other: '{count} results for “{query}”',
    });
  });
});

describe('keys the template does not have', () => {
  test('a removed key and an unknown key or section are ignored, each with what to do', () => {
    const raw = yamlOf('content/strings.yaml');
    raw.markdown!.moreServices = '{count} more services are available in {language}';
    raw.listings!.caseStudys = 'Case studies';
    raw.colours = { primary: 'blue' };
    const { strings, notices } = readStrings(raw, 'content/strings.yaml');
    expect(notices).toEqual([
      {
        kind: 'unknown',
        key: 'listings.caseStudys',
        message:
          "not a key of the template's strings: remove it or check its spelling; the keys are in src/schemas/strings/",
      },
      { kind: 'removed', key: 'markdown.moreServices', message: 'the template no longer uses it: remove it' },
      {
        kind: 'unknown',
        key: 'colours',
        message:
          "not a section of the template's strings: remove it or check its spelling; the keys are in src/schemas/strings/",
      },
    ]);
    expect(strings.listings).not.toHaveProperty('caseStudys');
    expect(stringsWarning('content/strings.yaml', notices, true)).toBe(
      'content/strings.yaml: 3 keys are ignored; npm run content -- status lists them',
    );
  });
});

describe('what still stops the build', () => {
  const english = () => structuredClone(yamlOf('content/strings.yaml'));

  test('a wrong value, a plural form too many or too few, a bad locale', () => {
    const wrong = english();
    wrong.listings!.services = 42;
    (wrong.site!.lessUsed as Record<string, string>).few = 'and {count} less used';
    (wrong.find!.results as Record<string, unknown>) = { one: '{count} result' };
    expect(() => readStrings(wrong, 'content/strings.yaml')).toThrow(
      /^content\/strings\.yaml does not match the translation keys:\n {2}- listings\.services: must be a text[\s\S]*site\.lessUsed: has the form few, which en-GB never uses[\s\S]*find\.results: misses the plural form other/,
    );
    const locale = english();
    locale.language!.locale = 'not a locale';
    expect(() => readStrings(locale, 'content/strings.yaml')).toThrow(
      /language\.locale: "not a locale" is not a locale Intl can read/,
    );
  });

  test('a file that is not YAML, or not a map of sections', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'strings-fallback-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'content'));
    writeFileSync(path.join(dir, 'content/strings.yaml'), 'listings: [unclosed\n');
    expect(() => readAllStrings(dir, { default: 'en', codes: ['en'] })).toThrow(
      /^content\/strings\.yaml is not valid YAML/,
    );
    writeFileSync(path.join(dir, 'content/strings.yaml'), '- a list\n');
    expect(() => readAllStrings(dir, { default: 'en', codes: ['en'] })).toThrow(
      /^content\/strings\.yaml is not a list of sections/,
    );
  });
});

test.each(['.', 'tests/fixtures/second-company', 'tests/fixtures/japanese-company', 'tests/fixtures/chinese-company'])(
  'the strings of %s are complete and current: no notice',
  (project) => {
    const dir = path.join(root, project);
    const files = readAllStrings(dir, languageListOf(loadCompany(dir)));
    expect(files.map((file) => [file.file, file.notices])).toEqual(files.map((file) => [file.file, []]));
  },
);
