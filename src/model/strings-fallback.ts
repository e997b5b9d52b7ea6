/**
 * A strings file written against an older template still builds (docs/content.md, "Updating the
 * template"). A company pulls the template's updates, which add keys and reshape some, but never
 * its content/: so before the file is checked against the strict schema (src/schemas/strings.ts,
 * which the editor at /admin/ writes whole files from), it is brought to the template's shape:
 *
 * - an older form is read as the key it became: a count string written as one text (every form is
 *   that text), the pairs before plural forms (`moreServicesOne` + `moreServices`, `correctOne` +
 *   `correctMany`), and keys the template renamed (OLDER_KEYS);
 * - a key the template no longer uses, or never had, is left out;
 * - a key that is not there falls back: in a language's file to the default language's text, in
 *   the default language's file to the template's English (src/schemas/strings/template.en.yaml),
 *   a count string with the forms of the file's own `language.locale`.
 *
 * Each of those is a notice, named with the key and what to write now; what is still wrong after
 * that (a number where a text belongs, a plural form the locale never uses, a bad locale) stops
 * the build as before. Pure: raw YAML values in, Strings and notices out; the files are read by
 * src/model/load-languages.ts.
 */
import type { z } from 'zod';
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import { PLURAL_PATHS, stringsSchema, type Strings } from '../schemas/strings.ts';
import { describePluralForms, pluralCategories, type PluralCategory } from '../site/plural.ts';

/** Where the template's English is, for messages. */
export const TEMPLATE_STRINGS_FILE = 'src/schemas/strings/template.en.yaml';

/**
 * What reading a strings file changed: a key that fell back to another file's text, a key in an
 * older form (read as the key it is now), or a key left out (`removed`: the template no longer
 * uses it; `unknown`: it never had it).
 */
export interface StringsNotice {
  kind: 'fallback' | 'older' | 'removed' | 'unknown';
  /** The key it is about, dotted: the key as it is now for `fallback` and `older`, as written for the others. */
  key: string;
  /** What happened and what to write, one sentence after the key. */
  message: string;
}

/** A strings file's values, as parsed, and what reading it changed. */
export interface ReadStrings {
  strings: Strings;
  notices: StringsNotice[];
}

/**
 * Keys of older templates, by their dotted name: read as a form of the count string they became
 * (`form`), or ignored (`removed`). From the history of content/strings.yaml: the listing notes
 * moved from `site` to `listings` (their Markdown twins in `markdown` were dropped for them), and
 * the `…One` / `…Many` / `…Some` twins became plural forms.
 */
export const OLDER_KEYS: Readonly<Record<string, { key: string; form: 'one' | 'other' } | { removed: true }>> = {
  'listings.moreServicesOne': { key: 'listings.moreServices', form: 'one' },
  'listings.moreCaseStudiesOne': { key: 'listings.moreCaseStudies', form: 'one' },
  'listings.moreInsightsOne': { key: 'listings.moreInsights', form: 'one' },
  'site.moreServicesOne': { key: 'listings.moreServices', form: 'one' },
  'site.moreServices': { key: 'listings.moreServices', form: 'other' },
  'site.moreCaseStudiesOne': { key: 'listings.moreCaseStudies', form: 'one' },
  'site.moreCaseStudies': { key: 'listings.moreCaseStudies', form: 'other' },
  'site.moreInsightsOne': { key: 'listings.moreInsights', form: 'one' },
  'site.moreInsights': { key: 'listings.moreInsights', form: 'other' },
  'markdown.moreServices': { removed: true },
  'markdown.moreCaseStudies': { removed: true },
  'markdown.moreInsights': { removed: true },
  'contact.correctOne': { key: 'contact.correct', form: 'one' },
  'contact.correctMany': { key: 'contact.correct', form: 'other' },
  'contact.invalidOne': { key: 'contact.invalid', form: 'one' },
  'contact.invalidMany': { key: 'contact.invalid', form: 'other' },
  'mcp.promptWorkOne': { key: 'mcp.promptWorkAll', form: 'one' },
  'mcp.promptWorkSome': { key: 'mcp.promptWorkAll', form: 'other' },
};

/** Sections whose keys never fall back: a language's own name and locale are no other language's. */
const NO_FALLBACK: ReadonlySet<string> = new Set(['language']);
/** The one optional section: left out, it is left out (src/schemas/strings/search.ts). */
const OPTIONAL_SECTION = 'search';

type Raw = Record<string, unknown>;
type Forms = Partial<Record<PluralCategory, unknown>>;

const isRecord = (value: unknown): value is Raw => !!value && typeof value === 'object' && !Array.isArray(value);
const PLURAL_KEYS: ReadonlySet<string> = new Set(PLURAL_PATHS.map((path) => path.join('.')));

/** The keys of each section of the schema, in its order. */
const SECTION_KEYS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(stringsSchema.shape).map(([section, schema]) => {
    const object = ('unwrap' in schema
      ? (schema as unknown as { unwrap(): z.ZodType }).unwrap()
      : schema) as unknown as { shape: Raw };
    return [section, Object.keys(object.shape)];
  }),
);

/** The plural categories of `locale`, or none when it is not a locale (the schema names that). */
function categoriesOf(locale: unknown): PluralCategory[] | undefined {
  if (typeof locale !== 'string') return undefined;
  try {
    return pluralCategories(locale);
  } catch {
    return undefined;
  }
}

/** `forms` with exactly the categories a language needs: each its own form, else `other`. */
function adapted(forms: Forms, needed: readonly PluralCategory[] | undefined): Forms {
  if (!needed) return forms;
  return Object.fromEntries(needed.map((category) => [category, forms[category] ?? forms.other]));
}

/** How to write a count string now, for a notice: its forms for the file's locale. */
function formsToWrite(key: string, locale: unknown): string {
  const name = key.split('.')[1];
  const forms = categoriesOf(locale)
    ? `a text for each form ${locale as string} needs: ${describePluralForms(locale as string)}`
    : 'a text for each plural form of its language.locale';
  return `write \`${name}:\` as its plural forms, ${forms}`;
}

const PLURAL_DOCS = 'see docs/content.md, "Plural forms"';

/** The old keys of the file that are to be read as a count string's forms, by the count string's key. */
type OlderParts = Map<string, { key: string; form: 'one' | 'other'; text: unknown }[]>;

const listed = (parts: readonly { key: string }[]) => parts.map((part) => `\`${part.key}\``).join(' and ');

/**
 * The count strings of an older form brought to their forms: one text, the pairs, the renamed
 * keys (OLDER_KEYS), with the forms of the file's locale. Returns the notices; changes `file`.
 */
function readOlderForms(file: Raw, older: OlderParts, locale: unknown): StringsNotice[] {
  const needed = categoriesOf(locale);
  const notices: StringsNotice[] = [];
  for (const path of PLURAL_PATHS) {
    const key = path.join('.');
    const [section, name] = path as [string, string];
    const parts = older.get(key) ?? [];
    if (file[section] === undefined && parts.length) file[section] = {};
    const holder = file[section];
    // A section that is not a map is the schema's to name.
    if (!isRecord(holder)) continue;
    const value = holder[name];
    const remove = parts.length ? `, and remove ${listed(parts)}` : '';
    if (value !== undefined && typeof value !== 'string') {
      // Its forms already (or a wrong value the schema names): the older keys are left over.
      if (parts.length)
        notices.push({
          kind: 'older',
          key,
          message: `${listed(parts)}: an older form of this key, which the file also writes as plural forms; remove ${parts.length > 1 ? 'them' : 'it'}`,
        });
      continue;
    }
    const one = parts.find((part) => part.form === 'one');
    const other = typeof value === 'string' ? value : parts.find((part) => part.form === 'other')?.text;
    if (other === undefined) {
      if (parts.length)
        notices.push({
          kind: 'older',
          key,
          message: `${listed(parts)}, an older form of this key, has no text for other, so it is ignored and the key falls back: ${formsToWrite(key, locale)}${remove} (${PLURAL_DOCS})`,
        });
      continue;
    }
    holder[name] = one
      ? adapted({ one: one.text, other }, needed)
      : Object.fromEntries((needed ?? ['other']).map((category) => [category, other]));
    const was =
      typeof value !== 'string'
        ? `written as ${listed(parts)}, the key${parts.length > 1 ? 's' : ''} the template used before plural forms`
        : one
          ? `written as one text with \`${one.key}\` for one, the pair the template used before plural forms`
          : 'written as one text, the form before count strings had plural forms';
    notices.push({
      kind: 'older',
      key,
      message: `${was}; read as ${one ? 'its one and other forms' : 'that text in every form'}. Now ${formsToWrite(key, locale)}${remove} (${PLURAL_DOCS})`,
    });
  }
  return notices;
}

/**
 * The file without the keys that are not the template's: older keys taken apart for
 * readOlderForms, removed and unknown keys dropped with a notice each. Returns a copy.
 */
function withoutForeignKeys(raw: Raw): { file: Raw; older: OlderParts; notices: StringsNotice[] } {
  const file: Raw = {};
  const older: OlderParts = new Map();
  const notices: StringsNotice[] = [];
  for (const [section, value] of Object.entries(raw)) {
    const keys = SECTION_KEYS.get(section);
    if (!keys) {
      notices.push({ kind: 'unknown', key: section, message: unknownMessage('section') });
      continue;
    }
    if (!isRecord(value)) {
      file[section] = value;
      continue;
    }
    const kept: Raw = {};
    for (const [name, text] of Object.entries(value)) {
      const key = `${section}.${name}`;
      const known = OLDER_KEYS[key];
      if (keys.includes(name)) kept[name] = text;
      else if (known && 'removed' in known)
        notices.push({ kind: 'removed', key, message: 'the template no longer uses it: remove it' });
      else if (known) older.set(known.key, [...(older.get(known.key) ?? []), { key, form: known.form, text }]);
      else notices.push({ kind: 'unknown', key, message: unknownMessage('key') });
    }
    file[section] = kept;
  }
  return { file, older, notices };
}

const unknownMessage = (what: 'section' | 'key') =>
  `not a ${what} of the template's strings: remove it or check its spelling; the keys are in src/schemas/strings/`;

/** A text or a count string's forms, quoted for a notice. */
function quoted(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (!isRecord(value)) return String(value);
  return Object.entries(value)
    .map(([form, text]) => `${form}: "${String(text)}"`)
    .join(', ');
}

/** Where a missing key's text comes from: another file's complete strings, and which of its keys came from the template. */
export interface StringsFallback {
  /** `content/strings.yaml`, or TEMPLATE_STRINGS_FILE for the default language's file. */
  file: string;
  /** Every key with its text (a validated Strings, or the template's English as parsed). */
  values: unknown;
  /** Keys `values` has from the template's English itself (the default language's file lacks them too). */
  fromTemplate?: ReadonlySet<string>;
}

/** Fills every key `file` lacks from `fallback`, a count string with the forms of `locale`. */
function fillMissing(file: Raw, fallback: StringsFallback, locale: unknown): StringsNotice[] {
  const needed = categoriesOf(locale);
  const notices: StringsNotice[] = [];
  const values = isRecord(fallback.values) ? fallback.values : {};
  for (const [section, keys] of SECTION_KEYS) {
    if (section === OPTIONAL_SECTION || NO_FALLBACK.has(section)) continue;
    if (file[section] === undefined) file[section] = {};
    const target = file[section];
    const source = values[section];
    if (!isRecord(target) || !isRecord(source)) continue;
    for (const name of keys) {
      const key = `${section}.${name}`;
      const text = source[name];
      if (target[name] !== undefined || text === undefined) continue;
      target[name] = PLURAL_KEYS.has(key) && isRecord(text) ? adapted(text, needed) : text;
      const message =
        fallback.file === TEMPLATE_STRINGS_FILE
          ? `missing: shows the template's English (${quoted(text)}) until you add it`
          : fallback.fromTemplate?.has(key)
            ? `missing: shows the template's English (${quoted(text)}), since ${fallback.file} lacks it too, until you add it translated`
            : `missing: shows ${fallback.file}'s text (${quoted(text)}) until you add it translated`;
      notices.push({ kind: 'fallback', key, message });
    }
  }
  return notices;
}

/**
 * The validation's problems, one line each with what to write: a key still missing (the language
 * section's, or one the fallback lacks), a wrong value, a plural form too many or too few.
 */
function describeProblems(error: z.ZodError, file: Raw): string[] {
  // A count string's missing forms are named once, with all the forms its language needs
  // (src/schemas/strings.ts), rather than again for its `other` alone.
  const formsNamed = new Set(
    error.issues.filter((issue) => issue.code === 'custom').map((issue) => issue.path.join('.')),
  );
  return error.issues.flatMap((issue) => {
    const missingOther = issue.code === 'invalid_type' && issue.path.at(-1) === 'other';
    if (missingOther && formsNamed.has(issue.path.slice(0, -1).join('.'))) return [];
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map(
        (key) =>
          `  - ${[...issue.path, key].join('.')}: unknown key; remove it or check its spelling (src/schemas/strings/)`,
      );
    const key = issue.path.join('.');
    const value = issue.path.reduce<unknown>((node, step) => (isRecord(node) ? node[step as string] : undefined), file);
    if (issue.code === 'invalid_type' && value === undefined)
      return [
        NO_FALLBACK.has(String(issue.path[0]))
          ? `  - ${key}: missing; add it (a language's own name and locale never fall back to another file's)`
          : `  - ${key}: missing; add it`,
      ];
    return [`  - ${key}: ${issue.message}`];
  });
}

/**
 * One strings file read: older forms brought to the template's shape, missing keys filled from
 * `fallback`, the result checked. Throws ContentError naming every problem that is still there.
 */
export function readStringsFile(raw: unknown, file: string, fallback: StringsFallback): ReadStrings {
  if (!isRecord(raw))
    throw new ContentError(`${file} is not a list of sections (\`listings:\`, \`site:\` …): see content/strings.yaml`);
  const { file: shaped, older, notices: foreign } = withoutForeignKeys(raw);
  const locale = isRecord(shaped.language) ? shaped.language.locale : undefined;
  const olderForms = readOlderForms(shaped, older, locale);
  const fallbacks = fillMissing(shaped, fallback, locale);
  const result = stringsSchema.safeParse(shaped);
  if (!result.success)
    throw new ContentError(
      `${file} does not match the translation keys:\n${describeProblems(result.error, shaped).join('\n')}`,
      { cause: result.error },
    );
  return { strings: result.data, notices: [...olderForms, ...foreign, ...fallbacks] };
}

/** The keys of a file's notices that fell back: in the default language's file, those it has from the template's English. */
export function fallbackKeys(notices: readonly StringsNotice[]): Set<string> {
  return new Set(notices.filter((notice) => notice.kind === 'fallback').map((notice) => notice.key));
}

const counted = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

/**
 * What reading a file changed, in counts: "37 strings fall back to the default language's text and
 * 3 use an older form"; undefined for a complete file in the current form. `isDefault`: the
 * default language's file, whose keys fall back to the template's English.
 */
export function stringsSummary(notices: readonly StringsNotice[], isDefault: boolean): string | undefined {
  const count = (...kinds: StringsNotice['kind'][]) => notices.filter((notice) => kinds.includes(notice.kind)).length;
  const fallback = count('fallback');
  const older = count('older');
  const ignored = count('removed', 'unknown');
  const parts = [
    ...(fallback
      ? [
          `${counted(fallback, 'string falls', 'strings fall')} back to ${isDefault ? "the template's English" : "the default language's text"}`,
        ]
      : []),
    ...(older ? [`${older} use${older === 1 ? 's' : ''} an older form`] : []),
    ...(ignored ? [`${counted(ignored, 'key is', 'keys are')} ignored`] : []),
  ];
  if (parts.length === 0) return undefined;
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0];
}

/**
 * The build's one warning for a file that fell back or used older forms, e.g. `content/ja/strings.yaml:
 * 37 strings fall back to the default language's text and 3 use an older form; npm run content --
 * status lists them`; undefined for a complete file in the current form.
 */
export function stringsWarning(
  file: string,
  notices: readonly StringsNotice[],
  isDefault: boolean,
): string | undefined {
  const summary = stringsSummary(notices, isDefault);
  return summary && `${file}: ${summary}; npm run content -- status lists them`;
}
