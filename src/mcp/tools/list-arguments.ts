/**
 * Arguments shared by the list tools. The filter (industry, tag) is advertised as an enum of the values the
 * build found in published content, matched case-insensitively and by URL slug, so "logistics",
 * "Logistics" and "public-sector" all work. An unknown value is a tool error listing the valid ones.
 */
import { z } from 'zod';
import { slugify } from '../../site/urls.ts';

export function facetFilterSchema(values: readonly string[], description: string) {
  const byKey = new Map<string, string>();
  for (const value of values) {
    byKey.set(value.toLowerCase(), value);
    byKey.set(slugify(value), value);
  }
  const canonical = (input: unknown) => (typeof input === 'string' ? (byKey.get(input.trim().toLowerCase()) ?? byKey.get(slugify(input)) ?? input) : input);
  const [first, ...rest] = values;
  const allowed =
    first === undefined
      ? z.string().refine(() => false, { error: 'no values are published yet; call without this filter' })
      : z.enum([first, ...rest] as [string, ...string[]]);
  return z.preprocess(canonical, allowed).optional().describe(`${description} Case-insensitive.`);
}

/** The `limit` argument: an integer from 1 to `max`, `fallback` when omitted. */
export function limitSchema(bounds: { default: number; max: number }, noun: string) {
  return z.number().int().min(1).max(bounds.max).default(bounds.default).describe(`How many ${noun} to return: 1 to ${bounds.max}, default ${bounds.default}.`);
}
