/**
 * Compound words: Dutch, German and the Scandinavian languages write "contactgegevens",
 * "privacybeleid" or "uurtarief" as one word where the site may say "contact", "gegevens" and
 * "beleid" apart (or the other way round). A query word that matches no term of the index, not
 * even by prefix or a typo, is tried as two words: the longest first part that is a term of the
 * index (3+ letters), with the rest, after a linking "s" or "e" as
 * Dutch and German write them ("bedrijfs-", "Arbeits-"), also a term. Both halves then match,
 * as one word of the query. When no first part is a term, the longest last part that is one
 * (5+ letters) matches alone: the last part of a compound is what it is ("kennismakings|gesprek"
 * is a conversation), where the site may not have the first. In any language: the split is only
 * tried on a word that found nothing, so a word the index has is never split.
 */
import type { Analyzer } from './analyzers.ts';

/**
 * The languages that write a compound as one word of two ("contactgegevens", "Arbeitsplatz",
 * "tietoturva"): Dutch, Frisian, Afrikaans, German, Luxembourgish, the Scandinavian languages,
 * Finnish, Estonian and Hungarian. In English or Portuguese, two words of the site run together
 * are a typo or a name, not a sign of the language.
 */
const COMPOUNDING = new Set(['af', 'da', 'de', 'et', 'fi', 'fo', 'fy', 'hu', 'is', 'lb', 'nb', 'nl', 'nn', 'no', 'sv']);

/** Whether `language` (a code such as `nl` or `de-CH`) writes compounds as one word. */
export const writesCompounds = (language: string) => COMPOUNDING.has(language.toLowerCase().split('-')[0]!);

/** The shortest part of a compound. */
const MIN_PART = 3;
/** Compounds are at least this long. */
const MIN_COMPOUND = 7;
/** The shortest last part that matches alone, without a first part the index has. */
const MIN_HEAD = 5;

/**
 * The index terms `word` (lower-case, as typed) is made of: its two parts, or only its last part
 * when the index lacks the first; undefined when neither. `has` says whether the index has a
 * term; `minFirst` is the shortest first part tried.
 */
export function splitCompound(
  word: string,
  analyzer: Analyzer,
  has: (term: string) => boolean,
  minFirst = MIN_PART,
): [string, string] | [string] | undefined {
  if (word.length < MIN_COMPOUND || /\d/.test(word)) return undefined;
  for (let at = word.length - MIN_PART; at >= minFirst; at--) {
    const first = word.slice(0, at);
    const firstTerm = has(first) ? first : analyzer.term(first);
    if (!has(firstTerm)) continue;
    const rest = word.slice(at);
    // A linking letter between the parts: "bedrijfs|processen", "Arbeits|platz".
    for (const candidate of [rest, ...(/^[se]./.test(rest) ? [rest.slice(1)] : [])]) {
      if (candidate.length < MIN_PART) continue;
      const restTerm = analyzer.term(candidate);
      if (has(restTerm)) return [firstTerm, restTerm];
      if (has(candidate)) return [firstTerm, candidate];
    }
  }
  for (let at = minFirst; at <= word.length - MIN_HEAD; at++) {
    const head = word.slice(at);
    const headTerm = analyzer.term(head);
    if (has(headTerm)) return [headTerm];
    if (has(head)) return [head];
  }
  return undefined;
}

/**
 * The index terms inside `word`, a query word in a script written without spaces that matches no
 * term (src/search/segment.ts): the segmenter keeps 「何年」 or 「設立日」 whole where the pages
 * have 「年」 or 「設立」 apart. From the left, the longest part the index has (one character
 * or more), stop words left out; the parts then match as the halves of a compound do.
 */
export function unspacedParts(word: string, has: (term: string) => boolean, stopWords: ReadonlySet<string>): string[] {
  const found = (part: string) => has(part) && !stopWords.has(part);
  const parts: string[] = [];
  let at = 0;
  while (at < word.length) {
    let end = word.length - (at === 0 ? 1 : 0);
    while (end > at && !found(word.slice(at, end))) end -= 1;
    if (end === at) at += 1;
    else {
      parts.push(word.slice(at, end));
      at = end;
    }
  }
  return parts;
}
