/**
 * Small helpers the page templates share: finding a page's SitePage, the facet of a name, the
 * service of a title, dates for people, and internal links resolved the way the Markdown does.
 */
import type { CaseStudy, Facet, Insight, Service, SiteModel, SitePage } from '../site/model.ts';
import { findSitePage } from '../site/model.ts';
import { slugify } from '../site/urls.ts';
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

export function industryFacet(model: SiteModel, industry: string): Facet | undefined {
  return model.industries.find((facet) => facet.slug === slugify(industry));
}

export function tagFacet(model: SiteModel, tag: string): Facet | undefined {
  return model.tags.find((facet) => facet.slug === slugify(tag));
}

export function serviceByTitle(model: SiteModel, title: string): Service | undefined {
  return model.services.find((service) => service.data.title === title);
}

/** Case studies that delivered a service, newest first (the Markdown's "Case studies" section). */
export function caseStudiesOf(model: SiteModel, service: Service): CaseStudy[] {
  return model.caseStudies.filter((study) => study.data.services.includes(service.data.title));
}

export function caseStudiesIn(model: SiteModel, facet: Facet): CaseStudy[] {
  return model.caseStudies.filter((study) => slugify(study.data.industry) === facet.slug);
}

export function insightsTagged(model: SiteModel, facet: Facet): Insight[] {
  return model.insights.filter((insight) => insight.data.tags.some((tag) => slugify(tag) === facet.slug));
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
