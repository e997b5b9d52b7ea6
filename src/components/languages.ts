/**
 * What a page shows of the site's other languages, as pure functions of the model: the
 * `<link rel="alternate" hreflang>` set of its head, the language switcher's links, and the note
 * on a translated listing that has fewer entries than the default language's. A site with one
 * language gets none of them (no links, no switcher, no note), so its pages stay as they were.
 */
import type { SiteModel, SitePage } from '../model/model.ts';
import { defaultAlternate, modelOfLanguage, pageAlternates } from '../model/model.ts';

/** Whether the site publishes more than one language. */
export function isMultilingual(model: Pick<SiteModel, 'languages'>): boolean {
  return model.languages.codes.length > 1;
}

/** One `<link rel="alternate" hreflang="…" href="…">` of a page's head. */
export interface HreflangLink {
  hreflang: string;
  href: string;
}

/**
 * The page's hreflang links: every language that has the page (itself included; an industry or
 * tag page's counterparts, pageAlternates), then `x-default` for the default language's version,
 * or the first where the default language has none (as the sitemap and the `Link` header say).
 * None when the page exists in one language only (a one-language site, an untranslated entry, an
 * industry or tag no translation shares).
 */
export function hreflangLinks(model: SiteModel, page: Pick<SitePage, 'path'>): HreflangLink[] {
  const alternates = pageAlternates(model, page);
  if (alternates.length < 2) return [];
  const links = alternates.map((alternate) => ({ hreflang: alternate.language, href: alternate.url }));
  return [...links, { hreflang: 'x-default', href: defaultAlternate(model, alternates)!.url }];
}

/** One language in the language switcher. */
export interface LanguageOption {
  /** The language's code: the link's `hreflang` and `lang`. */
  language: string;
  /** The language's name in itself ("Nederlands"). */
  name: string;
  /** The page in that language, or that language's home page when the page has no translation. */
  href: string;
  /** The page's own language. */
  current: boolean;
  /** The page has no translation in that language: what to say, in that language. */
  notTranslated?: string;
}

/**
 * The language switcher of a page in `model`'s language: every language of the site in its
 * order, each linking to the same page in that language or, where there is none, to that
 * language's home page with a note saying so. Empty on a one-language site; on a page the model
 * does not list (the 404 page), every language's home page.
 */
export function languageOptions(model: SiteModel, page: Pick<SitePage, 'path'> | undefined): LanguageOption[] {
  if (!isMultilingual(model)) return [];
  const alternates = page ? pageAlternates(model, page) : [];
  return model.languages.codes.map((code) => {
    const other = modelOfLanguage(model, code);
    const alternate = alternates.find((item) => item.language === code);
    const base = { language: code, name: other.strings.language.name, current: code === model.language };
    if (alternate) return { ...base, href: alternate.path };
    // A page outside the model (the 404 page) is no page to translate: each language's home page.
    if (!page) return { ...base, href: other.routes.home };
    return { ...base, href: other.routes.home, notTranslated: other.strings.site.notTranslated };
  });
}

export { languageNameIn, listingNote } from '../model/listing-note.ts';
