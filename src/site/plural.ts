/**
 * Plural forms of the strings that count something ("1 case study", "2 case studies"). A language
 * has its own plural categories (CLDR's, as `Intl.PluralRules` knows them): English and Dutch
 * one/other, Portuguese one/many/other, Polish and Russian one/few/many/other, Arabic all six.
 * A count string in strings.yaml is a map of those categories to texts; the page, the Markdown,
 * the tools and the contact form's answers pick the form with the rules of the language's
 * `language.locale`, so no language is stuck with English's "one or not one".
 *
 * Pure and without packages: the build, the API function and the schemas use it alike.
 */

/** Every CLDR plural category, in CLDR's order (the order forms are listed and asked for). */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** A count string: a text per plural category of its language; `other` is always there. */
export type PluralForms = Readonly<Partial<Record<PluralCategory, string | undefined>>> & { readonly other: string };

const rules = new Map<string, Intl.PluralRules>();
function rulesOf(locale: string): Intl.PluralRules {
  let known = rules.get(locale);
  if (!known) {
    known = new Intl.PluralRules(locale);
    rules.set(locale, known);
  }
  return known;
}

/**
 * The form of `forms` for `count` in `locale`: `plural(strings.site.allCaseStudiesCount, 1, 'de-DE')`
 * is the `one` text. A category the forms lack (an ICU newer than the one the strings were checked
 * with) falls back to `other`, so a count always has a text.
 */
export function plural(forms: PluralForms, count: number, locale: string): string {
  return forms[rulesOf(locale).select(count)] ?? forms.other;
}

/**
 * The categories `locale` uses, in CLDR's order: the forms its count strings must have.
 * Throws a RangeError for a locale Intl cannot read.
 */
export function pluralCategories(locale: string): PluralCategory[] {
  const used = new Set(rulesOf(locale).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((category) => used.has(category));
}

/** Numbers tried for examples: every count to 200, then large ones (French and Portuguese `many` is for millions), then fractions (Polish `other`). */
const CANDIDATES = [
  ...Array.from({ length: 201 }, (_, index) => index),
  1000,
  10_000,
  100_000,
  1_000_000,
  0.5,
  1.5,
  2.5,
];

/**
 * Up to three numbers of each category `locale` uses, smallest first: `{ one: [1, 21, 31], few:
 * [2, 3, 4], … }` for Russian. What a translator needs to tell which text a form is for.
 */
export function pluralExamples(locale: string): Record<string, number[]> {
  const select = rulesOf(locale);
  const examples: Record<string, number[]> = Object.fromEntries(pluralCategories(locale).map((name) => [name, []]));
  for (const number of CANDIDATES) {
    const found = examples[select.select(number)];
    if (found && found.length < 3) found.push(number);
  }
  return examples;
}

/** The categories `locale` uses with examples, for messages and hints: "one (1, 21, 31), few (2, 3, 4), …". */
export function describePluralForms(locale: string): string {
  return Object.entries(pluralExamples(locale))
    .map(([category, numbers]) => `${category} (e.g. ${numbers.join(', ')})`)
    .join(', ');
}
