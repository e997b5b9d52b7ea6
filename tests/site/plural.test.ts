/**
 * Count strings (src/site/plural.ts): the form a count gets in a language, and the build's check
 * that a strings file writes exactly the forms its `language.locale` has. German takes its
 * singular from a `one` form; Polish, Russian and Arabic are asked for the forms English lacks;
 * a count string still written as one text (the form before plural forms) is read as every form.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseStrings, readStrings } from '../../src/model/load-languages.ts';
import { fill } from '../../src/site/languages.ts';
import { plural, pluralCategories, pluralExamples, type PluralForms } from '../../src/site/plural.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const english = parse(readFileSync(path.join(ROOT, 'content/strings.yaml'), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

describe('plural', () => {
  test('German shows the singular for one case study and the plural for more', () => {
    const allCaseStudies = { one: 'Alle {count} Fallstudie', other: 'Alle {count} Fallstudien' };
    const shown = (count: number) => fill(plural(allCaseStudies, count, 'de-DE'), { count });
    expect(shown(1)).toBe('Alle 1 Fallstudie');
    expect(shown(3)).toBe('Alle 3 Fallstudien');
    expect(shown(0)).toBe('Alle 0 Fallstudien');
  });

  test("Polish picks one, few and many by the number's ending", () => {
    const forms: PluralForms = {
      one: '{count} plik',
      few: '{count} pliki',
      many: '{count} plików',
      other: '{count} pliku',
    };
    const shown = (count: number) => fill(plural(forms, count, 'pl-PL'), { count });
    expect([1, 2, 4, 5, 12, 21, 22, 25, 0].map(shown)).toEqual([
      '1 plik',
      '2 pliki',
      '4 pliki',
      '5 plików',
      '12 plików',
      '21 plików',
      '22 pliki',
      '25 plików',
      '0 plików',
    ]);
    expect(shown(1.5)).toBe('1.5 pliku');
  });

  test('a category the forms lack (an ICU newer than the check) falls back to other', () => {
    expect(plural({ other: '{count} casos' }, 1_000_000, 'pt-PT')).toBe('{count} casos');
  });

  test("each locale's categories and example numbers", () => {
    expect(pluralCategories('en-GB')).toEqual(['one', 'other']);
    expect(pluralCategories('pt-PT')).toEqual(['one', 'many', 'other']);
    expect(pluralCategories('pl-PL')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('ja-JP')).toEqual(['other']);
    expect(pluralExamples('ru-RU')).toEqual({
      one: [1, 21, 31],
      few: [2, 3, 4],
      many: [0, 5, 6],
      other: [0.5, 1.5, 2.5],
    });
    expect(() => pluralCategories('not a locale')).toThrow(RangeError);
  });
});

/** content/strings.yaml in `locale`, with `change` applied to a copy. */
function stringsIn(locale: string, change: (value: typeof english) => void = () => {}) {
  const value = structuredClone(english);
  value.language!.locale = locale;
  change(value);
  return value;
}

/** Every count string of `value` given `forms` (a text per category), as a translator would write them. */
function withForms(value: typeof english, forms: readonly string[]) {
  for (const section of Object.values(value))
    for (const [key, field] of Object.entries(section))
      if (field && typeof field === 'object' && 'other' in field)
        section[key] = Object.fromEntries(forms.map((form) => [form, (field as { other: string }).other]));
}

describe("the strings check asks for the forms of the file's language", () => {
  test('English and the sample languages pass as written', () => {
    expect(() => parseStrings(english, 'content/strings.yaml')).not.toThrow();
  });

  test('Polish: one, few, many and other, each with numbers it is for', () => {
    const check = () => parseStrings(stringsIn('pl-PL'), 'content/pl/strings.yaml');
    expect(check).toThrow(/^content\/pl\/strings\.yaml does not match the translation keys:/);
    expect(check).toThrow(
      /site\.allCaseStudiesCount: misses the plural forms few, many: pl-PL \(language\.locale\) needs exactly one \(e\.g\. 1\), few \(e\.g\. 2, 3, 4\), many \(e\.g\. 0, 5, 6\), other \(e\.g\. 0\.5, 1\.5, 2\.5\)/,
    );
    const written = stringsIn('pl-PL', (value) => withForms(value, ['one', 'few', 'many', 'other']));
    expect(parseStrings(written, 'content/pl/strings.yaml').site.allCaseStudiesCount.few).toBeDefined();
  });

  test('Russian and Arabic are asked for theirs', () => {
    expect(() => parseStrings(stringsIn('ru-RU'), 'content/ru/strings.yaml')).toThrow(
      /listings\.moreServices: misses the plural forms few, many: ru-RU \(language\.locale\) needs exactly one \(e\.g\. 1, 21, 31\)/,
    );
    expect(() => parseStrings(stringsIn('ar'), 'content/ar/strings.yaml')).toThrow(
      /contact\.correct: misses the plural forms zero, two, few, many: ar \(language\.locale\) needs exactly zero \(e\.g\. 0\), one \(e\.g\. 1\), two \(e\.g\. 2\), few \(e\.g\. 3, 4, 5\), many \(e\.g\. 11, 12, 13\), other/,
    );
  });

  test('a form the language never uses is an error too, and a missing other is named once with the forms', () => {
    const extra = stringsIn('en-GB', (value) => {
      (value.site!.lessUsed as Record<string, string>).few = 'and {count} less used';
    });
    expect(() => parseStrings(extra, 'content/strings.yaml')).toThrow(
      /site\.lessUsed: has the form few, which en-GB never uses \(remove it\): en-GB \(language\.locale\) needs exactly one \(e\.g\. 1\), other \(e\.g\. 0, 2, 3\)/,
    );
    const noOther = stringsIn('de-DE', (value) => {
      delete (value.site!.lessUsed as Record<string, string>).other;
    });
    let message = '';
    try {
      parseStrings(noOther, 'content/de/strings.yaml');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').slice(1)).toEqual([
      '  - site.lessUsed: misses the plural form other: de-DE (language.locale) needs exactly one (e.g. 1), other (e.g. 0, 2, 3)',
    ]);
  });

  test('a count string written as one text (the older form) is read as every form, with a notice; a wrong locale is named', () => {
    const single = stringsIn('pl-PL', (value) => {
      withForms(value, ['one', 'few', 'many', 'other']);
      value.site!.allCaseStudiesCount = 'Wszystkie {count} studia przypadku';
    });
    const read = readStrings(single, 'content/pl/strings.yaml');
    expect(read.strings.site.allCaseStudiesCount).toEqual({
      one: 'Wszystkie {count} studia przypadku',
      few: 'Wszystkie {count} studia przypadku',
      many: 'Wszystkie {count} studia przypadku',
      other: 'Wszystkie {count} studia przypadku',
    });
    expect(read.notices).toEqual([
      {
        kind: 'older',
        key: 'site.allCaseStudiesCount',
        message: expect.stringMatching(
          /^written as one text, the form before count strings had plural forms; read as that text in every form\. Now write `allCaseStudiesCount:` as its plural forms, a text for each form pl-PL needs: one \(e\.g\. 1\), few/,
        ),
      },
    ]);
    expect(() => parseStrings(stringsIn('not a locale'), 'content/strings.yaml')).toThrow(
      /language\.locale: "not a locale" is not a locale Intl can read/,
    );
  });
});
