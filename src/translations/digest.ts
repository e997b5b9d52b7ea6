/**
 * The digest of a content entry, the fingerprint the translation record compares (docs/content.md,
 * "Translations: what is missing or stale"): a translation's `translation.source` is its
 * original's digest when the translation was last brought up to date, and `translation.text` its
 * own digest at that moment.
 *
 * It runs in Node (`npm run content`, the build's summary) and in the editor's browser (the CMS
 * checks which translations a save changed), so it imports nothing and hashes with Web Crypto
 * (`crypto.subtle`, a global in Node 20 and later and in every current browser).
 *
 * The digest is taken over a canonical form, so that writing the same entry differently changes
 * nothing: the frontmatter without `translation` (the record itself), `draft` (publishing is
 * not an edit) and `searchPhrases` (each language's own), keys sorted at every depth, dates as
 * YYYY-MM-DD, strings trimmed, empty values (an optional field left empty) left out; then the
 * body with every run of whitespace made one space. Quotes, key order, line wrapping, trailing spaces
 * and CRLF line ends leave it as it is; a changed word, number or list item changes it.
 */

/** How many hex characters of the SHA-256 a digest keeps: 48 bits, plenty to tell versions of one entry apart. */
export const DIGEST_LENGTH = 12;

/**
 * The frontmatter keys the digest leaves out: the record itself, `draft`, and `searchPhrases`
 * (each language writes its own, in its visitors' words: they are not a translation's to follow).
 */
const LEFT_OUT = new Set(['translation', 'draft', 'searchPhrases']);

/**
 * Whether a value says nothing: left out, null, an empty text, list or object. An optional field
 * an editor left empty is such a value in the editor at /admin/ and absent from the file.
 */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && !(value instanceof Date) && Object.keys(value).length === 0;
}

/** A frontmatter value in canonical form: sorted keys, dates as days, trimmed strings, empty values left out. */
function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(canonical).filter((item) => !isEmpty(item));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, canonical(record[key])] as const)
        .filter(([, item]) => !isEmpty(item)),
    );
  }
  return value;
}

/**
 * The text the digest hashes: the canonical frontmatter as JSON (which holds no raw line break),
 * a line break, and the body's words one space apart.
 */
function canonicalText(data: Readonly<Record<string, unknown>>, body: string): string {
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !LEFT_OUT.has(key)));
  return `${JSON.stringify(canonical(kept))}\n${body.replace(/\s+/g, ' ').trim()}`;
}

/**
 * The entry's digest: the first 12 hex characters of the SHA-256 of its canonical form. `data` is
 * the frontmatter as a YAML parser gives it (dates as strings or Date objects alike), `body` the
 * text after the frontmatter.
 */
export async function entryDigest(data: Readonly<Record<string, unknown>>, body: string): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalText(data, body));
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, DIGEST_LENGTH);
}
