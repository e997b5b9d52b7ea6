/**
 * Which HTML pages the site has, and what each shows: the home page, every page of every listing
 * (paginated by LISTING_PAGE_SIZE), the entry pages and the filter pages, with their titles and
 * descriptions. Part of the model, so the HTML templates and the Markdown siblings
 * (src/build/page-markdown.ts) show the same pages, entries and filters.
 */
import { LISTING_PAGE_SIZE, MAX_FACET_LINKS, SERVICE_CASE_STUDIES } from '../site/bounds.ts';
import { fill } from '../site/languages.ts';
import { absoluteUrl, listingPagePath, markdownPath } from '../site/urls.ts';
import type { AnyEntry, CaseStudy, Client, Facet, ListingPage, Person, Service, SiteModel, SitePage } from './types.ts';
import type { ImageUse } from '../site/images.ts';

/** How many recent case studies and insights the home page lists. */
export const HOME_RECENT = { caseStudies: 6, insights: 5 } as const;

/** The newest case studies of a service that its page shows (at most SERVICE_CASE_STUDIES), and how many it has in all. */
export function serviceCaseStudies(
  model: Pick<SiteModel, 'index'>,
  service: Service,
): { shown: CaseStudy[]; total: number } {
  const all = model.index.caseStudiesOfService.get(service.slug) ?? [];
  return { shown: all.slice(0, SERVICE_CASE_STUDIES), total: all.length };
}

/** A logo of the home page's client wall: the client, its logo and where it links (its newest case study), if anywhere. */
export interface ClientLogo {
  client: Client;
  logo: ImageUse;
  href?: string;
  /** The language of the case study it links to, when that is the default language's (this one has none). */
  hreflang?: string;
}

/**
 * The home page's wall: every client that may be named and has a logo, by name, each linking to
 * its newest case study in the page's language, else to the default language's.
 */
export function clientWall(model: Pick<SiteModel, 'clients' | 'caseStudies' | 'languages' | 'language'>): ClientLogo[] {
  const original = model.languages.models.get(model.languages.default);
  const newestOf = (studies: readonly CaseStudy[], client: Client) =>
    studies.find((study) => study.client.entry?.slug === client.slug);
  return model.clients.flatMap((client) => {
    if (client.anonymous || !client.logo) return [];
    const own = newestOf(model.caseStudies, client);
    const fallback =
      !own && original && original.language !== model.language ? newestOf(original.caseStudies, client) : undefined;
    return [
      {
        client,
        logo: client.logo,
        ...(own ? { href: own.path } : fallback ? { href: fallback.path, hreflang: original!.language } : {}),
      },
    ];
  });
}

/**
 * The filters a listing page shows: every facet while there are at most MAX_FACET_LINKS, else
 * the most used ones (and the current one), by name; `hidden` counts the others.
 */
export function shownFacets<F extends Facet>(facets: readonly F[], current?: Facet): { shown: F[]; hidden: number } {
  if (facets.length <= MAX_FACET_LINKS) return { shown: [...facets], hidden: 0 };
  const mostUsed = new Set(
    [...facets].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en')).slice(0, MAX_FACET_LINKS),
  );
  const shown = facets.filter((facet) => mostUsed.has(facet) || facet.path === current?.path);
  return { shown, hidden: facets.length - shown.length };
}

/** A person's page description: their role, office and expertise ("Solutions architect, Ghent. Kubernetes, Terraform."). */
export function personDescription(person: Person): string {
  const where = [person.data.role, person.office?.name].filter(Boolean).join(', ');
  return `${where}. ${person.data.expertise.join(', ')}.`;
}

/** The model as it is before its pages are listed. */
type ModelWithoutPages = Omit<SiteModel, 'sitePages'>;

function page(model: ModelWithoutPages, fields: Omit<SitePage, 'markdownPath' | 'url' | 'markdownUrl'>): SitePage {
  const mdPath = markdownPath(fields.path);
  return {
    ...fields,
    markdownPath: mdPath,
    url: absoluteUrl(model.company.baseUrl, fields.path),
    markdownUrl: absoluteUrl(model.company.baseUrl, mdPath),
  };
}

interface ListingSpec {
  of: ListingPage['of'];
  basePath: string;
  title: string;
  description: string;
  entries: AnyEntry[];
  facet?: Facet;
}

/** The pages of one listing: LISTING_PAGE_SIZE entries each (one page when empty). */
function paginate(model: ModelWithoutPages, spec: ListingSpec): SitePage[] {
  const pages = Math.max(1, Math.ceil(spec.entries.length / LISTING_PAGE_SIZE));
  return Array.from({ length: pages }, (_, index) => {
    const number = index + 1;
    const offset = index * LISTING_PAGE_SIZE;
    const listing: ListingPage = {
      of: spec.of,
      basePath: spec.basePath,
      number,
      pages,
      total: spec.entries.length,
      offset,
      entries: spec.entries.slice(offset, offset + LISTING_PAGE_SIZE),
      ...(number > 1 ? { previous: listingPagePath(spec.basePath, number - 1) } : {}),
      ...(number < pages ? { next: listingPagePath(spec.basePath, number + 1) } : {}),
    };
    return page(model, {
      kind: 'listing',
      path: listingPagePath(spec.basePath, number),
      title: number === 1 ? spec.title : fill(model.strings.listings.pageTitle, { title: spec.title, number, pages }),
      description: spec.description,
      listing,
      ...(spec.facet ? { facet: spec.facet } : {}),
    });
  });
}

/** A listing and, where it has them, its filter pages (one a facet), with the texts of each. */
interface ListingFamily {
  of: ListingPage['of'];
  basePath: string;
  title: string;
  lead: string;
  entries: AnyEntry[];
  /** Each kind of filter it has (industries; offices and expertise), with its pages' title and lead. */
  filters: { facets: readonly Facet[]; title: string; lead: string }[];
}

function listingPages(model: ModelWithoutPages): SitePage[] {
  const { routes } = model;
  const text = model.strings.listings;
  const { team } = model.strings;
  const families: ListingFamily[] = [
    {
      of: 'services',
      basePath: routes.services,
      title: text.services,
      lead: text.servicesLead,
      entries: model.services,
      filters: [],
    },
    {
      of: 'case-studies',
      basePath: routes.caseStudies,
      title: text.caseStudies,
      lead: text.caseStudiesLead,
      entries: model.caseStudies,
      filters: [{ facets: model.industries, title: text.industryTitle, lead: text.industryLead }],
    },
    {
      of: 'insights',
      basePath: routes.insights,
      title: text.insights,
      lead: text.insightsLead,
      entries: model.insights,
      filters: [{ facets: model.tags, title: text.tagTitle, lead: text.tagLead }],
    },
    // A company without people (in any language) has no team page.
    ...(model.index.people.size === 0
      ? []
      : [
          {
            of: 'team' as const,
            basePath: routes.team,
            title: team.title,
            lead: team.lead,
            entries: model.people,
            filters: [
              { facets: model.offices, title: team.officeTitle, lead: team.officeLead },
              { facets: model.expertise, title: team.expertiseTitle, lead: team.expertiseLead },
            ],
          },
        ]),
  ];
  return families.flatMap((family) => [
    ...paginate(model, {
      of: family.of,
      basePath: family.basePath,
      title: family.title,
      description: fill(family.lead, { company: model.company.name }),
      entries: family.entries,
    }),
    ...family.filters.flatMap((filter) =>
      filter.facets.flatMap((facet) =>
        paginate(model, {
          of: family.of,
          basePath: facet.path,
          title: fill(filter.title, { name: facet.name }),
          description: fill(filter.lead, { name: facet.name }),
          entries: facet.entries,
          facet,
        }),
      ),
    ),
  ]);
}

/** Every HTML page of the site: home, listings, entries, pages, in that order. */
export function sitePagesOf(model: ModelWithoutPages): SitePage[] {
  const { company } = model;
  const entryPage = (entry: AnyEntry, title: string, description: string) =>
    page(model, { kind: entry.kind, path: entry.path, title, description, entry });
  return [
    page(model, { kind: 'home', path: model.routes.home, title: company.name, description: company.tagline }),
    ...listingPages(model),
    ...model.services.map((entry) => entryPage(entry, entry.data.title, entry.data.summary)),
    ...model.caseStudies.map((entry) => entryPage(entry, entry.data.title, entry.data.summary)),
    ...model.insights.map((entry) => entryPage(entry, entry.data.title, entry.data.summary)),
    ...model.pages.map((entry) => entryPage(entry, entry.data.title, entry.data.description)),
    ...model.people.map((entry) => entryPage(entry, entry.data.name, personDescription(entry))),
  ];
}
