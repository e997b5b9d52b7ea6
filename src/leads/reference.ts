/**
 * Lead references: what a person is told to quote, e.g. `NB-7K3M-Q9XD`. The prefix, then two
 * groups of four Crockford base-32 characters (no I, L, O, U: nothing to misread on the phone),
 * 40 random bits. The contact form shares this format.
 */

/** The prefix of every reference (the company's initials). */
export const LEAD_REFERENCE_PREFIX = 'NB';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Matches a reference, e.g. to validate one an operator types. */
export const LEAD_REFERENCE_PATTERN = /^NB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A new random reference. */
export function createLeadReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let chars = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (const byte of bytes) chars += ALPHABET[byte & 31];
  return `${LEAD_REFERENCE_PREFIX}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
