/**
 * What the search page for people needs in each language, as the build writes it for the API
 * function (.generated/search-shell.json, read on the first search page request): the language's
 * search strings, its kinds' names, the contact page to offer when nothing matched, example
 * searches, and the built frame of the page (the site's head, header and footer around <main>).
 * Types only: the build makes it (src/build/search-file.ts), the function reads it.
 */
import type { ContactShell } from '../leads/contact-language.ts';
import type { PluralForms } from '../site/plural.ts';

export interface SearchPageStrings {
  label: string;
  lead: string;
  resultsTitle: string;
  results: PluralForms;
  none: string;
  tryNext: string;
  suggestions: string;
  tooLong: string;
  betterIn: PluralForms;
}

export interface SearchLanguage {
  language: string;
  /** The language's name in itself ("Nederlands"). */
  name: string;
  /** `language.locale`: the plural rules of counts. */
  locale: string;
  /** This language's search page (`/search`, `/nl/search`). */
  path: string;
  strings: SearchPageStrings;
  /** The name of each kind of result (service, case-study, insight, page, person). */
  kinds: Record<string, string>;
  /** The contact page to offer (this language's, else the default language's), and its name. */
  contact?: { href: string; label: string };
  /** A few searches to suggest on the page without a query: the company's own words. */
  suggestions: string[];
  /** The built page around <main>, its <title> a placeholder (src/http/contact-html.ts, cutContactShell). */
  shell: ContactShell;
}

export interface SearchResources {
  defaultLanguage: string;
  languages: Record<string, SearchLanguage>;
}

export type LoadSearchResources = () => Promise<SearchResources>;
