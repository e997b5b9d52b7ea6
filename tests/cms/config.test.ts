/**
 * The editor's configuration (src/cms/config.ts) against the schemas the build checks content
 * with, against the editor's own published configuration schema, and against the content
 * folders: every schema field has an editor field (a field added to a schema without one fails
 * here, naming it), the bounds and required flags are the schema's, every field has the schema's
 * help text, the generated YAML is valid for Sveltia CMS, and every content file of every
 * language sits where the configuration says its collection's entries are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { editorBackend, editorSite, localEditorCode } from '../../src/build/admin-files.ts';
import { BODY_FIELD, editorConfig, IMAGE_FOLDER, inputJson, type EditorField } from '../../src/cms/config.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { COLLECTION_NAMES, COLLECTIONS } from '../../src/schemas/collections.ts';
import { companyFieldsSchema } from '../../src/schemas/company.ts';
import { companyTranslationSchema } from '../../src/schemas/company-translation.ts';
import { stringsSchema } from '../../src/schemas/strings.ts';

const root = path.resolve(import.meta.dirname, '../..');
const sources = loadSources(root);
const site = editorSite(sources, root, { name: 'github', repo: 'example/site', branch: 'main' });
const config = editorConfig(site) as {
  i18n: { locales: string[]; default_locale: string };
  collections: {
    name: string;
    folder?: string;
    extension?: string;
    fields?: EditorField[];
    files?: { name: string; file: string; fields: EditorField[] }[];
  }[];
};
const collection = (name: string) => config.collections.find((item) => item.name === name)!;

interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  items?: Json;
  anyOf?: Json[];
}

/** Every field path of a schema (`quote.text`, `offices.city`), by its input JSON Schema. */
function schemaPaths(schema: z.ZodType): string[] {
  const walk = (node: Json, prefix: string[]): string[] => {
    const branch = node.anyOf?.find((item) => item.properties || item.items) ?? node;
    if (branch.properties)
      return Object.entries(branch.properties).flatMap(([key, value]) => [
        [...prefix, key].join('.'),
        ...walk(value, [...prefix, key]),
      ]);
    if (branch.items?.properties) return walk(branch.items, prefix);
    return [];
  };
  return walk(inputJson(schema), []);
}

/** The schema fields under a hidden editor field (the translation record): kept on save, not shown. */
let hiddenPaths: string[] = [];

/** Every field path of a list of editor fields, the same way; a hidden field keeps all it holds. */
function editorPaths(fields: readonly EditorField[], prefix: string[] = []): string[] {
  return fields.flatMap((field) => {
    const own = [...prefix, field.name].join('.');
    if (field.widget === 'hidden') return [own, ...hiddenPaths.filter((path) => path.startsWith(`${own}.`))];
    return [own, ...editorPaths(field.fields ?? [], [...prefix, field.name])];
  });
}

function fieldAt(fields: readonly EditorField[], dotted: string): EditorField | undefined {
  const [first, ...rest] = dotted.split('.');
  const field = fields.find((item) => item.name === first);
  return rest.length === 0 ? field : field && fieldAt(field.fields ?? [], rest.join('.'));
}

/** The schema fields with no editor field. */
function missingFields(schema: z.ZodType, fields: readonly EditorField[]): string[] {
  hiddenPaths = schemaPaths(schema);
  const edited = new Set(editorPaths(fields));
  return schemaPaths(schema).filter((field) => !edited.has(field));
}

/** A validator of Sveltia CMS's own published configuration schema. */
function editorSchemaValidator() {
  const schema = JSON.parse(readFileSync(path.join(root, 'node_modules/@sveltia/cms/schema/sveltia-cms.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

describe('every schema field has an editor field', () => {
  test.each(COLLECTION_NAMES)('the %s collection', (name) => {
    const fields = collection(name).fields!;
    expect(missingFields(COLLECTIONS[name].schema, fields)).toEqual([]);
    // And nothing the schema does not know, but the MDX text itself.
    const known = new Set([...schemaPaths(COLLECTIONS[name].schema), BODY_FIELD]);
    hiddenPaths = schemaPaths(COLLECTIONS[name].schema);
    expect(editorPaths(fields).filter((field) => !known.has(field))).toEqual([]);
  });

  test('content/company.yaml and each translation of it', () => {
    const files = collection('company').files!;
    expect(
      missingFields(companyFieldsSchema, files.find((file) => file.file === 'content/company.yaml')!.fields),
    ).toEqual([]);
    for (const code of config.i18n.locales.slice(1)) {
      const file = files.find((item) => item.file === `content/${code}/company.yaml`);
      expect(file, `no editor file for content/${code}/company.yaml`).toBeDefined();
      expect(missingFields(companyTranslationSchema, file!.fields)).toEqual([]);
    }
  });

  test('strings.yaml, in every language', () => {
    const [file] = collection('strings').files!;
    expect(file!.file).toBe('content/{{locale}}/strings.yaml');
    expect(missingFields(stringsSchema, file!.fields)).toEqual([]);
  });

  test('a field added to a schema without an editor field is found', () => {
    const grown = COLLECTIONS.services.schema.extend({ price: z.string() });
    expect(missingFields(grown, collection('services').fields!)).toEqual(['price']);
  });
});

describe("the editor fields carry the schemas' rules", () => {
  test("required fields, bounds and help texts are the schema's", () => {
    const fields = collection('caseStudies').fields!;
    expect(fieldAt(fields, 'title')).toMatchObject({ widget: 'string', minlength: 3, maxlength: 120 });
    expect(fieldAt(fields, 'title')!.required).toBeUndefined();
    expect(fieldAt(fields, 'summary')).toMatchObject({ widget: 'text', minlength: 20, maxlength: 400 });
    expect(fieldAt(fields, 'outcomes')).toMatchObject({ widget: 'list', required: false });
    expect(fieldAt(fields, 'searchPhrases')).toMatchObject({ widget: 'list', required: false, max: 20 });
    expect(fieldAt(fields, 'searchPhrases')!.hint).toMatch(/in their own words/);
    expect(fieldAt(fields, 'quote')).toMatchObject({ widget: 'object', required: false });
    expect(fieldAt(fields, 'quote.author')!.required).toBeUndefined();
    expect(fieldAt(fields, 'quote.role')!.required).toBe(false);
    expect(fieldAt(fields, 'date')).toMatchObject({ widget: 'datetime', time_format: false, format: 'YYYY-MM-DD' });
    expect(fieldAt(fields, 'clientName')!.hint).toMatch(/under NDA/);
    expect(fieldAt(collection('services').fields!, 'order')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 0,
    });
  });

  test('the services a case study may name are the services themselves, stored by id, and the industries and tags in use are named', () => {
    const services = fieldAt(collection('caseStudies').fields!, 'services')!;
    // Shown by title, stored as the file name, the same in every language (src/model/references.ts).
    expect(services).toMatchObject({
      widget: 'relation',
      collection: 'services',
      value_field: '{{slug}}',
      display_fields: ['title'],
      multiple: true,
      min: 1,
      i18n: 'duplicate',
    });
    expect(fieldAt(collection('caseStudies').fields!, 'industry')!.hint).toMatch(/In use: .*Healthcare/);
    expect(fieldAt(collection('insights').fields!, 'tags')!.hint).toMatch(/In use: .*platform/);
  });

  test("a count string is its plural forms, each with the site's languages that write it", () => {
    const strings = collection('strings').files![0]!.fields;
    const count = fieldAt(strings, 'site.allCaseStudiesCount')!;
    expect(count).toMatchObject({ widget: 'object' });
    expect(count.fields!.map((form) => form.name)).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(fieldAt(strings, 'site.allCaseStudiesCount.other')!.required).toBeUndefined();
    expect(fieldAt(strings, 'site.allCaseStudiesCount.one')!.required).toBe(false);
    // English, Dutch and Portuguese write `one`; only Portuguese `many` (for millions); none `few`.
    expect(fieldAt(strings, 'site.allCaseStudiesCount.one')!.hint).toMatch(
      /1 \(English\); 1 \(Nederlands\); 1 \(Português\)/,
    );
    expect(fieldAt(strings, 'site.allCaseStudiesCount.many')!.hint).toMatch(
      /^The text for counts such as 1000000 \(Português\)\./,
    );
    expect(fieldAt(strings, 'site.allCaseStudiesCount.few')!.hint).toMatch(
      /None of the site's languages has this form/,
    );
  });

  test('enums are choices', () => {
    const fields = collection('company').files![0]!.fields;
    expect(fieldAt(fields, 'organizationType')).toMatchObject({ widget: 'select' });
    expect(fieldAt(fields, 'organizationType')!.options).toContain('ProfessionalService');
    // Patterns too: what the build refuses, the editor refuses before a save.
    const pattern = (path: string) => new RegExp((fieldAt(fields, path)!.pattern as [string, string])[0]);
    expect(pattern('dnsZone').test('example.com')).toBe(true);
    expect(pattern('dnsZone').test('not a domain')).toBe(false);
    expect(pattern('contactEmail').test('hello@northbeam.example')).toBe(true);
    expect(pattern('leads.referencePrefix').test('NB')).toBe(true);
    expect(pattern('leads.referencePrefix').test('N')).toBe(false);
  });

  test('every field of every collection has its help text', () => {
    for (const name of COLLECTION_NAMES) {
      const unhelped = editorPaths(collection(name).fields!).filter((field) => {
        const editorField = fieldAt(collection(name).fields!, field);
        // Hidden fields are not shown, so they have no help text to show.
        return editorField && editorField.widget !== 'hidden' && !editorField.hint;
      });
      expect(unhelped, `fields of ${name} without a help text (a doc comment in src/schemas/)`).toEqual([]);
    }
    const strings = collection('strings').files![0]!.fields;
    expect(fieldAt(strings, 'contact.formTitle')!.hint).toBe('The heading above the form.');
  });
});

describe('the configuration file', () => {
  test("is valid for the editor (Sveltia CMS's published configuration schema)", () => {
    const validate = editorSchemaValidator();
    const valid = validate(JSON.parse(JSON.stringify(config)));
    expect(valid, JSON.stringify(validate.errors?.slice(0, 5), null, 2)).toBe(true);
    // The check can fail: a misspelled option is refused.
    const misspelled = structuredClone(config) as unknown as { collections: { fields: Record<string, unknown>[] }[] };
    misspelled.collections[0]!.fields[0]!.max_length = 80;
    expect(validate(misspelled)).toBe(false);
  });

  test("every content file of every language is where its collection's folder says", () => {
    const [defaultLocale, ...others] = config.i18n.locales;
    for (const name of COLLECTION_NAMES) {
      const { folder, extension } = collection(name);
      expect(folder).toBe(`content/{{locale}}/${COLLECTIONS[name].folder}`);
      for (const code of [defaultLocale!, ...others]) {
        const dir = path.join(
          root,
          code === defaultLocale ? folder!.replace('{{locale}}/', '') : folder!.replace('{{locale}}', code),
        );
        // Beside the entries, the folder the editor saves their images in.
        const files = readdirSync(dir).filter((file) => file !== IMAGE_FOLDER);
        expect(files.length, `${dir} holds entries`).toBeGreaterThan(0);
        expect(files.every((file) => file.endsWith(`.${extension}`))).toBe(true);
      }
    }
  });

  test('round-trips through YAML', () => {
    expect(parse(JSON.stringify(config))).toEqual(JSON.parse(JSON.stringify(config)));
  });
});

describe('a site in one language', () => {
  // The second company of the template test: content/ without language folders.
  const fixture = path.join(root, 'tests/fixtures/second-company');
  const single = editorConfig(
    editorSite(loadSources(fixture), root, { name: 'github', repo: 'example/site', branch: 'main' }),
  ) as typeof config;

  test('has no languages in the editor: plain folders and files, no i18n', () => {
    expect(single.i18n).toBeUndefined();
    const services = single.collections.find((item) => item.name === 'services')!;
    expect(services.folder).toBe('content/services');
    expect(JSON.stringify(single)).not.toContain('{{locale}}');
    expect(JSON.stringify(single)).not.toContain('"i18n"');
    const strings = single.collections.find((item) => item.name === 'strings')!;
    expect(strings.files!.map((file) => file.file)).toEqual(['content/strings.yaml']);
    expect(single.collections.find((item) => item.name === 'company')!.files!.map((file) => file.file)).toEqual([
      'content/company.yaml',
    ]);
  });

  test("is valid for the editor's configuration schema too", () => {
    const validate = editorSchemaValidator();
    expect(validate(JSON.parse(JSON.stringify(single))), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
  });
});

describe("the editor's code is served from the site", () => {
  const code = localEditorCode(readFileSync(path.join(root, 'node_modules/@sveltia/cms/dist/sveltia-cms.js'), 'utf8'));

  test('no font from the CDN and no module from unpkg', () => {
    expect(code).not.toMatch(/cdn\.jsdelivr\.net\/fontsource/);
    expect(code).not.toContain('`https://unpkg.com/${e}`');
    expect(code).toContain('/admin/fonts/material-symbols-outlined.woff2');
  });

  test('an editor that changed its addresses is refused, not shipped half-local', () => {
    expect(() => localEditorCode('no fonts here')).toThrow(/update FONTS/);
  });
});

describe("the editor's production backend", () => {
  test("is the site's repository: CMS_REPOSITORY, Netlify's REPOSITORY_URL or git's origin", () => {
    expect(editorBackend({ REPOSITORY_URL: 'https://github.com/acme/site' }, root)).toMatchObject({
      name: 'github',
      repo: 'acme/site',
      known: true,
    });
    expect(editorBackend({ REPOSITORY_URL: 'git@gitlab.com:acme/web.git', BRANCH: 'live' }, root)).toMatchObject({
      name: 'gitlab',
      repo: 'acme/web',
      branch: 'live',
    });
    expect(editorBackend({ CMS_REPOSITORY: 'acme/other' }, root)).toMatchObject({ repo: 'acme/other' });
  });
});
