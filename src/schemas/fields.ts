/**
 * Field builders shared by the content schemas. Each one carries an error message that tells
 * an editor what to write, because Astro prints these messages with the file name and field.
 */
import { z } from 'zod';

/** A required single-line text of bounded length. */
export function text(field: string, min: number, max: number, example: string) {
  return z
    .string({ error: `\`${field}\` is required: add \`${field}: "${example}"\` to the frontmatter` })
    .trim()
    .min(min, { error: `\`${field}\` is too short (at least ${min} characters), e.g. "${example}"` })
    .max(max, { error: `\`${field}\` is too long (at most ${max} characters): shorten it` });
}

/** `draft: true` keeps an entry out of every page, listing, index and artefact. */
export const draft = z.boolean({ error: '`draft` must be true or false (without quotes), or left out' }).default(false);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date written as YYYY-MM-DD. YAML turns an unquoted date into a Date object;
 * both forms are accepted and normalised to the string.
 */
export function isoDate(field: string) {
  return (
    z
      .union([z.string(), z.date()], {
        error: `\`${field}\` is required: add \`${field}: 2025-03-14\` (YYYY-MM-DD) to the frontmatter`,
      })
      .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
      .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
        error: `\`${field}\` must be a real date written YYYY-MM-DD, e.g. 2025-03-14`,
      })
      // Read by the editor at /admin/ (src/cms/config.ts): a date picker that writes YYYY-MM-DD.
      .meta({ format: 'date' })
  );
}

/** A list of short names (services, tags). */
export function nameList(field: string, example: string, min = 1) {
  return z
    .array(z.string().trim().min(1).max(60), {
      error: `\`${field}\` must be a list, e.g. \`${field}: [${example}]\``,
    })
    .min(min, { error: `\`${field}\` needs at least ${min} entry, e.g. \`${field}: [${example}]\`` });
}
