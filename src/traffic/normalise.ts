/**
 * A search query as the traffic record keeps it: lower-cased, its spaces collapsed, and without
 * anything shaped like personal data, so that what an agent typed for its user ("call me on
 * +31 6 1234 5678 about a migration", "mail jan@example.nl") is kept as what was asked about
 * ("call me on about a migration", "mail"), never who asked.
 *
 * Removed: e-mail addresses; web addresses (only their host is kept, "example.com": a path or a
 * query string can carry anything); phone-shaped numbers (seven or more digits, with or without
 * spaces, dots, dashes, slashes or brackets between them, and a leading +), except runs of years
 * ("2019-2024"); and any word with five or more digits in it, years left out (account, order and IBAN-like
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
/** A year standing alone in a word ("outlook-2024"): its digits do not make the word a number. */
const YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/gu;

/**
 * `text` without anything shaped like personal data (the removals above), its words separated by
 * single spaces; its case is kept.
 */
export function removePersonalData(text: string): string {
  // A web address first: its query string may hold an e-mail address.
  let kept = text.replace(URL_LIKE, (_match, host: string) => ` ${host.replace(/^www\./i, '').replace(/:\d+$/, '')} `);
  kept = kept.replace(EMAIL, ' ');
  // Numbers spread over words ("+31 6 1234 5678"), then words with five or more digits whole
  // ("nl91abna0417164300").
  kept = kept.replace(PHONE_LIKE, (match) => (YEARS_ONLY.test(match.trim()) ? match : ' '));
  return kept
    .split(/\s+/u)
    .filter((word) => word.length > 0 && (word.replace(YEAR, '').match(/\d/gu)?.length ?? 0) < 5)
    .join(' ');
}

/** Whether `text` holds anything removePersonalData would remove. */
export function looksPersonal(text: string): boolean {
  return removePersonalData(text) !== text.trim().split(/\s+/u).join(' ');
}

export function normaliseQuery(query: string): string {
  const words = removePersonalData(query.normalize('NFC').toLowerCase())
    .split(' ')
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
