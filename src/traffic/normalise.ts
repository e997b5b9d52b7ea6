/**
 * A search query as the traffic record keeps it: lower-cased, its spaces collapsed, and without
 * anything shaped like personal data, so that what an agent typed for its user ("call me on
 * +31 6 1234 5678 about a migration", "mail jan@example.nl") is kept as what was asked about
 * ("call me on about a migration", "mail"), never who asked.
 *
 * Removed: e-mail addresses; web addresses (only their host is kept, "example.com": a path or a
 * query string can carry anything); phone-shaped numbers (seven or more digits, with or without
 * spaces, dots, dashes, slashes or brackets between them, and a leading +), except runs of years
 * ("2019-2024"); and any word with five or more digits in it (account, order and IBAN-like
 * numbers). What is left is cut to QUERY_MAX_LENGTH characters at a word's end.
 */

export const QUERY_MAX_LENGTH = 120;

/** Kept in place of a query that had nothing but removed parts. */
export const REMOVED_QUERY = '(removed)';

const EMAIL = /[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+/gu;
const URL_LIKE = /\b(?:https?:\/\/|www\.)([^\s/?#]+)[^\s]*/giu;
/** Seven or more digits with separators between them, optionally after a +. */
const PHONE_LIKE = /(?<![\p{L}\p{N}])\+?\(?\d(?:[\s().\-/]{0,3}\d){6,}(?![\p{L}\p{N}])/gu;
/** Years and ranges of years only ("2019 2020", "2019-2024"): not a phone number. */
const YEARS_ONLY = /^(?:(?:19|20)\d\d[\s\-/]*)+$/u;

export function normaliseQuery(query: string): string {
  let text = query.normalize('NFC').toLowerCase();
  // A web address first: its query string may hold an e-mail address.
  text = text.replace(URL_LIKE, (_match, host: string) => ` ${host.replace(/^www\./, '').replace(/:\d+$/, '')} `);
  text = text.replace(EMAIL, ' ');
  // Numbers spread over words ("+31 6 1234 5678"), then words with five or more digits whole
  // ("nl91abna0417164300").
  text = text.replace(PHONE_LIKE, (match) => (YEARS_ONLY.test(match.trim()) ? match : ' '));
  const words = text
    .split(/\s+/u)
    .filter((word) => word.length > 0 && ((word.match(/\d/gu)?.length ?? 0) < 5 || YEARS_ONLY.test(word)))
    // Punctuation a removal left alone at the end of a query ("about ," -> "about").
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > QUERY_MAX_LENGTH) break;
    kept = next;
  }
  if (!kept && words.length > 0) kept = words[0]!.slice(0, QUERY_MAX_LENGTH);
  return kept || REMOVED_QUERY;
}
