/**
 * Small helpers the page templates share: finding a page's SitePage, related insights, dates for
 * people, and internal links resolved the way the Markdown does. Lookups by name or title go
 * through the model's index (model.index), never a scan per page.
 */
import type { Insight, SiteModel, SitePage } from '../model/model.ts';
import { findSitePage } from '../model/model.ts';
import { resolveInternalLink } from '../markdown/mdx-to-markdown.ts';
import { languageOfPath } from '../site/languages.ts';

/** The id of the contact form's heading: its section's name, and the target of the contact page's "On this page" link to it. */
export const CONTACT_FORM_HEADING_ID = 'contact-form-title';

/** The published page at `path`; a template asking for a page the model lacks is a bug. */
export function requireSitePage(model: SiteModel, path: string): SitePage {
  const page = findSitePage(model, path);
  if (!page) throw new Error(`No published page at ${path} in the site model.`);
  return page;
}

/** The title of the document: "<page title> · <company>", or "<company> — <tagline>" at home. */
export function documentTitle(model: SiteModel, page: Pick<SitePage, 'kind' | 'title'>): string {
  const { name, tagline } = model.company;
  return page.kind === 'home' ? `${name} — ${tagline}` : `${page.title} · ${name}`;
}

/**
 * Up to `count` other insights sharing a tag with `insight`, newest first: the newest few of each
 * of its tags' lists are enough (each list is newest first), so this stays small at any size.
 */
export function relatedInsights(model: SiteModel, insight: Insight, count = 3): Insight[] {
  const candidates = new Set<Insight>();
  for (const tag of insight.data.tags) {
    for (const other of (model.index.tags.get(tag)?.entries ?? []).slice(0, count + 1))
      if (other !== insight) candidates.add(other);
  }
  return [...candidates]
    .sort((a, b) => b.data.date.localeCompare(a.data.date) || a.data.title.localeCompare(b.data.title, 'en'))
    .slice(0, count);
}

/** The later pages (2 on) of the listings whose first page's path `isBase` accepts: the pages listing routes build. */
export function laterListingPages(model: SiteModel, isBase: (basePath: string) => boolean): SitePage[] {
  return model.sitePages.filter(
    (page) => page.listing !== undefined && page.listing.number > 1 && isBase(page.listing.basePath),
  );
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `2024-11-22` -> `22 November 2024` in `locale` (a language's `strings.language.locale`; en-GB
 * by default), `22 november 2024` in nl-NL. The <time> element keeps the ISO date.
 */
export function formatDate(isoDate: string, locale = 'en-GB'): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A translation with slots for elements: `fillParts('Or write to {email}.', {}, ['email'])` ->
 * `['Or write to ', { slot: 'email' }, '.']`, for a template to put a link where `{email}` is.
 * Placeholders in `values` are filled as text; any other stays as written (see `fill`).
 */
export function fillParts(
  template: string,
  values: Readonly<Record<string, string | number>>,
  slots: readonly string[],
): (string | { slot: string })[] {
  const parts: (string | { slot: string })[] = [];
  let text = '';
  for (const piece of template.split(/(\{[a-zA-Z]+\})/)) {
    const name = /^\{([a-zA-Z]+)\}$/.exec(piece)?.[1];
    if (name && slots.includes(name)) {
      if (text) parts.push(text);
      parts.push({ slot: name });
      text = '';
    } else text += name && name in values ? String(values[name]) : piece;
  }
  if (text) parts.push(text);
  return parts;
}

/**
 * The `getStaticPaths` entries of the pages `select` picks in every language (the routes under
 * src/pages/[...lang]/): `lang` is undefined for the default language, whose pages are at the
 * root, and the code for the others (`/nl/...`); each page's path is its only prop.
 */
export function staticPathsOf(
  model: SiteModel,
  select: (model: SiteModel) => readonly SitePage[],
  params: (page: SitePage) => Record<string, string> = () => ({}),
): { params: Record<string, string | undefined>; props: { path: string } }[] {
  return [...model.languages.models.values()].flatMap((languageModel) =>
    select(languageModel).map((page) => ({
      params: { lang: languageModel.prefix ? languageModel.language : undefined, ...params(page) },
      props: { path: page.path },
    })),
  );
}

/**
 * An MDX body's link as the page should write it: the same resolution the Markdown sibling uses
 * (src/markdown/mdx-to-markdown.ts), so both forms point to the same place.
 */
export function contentHref(href: string, pagePath: string): string {
  return resolveInternalLink(href, pagePath)?.href ?? href;
}

/**
 * The language of an MDX body's link target when it is a page in another language than the
 * page's (`model`'s): a translation may link to the default language's page of an entry that has
 * no translation. The link gets it as `hreflang`; its words stay the author's, in the page's
 * language, so no `lang` and no marker (they usually say it: "the English article").
 */
export function contentLinkLanguage(model: SiteModel, href: string, pagePath: string): string | undefined {
  const target = resolveInternalLink(href, pagePath);
  if (!target || !findSitePage(model, target.pathname)) return undefined;
  const language = languageOfPath(model.languages, target.pathname);
  return language === model.language ? undefined : language;
}

/** The page path of the page being built, from Astro.url (which may carry `.html` with `format: 'file'`). */
export function pagePathOf(url: URL): string {
  const path = url.pathname.replace(/\.html$/, '').replace(/\/index$/, '/') || '/';
  return path === '/' ? '/' : path.replace(/\/+$/, '');
}
