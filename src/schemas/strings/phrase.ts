/**
 * The field builders of every translation string: a non-empty line of text that may use only the
 * `{placeholders}` its key allows, so a translator who misspells `{count}` hears of it at build;
 * and a count string, one such text per plural form of the language.
 */
import { z } from 'zod';
import { PLURAL_CATEGORIES } from '../../site/plural.ts';

/** A text of at most `max` characters that may contain only `placeholders` (written `{name}`). */
export function phrase(placeholders: readonly string[] = [], max = 600) {
  const allowed = new Set(placeholders);
  const hint = placeholders.length
    ? `it may use ${placeholders.map((name) => `{${name}}`).join(', ')}`
    : 'it takes no {placeholders}';
  return z
    .string({ error: 'must be a text (quote it if it starts with a special character)' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => [...value.matchAll(/\{([^{}]*)\}/g)].every((match) => allowed.has(match[1] ?? '')), {
      error: `uses a {placeholder} this text does not have: ${hint}`,
    });
}

/** The count strings' schemas, so the strings file's check finds them (src/schemas/strings.ts). */
const pluralPhrases = new WeakSet<z.ZodType>();

/**
 * A string that counts something: one text per plural category of the language (`one: 'All
 * {count} case study'`, `other: 'All {count} case studies'`), each as `phrase` checks it. Which
 * categories a language must write depends on its `language.locale`, so the strings file's own
 * check asks for them; here every category is allowed and only `other` is required.
 */
export function pluralPhrase(placeholders: readonly string[], max = 600) {
  const form = phrase(placeholders, max);
  const forms = Object.fromEntries(
    PLURAL_CATEGORIES.map((category) => [category, category === 'other' ? form : form.optional()]),
  ) as Record<Exclude<(typeof PLURAL_CATEGORIES)[number], 'other'>, z.ZodOptional<typeof form>> & {
    other: typeof form;
  };
  const schema = z.strictObject(forms, {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'counts something, so it is written as its plural forms, one text per form (one: …, other: …; see docs/content.md, "Plural forms")'
        : undefined,
  });
  pluralPhrases.add(schema);
  return schema;
}

/** Whether `schema` is a count string made by `pluralPhrase`. */
export const isPluralPhrase = (schema: z.ZodType): boolean => pluralPhrases.has(schema);
