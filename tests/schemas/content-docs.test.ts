/**
 * docs/content.md's field tables against the schemas the build checks content with: every table
 * under a "## …: `content/<file or folder>`" heading names exactly the fields of that file's
 * schema (src/schemas/collections.ts for the collections, src/schemas/company.ts for
 * company.yaml), and says "yes" in its Required column exactly for the fields the schema
 * requires. A field added to a schema and not to the docs (or the other way round) fails here,
 * naming the field and the table. The same for the count strings of strings.yaml: the table
 * under "### Plural forms" names exactly the keys whose schema is a `pluralPhrase`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { COLLECTION_NAMES, COLLECTIONS } from '../../src/schemas/collections.ts';
import { companyFieldsSchema } from '../../src/schemas/company.ts';
import { PLURAL_PATHS } from '../../src/schemas/strings.ts';

const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/content.md'), 'utf8');

interface DocumentedField {
  /** `leads.retentionDays` is ['leads', 'retentionDays']. */
  path: string[];
  required: boolean;
}

/** The field table right under the heading that names `file`, e.g. `content/services/<slug>.mdx`. */
function fieldTable(file: string): DocumentedField[] {
  const heading = new RegExp(`^## [^\\n]*\`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`[^\\n]*$`, 'm').exec(docs);
  if (!heading) throw new Error(`docs/content.md has no section headed with \`${file}\``);
  const after = docs.slice(heading.index + heading[0].length);
  const table = /^\| Field \| Required \|[^\n]*\n\|[-| ]+\|\n((?:\|[^\n]*\n)+)/m.exec(after.split(/^## /m)[0]!);
  if (!table) throw new Error(`the section on \`${file}\` has no "| Field | Required |" table`);
  return table[1]!
    .trim()
    .split('\n')
    .flatMap((row) => {
      const [names = '', required = ''] = row.split('|').slice(1, 3);
      return [...names.matchAll(/`([^`]+)`/g)].map((match) => ({
        path: match[1]!.split('.'),
        required: required.trim() === 'yes',
      }));
    });
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape | undefined => {
  let current = schema as unknown as {
    shape?: Shape;
    unwrap?: () => z.ZodType;
    _zod: { def: { innerType?: z.ZodType } };
  };
  for (let depth = 0; depth < 5 && !current.shape; depth++) {
    const inner = current._zod.def.innerType;
    if (!inner) return undefined;
    current = inner as unknown as typeof current;
  }
  return current.shape;
};
/** Whether the schema fails without the field (no optional(), no default). */
const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

function compare(file: string, schema: z.ZodType) {
  const documented = fieldTable(file);
  const shape = shapeOf(schema)!;
  const top = new Set(documented.map((field) => field.path[0]!));
  const undocumented = Object.keys(shape).filter((key) => !top.has(key));
  expect(undocumented, `fields of the schema that docs/content.md's table on \`${file}\` leaves out`).toEqual([]);
  for (const field of documented) {
    const [first, ...rest] = field.path;
    let own = shape[first!];
    expect(
      own,
      `docs/content.md's table on \`${file}\` names \`${field.path.join('.')}\`, which the schema has not`,
    ).toBeDefined();
    for (const key of rest) {
      own = shapeOf(own!)?.[key];
      expect(own, `\`${field.path.join('.')}\` (docs/content.md, \`${file}\`) is not in the schema`).toBeDefined();
    }
    expect(
      field.required,
      `\`${field.path.join('.')}\` in docs/content.md's table on \`${file}\`: Required should be ${isRequired(own!) ? 'yes' : 'no'}`,
    ).toBe(rest.length === 0 && isRequired(own!));
  }
}

describe("docs/content.md's field tables match the schemas", () => {
  test.each(COLLECTION_NAMES)('the %s collection', (name) => {
    const { folder, schema } = COLLECTIONS[name];
    compare(`content/${folder}/<slug>.mdx`, schema);
  });

  test('content/company.yaml', () => {
    compare('content/company.yaml', companyFieldsSchema);
  });

  test('a field missing from a table is found', () => {
    expect(() => compare('content/pages/<slug>.mdx', COLLECTIONS.services.schema)).toThrow(/leaves out/);
  });
});

describe("docs/content.md's plural forms", () => {
  /** The keys the "### Plural forms" section's table names, e.g. `site.lessUsed`. */
  const documented = () => {
    const section = /^### Plural forms\n([\s\S]*?)^##/m.exec(docs)?.[1] ?? '';
    const table = /^\| Count string \|[^\n]*\n\|[-| ]+\|\n((?:\|[^\n]*\n)+)/m.exec(section)?.[1] ?? '';
    return table
      .trim()
      .split('\n')
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
  };

  test('its table names every count string of strings.yaml, and nothing else', () => {
    expect(documented().sort()).toEqual(PLURAL_PATHS.map((path) => path.join('.')).sort());
  });

  test('shows a language with few and many', () => {
    const section = /^### Plural forms\n([\s\S]*?)^##/m.exec(docs)?.[1] ?? '';
    for (const form of ['one', 'few', 'many', 'other']) expect(section).toMatch(new RegExp(`^ {4}${form}: `, 'm'));
  });
});
