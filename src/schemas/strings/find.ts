/** The search box in every page's header and the search page for people (src/http/search-page.ts), in HTML and Markdown. */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const findStrings = z.strictObject({
  /** The header's search box (its label and button) and the search page's heading. */
  label: phrase([], 40),
  /** Lead text of the search page, under its heading. */
  lead: phrase(['company']),
  /** The title of a results page, e.g. "Search: harbor logistics". */
  resultsTitle: phrase(['query'], 80),
  /** How many pages matched, above the results. */
  results: pluralPhrase(['count', 'query'], 160),
  /** When nothing matched. */
  none: phrase(['query'], 200),
  /** What to try next when nothing (or little) matched; {contact} is a link to the contact page. */
  tryNext: phrase(['contact'], 300),
  /** Before the example searches on the search page without a query. */
  suggestions: phrase([], 80),
  /** A query over the bounds: it is not searched. */
  tooLong: phrase(['words', 'characters'], 300),
  /** A link to the same search in another language, where it matches more pages. */
  betterIn: pluralPhrase(['count', 'language'], 160),
  /** The kinds of result a search shows besides services, case studies and insights. */
  page: phrase([], 40),
  person: phrase([], 40),
});
