/**
 * Small helpers the page templates share: finding a page's SitePage, related insights, dates for
 * people, and internal links resolved the way the Markdown does. Lookups by name or title go
 * through the model's index (model.index), never a scan per page.
 */
import type { Insight, SiteModel, SitePage } from '../model/model.ts';
import { findSitePage } from '../model/model.ts';
import { resolveInternalLink } from '../markdown/mdx-to-markdown.ts';

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

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2024-11-22` -> `22 November 2024` (the <time> element keeps the ISO date). */
export function formatDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * An MDX body's link as the page should write it: the same resolution the Markdown sibling uses
 * (src/markdown/mdx-to-markdown.ts), so both forms point to the same place.
 */
export function contentHref(href: string, pagePath: string): string {
  return resolveInternalLink(href, pagePath)?.href ?? href;
}

/** The page path of the page being built, from Astro.url (which may carry `.html` with `format: 'file'`). */
export function pagePathOf(url: URL): string {
  const path = url.pathname.replace(/\.html$/, '').replace(/\/index$/, '/') || '/';
  return path === '/' ? '/' : path.replace(/\/+$/, '');
}
