/**
 * The one in-memory model of the site: the published entries of every collection, the company's
 * facts, the facets (industries, tags) and every HTML page with its Markdown sibling. Every page,
 * listing, discovery file, the search index and the MCP catalog are pure functions of it.
 * Building it also checks what a schema cannot: cross references and internal links.
 */
import type { CaseStudyData } from '../schemas/case-study.ts';
import type { Company } from '../schemas/company.ts';
import type { InsightData } from '../schemas/insight.ts';
import type { PageData } from '../schemas/page.ts';
import type { ServiceData } from '../schemas/service.ts';
import { ContentError, mdxToMarkdown } from '../markdown/mdx-to-markdown.ts';
import { renderSiteMarkdown } from '../markdown/page-markdown.ts';
import { INDUSTRY_SEGMENT, PAGE_SEGMENT, ROUTES, TAG_SEGMENT } from './routes.ts';
import { absoluteUrl, markdownPath, slugify } from './urls.ts';

/** One content file as a loader hands it over: validated frontmatter and the raw MDX body. */
export interface SourceEntry<D> {
  /** The file name without extension, e.g. `platform-engineering`. */
  slug: string;
  /** The file, relative to the project, for error messages. */
  file: string;
  data: D;
  /** The MDX body, without frontmatter. */
  body: string;
}

export interface SiteSources {
  company: Company;
  services: SourceEntry<ServiceData>[];
  caseStudies: SourceEntry<CaseStudyData>[];
  insights: SourceEntry<InsightData>[];
  pages: SourceEntry<PageData>[];
  /** The text of content/logo.svg, checked (src/site/logo.ts); none when the company has no logo file. */
  logo?: string | undefined;
  /** Files served as they are (from `public/` and generated discovery files), for link checks. */
  staticPaths?: readonly string[];
}

/** A published entry with its place on the site and its body as Markdown. */
export interface Entry<K extends EntryKind, D> {
  kind: K;
  slug: string;
  file: string;
  data: D;
  /** The MDX body, for the HTML renderer. */
  body: string;
  /** The page path, e.g. `/services/platform-engineering`. */
  path: string;
  /** The absolute URL on the base host. */
  url: string;
  /** The body converted to clean Markdown (no title; see SitePage.markdown for the whole page). */
  bodyMarkdown: string;
}

export type EntryKind = 'service' | 'case-study' | 'insight' | 'page';
export type Service = Entry<'service', ServiceData>;
export type CaseStudy = Entry<'case-study', CaseStudyData>;
export type Insight = Entry<'insight', InsightData>;
export type Page = Entry<'page', PageData>;
export type AnyEntry = Service | CaseStudy | Insight | Page;

/** A value of a filter (an industry or a tag) with its URL slug and the entries that carry it. */
export interface Facet<E extends CaseStudy | Insight = CaseStudy | Insight> {
  name: string;
  slug: string;
  count: number;
  /** The filter page, e.g. `/case-studies/industry/logistics`. */
  path: string;
  /** The published entries carrying it, newest first. */
  entries: E[];
}

/**
 * One page of a listing (services, case studies, insights, or those of one industry or tag):
 * at most LISTING_PAGE_SIZE entries (src/site/bounds.ts); page 1 is at the listing's path, page
 * n at `<path>/page/<n>`.
 */
export interface ListingPage {
  /** What the listing lists. */
  of: 'services' | 'case-studies' | 'insights';
  /** The listing's first page, e.g. `/case-studies` or `/insights/tag/ai`. */
  basePath: string;
  /** This page's number, from 1, and how many pages the listing has. */
  number: number;
  pages: number;
  /** How many entries the whole listing has. */
  total: number;
  /** Position of this page's first entry in the whole listing, from 0. */
  offset: number;
  /** This page's entries, in listing order. */
  entries: AnyEntry[];
  /** The previous and next page, when there is one. */
  previous?: string;
  next?: string;
}

export type SitePageKind = 'home' | 'listing' | EntryKind;

/** Every HTML page the site publishes, with its Markdown sibling. */
export interface SitePage {
  kind: SitePageKind;
  path: string;
  /** The Markdown sibling's path: `/x.md`, or `/index.md` for `/`. */
  markdownPath: string;
  url: string;
  markdownUrl: string;
  title: string;
  /** The meta description / summary. */
  description: string;
  /** The whole page as Markdown, exactly the bytes of the sibling file. */
  markdown: string;
  /** The entry shown on the page, for entry pages. */
  entry?: AnyEntry;
  /** For filtered listings: the facet. */
  facet?: Facet;
  /** For listing pages: which page of which listing, and its entries. */
  listing?: ListingPage;
}

/** Lookups the page templates and generators need per page, made once per model. */
export interface ModelIndex {
  /** Every HTML page by its path. */
  pages: ReadonlyMap<string, SitePage>;
  /** Published services by title. */
  services: ReadonlyMap<string, Service>;
  /** Industries and tags by name (as written in the frontmatter). */
  industries: ReadonlyMap<string, Facet<CaseStudy>>;
  tags: ReadonlyMap<string, Facet<Insight>>;
  /** Case studies that delivered a service, newest first, by the service's title. */
  caseStudiesOfService: ReadonlyMap<string, CaseStudy[]>;
}

export interface SiteModel {
  company: Company;
  /** The company's logo (content/logo.svg), if it has one: the header and /favicon.svg. */
  logo?: string | undefined;
  /** Published services, by `order` then title. */
  services: Service[];
  /** Published case studies, newest first. */
  caseStudies: CaseStudy[];
  /** Published insights, newest first. */
  insights: Insight[];
  /** Published standalone pages (about, contact, privacy…), by path. */
  pages: Page[];
  /** Industries of published case studies, by name. */
  industries: Facet<CaseStudy>[];
  /** Tags of published insights, by name. */
  tags: Facet<Insight>[];
  /** Every HTML page, home first, then listings, entries and filter pages; each with its Markdown. */
  sitePages: SitePage[];
  /** Lookups by path, title and name. */
  index: ModelIndex;
}

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
 * and links, and renders every page's Markdown. Throws ContentError with a fix on any problem.
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
          `${entry.file}: the file name "${entry.slug}" is not a valid URL slug. Rename the file to lowercase words joined by hyphens, e.g. cloud-migration.mdx.`,
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
  const model: SiteModel = {
    company,
    logo: sources.logo,
    services,
    caseStudies,
    insights,
    pages,
    industries,
    tags,
    sitePages: [],
    index,
  };
  model.sitePages = renderSiteMarkdown(model);
  index.pages = new Map(model.sitePages.map((page) => [page.path, page]));
  return model;
}

/** Finds a published page by its path (`/`, `/services/x`); trailing slashes are ignored. */
export function findSitePage(model: SiteModel, path: string): SitePage | undefined {
  const normalised = path === '/' ? '/' : path.replace(/\/+$/, '');
  return model.index.pages.get(normalised);
}

export { ContentError };
