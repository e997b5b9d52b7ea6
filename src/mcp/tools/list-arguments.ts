/**
 * Arguments shared by the list tools: `limit` and `offset` (pages through a long list), and the
 * filter (industry, tag). A filter is matched case-insensitively and by URL slug, so
 * "logistics", "Logistics" and "public-sector" all work, in any script ("物流"). While a site has
 * at most MAX_FACET_ENUM values (src/site/bounds.ts), the argument is advertised as an enum of
 * them (every language's, on a translated site); beyond that it is free text whose description
 * names the most used values. Either way the tool checks the value when called, against the
 * values of the language asked for (`matchFacet`): a language's own value, or the default
 * language's value of the same industry or tag (its counterpart, src/model/counterparts.ts). An
 * unknown value is a tool error naming that language's values: all of them while the filter is
 * an enum, else the closest ones.
 */
import type { FacetRecord, FacetSummary } from '../../artefacts/schema.ts';
import { MAX_FACET_ENUM } from '../../site/bounds.ts';
import { fill } from '../../site/languages.ts';
import { slugify } from '../../site/urls.ts';
import * as z from '../../zod.ts';
import { closestMatches } from './page-path.ts';

/** Longest filter value accepted when the filter is free text. */
const MAX_FACET_LENGTH = 100;

/** How many values an unknown value's error names when the filter is free text. */
const CLOSEST_VALUES = 5;

/**
 * The filter argument for a filter whose values are summarised by `summary`. On a site in more
 * than one language, `translated` says so, and the description says which values each language takes.
 */
export function facetFilterSchema(summary: FacetSummary, description: string, translated = false) {
  const languages = translated
    ? " In a language other than the default, that language's values, or the default language's value of the same one."
    : '';
  if (summary.total <= MAX_FACET_ENUM) {
    const byKey = new Map<string, string>();
    for (const value of summary.values) {
      byKey.set(value.toLowerCase(), value);
      byKey.set(slugify(value), value);
    }
    const canonical = (input: unknown) =>
      typeof input === 'string' ? (byKey.get(input.trim().toLowerCase()) ?? byKey.get(slugify(input)) ?? input) : input;
    const [first] = summary.values;
    // Advertised as an enum, checked when called: against the language asked for, whose values
    // an error then names (an enum's own error would name every language's).
    const allowed =
      first === undefined
        ? z.string().check(z.refine(() => false, { error: 'no values are published yet; call without this filter' }))
        : z.string().check(z.meta({ enum: summary.values }));
    return z
      .optional(z.pipe(z.transform(canonical), allowed))
      .check(z.describe(`${description} Case-insensitive.${languages}`));
  }
  const examples = summary.values.join(', ');
  return z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FACET_LENGTH)))
    .check(
      z.describe(
        `${description} Any of the ${summary.total} published values, case-insensitive; the most used: ${examples}.${languages}`,
      ),
    );
}

/**
 * The published value a filter argument names in a language (case-insensitive, or its slug),
 * given that language's `facets`: one of their names, or the default language's name of one
 * (`original`), which names it in this language. Else the error to answer with, naming this
 * language's values: all of them up to MAX_FACET_ENUM, else the closest ones.
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
  const found =
    facets.find((facet) => facet.name.toLowerCase() === wanted || facet.slug === slug) ??
    facets.find(
      (facet) =>
        facet.original !== undefined && (facet.original.toLowerCase() === wanted || slugify(facet.original) === slug),
    );
  if (found) return { value: found.name };
  const names = facets.map((facet) => facet.name);
  const closest = closestMatches(
    wanted.slice(0, MAX_FACET_LENGTH),
    names,
    names.length <= MAX_FACET_ENUM ? names.length : CLOSEST_VALUES,
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
