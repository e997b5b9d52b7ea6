/**
 * Field builders shared by the content schemas. Each one carries an error message that tells
 * an editor what to write, because Astro prints these messages with the file name and field.
 */
import { z } from 'zod';
import { closeMatch } from '../edit-distance.ts';

/** The message for fields `where` does not have: each named with the nearest one it has, then every field it has. */
export function unknownFieldsMessage(keys: readonly string[], known: readonly string[], where: string): string {
  const named = keys.map((key) => {
    const guess = closeMatch(key, known);
    return `\`${key}\`${guess ? ` (did you mean \`${guess}\`?)` : ''}`;
  });
  return (
    `${named.join(', ')} ${keys.length === 1 ? 'is not a field' : 'are not fields'} of ${where}: ` +
    `${keys.length === 1 ? 'correct its name or remove it' : 'correct their names or remove them'}, since a field the site does not know is never read. ` +
    `The fields are: ${known.join(', ')}`
  );
}

/**
 * An object with exactly the fields of `shape`: a field it does not know (a misspelling such as
 * `searchPhrase:` for `searchPhrases:`, which would otherwise be dropped without a word) stops the
 * build, named with the nearest field it knows. `where` names the object in that message ("a case
 * study", "\`quote\`"); `error`, where given, is the message for a value that is not an object.
 */
export function fieldsOf<T extends z.core.$ZodLooseShape>(where: string, shape: T, error?: string) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys, known, where) : error),
  });
}

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

/** A reference to a person of content/people/ by id (optional): `field: dana-reyes`. */
export function personId(field: string, example: string) {
  const error = `\`${field}\` is the id of a person (their file name in content/people/), e.g. \`${field}: ${example}\``;
  return z.string({ error }).trim().min(2, { error }).max(80, { error }).optional();
}

/** A list of people of content/people/ by id (optional): `field: [dana-reyes, li-wei]`. */
export function personIds(field: string, example: string) {
  const error = `\`${field}\` is a list of people's ids (their file names in content/people/), e.g. \`${field}: [${example}]\``;
  return z.array(z.string({ error }).trim().min(2, { error }).max(80, { error }), { error }).optional();
}

/** Most search phrases an entry may have, and the longest a phrase may be. */
export const SEARCH_PHRASES_MAX = 20;
export const SEARCH_PHRASE_MAX_LENGTH = 120;

/**
 * Optional: how visitors describe what the page is about, in their own words rather than the
 * page's ("every department brings different sales figures" for a page on one metrics layer).
 * Site search matches them as it matches the summary; they are shown nowhere. Each language
 * writes its own: they are not translations, and changing them makes no translation stale.
 */
export const searchPhrases = z
  .array(
    z
      .string({ error: '`searchPhrases` holds lines of text, e.g. `- our reports never show the same numbers`' })
      .trim()
      .min(3, { error: 'a search phrase is too short (at least 3 characters): write how a visitor would put it' })
      .max(SEARCH_PHRASE_MAX_LENGTH, {
        error: `a search phrase is too long (at most ${SEARCH_PHRASE_MAX_LENGTH} characters): split it into shorter phrases`,
      }),
    { error: '`searchPhrases` must be a list, e.g. `searchPhrases: ["our reports never show the same numbers"]`' },
  )
  // A refinement, not .max: it runs only on a list, so a line written instead of one is told only that.
  .refine((phrases) => phrases.length <= SEARCH_PHRASES_MAX, {
    error: `\`searchPhrases\` has more than ${SEARCH_PHRASES_MAX} phrases: keep the ones visitors use most`,
  })
  // The bound, for the editor at /admin/ (src/cms/config.ts), which reads it from the JSON Schema.
  .meta({ maxItems: SEARCH_PHRASES_MAX })
  .optional();

/** A digest as `npm run content -- mark` writes it (src/translations/digest.ts): 12 hex characters. */
const DIGEST = /^[0-9a-f]{12}$/;

const digest = (field: string) =>
  z
    .string({
      error: `\`${field}\` must be the digest \`npm run content -- mark\` writes, in quotes (e.g. "1a2b3c4d5e6f"): run it instead of editing the record`,
    })
    .regex(DIGEST, {
      error: `\`${field}\` must be 12 characters 0-9 and a-f, as \`npm run content -- mark\` writes it: run it instead of editing the record`,
    });

/**
 * In a translation (`content/<code>/…`) only, written by `npm run content -- mark` and the CMS,
 * never by hand: the digest of the original (`source`) and of this translation (`text`) when the
 * translation was last brought up to date with its original. `npm run content -- status` calls a
 * translation stale when its original's digest is no longer `source`. Nothing publishes it.
 */
export const translation = z
  .strictObject(
    { source: digest('translation.source'), text: digest('translation.text') },
    {
      error:
        '`translation` is the record `npm run content -- mark` writes (`source` and `text`, two digests): run it instead of editing the record',
    },
  )
  .optional();
