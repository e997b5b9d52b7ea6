/**
 * Lead references: what a person is told to quote, e.g. `AB-7K3M-Q9XD` for a company whose prefix is AB.
 * The company's prefix (`leads.referencePrefix` of content/company.yaml, which the build hands
 * the API function in its head), then two groups of four Crockford base-32 characters (no I, L,
 * O, U: nothing to misread on the phone), 40 random bits. The contact form shares this format.
 */

/** What a prefix may be: 2 to 5 capital letters or digits (the schema of company.yaml checks it). */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z0-9]{2,5}$/;

/**
 * The prefix used when a caller gives none: only tests and tools that file leads outside a
 * site do; the contact form and start_conversation always pass the company's.
 */
export const FALLBACK_REFERENCE_PREFIX = 'XX';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = '[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}';

/**
 * Matches a reference of any prefix. Leads filed before a company changed its prefix keep
 * their old one, so an operator looking a lead up checks the shape, not the prefix.
 */
export const LEAD_REFERENCE_PATTERN = new RegExp(`^[A-Z0-9]{2,5}-${GROUPS}$`);

/** Matches the references one prefix makes, e.g. `leadReferencePattern('AB')`. */
export function leadReferencePattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}-${GROUPS}$`);
}

/** A reference to show in examples and help texts: `AB` -> `AB-7K3M-Q9XD`. */
export function exampleLeadReference(prefix: string): string {
  return `${prefix}-7K3M-Q9XD`;
}

/** A new random reference with the company's prefix. */
export function createLeadReference(prefix: string = FALLBACK_REFERENCE_PREFIX): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let chars = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (const byte of bytes) chars += ALPHABET[byte & 31];
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
