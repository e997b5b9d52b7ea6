/**
 * The shapes of the site model (src/model/model.ts builds it): sources as the loaders hand them
 * over, published entries, facets, listing pages and every HTML page.
 */
import type { CaseStudyData } from '../schemas/case-study.ts';
import type { ClientData } from '../schemas/client.ts';
import type { CollectionData, CollectionName, EntryKind } from '../schemas/collections.ts';
import type { Company } from '../schemas/company.ts';
import type { CompanyTranslation } from '../schemas/company-translation.ts';
import type { Strings } from '../schemas/strings.ts';
import type { LanguageList } from '../site/languages.ts';
import type { LocalRoutes } from '../site/routes.ts';
import type { InsightData } from '../schemas/insight.ts';
import type { PageData } from '../schemas/page.ts';
import type { PersonData } from '../schemas/person.ts';
import type { ServiceData } from '../schemas/service.ts';
import type { ImageAsset, ImageUse } from '../site/images.ts';

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

/** One other language's translated company facts and entries (`content/<code>/`), as loaded. */
export type TranslationSources = { [C in CollectionName]: SourceEntry<CollectionData<C>>[] } & {
  company?: CompanyTranslation;
};

/** The company's facts and each collection's entries (src/schemas/collections.ts), as loaded. */
export type SiteSources = { [C in CollectionName]: SourceEntry<CollectionData<C>>[] } & {
  company: Company;
  /** Every language's translation file (content/strings.yaml, content/<code>/strings.yaml), by language code. */
  strings: Readonly<Record<string, Strings>>;
  /** Each language other than the default: its translated facts and entries, by language code. */
  translations?: Readonly<Record<string, TranslationSources>>;
  /** The text of content/logo.svg, checked (src/model/logo.ts); none when the company has no logo file. */
  logo?: string | undefined;
  /** Files served as they are (from `public/` and generated discovery files), for link checks. */
  staticPaths?: readonly string[];
  /**
   * Where the image files the entries name are read from (src/model/images.ts): the project
   * folder, and the assets already read of them in the same build (the artefact worker gets the
   * page build's). Plain data, so sources can be cloned. Without it, an entry may name no image.
   */
  images?: { root: string; known?: readonly ImageAsset[] };
  /** What reading the sources says without stopping: a line for each strings file that fell back or used older forms. */
  warnings?: readonly string[];
};

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
  /** The body converted to clean Markdown (no title; src/build/page-markdown.ts makes the whole page). */
  bodyMarkdown: string;
  /** The entry's cover image (frontmatter `cover`, or its original's for a translation without one). */
  cover?: ImageUse | undefined;
}

export type { EntryKind, LocalRoutes };
export type Service = Entry<'service', ServiceData> & {
  /** The person its `lead` names (by id): this language's, or the original's where one has no translation. */
  lead?: Person | undefined;
};
/** One of the company's people (content/people/<id>.mdx), at `/team/<id>`. */
export type Person = Entry<'person', PersonData> & {
  /** The office its `office` names, by its name and place in company.yaml's `offices` (the name in this language). */
  office?: { name: string; index: number } | undefined;
  /** Their portrait (frontmatter `photo`, or its original's for a translation without one). */
  photo?: ImageUse | undefined;
  /** Up to two letters of their name, shown where they have no photo: "DR" for Dana Reyes. */
  initials: string;
};
/** What a person did, as the site shows it on their page: newest first. */
export interface PersonWork {
  caseStudies: CaseStudy[];
  insights: Insight[];
  /** The services they lead, in the services' order. */
  services: Service[];
}
/** A client (content/clients/<id>.mdx): no page of its own; case studies name it by id. */
export interface Client {
  kind: 'client';
  slug: string;
  file: string;
  data: ClientData;
  /** Whether it may not be named (its own `anonymous`, or its original's). */
  anonymous: boolean;
  /** How the site names it: `name`, or `anonymousAs` for a client that may not be named. */
  label: string;
  /** Its logo (a named client's only), or its original's for a translation without one. */
  logo?: ImageUse | undefined;
}

export type CaseStudy = Entry<'case-study', CaseStudyData> & {
  /** The client as the page names it: a client of content/clients/ (`client`, by id) or the case study's own `clientName`. */
  client: { name: string; entry?: Client };
  /** The client's logo (frontmatter `clientLogo`, or the client's `logo`, or its original's). */
  clientLogo?: ImageUse | undefined;
  /** The services its `services` names (by id), in that order: this language's, or the original's where one has no translation. */
  services: readonly Service[];
  /** The people its `team` names (by id), in that order. */
  team: readonly Person[];
};
export type Insight = Entry<'insight', InsightData> & {
  /** Who wrote it: a person of content/people/ (`author`, by id), or the `guestAuthor`'s name. */
  author: { name: string; person?: Person | undefined };
};
export type Page = Entry<'page', PageData>;
export type AnyEntry = Service | CaseStudy | Insight | Page | Person;

/** A value of a filter (an industry or a tag) with its URL slug and the entries that carry it. */
export interface Facet<E extends CaseStudy | Insight | Person = CaseStudy | Insight | Person> {
  name: string;
  /** Its address segment, in its own script (slugify): `logistics`, `物流`. The file names of its pages. */
  slug: string;
  count: number;
  /** The filter page, percent-encoded as on the wire: `/case-studies/industry/logistics`, `/case-studies/industry/%E7%89%A9%E6%B5%81`. */
  path: string;
  /** The published entries carrying it, newest first. */
  entries: E[];
  /**
   * The same industry or tag in each language that has it, by language code, itself included
   * (one map shared by all of them): derived from the translations (src/model/counterparts.ts).
   */
  counterparts: ReadonlyMap<string, Facet<E>>;
}

/**
 * One page of a listing (services, case studies, insights, or those of one industry or tag):
 * at most LISTING_PAGE_SIZE entries (src/site/bounds.ts); page 1 is at the listing's path, page
 * n at `<path>/page/<n>`.
 */
export interface ListingPage {
  /** What the listing lists. */
  of: 'services' | 'case-studies' | 'insights' | 'team';
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

/** Every HTML page the site publishes, and where its Markdown sibling is. */
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
  /** The entry shown on the page, for entry pages. */
  entry?: AnyEntry;
  /** For filtered listings: the facet. */
  facet?: Facet;
  /** For listing pages: which page of which listing, and its entries. */
  listing?: ListingPage;
}

/** A page with its Markdown sibling's exact bytes (src/build/page-markdown.ts writes them). */
export type MarkdownPage = SitePage & { markdown: string };

/** Lookups the page templates and generators need per page, made once per model. */
export interface ModelIndex {
  /** Every HTML page by its path. */
  pages: ReadonlyMap<string, SitePage>;
  /** Published services by id (file name), the untranslated originals included in a translation. */
  services: ReadonlyMap<string, Service>;
  /** Industries and tags by name (as written in the frontmatter). */
  industries: ReadonlyMap<string, Facet<CaseStudy>>;
  tags: ReadonlyMap<string, Facet<Insight>>;
  /** Case studies that delivered a service, newest first, by the service's id. */
  caseStudiesOfService: ReadonlyMap<string, CaseStudy[]>;
  /** Published people by id (file name), the untranslated originals included in a translation. */
  people: ReadonlyMap<string, Person>;
  /** The offices people work from, by the office's name in content/company.yaml; and expertise by name (as written). */
  offices: ReadonlyMap<string, Facet<Person>>;
  expertise: ReadonlyMap<string, Facet<Person>>;
  /** What each person did (case studies, insights, services led), by their id. */
  workOf: ReadonlyMap<string, PersonWork>;
}

/** The site's languages and the model of each: shared by every language's model. */
export interface SiteLanguages extends LanguageList {
  /** Each language's model, by code (the default language's is the model the build starts from). */
  models: ReadonlyMap<string, SiteModel>;
}

/** A page in another language: the same page (same path without the language prefix) translated. */
export interface PageAlternate {
  language: string;
  path: string;
  url: string;
}

export interface SiteModel {
  /** The language of this model's pages and texts (a BCP 47 code). */
  language: string;
  /** This language's path prefix: `''` for the default language, `/nl` for Dutch. */
  prefix: string;
  /** This language's translation file (content/strings.yaml or content/<code>/strings.yaml). */
  strings: Strings;
  /** Every language of the site, and its model. */
  languages: SiteLanguages;
  /** The page paths of this language: ROUTES' pages with the language's prefix (`/nl/services`). */
  routes: LocalRoutes;
  /** The company's facts in this language (content/<code>/company.yaml over company.yaml). */
  company: Company;
  /** The company's logo (content/logo.svg), if it has one: the header, /favicon.svg and the icons. */
  logo?: string | undefined;
  /** Published services, by `order` then title. */
  services: Service[];
  /** Published case studies, newest first. */
  caseStudies: CaseStudy[];
  /** Published insights, newest first. */
  insights: Insight[];
  /** Published standalone pages (about, contact, privacy…), by path. */
  pages: Page[];
  /** Published people (this language's, and the default language's where one has no translation), by name. */
  people: Person[];
  /** The offices of published people (in company.yaml's order), and their expertise (by name): the team page's filters. */
  offices: Facet<Person>[];
  expertise: Facet<Person>[];
  /** Published clients (this language's, and the default language's where one has no translation), by label. */
  clients: Client[];
  /** Industries of published case studies, by name. */
  industries: Facet<CaseStudy>[];
  /** Tags of published insights, by name. */
  tags: Facet<Insight>[];
  /** Every HTML page, home first, then listings, entries and filter pages (src/model/site-pages.ts). */
  sitePages: SitePage[];
  /** Lookups by path, title and name. */
  index: ModelIndex;
  /** The home page's picture (company.yaml `image`), with this language's alt text. */
  homeImage?: ImageUse | undefined;
  /** Every image a published page of any language shows, by file (one table for every language): what the build publishes under /_images/. */
  images: ReadonlyMap<string, ImageAsset>;
  /** What the build says about the content without stopping (shared by every language), e.g. an alt text taken from the original. */
  warnings: readonly string[];
}
