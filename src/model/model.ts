/**
 * The one in-memory model of the site: the published entries of every collection, the company's
 * facts, the facets (industries, tags) and every HTML page (its shapes: types.ts). Every page,
 * listing, discovery file, the search index and the MCP catalog are pure functions of it.
 * Building it also checks what a schema cannot: cross references and internal links.
 */
import type {
  CaseStudy,
  Entry,
  EntryKind,
  Facet,
  Insight,
  ModelIndex,
  SiteModel,
  SitePage,
  SiteSources,
  SourceEntry,
} from './types.ts';
import { ContentError, mdxToMarkdown } from '../markdown/mdx-to-markdown.ts';
import { sitePagesOf } from './site-pages.ts';
import { INDUSTRY_SEGMENT, PAGE_SEGMENT, ROUTES, TAG_SEGMENT } from '../site/routes.ts';
import { absoluteUrl, canonicalPath, markdownPath, slugify } from '../site/urls.ts';

const RESERVED_SLUGS: Record<string, readonly string[]> = {
  service: [PAGE_SEGMENT],
  'case-study': [INDUSTRY_SEGMENT, PAGE_SEGMENT],
  insight: [TAG_SEGMENT, PAGE_SEGMENT],
  page: [
    'services',
    'case-studies',
    'insights',
    'api',
    'index',
    'mcp',
    'llms',
    'llms-full',
    'openapi',
    'robots',
    'sitemap',
    'search-index',
  ],
};

function pathOf(kind: EntryKind, slug: string): string {
  switch (kind) {
    case 'service':
      return `${ROUTES.services}/${slug}`;
    case 'case-study':
      return `${ROUTES.caseStudies}/${slug}`;
    case 'insight':
      return `${ROUTES.insights}/${slug}`;
    case 'page':
      return `/${slug}`;
  }
}

function byName(a: { name: string }, b: { name: string }) {
  return a.name.localeCompare(b.name, 'en');
}

/** Newest first; ties broken by title so the order is stable. */
function byDateDesc(a: { data: { date: string; title: string } }, b: { data: { date: string; title: string } }) {
  return b.data.date.localeCompare(a.data.date) || a.data.title.localeCompare(b.data.title, 'en');
}

/** The facets of `entries` (newest first) by the names `namesOf` gives each, sorted by name. */
function facets<E extends CaseStudy | Insight>(
  entries: E[],
  namesOf: (entry: E) => string[],
  basePath: string,
  segment: string,
  kindLabel: string,
): Facet<E>[] {
  const bySlug = new Map<string, Facet<E>>();
  for (const entry of entries) {
    for (const name of new Set(namesOf(entry))) {
      const slug = slugify(name);
      const existing = bySlug.get(slug);
      if (existing) {
        if (existing.name !== name) {
          throw new ContentError(
            `The ${kindLabel} "${name}" and "${existing.name}" differ only in spelling; write one of them the same way everywhere.`,
          );
        }
        existing.count += 1;
        existing.entries.push(entry);
      } else {
        bySlug.set(slug, { name, slug, count: 1, path: `${basePath}/${segment}/${slug}`, entries: [entry] });
      }
    }
  }
  return [...bySlug.values()].sort(byName);
}

/**
 * Builds the model from validated sources: drops drafts, sorts, checks slugs, cross references
 * and links, and lists every page (site-pages.ts). Throws ContentError with a fix on any problem.
 */
export function buildSiteModel(sources: SiteSources): SiteModel {
  const { company } = sources;
  const published = <D extends { draft: boolean }>(list: SourceEntry<D>[]) => list.filter((entry) => !entry.data.draft);

  const raw = {
    service: published(sources.services),
    'case-study': published(sources.caseStudies),
    insight: published(sources.insights),
    page: published(sources.pages),
  } as const;

  for (const [kind, list] of Object.entries(raw)) {
    for (const entry of list) {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(entry.slug)) {
        throw new ContentError(
          `${entry.file}: the file name "${entry.slug}" is not a valid URL slug. ` +
            'Rename the file to lowercase words joined by hyphens, e.g. cloud-migration.mdx.',
        );
      }
      if (RESERVED_SLUGS[kind]?.includes(entry.slug)) {
        throw new ContentError(`${entry.file}: "${entry.slug}" is reserved for a site path. Rename the file.`);
      }
    }
  }

  const serviceTitles = new Set(raw.service.map((entry) => entry.data.title));
  for (const study of raw['case-study']) {
    for (const name of study.data.services) {
      if (!serviceTitles.has(name)) {
        throw new ContentError(
          `${study.file}: \`services\` lists "${name}", which is not the title of a published service. Use one of: ${[...serviceTitles].sort().join(', ')}.`,
        );
      }
    }
  }

  const facetPath = (basePath: string, segment: string, name: string) => `${basePath}/${segment}/${slugify(name)}`;

  // Every path a content link may point to: pages, their Markdown siblings and static files.
  const listingPaths = [ROUTES.home, ROUTES.services, ROUTES.caseStudies, ROUTES.insights];
  const entryPaths = (Object.entries(raw) as [EntryKind, SourceEntry<unknown>[]][]).flatMap(([kind, list]) =>
    list.map((entry) => pathOf(kind, entry.slug)),
  );
  const facetPaths = [
    ...raw['case-study'].map((entry) => facetPath(ROUTES.caseStudies, INDUSTRY_SEGMENT, entry.data.industry)),
    ...raw.insight.flatMap((entry) => entry.data.tags.map((tag) => facetPath(ROUTES.insights, TAG_SEGMENT, tag))),
  ];
  const pagePaths = [...listingPaths, ...entryPaths, ...facetPaths];
  const known = new Set<string>([
    ...pagePaths,
    ...pagePaths.map(markdownPath),
    ...Object.values(ROUTES),
    ...(sources.staticPaths ?? []),
  ]);
  const linkExists = (target: string) => known.has(target);

  const toEntry = <K extends EntryKind, D>(kind: K, source: SourceEntry<D>): Entry<K, D> => {
    const path = pathOf(kind, source.slug);
    return {
      kind,
      slug: source.slug,
      file: source.file,
      data: source.data,
      body: source.body,
      path,
      url: absoluteUrl(company.baseUrl, path),
      bodyMarkdown: mdxToMarkdown(source.body, {
        file: source.file,
        pagePath: path,
        linkExists,
        leadRetentionDays: company.leads.retentionDays,
      }),
    };
  };

  const services = raw.service
    .map((source) => toEntry('service', source))
    .sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'en'));
  const caseStudies = raw['case-study'].map((source) => toEntry('case-study', source)).sort(byDateDesc);
  const insights = raw.insight.map((source) => toEntry('insight', source)).sort(byDateDesc);
  const pages = raw.page.map((source) => toEntry('page', source)).sort((a, b) => a.path.localeCompare(b.path));

  const industries = facets(
    caseStudies,
    (study) => [study.data.industry],
    ROUTES.caseStudies,
    INDUSTRY_SEGMENT,
    'industries',
  );
  const tags = facets(insights, (insight) => insight.data.tags, ROUTES.insights, TAG_SEGMENT, 'tags');
  const caseStudiesOfService = new Map<string, CaseStudy[]>(services.map((service) => [service.data.title, []]));
  for (const study of caseStudies)
    for (const title of new Set(study.data.services)) caseStudiesOfService.get(title)?.push(study);

  const index: ModelIndex = {
    pages: new Map(),
    services: new Map(services.map((service) => [service.data.title, service])),
    industries: new Map(industries.map((facet) => [facet.name, facet])),
    tags: new Map(tags.map((facet) => [facet.name, facet])),
    caseStudiesOfService,
  };
  const logo = sources.logo;
  const sitePages = sitePagesOf({ company, logo, services, caseStudies, insights, pages, industries, tags, index });
  index.pages = new Map(sitePages.map((page) => [page.path, page]));
  return { company, logo, services, caseStudies, insights, pages, industries, tags, sitePages, index };
}

/** Finds a published page by its path (`/`, `/services/x`), written any way canonicalPath reads. */
export function findSitePage(model: SiteModel, path: string): SitePage | undefined {
  return model.index.pages.get(canonicalPath(path));
}

export { ContentError };

export type * from './types.ts';
