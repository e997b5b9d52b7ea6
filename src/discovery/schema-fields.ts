/**
 * Flattens a tool's JSON Schema (input or output) into documentation rows: one per property,
 * nested objects and array items as `parent.child` and `list[].child`. The docs of the MCP
 * server are generated from the same schemas `tools/list` advertises, so they cannot drift.
 */
import type { JsonSchema } from '../mcp/tools/tool-descriptor.ts';

export interface SchemaField {
  /** `query`, `results[].url`… */
  name: string;
  /** Human-readable type with its constraints, e.g. `integer (1-50, default 10)`. */
  type: string;
  required: boolean;
  description: string;
}

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/** The one non-null branch of `anyOf`/`oneOf` (optional or nullable values), or the schema itself. */
function unwrap(schema: Schema): { schema: Schema; nullable: boolean } {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return { schema, nullable: false };
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  if (nonNull.length === 1) {
    const inner = nonNull[0]!;
    return {
      schema: {
        ...inner,
        description: schema.description ?? inner.description,
        default: schema.default ?? inner.default,
      },
      nullable: nonNull.length < branches.length,
    };
  }
  return { schema, nullable: nonNull.length < branches.length };
}

function range(rawMin: number | undefined, rawMax: number | undefined, unit = ''): string | undefined {
  // zod bounds every integer to the safe range; that is not a constraint worth documenting.
  const min = rawMin === Number.MIN_SAFE_INTEGER ? undefined : rawMin;
  const max = rawMax === Number.MAX_SAFE_INTEGER ? undefined : rawMax;
  if (min !== undefined && max !== undefined) return `${min}-${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return undefined;
}

/** `string`, `"short" | "full"`, `integer (1-50, default 10)`, `array of string`… */
export function typeLabel(input: Schema): string {
  const { schema, nullable } = unwrap(input);
  let base: string;
  if (schema.enum) base = schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  else if (schema.const !== undefined) base = JSON.stringify(schema.const);
  else if (schema.type === 'array') base = `array of ${schema.items ? typeLabel(schema.items) : 'any'}`;
  else if (Array.isArray(schema.type)) base = schema.type.join(' | ');
  else if (schema.type) base = schema.type;
  else if (schema.anyOf ?? schema.oneOf) base = (schema.anyOf ?? schema.oneOf)!.map(typeLabel).join(' | ');
  else base = 'any';

  const notes = [
    schema.format,
    range(schema.minimum, schema.maximum),
    range(schema.minLength, schema.maxLength, ' characters'),
    range(schema.minItems, schema.maxItems, ' items'),
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter((note): note is string => Boolean(note));
  const label = notes.length ? `${base} (${notes.join(', ')})` : base;
  return nullable ? `${label} or null` : label;
}

/** One row per property, depth first; `prefix` names the parent (`results[].`). */
export function schemaFields(input: JsonSchema, prefix = ''): SchemaField[] {
  const { schema } = unwrap(input);
  const required = new Set(schema.required ?? []);
  const rows: SchemaField[] = [];
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const { schema: property } = unwrap(raw);
    const name = `${prefix}${key}`;
    rows.push({
      name,
      type: typeLabel(raw),
      required: required.has(key),
      description: (property.description ?? '').trim(),
    });
    if (property.type === 'object' && property.properties) rows.push(...schemaFields(property, `${name}.`));
    const items = property.type === 'array' && property.items ? unwrap(property.items).schema : undefined;
    if (items?.type === 'object' && items.properties) rows.push(...schemaFields(items, `${name}[].`));
  }
  return rows;
}
