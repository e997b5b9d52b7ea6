/**
 * The pages the layout links to from every page of a language (header, footer, contact buttons,
 * the contact form's privacy link, the 404 page), resolved so that no link is dead: a language
 * publishes its own listings and home page always, but its about, contact, privacy, legal notice
 * and accessibility pages only when content/<code>/pages/ has them. Where it has none, the link leads to the default
 * language's page, in that language's words and marked with its language (`LinkLanguage`), so a
 * partly translated language still links to every page a visitor needs. A page that no
 * language publishes is not linked at all.
 */
import { modelOfLanguage } from './model.ts';
import type { SiteModel } from './types.ts';
import type { Strings } from '../schemas/strings.ts';
import type { LinkLanguage } from '../site/languages.ts';

/** The routes of the pages the layout links to. */
export type LayoutPage =
  | 'home'
  | 'services'
  | 'caseStudies'
  | 'insights'
  | 'team'
  | 'about'
  | 'contact'
  | 'privacy'
  | 'legalNotice'
  | 'accessibility';

/** The company pages a language may lack (its home page and listings always exist). */
const OPTIONAL_PAGES = [
  'about',
  'contact',
  'privacy',
  'legalNotice',
  'accessibility',
] as const satisfies readonly LayoutPage[];

/** One link of the layout: where it leads and its words. */
export interface LayoutLink {
  href: string;
  /** The link's words, in the language of the page it leads to. */
  label: string;
  /** Set when the link leads to the default language's page because this language has none. */
  language?: LinkLanguage;
}

/**
 * The link to `page` from a page in `model`'s language, with the words `label` picks from the
 * strings: the language's own page; else the default language's, with that language's words
 * and `language` set; else none (no language publishes it).
 */
export function layoutLink(
  model: SiteModel,
  page: LayoutPage,
  label: (strings: Strings) => string,
): LayoutLink | undefined {
  if (model.index.pages.has(model.routes[page])) return { href: model.routes[page], label: label(model.strings) };
  const original = modelOfLanguage(model, model.languages.default);
  if (original === model || !original.index.pages.has(original.routes[page])) return undefined;
  return {
    href: original.routes[page],
    label: label(original.strings),
    language: { code: original.language, name: original.strings.language.name },
  };
}

/**
 * What the build says about the links above: for each language other than the default, the
 * company pages it lacks, whose links lead to the default language's pages instead. Undefined
 * when every language has all of them.
 */
export function layoutFallbackSummary(model: SiteModel): string | undefined {
  const original = modelOfLanguage(model, model.languages.default);
  const parts = model.languages.codes.flatMap((code) => {
    const language = modelOfLanguage(model, code);
    if (language === original) return [];
    const missing = OPTIONAL_PAGES.filter(
      (page) => !language.index.pages.has(language.routes[page]) && original.index.pages.has(original.routes[page]),
    );
    return missing.length ? [`${code} has no ${missing.map((page) => language.routes[page]).join(', ')}`] : [];
  });
  if (!parts.length) return undefined;
  return (
    `layout links: ${parts.join(' · ')}; the header, footer and contact links of those languages lead to ` +
    `the ${original.strings.language.englishName} pages instead, marked (${original.strings.language.name}) ` +
    '(docs/content.md, "Languages")'
  );
}
