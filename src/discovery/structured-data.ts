/**
 * schema.org JSON-LD for every HTML page, made from the site model: one `@graph` per page with
 * the company (its `organizationType` from company.yaml), the WebSite, the page itself
 * (WebPage, CollectionPage, AboutPage or ContactPage), its BreadcrumbList, and what the page is
 * about: a Service on service pages, a BlogPosting on insights, an Article about the client and
 * its industry on case studies; with their images (ImageObject: the cover as `image` and the
 * page's `primaryImageOfPage`, the client's logo, the company's logo as a PNG). Nodes refer to each other by `@id` (`<url>#organization`…), so
 * a reader can join the graphs of several pages. Typed with schema-dts (types only, nothing of it
 * ships); BaseLayout.astro embeds the result with jsonLdScriptText.
 *
 * Languages: every node is in the page's language (`inLanguage`, its texts from that language's
 * model); each language has its own WebSite node (`<home url>#website`). On a multilingual site
 * an entry's page and article also link to the same entry in the other languages: the original
 * (default language) names its translations (`workTranslation`), a translation its original
 * (`translationOfWork`). A one-language site's graphs have none of these links.
 */
import type {
  Article,
  BlogPosting,
  BreadcrumbList,
  ContactPoint,
  Graph,
  IdReference,
  ImageObject,
  ListItem,
  Organization,
  Person as SchemaPerson,
  Place,
  PostalAddress,
  Service as SchemaService,
  Thing,
  WebPage,
  WebSite,
} from 'schema-dts';
import type { CaseStudy, Insight, PageAlternate, Person, Service, SiteModel, SitePage } from '../model/model.ts';
import { pageAlternates } from '../model/model.ts';
import { fill } from '../site/languages.ts';
import { IMAGE_MEDIA_TYPES, LOGO_PNG, type ImageUse } from '../site/images.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';

/** `@id`s of the nodes every page shares, and of one page's own nodes. */
export const nodeIds = {
  organization: (model: Pick<SiteModel, 'company'>) => `${model.company.baseUrl}/#organization`,
  /** One per language: `<origin>/#website`, `<origin>/nl#website`. */
  website: (model: Pick<SiteModel, 'company' | 'routes'>) =>
    `${absoluteUrl(model.company.baseUrl, model.routes.home)}#website`,
  webPage: (page: Pick<SitePage, 'url'>) => `${page.url}#webpage`,
  breadcrumb: (page: Pick<SitePage, 'url'>) => `${page.url}#breadcrumb`,
  mainEntity: (page: Pick<SitePage, 'url'>, kind: 'service' | 'article' | 'person') => `${page.url}#${kind}`,
};

/** A person as other nodes name them (an article's author, a case study's contributor, the company's employee): their node on their page, with their name and URL. */
function personRef(model: SiteModel, person: Person): { '@type': 'Person'; '@id': string; name: string; url: string } {
  const url = absoluteUrl(model.company.baseUrl, person.path);
  return { '@type': 'Person', '@id': nodeIds.mainEntity({ url }, 'person'), name: person.data.name, url };
}

/** The pages whose Organization node lists the company's people (\`employee\`): where the company is what the page is about, and the team page. */
function listsEmployees(model: SiteModel, page: SitePage | undefined): boolean {
  return page !== undefined && [model.routes.home, model.routes.about, model.routes.team].includes(page.path);
}

const ref = (id: string): IdReference => ({ '@id': id });

/** An image as schema.org describes it: its published original's URL and size, and its alt text as the caption. */
export function imageObject(model: Pick<SiteModel, 'company'>, image: ImageUse): ImageObject {
  const url = absoluteUrl(model.company.baseUrl, image.asset.path);
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    width: String(image.asset.width),
    height: String(image.asset.height),
    encodingFormat: IMAGE_MEDIA_TYPES[image.asset.format],
    caption: image.alt,
  };
}

/** `image` of an entry's node when it has a cover. */
const coverOf = (model: SiteModel, page: SitePage) =>
  page.entry?.cover ? { image: imageObject(model, page.entry.cover) } : {};

function organization(model: SiteModel, page?: SitePage): Organization {
  const { company } = model;
  const url = (path: string) => absoluteUrl(company.baseUrl, path);
  const contact = model.index.pages.get(model.routes.contact);
  const { codes } = model.languages;
  const contactPoint: ContactPoint = {
    '@type': 'ContactPoint',
    contactType: 'sales',
    email: company.contactEmail,
    ...(company.telephone ? { telephone: company.telephone } : {}),
    availableLanguage: codes.length > 1 ? [...codes] : model.language,
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
    // The logo as a PNG the build renders from content/logo.svg (search engines want a raster logo).
    ...(model.logo
      ? {
          logo: {
            '@type': 'ImageObject',
            url: url(LOGO_PNG.path),
            contentUrl: url(LOGO_PNG.path),
            width: String(LOGO_PNG.size),
            height: String(LOGO_PNG.size),
            encodingFormat: 'image/png',
          },
        }
      : {}),
    ...(company.social.length ? { sameAs: company.social.map((link) => link.url) } : {}),
    ...(listsEmployees(model, page) && model.people.length
      ? { employee: model.people.map((person) => personRef(model, person)) }
      : {}),
    ...(company.founded ? { foundingDate: String(company.founded) } : {}),
    // The legal identity (company.yaml), where given: what an Impressum states.
    ...(company.legalName ? { legalName: company.legalName } : {}),
    ...(company.telephone ? { telephone: company.telephone } : {}),
    ...(company.vatId ? { vatID: company.vatId } : {}),
    ...(company.registration
      ? {
          identifier: {
            '@type': 'PropertyValue',
            propertyID: company.registration.register,
            value: company.registration.number,
          },
        }
      : {}),
  };
}

function website(model: SiteModel): WebSite {
  return {
    '@type': 'WebSite',
    '@id': nodeIds.website(model),
    name: model.company.name,
    url: absoluteUrl(model.company.baseUrl, model.routes.home),
    description: model.company.tagline,
    inLanguage: model.language,
    publisher: ref(nodeIds.organization(model)),
  };
}

/** The model's route of each listing's first page. */
const LISTING_ROOTS = {
  services: 'services',
  'case-studies': 'caseStudies',
  insights: 'insights',
  team: 'team',
} as const;

/** The trail from the home page to `page`: name and URL of each step. */
export function breadcrumbTrail(model: SiteModel, page: SitePage): { name: string; url: string }[] {
  const step = (path: string, name?: string) => {
    const found = model.index.pages.get(path);
    return found ? [{ name: name ?? found.title, url: found.url }] : [];
  };
  const { routes, strings } = model;
  const home = step(routes.home, strings.site.home);
  const section = (kind: SitePage['kind']) =>
    kind === 'service'
      ? routes.services
      : kind === 'case-study'
        ? routes.caseStudies
        : kind === 'person'
          ? routes.team
          : routes.insights;
  const self = { name: page.title, url: page.url };
  switch (page.kind) {
    case 'home':
      return home;
    case 'page':
      return [...home, self];
    case 'service':
    case 'case-study':
    case 'insight':
    case 'person':
      return [...home, ...step(section(page.kind)), self];
    case 'listing': {
      const listing = page.listing!;
      const trail = [...home, ...step(routes[LISTING_ROOTS[listing.of]])];
      if (page.facet) trail.push(...step(page.facet.path, page.facet.name));
      if (listing.number > 1)
        trail.push({ name: fill(strings.site.breadcrumbPage, { number: listing.number }), url: page.url });
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

function webPageType(
  model: SiteModel,
  page: SitePage,
): 'WebPage' | 'CollectionPage' | 'AboutPage' | 'ContactPage' | 'ProfilePage' {
  if (page.kind === 'listing') return 'CollectionPage';
  if (page.kind === 'person') return 'ProfilePage';
  if (page.path === model.routes.about) return 'AboutPage';
  if (page.path === model.routes.contact) return 'ContactPage';
  return 'WebPage';
}

/** The same work in another language: the node of that page (`id`), of the same `type`, with its URL and language. */
interface Translation {
  '@type': string;
  '@id': string;
  url: string;
  inLanguage: string;
}

/**
 * An entry's links to the same entry in the site's other languages, each the node `id` names on
 * that page (of the same `type`, with its URL and language, so this page alone says where the
 * translation is): the original (default language) lists its translations (`workTranslation`),
 * a translation names its original (`translationOfWork`). Nothing for pages that are no entry,
 * and nothing on a one-language site or for an untranslated entry.
 */
function translationLinks(
  model: SiteModel,
  page: SitePage,
  type: string,
  id: (page: Pick<SitePage, 'url'>) => string,
): { workTranslation?: Translation[]; translationOfWork?: Translation } {
  if (!page.entry) return {};
  const others = pageAlternates(model, page).filter((alternate) => alternate.language !== model.language);
  const node = (other: PageAlternate): Translation => ({
    '@type': type,
    '@id': id(other),
    url: other.url,
    inLanguage: other.language,
  });
  if (others.length === 0) return {};
  if (model.language === model.languages.default) return { workTranslation: others.map(node) };
  const original = others.find((other) => other.language === model.languages.default);
  return original ? { translationOfWork: node(original) } : {};
}

function webPage(model: SiteModel, page: SitePage, hasBreadcrumb: boolean, mainEntity?: string): WebPage {
  const picture =
    page.kind === 'home' ? model.homeImage : page.entry?.kind === 'person' ? page.entry.photo : page.entry?.cover;
  return {
    '@type': webPageType(model, page),
    '@id': nodeIds.webPage(page),
    url: page.url,
    name: page.title,
    description: page.description,
    inLanguage: model.language,
    isPartOf: ref(nodeIds.website(model)),
    ...(page.kind === 'home' || page.path === model.routes.about ? { about: ref(nodeIds.organization(model)) } : {}),
    ...(hasBreadcrumb ? { breadcrumb: ref(nodeIds.breadcrumb(page)) } : {}),
    ...(mainEntity ? { mainEntity: ref(mainEntity) } : {}),
    ...(picture ? { primaryImageOfPage: imageObject(model, picture) } : {}),
    ...translationLinks(model, page, webPageType(model, page), nodeIds.webPage),
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
    ...coverOf(model, page),
    provider: ref(nodeIds.organization(model)),
    mainEntityOfPage: ref(nodeIds.webPage(page)),
  };
}

/** The parts of an article both insights and case studies have. */
function articleBase(model: SiteModel, page: SitePage, type: 'Article' | 'BlogPosting', date: string) {
  return {
    '@id': nodeIds.mainEntity(page, 'article'),
    headline: page.title,
    description: page.description,
    url: page.url,
    inLanguage: model.language,
    datePublished: date,
    // The frontmatter has no "updated" date: the publication date is the last known change.
    dateModified: date,
    ...coverOf(model, page),
    publisher: ref(nodeIds.organization(model)),
    mainEntityOfPage: ref(nodeIds.webPage(page)),
    isPartOf: ref(nodeIds.website(model)),
    ...translationLinks(model, page, type, (other) => nodeIds.mainEntity(other, 'article')),
  };
}

/** The person of a person's page: who they are, what they know, where they work and their profiles elsewhere. */
function personNode(model: SiteModel, page: SitePage, entry: Person): SchemaPerson {
  const { data } = entry;
  const office = entry.office && model.company.offices[entry.office.index];
  const workLocation: Place | undefined = office && {
    '@type': 'Place',
    name: office.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.city,
      addressCountry: office.country,
      ...(office.postalCode ? { postalCode: office.postalCode } : {}),
    },
  };
  return {
    ...personRef(model, entry),
    jobTitle: data.role,
    description: page.description,
    ...(entry.photo ? { image: imageObject(model, entry.photo) } : {}),
    knowsAbout: data.expertise,
    ...(data.languages?.length ? { knowsLanguage: data.languages } : {}),
    ...(workLocation ? { workLocation } : {}),
    ...(data.email ? { email: data.email } : {}),
    ...(data.links?.length ? { sameAs: data.links.map((link) => link.url) } : {}),
    worksFor: ref(nodeIds.organization(model)),
    mainEntityOfPage: ref(nodeIds.webPage(page)),
  };
}

function insightArticle(model: SiteModel, page: SitePage, entry: Insight): BlogPosting {
  const author: SchemaPerson = entry.author.person
    ? personRef(model, entry.author.person)
    : { '@type': 'Person', name: entry.author.name };
  return {
    '@type': 'BlogPosting',
    ...articleBase(model, page, 'BlogPosting', entry.data.date),
    author,
    keywords: entry.data.tags.join(', '),
    articleSection: model.strings.listings.insights,
  };
}

function caseStudyArticle(model: SiteModel, page: SitePage, entry: CaseStudy): Article {
  const industry = model.index.industries.get(entry.data.industry);
  const about: Thing[] = [
    {
      '@type': 'Organization',
      name: entry.client.name,
      ...(entry.client.entry && !entry.client.entry.anonymous && entry.client.entry.data.website
        ? { url: entry.client.entry.data.website }
        : {}),
      ...(entry.clientLogo ? { logo: imageObject(model, entry.clientLogo) } : {}),
    },
    {
      '@type': 'Thing',
      name: entry.data.industry,
      ...(industry ? { url: absoluteUrl(model.company.baseUrl, industry.path) } : {}),
    },
  ];
  // The services delivered, as the nodes of their own pages: named here too, so a reader of this
  // page alone knows what they are.
  const services = entry.services.flatMap((service): SchemaService[] => {
    const found = model.index.pages.get(service.path);
    return found
      ? [{ '@type': 'Service', '@id': nodeIds.mainEntity(found, 'service'), name: service.data.title, url: found.url }]
      : [];
  });
  return {
    '@type': 'Article',
    ...articleBase(model, page, 'Article', entry.data.date),
    author: ref(nodeIds.organization(model)),
    ...(entry.team.length ? { contributor: entry.team.map((person) => personRef(model, person)) } : {}),
    about,
    ...(services.length ? { mentions: services } : {}),
    keywords: [entry.data.industry, ...entry.services.map((service) => service.data.title)].join(', '),
    articleSection: model.strings.listings.caseStudies,
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
    case 'person':
      return personNode(model, page, entry);
    default:
      return undefined;
  }
}

/** The JSON-LD graph of one page. */
export function structuredDataFor(model: SiteModel, page: SitePage): Graph {
  const breadcrumb = breadcrumbList(model, page);
  const main = mainEntityOf(model, page);
  const mainId = main && typeof main === 'object' && '@id' in main ? (main['@id'] as string) : undefined;
  const nodes: Thing[] = [
    organization(model, page),
    website(model),
    webPage(model, page, breadcrumb !== undefined, mainId),
  ];
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
