/**
 * schema.org JSON-LD for every HTML page, made from the site model: one `@graph` per page with
 * the company (its `organizationType` from company.yaml), the WebSite, the page itself
 * (WebPage, CollectionPage, AboutPage or ContactPage), its BreadcrumbList, and what the page is
 * about: a Service on service pages, a BlogPosting on insights, an Article about the client and
 * its industry on case studies. Nodes refer to each other by `@id` (`<url>#organization`…), so
 * a reader can join the graphs of several pages. Typed with schema-dts (types only, nothing of it
 * ships); BaseLayout.astro embeds the result with jsonLdScriptText.
 */
import type {
  Article,
  BlogPosting,
  BreadcrumbList,
  ContactPoint,
  Graph,
  IdReference,
  ListItem,
  Organization,
  Person,
  PostalAddress,
  Service as SchemaService,
  Thing,
  WebPage,
  WebSite,
} from 'schema-dts';
import type { CaseStudy, Insight, Service, SiteModel, SitePage } from '../model/model.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';

/** The language of every page (BaseLayout.astro's `<html lang>`). */
const LANGUAGE = 'en';

/** `@id`s of the nodes every page shares, and of one page's own nodes. */
export const nodeIds = {
  organization: (model: Pick<SiteModel, 'company'>) => `${model.company.baseUrl}/#organization`,
  website: (model: Pick<SiteModel, 'company'>) => `${model.company.baseUrl}/#website`,
  webPage: (page: Pick<SitePage, 'url'>) => `${page.url}#webpage`,
  breadcrumb: (page: Pick<SitePage, 'url'>) => `${page.url}#breadcrumb`,
  mainEntity: (page: Pick<SitePage, 'url'>, kind: 'service' | 'article') => `${page.url}#${kind}`,
};

const ref = (id: string): IdReference => ({ '@id': id });

function organization(model: SiteModel): Organization {
  const { company } = model;
  const url = (path: string) => absoluteUrl(company.baseUrl, path);
  const contact = model.index.pages.get(ROUTES.contact);
  const contactPoint: ContactPoint = {
    '@type': 'ContactPoint',
    contactType: 'sales',
    email: company.contactEmail,
    availableLanguage: LANGUAGE,
    ...(contact ? { url: contact.url } : {}),
  };
  const addresses: PostalAddress[] = company.offices.map((office) => ({
    '@type': 'PostalAddress',
    name: office.name,
    streetAddress: office.street,
    addressLocality: office.city,
    addressCountry: office.country,
    ...(office.postalCode ? { postalCode: office.postalCode } : {}),
    ...(office.region ? { addressRegion: office.region } : {}),
  }));
  // The type is one of ORGANIZATION_TYPES, all Organization or LocalBusiness subtypes that
  // share these properties; schema-dts has one interface per type, so it is named by cast.
  return {
    '@type': company.organizationType as 'Organization',
    '@id': nodeIds.organization(model),
    name: company.name,
    url: url(ROUTES.home),
    description: company.description,
    slogan: company.tagline,
    email: company.contactEmail,
    contactPoint,
    ...(addresses.length ? { address: addresses.length === 1 ? addresses[0]! : addresses } : {}),
    ...(model.logo ? { logo: url(ROUTES.favicon) } : {}),
    ...(company.social.length ? { sameAs: company.social.map((link) => link.url) } : {}),
    ...(company.founded ? { foundingDate: String(company.founded) } : {}),
  };
}

function website(model: SiteModel): WebSite {
  return {
    '@type': 'WebSite',
    '@id': nodeIds.website(model),
    name: model.company.name,
    url: absoluteUrl(model.company.baseUrl, ROUTES.home),
    description: model.company.tagline,
    inLanguage: LANGUAGE,
    publisher: ref(nodeIds.organization(model)),
  };
}

/** The first page of each listing. */
const LISTING_ROOTS = { services: ROUTES.services, 'case-studies': ROUTES.caseStudies, insights: ROUTES.insights };

/** The trail from the home page to `page`: name and URL of each step. */
export function breadcrumbTrail(model: SiteModel, page: SitePage): { name: string; url: string }[] {
  const step = (path: string, name?: string) => {
    const found = model.index.pages.get(path);
    return found ? [{ name: name ?? found.title, url: found.url }] : [];
  };
  const home = step(ROUTES.home, 'Home');
  const section = (kind: SitePage['kind']) =>
    kind === 'service' ? ROUTES.services : kind === 'case-study' ? ROUTES.caseStudies : ROUTES.insights;
  const self = { name: page.title, url: page.url };
  switch (page.kind) {
    case 'home':
      return home;
    case 'page':
      return [...home, self];
    case 'service':
    case 'case-study':
    case 'insight':
      return [...home, ...step(section(page.kind)), self];
    case 'listing': {
      const listing = page.listing!;
      const trail = [...home, ...step(LISTING_ROOTS[listing.of])];
      if (page.facet) trail.push(...step(page.facet.path, page.facet.name));
      if (listing.number > 1) trail.push({ name: `Page ${listing.number}`, url: page.url });
      return trail;
    }
  }
}

function breadcrumbList(model: SiteModel, page: SitePage): BreadcrumbList | undefined {
  const trail = breadcrumbTrail(model, page);
  // Search engines want at least two items; the home page has only itself.
  if (trail.length < 2) return undefined;
  const items: ListItem[] = trail.map((step, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: step.name,
    item: step.url,
  }));
  return { '@type': 'BreadcrumbList', '@id': nodeIds.breadcrumb(page), itemListElement: items };
}

function webPageType(page: SitePage): 'WebPage' | 'CollectionPage' | 'AboutPage' | 'ContactPage' {
  if (page.kind === 'listing') return 'CollectionPage';
  if (page.path === ROUTES.about) return 'AboutPage';
  if (page.path === ROUTES.contact) return 'ContactPage';
  return 'WebPage';
}

function webPage(model: SiteModel, page: SitePage, hasBreadcrumb: boolean, mainEntity?: string): WebPage {
  return {
    '@type': webPageType(page),
    '@id': nodeIds.webPage(page),
    url: page.url,
    name: page.title,
    description: page.description,
    inLanguage: LANGUAGE,
    isPartOf: ref(nodeIds.website(model)),
    ...(page.kind === 'home' || page.path === ROUTES.about ? { about: ref(nodeIds.organization(model)) } : {}),
    ...(hasBreadcrumb ? { breadcrumb: ref(nodeIds.breadcrumb(page)) } : {}),
    ...(mainEntity ? { mainEntity: ref(mainEntity) } : {}),
  };
}

function service(model: SiteModel, page: SitePage, entry: Service): SchemaService {
  return {
    '@type': 'Service',
    '@id': nodeIds.mainEntity(page, 'service'),
    name: entry.data.title,
    description: entry.data.summary,
    url: page.url,
    serviceType: entry.data.title,
    provider: ref(nodeIds.organization(model)),
    mainEntityOfPage: ref(nodeIds.webPage(page)),
  };
}

/** The parts of an article both insights and case studies have. */
function articleBase(model: SiteModel, page: SitePage, date: string) {
  return {
    '@id': nodeIds.mainEntity(page, 'article'),
    headline: page.title,
    description: page.description,
    url: page.url,
    inLanguage: LANGUAGE,
    datePublished: date,
    // The frontmatter has no "updated" date: the publication date is the last known change.
    dateModified: date,
    publisher: ref(nodeIds.organization(model)),
    mainEntityOfPage: ref(nodeIds.webPage(page)),
    isPartOf: ref(nodeIds.website(model)),
  };
}

function insightArticle(model: SiteModel, page: SitePage, entry: Insight): BlogPosting {
  const author: Person = { '@type': 'Person', name: entry.data.author, worksFor: ref(nodeIds.organization(model)) };
  return {
    '@type': 'BlogPosting',
    ...articleBase(model, page, entry.data.date),
    author,
    keywords: entry.data.tags.join(', '),
    articleSection: 'Insights',
  };
}

function caseStudyArticle(model: SiteModel, page: SitePage, entry: CaseStudy): Article {
  const industry = model.index.industries.get(entry.data.industry);
  const about: Thing[] = [
    { '@type': 'Organization', name: entry.data.client },
    {
      '@type': 'Thing',
      name: entry.data.industry,
      ...(industry ? { url: absoluteUrl(model.company.baseUrl, industry.path) } : {}),
    },
  ];
  // The services delivered, as the nodes of their own pages: named here too, so a reader of this
  // page alone knows what they are.
  const services = entry.data.services.flatMap((title): SchemaService[] => {
    const servicePage = model.index.services.get(title);
    const found = servicePage && model.index.pages.get(servicePage.path);
    return found
      ? [{ '@type': 'Service', '@id': nodeIds.mainEntity(found, 'service'), name: title, url: found.url }]
      : [];
  });
  return {
    '@type': 'Article',
    ...articleBase(model, page, entry.data.date),
    author: ref(nodeIds.organization(model)),
    about,
    ...(services.length ? { mentions: services } : {}),
    keywords: [entry.data.industry, ...entry.data.services].join(', '),
    articleSection: 'Case studies',
  };
}

/** What the page is about, if it shows one thing: a service, an insight or a case study. */
function mainEntityOf(model: SiteModel, page: SitePage): Thing | undefined {
  const entry = page.entry;
  switch (entry?.kind) {
    case 'service':
      return service(model, page, entry);
    case 'insight':
      return insightArticle(model, page, entry);
    case 'case-study':
      return caseStudyArticle(model, page, entry);
    default:
      return undefined;
  }
}

/** The JSON-LD graph of one page. */
export function structuredDataFor(model: SiteModel, page: SitePage): Graph {
  const breadcrumb = breadcrumbList(model, page);
  const main = mainEntityOf(model, page);
  const mainId = main && typeof main === 'object' && '@id' in main ? (main['@id'] as string) : undefined;
  const nodes: Thing[] = [organization(model), website(model), webPage(model, page, breadcrumb !== undefined, mainId)];
  if (breadcrumb) nodes.push(breadcrumb);
  if (main) nodes.push(main);
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/**
 * The text of a `<script type="application/ld+json">` element: the JSON with every `<` written
 * as `\u003c`, so no value (a title, a client's name) can close the element (`</script>`) or
 * open a comment. The result parses to the same JSON. A data block is never executed, so a
 * Content-Security-Policy's `script-src` does not apply to it.
 */
export function jsonLdScriptText(graph: Graph): string {
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}
