/**
 * Arguments shared by the list tools: `limit` and `offset` (pages through a long list), and the
 * filter (industry, tag). A filter is matched case-insensitively and by URL slug, so
 * "logistics", "Logistics" and "public-sector" all work. While a site has at most MAX_FACET_ENUM
 * values (src/site/bounds.ts), the argument is advertised as an enum of them; beyond that it is
 * free text whose description names the most used values, and the tool checks it against the
 * full list when called (`matchFacet`). An unknown value is a tool error naming the published
 * values: all of them while the filter is an enum, else the closest ones.
 */
import type { FacetRecord, FacetSummary } from '../../artefacts/schema.ts';
import { MAX_FACET_ENUM } from '../../site/bounds.ts';
import { fill } from '../../site/languages.ts';
import { slugify } from '../../site/urls.ts';
import * as z from '../../zod.ts';
import { closestMatches } from './page-path.ts';

/** Longest filter value accepted when the filter is free text. */
const MAX_FACET_LENGTH = 100;

/** The filter argument for a filter whose values are summarised by `summary`. */
export function facetFilterSchema(summary: FacetSummary, description: string) {
  if (summary.total <= MAX_FACET_ENUM) {
    const byKey = new Map<string, string>();
    for (const value of summary.values) {
      byKey.set(value.toLowerCase(), value);
      byKey.set(slugify(value), value);
    }
    const canonical = (input: unknown) =>
      typeof input === 'string' ? (byKey.get(input.trim().toLowerCase()) ?? byKey.get(slugify(input)) ?? input) : input;
    const [first, ...rest] = summary.values;
    const allowed =
      first === undefined
        ? z.string().check(z.refine(() => false, { error: 'no values are published yet; call without this filter' }))
        : z.enum([first, ...rest] as [string, ...string[]]);
    return z.optional(z.pipe(z.transform(canonical), allowed)).check(z.describe(`${description} Case-insensitive.`));
  }
  const examples = summary.values.join(', ');
  return z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FACET_LENGTH)))
    .check(
      z.describe(
        `${description} Any of the ${summary.total} published values, case-insensitive; the most used: ${examples}.`,
      ),
    );
}

/**
 * The published value a filter argument names (case-insensitive, or its slug), or the error to
 * answer with: the closest published values.
 */
export function matchFacet(
  input: string,
  facets: readonly FacetRecord[],
  argument: string,
  /** The error in the answer's language (`mcp.unknownFilter`), with {argument}, {value} and {closest}. */
  message: string,
): { value: string } | { error: string } {
  const wanted = input.trim().toLowerCase();
  const slug = slugify(input);
  const found = facets.find((facet) => facet.name.toLowerCase() === wanted || facet.slug === slug);
  if (found) return { value: found.name };
  const closest = closestMatches(
    wanted,
    facets.map((facet) => facet.name),
    5,
  );
  return { error: fill(message, { argument, value: input, closest: closest.join(', ') }) };
}

/** The `limit` argument: an integer from 1 to `max`, `default` when omitted. */
export function limitSchema(bounds: { default: number; max: number }, noun: string) {
  return z
    ._default(z.int().check(z.minimum(1), z.maximum(bounds.max)), bounds.default)
    .check(z.describe(`How many ${noun} to return: 1 to ${bounds.max}, default ${bounds.default}.`));
}

/** The `offset` argument: how many to skip, for the next page of a long list. */
export function offsetSchema(noun: string) {
  return z
    ._default(z.int().check(z.minimum(0)), 0)
    .check(
      z.describe(`How many ${noun} to skip (default 0): pass the previous answer's nextOffset to get the next page.`),
    );
}

/** The page of `items` from `offset`, with the offset of the next page when there is one. */
export function pageOf<T>(items: readonly T[], offset: number, limit: number): { selected: T[]; nextOffset?: number } {
  const selected = items.slice(offset, offset + limit);
  const next = offset + selected.length;
  return next < items.length ? { selected, nextOffset: next } : { selected };
}
