/**
 * The template's own English (src/schemas/strings/template.en.yaml), the last fallback of every
 * key a company's strings file lacks: it holds exactly the keys of the schema (every section but
 * the optional `search`), valid as the schema checks them, and the same texts as the sample's
 * content/strings.yaml. A key added to src/schemas/strings/ is added to both, or this says which.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { stringsSchema } from '../../src/schemas/strings.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const template = read('src/schemas/strings/template.en.yaml');
const sample = read('content/strings.yaml');

/** Every `section.key` of a strings file, in its order. */
const keysOf = (file: Record<string, unknown>) =>
  Object.entries(file).flatMap(([section, keys]) =>
    Object.keys(keys as Record<string, unknown>).map((key) => `${section}.${key}`),
  );

/** Every `section.key` of the schema, `search` (optional, no fallback) left out. */
const schemaKeys = Object.entries(stringsSchema.shape)
  .filter(([section]) => section !== 'search')
  .flatMap(([section, schema]) => Object.keys((schema as { shape: object }).shape).map((key) => `${section}.${key}`));

describe("the template's English", () => {
  test('has exactly the keys of src/schemas/strings/, in their order, each valid', () => {
    const keys = keysOf(template);
    expect(
      schemaKeys.filter((key) => !keys.includes(key)),
      'keys of src/schemas/strings/ that src/schemas/strings/template.en.yaml lacks: add them there',
    ).toEqual([]);
    expect(
      keys.filter((key) => !schemaKeys.includes(key)),
      'keys of src/schemas/strings/template.en.yaml that the schema does not have: remove them',
    ).toEqual([]);
    expect(keys).toEqual(schemaKeys);
    const result = stringsSchema.safeParse(template);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  test("has the sample's texts: content/strings.yaml and it change together", () => {
    const texts = (file: Record<string, unknown>) =>
      Object.fromEntries(
        keysOf(file).map((key) => {
          const [section, name] = key.split('.') as [string, string];
          return [key, (file[section] as Record<string, unknown>)[name]];
        }),
      );
    expect(texts(template), 'src/schemas/strings/template.en.yaml against content/strings.yaml').toEqual(texts(sample));
  });
});
