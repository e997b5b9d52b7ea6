/**
 * The field builder of every translation string: a non-empty line of text that may use only the
 * `{placeholders}` its key allows, so a translator who misspells `{count}` hears of it at build.
 */
import { z } from 'zod';

/** A text of at most `max` characters that may contain only `placeholders` (written `{name}`). */
export function phrase(placeholders: readonly string[] = [], max = 600) {
  const allowed = new Set(placeholders);
  const hint = placeholders.length
    ? `it may use ${placeholders.map((name) => `{${name}}`).join(', ')}`
    : 'it takes no {placeholders}';
  return z
    .string({ error: 'must be a text (quote it if it starts with a special character)' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => [...value.matchAll(/\{([^{}]*)\}/g)].every((match) => allowed.has(match[1] ?? '')), {
      error: `uses a {placeholder} this text does not have: ${hint}`,
    });
}
