/**
 * The note on a translated listing that has fewer entries than the default language's ("9 more
 * case studies are available in English"), linking there: untranslated entries are absent from
 * a language, so this is where its readers learn of them. One definition for the HTML listing
 * (src/components/ListingNote.astro) and its Markdown sibling (src/build/page-markdown.ts).
 */
import { modelOfLanguage } from './model.ts';
import type { ListingPage, SiteModel, SitePage } from './types.ts';
import { fill } from '../site/languages.ts';
import { plural } from '../site/plural.ts';

/** The note under a translated listing that points to the default language's longer list. */
export interface ListingNote {
  text: string;
  /** The default language's listing. */
  href: string;
  /** The default language's code (the link's `hreflang`). */
  language: string;
}

/** The model's list and route of each listing. */
const LISTING_KEYS = {
  services: { list: 'services', route: 'services' },
  'case-studies': { list: 'caseStudies', route: 'caseStudies' },
  insights: { list: 'insights', route: 'insights' },
  team: { list: 'people', route: 'team' },
} as const;

/** The note's count string of each listing. */

/** The name of language `code` written in `locale` ("Engels" for `en` in `nl-NL`), or the code when Intl has none. */
export function languageNameIn(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * On a services, case studies or insights listing (not a filter page) in a language other than
 * the default, when the default language's listing has more entries: "9 more case studies are
 * available in English", linking there. Untranslated entries are absent from a language, so the
 * difference is what a reader of this language does not see.
 */
export function listingNote(model: SiteModel, page: Pick<SitePage, 'facet' | 'listing'>): ListingNote | undefined {
  const listing: ListingPage | undefined = page.listing;
  if (!listing || page.facet || model.language === model.languages.default) return undefined;
  const original = modelOfLanguage(model, model.languages.default);
  const key = LISTING_KEYS[listing.of];
  const missing = original[key.list].length - listing.total;
  if (missing <= 0) return undefined;
  const { strings } = model;
  const { locale } = strings.language;
  const note = {
    services: strings.listings.moreServices,
    'case-studies': strings.listings.moreCaseStudies,
    insights: strings.listings.moreInsights,
    team: strings.team.morePeople,
  }[listing.of];
  const text = fill(plural(note, missing, locale), {
    count: missing,
    language: languageNameIn(locale, original.language),
  });
  return { text, href: original.routes[key.route], language: original.language };
}
