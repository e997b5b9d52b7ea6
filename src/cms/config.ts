/**
 * The configuration of the editor at /admin/ (Sveltia CMS, docs/architecture.md says why that one),
 * made from the content schemas rather than written by hand: every field of every collection,
 * of company.yaml (and its translations) and of strings.yaml, with the schema's required fields,
 * enums, bounds, defaults and help texts (the doc comments in src/schemas/, src/build/schema-help.ts),
 * plus what only the content knows: the services a case study may name (the services collection
 * itself) and the industries and tags in use. What the editor lets an editor save is therefore
 * what the build accepts; tests/cms/config.test.ts fails when a schema field has no editor field.
 *
 * The layout is the site's own (docs/content.md, "Languages"): an entry's translations live at
 * `content/<code>/<folder>/<slug>.mdx`, which the editor's i18n support maps with a `{{locale}}`
 * folder and the default language left out of the path, so an entry and its translations open
 * side by side.
 */
import { z } from 'zod';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../schemas/collections.ts';
import { companyFieldsSchema } from '../schemas/company.ts';
import { companyTranslationSchema } from '../schemas/company-translation.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_LIMITS } from '../schemas/image.ts';
import { stringsSchema } from '../schemas/strings.ts';
import { PLURAL_CATEGORIES, pluralExamples } from '../site/plural.ts';

/** Field path -> the schema's help text for it. */
export type HelpTexts = ReadonlyMap<string, string>;

/** A field of the editor's configuration (a Sveltia/Decap CMS field). */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  i18n?: boolean | 'duplicate' | 'none';
  fields?: EditorField[];
  field?: EditorField;
  [option: string]: unknown;
}

/** Where the editor commits in production: the site's repository on its git host. */
export interface EditorBackend {
  name: 'github' | 'gitlab';
  /** `owner/name`. */
  repo: string;
  branch: string;
}

export interface EditorSite {
  /** The default language first, as in company.yaml. */
  languages: readonly string[];
  /** Each language's name in itself (strings.yaml `language.name`), for labels. */
  languageNames: Readonly<Record<string, string>>;
  /** Each language's `language.locale` (strings.yaml): its plural rules say which forms a count string has. */
  languageLocales: Readonly<Record<string, string>>;
  /** The collections' names in the default language (strings.yaml `listings`), for labels. */
  collectionLabels: Readonly<Record<CollectionName, string>>;
  backend: EditorBackend;
  /** company.yaml `baseUrl`: the editor links to the live site. */
  siteUrl: string;
  /** company.yaml `name`, in the editor's title. */
  companyName: string;
  /** Case studies' industries and insights' tags in use, in every language, sorted. */
  industries: readonly string[];
  tags: readonly string[];
  /** People's expertise in use, in every language, sorted. */
  expertise: readonly string[];
  help: {
    collections: Readonly<Record<CollectionName, HelpTexts>>;
    company: HelpTexts;
    companyTranslation: HelpTexts;
    strings: HelpTexts;
  };
}

/** The field that holds an entry's MDX text (below the frontmatter). */
export const BODY_FIELD = 'body';

/**
 * Where the editor saves an uploaded image: a folder `images/` beside the entry (an original's in
 * `content/<folder>/images/`, a translation's in `content/<code>/<folder>/images/`), or beside
 * company.yaml (`content/images/`) for its picture; the field then holds `images/<file>`, the path
 * from the file that shows it, as the build reads it (src/model/images.ts).
 */
export const IMAGE_FOLDER = 'images';

interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  contentMediaType?: string;
}

/** The input side of a schema (what an editor writes), as JSON Schema. */
export function inputJson(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
}

/** Labels a key's words would not say (an image field's parts). */
const LABELS: Readonly<Record<string, string>> = { src: 'Image file', alt: 'Alt text (what the image shows)' };

/** `contactEmail` -> "Contact email", `aiTrain` -> "AI train". */
export function labelOf(key: string): string {
  const label = LABELS[key];
  if (label) return label;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .split(' ');
  const text = words.map((word) =>
    ['ai', 'url', 'dns', 'mcp', 'llms', 'cta'].includes(word) ? word.toUpperCase() : word,
  );
  const sentence = text.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** The one non-empty branch of an optional/union schema, or the schema. */
function unwrap(schema: Json): Json {
  const branches = schema.anyOf?.filter((branch) => Object.keys(branch).length > 0 && branch.type !== 'null');
  if (branches?.length === 1)
    return {
      ...branches[0],
      default: schema.default ?? branches[0]!.default,
      format: schema.format ?? branches[0]!.format,
    };
  return schema;
}

/** Longer texts get a text area, one-liners a line. */
const MULTILINE_FROM = 200;

interface FieldContext {
  path: string[];
  help: HelpTexts;
  /** The editor field an exceptional path gets instead of the schema's own (relations, hints). */
  special?: (path: string, field: EditorField) => EditorField;
}

function bounds(schema: Json, field: EditorField, min: 'minlength' | 'min', max: 'maxlength' | 'max'): void {
  const low = min === 'minlength' ? schema.minLength : (schema.minimum ?? schema.minItems);
  const high = max === 'maxlength' ? schema.maxLength : (schema.maximum ?? schema.maxItems);
  // A number's lower bound of 0 says something (no negative order); a length or count of 0 does not.
  const meaningful = low !== undefined && low > -SAFE && (low > 0 || schema.minimum !== undefined);
  if (meaningful) field[min] = low;
  if (high !== undefined && high < SAFE) field[max] = high;
}

/** The editor field of one schema property. */
function editorField(key: string, raw: Json, required: boolean, context: FieldContext): EditorField {
  const schema = unwrap(raw);
  const path = [...context.path, key];
  const dotted = path.join('.');
  const field: EditorField = { name: key, label: labelOf(key), widget: 'string' };
  if (!required) field.required = false;
  const hint = context.help.get(dotted);
  if (hint) field.hint = hint;
  // A default the build applies itself is not written by the editor (`draft: false` on every save).
  if (schema.default !== undefined && typeof schema.default !== 'object' && typeof schema.default !== 'boolean')
    field.default = schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

  if (schema.enum) {
    field.widget = 'select';
    field.options = schema.enum;
  } else if (schema.format === 'date') {
    Object.assign(field, { widget: 'datetime', time_format: false, format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD' });
  } else if (type === 'boolean') {
    field.widget = 'boolean';
  } else if (type === 'integer' || type === 'number') {
    field.widget = 'number';
    field.value_type = type === 'integer' ? 'int' : 'float';
    bounds(schema, field, 'min', 'max');
  } else if (type === 'string' && schema.contentMediaType?.startsWith('image/')) {
    // An image file (src/schemas/image.ts): uploaded into the entry's images/ folder, of the
    // formats the build takes; no address of an image elsewhere (the build refuses remote images).
    Object.assign(field, { widget: 'image', accept: ACCEPTED_IMAGE_TYPES, choose_url: false });
  } else if (type === 'string') {
    field.widget = (schema.maxLength ?? 0) > MULTILINE_FROM ? 'text' : 'string';
    bounds(schema, field, 'minlength', 'maxlength');
    // The form the build requires (a domain name, a reference prefix, an e-mail address).
    if (schema.pattern)
      field.pattern = [schema.pattern, `Not in the form ${field.label.toLowerCase()} takes: see the note below.`];
  } else if (type === 'object' && schema.properties) {
    field.widget = 'object';
    field.fields = editorFields(schema, { ...context, path });
    field.collapsed = false;
  } else if (type === 'array' && schema.items) {
    field.widget = 'list';
    bounds(schema, field, 'min', 'max');
    const item = unwrap(schema.items);
    if (item.type === 'object' && item.properties) {
      field.fields = editorFields(item, { ...context, path });
      const first = Object.keys(item.properties)[0];
      if (first) field.summary = `{{fields.${first}}}`;
    } else {
      field.field = { ...editorField('item', item, true, { ...context, path: [...path] }), label: field.label };
      delete field.field.hint;
    }
  } else {
    // Nothing the schemas use today; a plain line keeps the value editable rather than lost.
    field.widget = 'string';
  }
  return context.special ? context.special(dotted, field) : field;
}

/** The editor fields of an object schema's properties, in the schema's order. */
function editorFields(schema: Json, context: FieldContext): EditorField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, value]) =>
    editorField(key, value, required.has(key), context),
  );
}

/** The values in use, as a hint an editor can choose from. */
function inUse(values: readonly string[]): string {
  return values.length ? ` In use: ${values.join(', ')}.` : '';
}

/**
 * A field that names entries of `collection` by id (the file name: src/model/references.ts),
 * shown by `shown` (their title or name) and stored by id, so an entry names only entries that
 * exist and a renamed one stays named. The ids are the same in every language, so a translation
 * holds the original's (translatable).
 */
function relationField(
  field: EditorField,
  collection: CollectionName,
  shown: readonly string[],
  options: { multiple?: boolean; min?: number } = {},
): EditorField {
  return {
    name: field.name,
    label: field.label,
    ...(field.hint ? { hint: field.hint } : {}),
    ...(options.min ? {} : { required: false }),
    widget: 'relation',
    collection,
    value_field: '{{slug}}',
    search_fields: [...shown],
    display_fields: [shown[0]!],
    ...(options.multiple ? { multiple: true } : {}),
    ...(options.min ? { min: options.min } : {}),
  };
}

function collectionFields(name: CollectionName, site: EditorSite): EditorField[] {
  const special = (path: string, field: EditorField): EditorField => {
    if (
      (name === 'caseStudies' && path === 'team') ||
      (name === 'services' && path === 'lead') ||
      (name === 'insights' && path === 'author')
    )
      // A case study's team, a service's lead, an insight's author: people of content/people/.
      return relationField(field, 'people', ['name', 'role'], { multiple: path === 'team' });
    if (name === 'people' && path === 'expertise')
      return { ...field, hint: `${field.hint ?? ''}${inUse(site.expertise)}` };
    if (name === 'caseStudies' && path === 'services')
      return relationField(field, 'services', ['title'], { multiple: true, min: 1 });
    if (name === 'caseStudies' && path === 'client') return relationField(field, 'clients', ['name']);
    if (name === 'caseStudies' && path === 'industry')
      return { ...field, hint: `${field.hint ?? ''}${inUse(site.industries)}` };
    if (name === 'insights' && path === 'tags') return { ...field, hint: `${field.hint ?? ''}${inUse(site.tags)}` };
    if (path === 'translation')
      // Kept as it is on every save: written by `npm run content -- mark` and the admin script.
      return { name: field.name, label: field.label, widget: 'hidden' };
    return field;
  };
  const fields = editorFields(inputJson(COLLECTIONS[name].schema), {
    path: [],
    help: site.help.collections[name],
    special,
  });
  return [
    ...fields,
    name === 'clients'
      ? // A client has no page: its text, if any, is a note for the editors, never published.
        {
          name: BODY_FIELD,
          label: 'Notes (not published)',
          widget: 'markdown',
          required: false,
          hint: 'Notes for the editors about this client: not published anywhere.',
        }
      : {
          name: BODY_FIELD,
          label: 'Text',
          widget: 'markdown',
          hint: 'The page text in Markdown. Insert an image from the toolbar (describe it in its alt text), or a component (callout, metrics, quote, call to action, retention periods, figure with a caption) from the Insert menu.',
        },
  ];
}

function sortable(name: CollectionName): string[] {
  const properties = Object.keys(inputJson(COLLECTIONS[name].schema).properties ?? {});
  return ['title', 'name', 'date', 'order'].filter((key) => properties.includes(key));
}

/**
 * Every field written per language: a translation holds its own copy of every field (docs/content.md,
 * "Adding a translation": tags and industries are the language's own), but for a reference by id, the same in all.
 */
function translatable(fields: EditorField[]): EditorField[] {
  return fields.map((field) => ({
    ...field,
    // A reference names entries by id, the same in every language: the original's, copied.
    i18n: field.widget === 'relation' ? 'duplicate' : true,
    ...(field.fields ? { fields: translatable(field.fields) } : {}),
    ...(field.field ? { field: translatable([field.field])[0] } : {}),
  }));
}

/** The content collections: each entry an MDX file, its translations side by side. */
function entryCollections(site: EditorSite): Record<string, unknown>[] {
  const translated = site.languages.length > 1;
  return COLLECTION_NAMES.map((name) => {
    const { folder } = COLLECTIONS[name];
    return {
      name,
      label: site.collectionLabels[name],
      folder: translated ? `content/{{locale}}/${folder}` : `content/${folder}`,
      extension: 'mdx',
      format: 'frontmatter',
      create: true,
      delete: true,
      slug: '{{slug}}',
      media_folder: IMAGE_FOLDER,
      public_folder: IMAGE_FOLDER,
      identifier_field: name === 'clients' || name === 'people' ? 'name' : 'title',
      summary: name === 'clients' || name === 'people' ? '{{name}}' : '{{title}}',
      sortable_fields: sortable(name),
      ...(translated
        ? { i18n: true, fields: translatable(collectionFields(name, site)) }
        : { fields: collectionFields(name, site) }),
    };
  });
}

/**
 * A count string's forms (an object field of the plural categories, src/schemas/strings/phrase.ts)
 * with a hint each: which of the site's languages write that form, and for which numbers. An
 * editor cannot know that Portuguese has a `many` or that English leaves `few` empty; the build
 * refuses a form missing or one the language never uses.
 */
function withPluralHints(fields: EditorField[], site: EditorSite): EditorField[] {
  const examples = site.languages.map((code) => ({
    name: site.languageNames[code] ?? code,
    numbers: pluralExamples(site.languageLocales[code] ?? code),
  }));
  const hint = (category: string) => {
    const users = examples.filter(({ numbers }) => numbers[category]);
    return users.length
      ? `The text for counts such as ${users.map(({ name, numbers }) => `${numbers[category]!.join(', ')} (${name})`).join('; ')}. Leave it empty in another language.`
      : "None of the site's languages has this form: leave it empty.";
  };
  const isPlural = (field: EditorField) =>
    field.widget === 'object' && field.fields?.map((form) => form.name).join() === PLURAL_CATEGORIES.join();
  return fields.map((field) =>
    isPlural(field)
      ? { ...field, fields: field.fields!.map((form) => ({ ...form, hint: hint(form.name) })) }
      : field.fields
        ? { ...field, fields: withPluralHints(field.fields, site) }
        : field,
  );
}

/**
 * The settings files: company.yaml, one entry per language (a translation holds only the facts
 * written in a language, so it has a schema of its own), and strings.yaml with its translations
 * side by side.
 */
function settingsCollections(site: EditorSite): Record<string, unknown>[] {
  const [defaultLanguage, ...others] = site.languages;
  const translated = others.length > 0;
  const nameOf = (code: string) => site.languageNames[code] ?? code;
  const companyFiles = [
    {
      name: 'company',
      label: `Company facts (${nameOf(defaultLanguage!)})`,
      file: 'content/company.yaml',
      fields: editorFields(inputJson(companyFieldsSchema), { path: [], help: site.help.company }),
    },
    ...others.map((code) => ({
      name: `company-${code}`,
      label: `Company facts (${nameOf(code)})`,
      file: `content/${code}/company.yaml`,
      fields: editorFields(inputJson(companyTranslationSchema), { path: [], help: site.help.companyTranslation }).map(
        (field) => ({ ...field, required: false }),
      ),
    })),
  ];
  const stringsFields = withPluralHints(
    editorFields(inputJson(stringsSchema), { path: [], help: site.help.strings }),
    site,
  ).map((field) => ({ ...field, collapsed: true }));
  return [
    { name: 'company', label: 'Company facts', files: companyFiles },
    {
      name: 'strings',
      label: 'Texts of the site',
      ...(translated ? { i18n: true } : {}),
      files: [
        {
          name: 'strings',
          label: 'Texts of the site (strings.yaml)',
          file: translated ? 'content/{{locale}}/strings.yaml' : 'content/strings.yaml',
          ...(translated ? { i18n: true } : {}),
          fields: translated ? translatable(stringsFields) : stringsFields,
        },
      ],
    },
  ];
}

/** The editor's whole configuration, as the object written to /admin/config.yml. */
export function editorConfig(site: EditorSite): Record<string, unknown> {
  const [defaultLanguage, ...others] = site.languages;
  return {
    backend: { ...site.backend },
    // Changes become pull requests (a branch each, with Netlify's deploy preview) and reach the
    // site when an editor publishes them; the local repository mode saves straight to the files.
    publish_mode: 'editorial_workflow',
    app_title: `Content editor · ${site.companyName}`,
    // The company's logo (content/logo.svg, served as the favicon) on the sign-in page and tab.
    logo: { src: '/favicon.svg' },
    site_url: site.siteUrl,
    display_url: site.siteUrl,
    // Images uploaded outside an entry go where company.yaml's picture is read from (content/images/,
    // `images/<file>` from company.yaml); an entry's go beside it (IMAGE_FOLDER, each collection).
    media_folder: `content/${IMAGE_FOLDER}`,
    public_folder: IMAGE_FOLDER,
    // The build takes images of at most IMAGE_LIMITS.maxBytes; stock photo providers are left out
    // (their pictures' licences are not the company's, and they are fetched from elsewhere).
    media_libraries: {
      all: { max_file_size: IMAGE_LIMITS.maxBytes },
      stock_assets: { providers: [] },
    },
    // An optional field left empty is left out of the file (the schemas refuse `quote: null`), and
    // YAML is written as the sample content is: plain strings, indented lists.
    output: { omit_empty_optional_fields: true, yaml: { quote: 'none', indent_sequences: true } },
    slug: { encoding: 'ascii', clean_accents: true },
    ...(others.length > 0
      ? {
          i18n: {
            structure: 'multiple_folders',
            locales: [...site.languages],
            default_locale: defaultLanguage,
            omit_default_locale_from_file_path: true,
            // A new entry starts in the default language; a translation is added when someone
            // writes it (a language is published only where an entry has its translation).
            initial_locales: [defaultLanguage],
          },
        }
      : {}),
    collections: [...entryCollections(site), ...settingsCollections(site)],
  };
}
