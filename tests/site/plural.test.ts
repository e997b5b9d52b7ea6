/**
 * Count strings (src/site/plural.ts): the form a count gets in a language. German takes its
 * singular from a `one` form; Polish picks among four.
 */
import { describe, expect, test } from 'vitest';
import { fill } from '../../src/site/languages.ts';
import { plural, pluralCategories, pluralExamples, type PluralForms } from '../../src/site/plural.ts';

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
