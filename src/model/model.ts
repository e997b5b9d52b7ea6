/**
 * The one in-memory model of the site: the published entries of every collection, the company's
 * facts, the facets (industries, tags) and every HTML page (its shapes: types.ts). Every page,
 * listing, discovery file, the search index and the MCP catalog are pure functions of it.
 * Building it also checks what a schema cannot: cross references and internal links.
 */
import type {
  AnyEntry,
  CaseStudy,
  Client,
  Entry,
  EntryKind,
  Facet,
  Insight,
  LocalRoutes,
  ModelIndex,
  Page,
  PageAlternate,
  Person,
  PersonWork,
  Service,
  SiteLanguages,
  SiteModel,
  SitePage,
  SiteSources,
  SourceEntry,
} from './types.ts';
import type { Company } from '../schemas/company.ts';
import type { ImageFieldData } from '../schemas/image.ts';
import type { ImageUse } from '../site/images.ts';
import type { CompanyTranslation } from '../schemas/company-translation.ts';
import type { ClientData } from '../schemas/client.ts';
import { stringsFile, type Strings } from '../schemas/strings.ts';
import {
  languageOfPath,
  languageListOf,
  languagePrefix,
  localizedPath,
  unlocalizedPath,
  type LanguageList,
} from '../site/languages.ts';
import { ContentError, mdxToMarkdown } from '../markdown/mdx-to-markdown.ts';
import { linkCounterparts } from './counterparts.ts';
import { bodyImages, createImageContext, fieldImage, type ImageContext } from './entry-images.ts';
import { createImageReader } from './images.ts';
import { ID_FORM, referenceProblem, referenceTargets, resolveReferences } from './references.ts';
import { sitePagesOf } from './site-pages.ts';
import {
  EXPERTISE_SEGMENT,
  INDUSTRY_SEGMENT,
  LOCAL_ROUTE_KEYS,
  localRoutes,
  OFFICE_SEGMENT,
  PAGE_SEGMENT,
  ROUTES,
  TAG_SEGMENT,
} from '../site/routes.ts';
import {
  absoluteUrl,
  canonicalPath,
  decodedPath,
  facetPath,
  listingPagePath,
  markdownPath,
  slugify,
} from '../site/urls.ts';

const RESERVED_SLUGS: Record<string, readonly string[]> = {
  service: [PAGE_SEGMENT],
  'case-study': [INDUSTRY_SEGMENT, PAGE_SEGMENT],
  insight: [TAG_SEGMENT, PAGE_SEGMENT],
  person: [OFFICE_SEGMENT, EXPERTISE_SEGMENT, PAGE_SEGMENT],
  page: [
    'services',
    'case-studies',
    'insights',
    'team',
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

function pathOf(routes: LocalRoutes, prefix: string, kind: EntryKind, slug: string): string {
  switch (kind) {
    case 'service':
      return `${routes.services}/${slug}`;
    case 'case-study':
      return `${routes.caseStudies}/${slug}`;
    case 'insight':
      return `${routes.insights}/${slug}`;
    case 'page':
      return `${prefix}/${slug}`;
    case 'person':
      return `${routes.team}/${slug}`;
  }
}

/** Up to two letters for a name, shown in place of a photo: its first word's first letter and its last word's ("Dana Reyes" -> "DR"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const first = (word: string | undefined) => (word ? ([...word.replace(/^[^\p{L}]+/u, '')][0] ?? '') : '');
  const letters = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return letters.toLocaleUpperCase();
}

function byName(a: { name: string }, b: { name: string }) {
  return a.name.localeCompare(b.name, 'en');
}

/** Newest first; ties broken by title so the order is stable. */
function byDateDesc(a: { data: { date: string; title: string } }, b: { data: { date: string; title: string } }) {
  return b.data.date.localeCompare(a.data.date) || a.data.title.localeCompare(b.data.title, 'en');
}

/**
 * The facets of `entries` (newest first) by the names `namesOf` gives each, sorted by name. Two
 * names with the same address (slugify) are one facet spelled two ways (they differ only in case,
 * accents, spaces or punctuation: slugify keeps every letter and digit of every script), which
 * the build refuses, naming a file of each spelling; a name with no letter or digit has no address.
 */
function facets<E extends CaseStudy | Insight | Person>(
  entries: E[],
  namesOf: (entry: E) => string[],
  basePath: string,
  segment: string,
  kind: { singular: string; plural: string },
  language: string,
): Facet<E>[] {
  const bySlug = new Map<string, Facet<E>>();
  const firstFile = new Map<string, string>();
  for (const entry of entries) {
    for (const name of new Set(namesOf(entry))) {
      const slug = slugify(name);
      if (!slug)
        throw new ContentError(
          `${entry.file}: the ${kind.singular} "${name}" has no letter or digit to make its address from; write it with at least one.`,
        );
      const existing = bySlug.get(slug);
      if (existing) {
        if (existing.name !== name) {
          throw new ContentError(
            `The ${kind.plural} "${name}" (${entry.file}) and "${existing.name}" (${firstFile.get(slug)}) differ only in spelling, ` +
              `so they would share one page (${decodedPath(existing.path)}); write one of them the same way everywhere.`,
          );
        }
        existing.count += 1;
        existing.entries.push(entry);
      } else {
        const facet: Facet<E> = {
          name,
          slug,
          count: 1,
          path: facetPath(basePath, segment, name),
          entries: [entry],
          counterparts: new Map(),
        };
        (facet.counterparts as Map<string, Facet<E>>).set(language, facet);
        bySlug.set(slug, facet);
        firstFile.set(slug, entry.file);
      }
    }
  }
  return [...bySlug.values()].sort(byName);
}

/** One language's published entries, before they become the language's model. */
interface LanguagePlan {
  language: string;
  prefix: string;
  routes: LocalRoutes;
  company: Company;
  strings: Strings;
  raw: { [K in EntryKind]: SourceEntry<EntryData<K>>[] };
  /** Each published person's office, by their id: its place in company.yaml's `offices` and its name in this language. */
  offices: ReadonlyMap<string, { name: string; index: number }>;
  /** The language's published clients (they have no pages). */
  clients: SourceEntry<ClientData>[];
  /** Every page path the language will publish, for link checks across languages. */
  paths: string[];
}

type EntryData<K extends EntryKind> = K extends 'service'
  ? Service['data']
  : K extends 'case-study'
    ? CaseStudy['data']
    : K extends 'insight'
      ? Insight['data']
      : K extends 'person'
        ? Person['data']
        : Page['data'];

/** The company's facts in a language: its translated texts over the default language's facts. */
export function localizedCompany(company: Company, translation: CompanyTranslation | undefined): Company {
  if (!translation) return company;
  const { offices, followUp, image, registration, ...texts } = translation;
  return {
    ...company,
    ...texts,
    // The register's name in this language; its number is the default language's.
    ...(company.registration ? { registration: { ...company.registration, ...registration } } : {}),
    // The picture is the default language's file; a translation gives its alt text only.
    ...(company.image ? { image: { ...company.image, ...image } } : {}),
    followUp: { ...company.followUp, ...followUp },
    offices: company.offices.map((office, index) => ({ ...office, ...offices?.[index] })),
  };
}

/**
 * Each person's office, by their id: its place in company.yaml's `offices` and its name in this
 * language (`company`). A person names an office as content/company.yaml (`original`) writes
 * it, the same in every language; any other name stops the build with the names there are.
 */
function officesOfPeople(
  people: readonly SourceEntry<Person['data']>[],
  original: Company,
  company: Company,
): Map<string, { name: string; index: number }> {
  const names = original.offices.map((office) => office.name);
  const offices = new Map<string, { name: string; index: number }>();
  for (const person of people) {
    const { office } = person.data;
    if (office === undefined) continue;
    const index = names.indexOf(office);
    if (index < 0)
      throw new ContentError(
        names.length
          ? `${person.file}: \`office\` is "${office}", which is not the name of an office in content/company.yaml. ` +
              `Write one of: ${names.join(', ')} (as written there, in every language), or leave \`office\` out.`
          : `${person.file}: \`office\` is "${office}", but content/company.yaml has no \`offices\`: add the office there, or leave \`office\` out.`,
      );
    offices.set(person.slug, { name: company.offices[index]!.name, index });
  }
  return offices;
}

function planLanguage(sources: SiteSources, list: LanguageList, language: string): LanguagePlan {
  const isDefault = language === list.default;
  const translation = isDefault ? undefined : sources.translations?.[language];
  const strings = sources.strings[language];
  if (!strings)
    throw new ContentError(
      `No translation file for the language "${language}": add ${stringsFile(language, list.default)} (see docs/content.md, "Languages").`,
    );
  // A translation is published with its original: not while the original is a draft, whatever
  // the translation's own `draft` says (a draft must not reach the site through a translation).
  const published = <D extends { draft: boolean }>(
    entries: readonly SourceEntry<D>[] | undefined,
    originals: readonly SourceEntry<{ draft: boolean }>[],
  ) => {
    const draftOriginals = new Set(originals.filter((entry) => entry.data.draft).map((entry) => entry.slug));
    return (entries ?? []).filter((entry) => !entry.data.draft && !(translation && draftOriginals.has(entry.slug)));
  };
  const from = translation ?? sources;
  const raw = {
    service: published(from.services, sources.services),
    'case-study': published(from.caseStudies, sources.caseStudies),
    insight: published(from.insights, sources.insights),
    page: published(from.pages, sources.pages),
    person: published(from.people, sources.people),
  };
  const clients = published(from.clients, sources.clients);
  const prefix = languagePrefix(list, language);
  const routes = localRoutes(prefix);

  for (const [kind, entries] of [...Object.entries(raw), ['client', clients] as const]) {
    for (const entry of entries) {
      if (!ID_FORM.test(entry.slug)) {
        throw new ContentError(
          `${entry.file}: the file name "${entry.slug}" is not a valid URL slug. ` +
            'Rename the file to lowercase words joined by hyphens, e.g. cloud-migration.mdx.',
        );
      }
      if (RESERVED_SLUGS[kind]?.includes(entry.slug) || (kind === 'page' && list.codes.includes(entry.slug))) {
        throw new ContentError(`${entry.file}: "${entry.slug}" is reserved for a site path. Rename the file.`);
      }
    }
  }

  const company = localizedCompany(sources.company, translation?.company);
  const offices = officesOfPeople(raw.person, sources.company, company);

  // The team page exists when the company has people (in its default language).
  const hasTeam = sources.people.some((person) => !person.data.draft);
  const listingPaths = [
    routes.home,
    routes.services,
    routes.caseStudies,
    routes.insights,
    ...(hasTeam ? [routes.team] : []),
  ];
  const entryPaths = (Object.entries(raw) as [EntryKind, SourceEntry<unknown>[]][]).flatMap(([kind, entries]) =>
    entries.map((entry) => pathOf(routes, prefix, kind, entry.slug)),
  );
  const facetPaths = [
    ...raw['case-study'].map((entry) => facetPath(routes.caseStudies, INDUSTRY_SEGMENT, entry.data.industry)),
    ...raw.insight.flatMap((entry) => entry.data.tags.map((tag) => facetPath(routes.insights, TAG_SEGMENT, tag))),
    ...[...offices.values()].map((office) => facetPath(routes.team, OFFICE_SEGMENT, office.name)),
    ...raw.person.flatMap((entry) =>
      entry.data.expertise.map((name) => facetPath(routes.team, EXPERTISE_SEGMENT, name)),
    ),
  ];
  return {
    language,
    prefix,
    routes,
    company,
    strings,
    raw,
    offices,
    clients,
    paths: [...listingPaths, ...entryPaths, ...facetPaths, routes.llms, routes.llmsFull],
  };
}

/**
 * Builds one language's model: sorts, resolves references between entries (references.ts) and
 * checks links (`known`: every path of every language), lists every page (site-pages.ts). Services
 * a translated case study names are this language's or, where a service has no translation, the
 * default language's (`fallback`).
 *
 * Long: one language's model, built in the order its parts depend on one another (entries, pages, facets, index).
 */
function buildLanguageModel(
  plan: LanguagePlan,
  sources: SiteSources,
  languages: SiteLanguages,
  known: ReadonlySet<string>,
  fallback: SiteModel | undefined,
  images: ImageContext,
): SiteModel {
  const { company, raw, routes, prefix, strings, language } = plan;
  const collator = language;
  const untranslatedServices = fallback
    ? fallback.services.filter((service) => !raw.service.some((entry) => entry.slug === service.slug))
    : [];
  const linkExists = (target: string) => known.has(target);
  const imageUrl = (asset: { path: string }) => absoluteUrl(company.baseUrl, asset.path);
  // A translation's images default to its original's (src/model/entry-images.ts).
  const originals = fallback && {
    service: new Map(fallback.services.map((entry) => [entry.slug, entry as AnyEntry])),
    'case-study': new Map(fallback.caseStudies.map((entry) => [entry.slug, entry as AnyEntry])),
    insight: new Map(fallback.insights.map((entry) => [entry.slug, entry as AnyEntry])),
    page: new Map(fallback.pages.map((entry) => [entry.slug, entry as AnyEntry])),
    person: new Map(fallback.people.map((entry) => [entry.slug, entry as AnyEntry])),
  };
  const originalImage = (use: ImageUse | undefined) =>
    fallback && { use, language: fallback.language, languageName: fallback.strings.language.englishName };

  const toEntry = <K extends EntryKind, D extends { cover?: ImageFieldData | undefined; draft: boolean }>(
    kind: K,
    source: SourceEntry<D>,
  ): Entry<K, D> => {
    const path = pathOf(routes, prefix, kind, source.slug);
    const original = originals?.[kind].get(source.slug);
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
        trafficRetentionDays: company.traffic.retentionDays,
        labels: strings.content,
        locale: strings.language.locale,
        images: { resolve: bodyImages(images, source.file), url: imageUrl },
      }),
      cover: fieldImage(images, 'cover', source.data.cover, source.file, originalImage(original?.cover)),
    };
  };

  // The people: this language's, and for references the original's where one has no translation.
  const people = raw.person
    .map((source): Person => {
      const original = originals?.person.get(source.slug) as Person | undefined;
      return {
        ...toEntry('person', source),
        office: plan.offices.get(source.slug),
        photo: fieldImage(images, 'photo', source.data.photo, source.file, originalImage(original?.photo)),
        initials: initialsOf(source.data.name),
      };
    })
    .sort((a, b) => a.data.name.localeCompare(b.data.name, collator));
  const allPeople = [
    ...people,
    ...(fallback?.people ?? []).filter((person) => !people.some((own) => own.slug === person.slug)),
  ];
  const personTargets = referenceTargets(
    'person',
    allPeople,
    fallback?.people ?? [],
    sources.people.filter((entry) => entry.data.draft).map((entry) => entry.slug),
    (person) => person.data.name,
  );
  const leadOf = (source: SourceEntry<Service['data']>) =>
    source.data.lead === undefined
      ? undefined
      : resolveReferences(source.file, 'lead', [source.data.lead], personTargets, images.warnings)[0];

  const services = raw.service
    .map((source): Service => ({ ...toEntry('service', source), lead: leadOf(source) }))
    .sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, collator));
  // The clients: this language's and, untranslated, the original's (a client has no page).
  const originalClients = new Map((fallback?.clients ?? []).map((client) => [client.slug, client]));
  const ownClients = plan.clients.map((source): Client => {
    const { data } = source;
    const original = originalClients.get(source.slug);
    // A client that may not be named (here or in the original) shows no logo, so its file is not
    // published either; a translation names it as it says, else as the original does.
    const anonymous = data.anonymous || original?.data.anonymous === true;
    const logo = anonymous
      ? undefined
      : fieldImage(images, 'logo', data.logo, source.file, originalImage(original?.logo));
    return {
      kind: 'client',
      slug: source.slug,
      file: source.file,
      data,
      anonymous,
      label: anonymous ? (data.anonymousAs ?? original?.data.anonymousAs ?? data.name) : data.name,
      logo,
    };
  });
  const clients = [
    ...ownClients,
    ...[...originalClients.values()].filter((client) => !ownClients.some((own) => own.slug === client.slug)),
  ].sort((a, b) => a.label.localeCompare(b.label, collator));
  const clientTargets = {
    noun: 'client',
    byId: new Map(clients.map((client) => [client.slug, client])),
    byTitle: new Map<string, Client>(),
    drafts: new Set(sources.clients.filter((entry) => entry.data.draft).map((entry) => entry.slug)),
  };
  const clientOf = (source: SourceEntry<CaseStudy['data']>): CaseStudy['client'] => {
    const { client, clientName } = source.data;
    if (client !== undefined && clientName !== undefined)
      throw new ContentError(
        `${source.file}: gives both \`client\` and \`clientName\`: keep \`client\` for a client of content/clients/ (by its id) or \`clientName\` for a client described in words, not both.`,
      );
    if (clientName !== undefined) return { name: clientName };
    if (client === undefined)
      throw new ContentError(
        `${source.file}: \`client\` is required: the id (file name) of a client in content/clients/` +
          `${clients.length ? ` (${clients.map((entry) => entry.slug).join(', ')})` : ''}, ` +
          'or `clientName:` for a client described in words, e.g. `clientName: A regional water authority`.',
      );
    const entry = clientTargets.byId.get(client);
    if (entry) return { name: entry.label, entry };
    // An id that names nothing stops the build; a name (the field's older form) is read as one.
    if (ID_FORM.test(client)) throw new ContentError(referenceProblem(source.file, 'client', client, clientTargets));
    images.warnings.push(
      `${source.file}: \`client\` "${client}" is a name, not the id of a client in content/clients/: ` +
        `add the client there and write its id, or write \`clientName: ${client}\` for a client described in words.`,
    );
    return { name: client };
  };

  // The services a case study may name: this language's and, untranslated, the original's.
  const allServices = [...services, ...untranslatedServices];
  const serviceTargets = referenceTargets(
    'service',
    allServices,
    fallback?.services ?? [],
    sources.services.filter((entry) => entry.data.draft).map((entry) => entry.slug),
    (service) => service.data.title,
  );
  const caseStudies = raw['case-study']
    .map((source): CaseStudy => {
      const original = originals?.['case-study'].get(source.slug) as CaseStudy | undefined;
      const client = clientOf(source);
      return {
        ...toEntry('case-study', source),
        client,
        services: resolveReferences(source.file, 'services', source.data.services, serviceTargets, images.warnings),
        team: resolveReferences(source.file, 'team', source.data.team ?? [], personTargets, images.warnings),
        // The case study's own logo, else its client's (a named client's, with its alt text).
        clientLogo:
          source.data.clientLogo || !client.entry?.logo
            ? fieldImage(images, 'clientLogo', source.data.clientLogo, source.file, originalImage(original?.clientLogo))
            : client.entry.logo,
      };
    })
    .sort(byDateDesc);
  const authorOf = (source: SourceEntry<Insight['data']>): Insight['author'] => {
    const { author, guestAuthor } = source.data;
    if (author !== undefined && guestAuthor !== undefined)
      throw new ContentError(
        `${source.file}: gives both \`author\` and \`guestAuthor\`: keep \`author\` for one of content/people/ (by their id) or \`guestAuthor\` for someone who is not, not both.`,
      );
    if (guestAuthor !== undefined) return { name: guestAuthor };
    if (author === undefined)
      throw new ContentError(
        `${source.file}: \`author\` is required: the id (file name) of a person in content/people/, ` +
          'or `guestAuthor:` with the name of an author who is not one of them, e.g. `guestAuthor: Priya Natarajan`.',
      );
    // An id that names nothing stops the build; a person's name is read as them, any other name
    // as a guest's (the field's older form), each with a warning.
    if (ID_FORM.test(author) || personTargets.byTitle.has(author)) {
      const [person] = resolveReferences(source.file, 'author', [author], personTargets, images.warnings);
      return { name: person!.data.name, person };
    }
    images.warnings.push(
      `${source.file}: \`author\` "${author}" is a name, not the id of a person in content/people/: ` +
        `add them there and write their id, or write \`guestAuthor: ${author}\` for an author who is not one of your people.`,
    );
    return { name: author };
  };
  const insights = raw.insight
    .map((source): Insight => ({ ...toEntry('insight', source), author: authorOf(source) }))
    .sort(byDateDesc);
  const pages = raw.page.map((source) => toEntry('page', source)).sort((a, b) => a.path.localeCompare(b.path));

  const industries = facets(
    caseStudies,
    (study) => [study.data.industry],
    routes.caseStudies,
    INDUSTRY_SEGMENT,
    { singular: 'industry', plural: 'industries' },
    language,
  );
  const tags = facets(
    insights,
    (insight) => insight.data.tags,
    routes.insights,
    TAG_SEGMENT,
    { singular: 'tag', plural: 'tags' },
    language,
  );
  const offices = facets(
    people,
    (person) => (person.office ? [person.office.name] : []),
    routes.team,
    OFFICE_SEGMENT,
    { singular: 'office', plural: 'offices' },
    language,
  ).sort((a, b) => (a.entries[0]!.office?.index ?? 0) - (b.entries[0]!.office?.index ?? 0));
  const expertise = facets(
    people,
    (person) => person.data.expertise,
    routes.team,
    EXPERTISE_SEGMENT,
    { singular: 'expertise', plural: 'expertise' },
    language,
  );
  const workOf = new Map<string, PersonWork>(
    allPeople.map((person) => [person.slug, { caseStudies: [], insights: [], services: [] }]),
  );
  for (const study of caseStudies) for (const person of study.team) workOf.get(person.slug)?.caseStudies.push(study);
  for (const insight of insights)
    if (insight.author.person) workOf.get(insight.author.person.slug)?.insights.push(insight);
  for (const service of services) if (service.lead) workOf.get(service.lead.slug)?.services.push(service);

  const caseStudiesOfService = new Map<string, CaseStudy[]>(allServices.map((service) => [service.slug, []]));
  for (const study of caseStudies)
    for (const service of study.services) caseStudiesOfService.get(service.slug)?.push(study);

  const index: ModelIndex = {
    pages: new Map(),
    services: new Map(allServices.map((service) => [service.slug, service])),
    industries: new Map(industries.map((facet) => [facet.name, facet])),
    tags: new Map(tags.map((facet) => [facet.name, facet])),
    caseStudiesOfService,
    people: new Map(allPeople.map((person) => [person.slug, person])),
    offices: new Map(offices.map((facet) => [facet.name, facet])),
    expertise: new Map(expertise.map((facet) => [facet.name, facet])),
    workOf,
  };
  const logo = sources.logo;
  const companyFile = fallback ? `content/${language}/company.yaml` : 'content/company.yaml';
  const homeImage = fallback
    ? fieldImage(
        images,
        'image',
        sources.translations?.[language]?.company?.image,
        companyFile,
        originalImage(fallback.homeImage),
      )
    : fieldImage(images, 'image', sources.company.image, companyFile);
  const base = {
    language,
    prefix,
    strings,
    languages,
    routes,
    company,
    logo,
    homeImage,
    images: images.registry,
    warnings: images.warnings,
  };
  const content = { services, caseStudies, insights, pages, people, clients, industries, tags, offices, expertise };
  const sitePages = sitePagesOf({ ...base, ...content, index });
  index.pages = new Map(sitePages.map((page) => [page.path, page]));
  return { ...base, ...content, sitePages, index };
}

/**
 * Builds the model of every language from validated sources: drops drafts, sorts, checks slugs,
 * cross references and links, and lists every page (site-pages.ts). Returns the default
 * language's model; `model.languages.models` holds every language's. Throws ContentError with a
 * fix on any problem.
 */
export function buildSiteModel(sources: SiteSources): SiteModel {
  const list = languageListOf(sources.company);
  const models = new Map<string, SiteModel>();
  const languages: SiteLanguages = { ...list, models };
  const plans = list.codes.map((code) => planLanguage(sources, list, code));
  const images = createImageContext(
    sources.images && createImageReader(sources.images.root, sources.images.known),
    list.codes,
  );
  images.warnings.push(...(sources.warnings ?? []));
  // Every path a content link may point to: every language's pages, their Markdown siblings, the
  // site's fixed files and static files. A page's route (/about, /contact) only when it is published.
  const pagePaths = plans.flatMap((plan) => plan.paths);
  const pageRoutes = new Set<string>(LOCAL_ROUTE_KEYS.map((key) => ROUTES[key]));
  const known = new Set<string>([
    ...pagePaths,
    ...pagePaths.map(markdownPath),
    ...Object.values(ROUTES).filter((path) => !pageRoutes.has(path)),
    ...(sources.staticPaths ?? []),
  ]);
  for (const plan of plans)
    models.set(plan.language, buildLanguageModel(plan, sources, languages, known, models.get(list.default), images));
  linkCounterparts(models, list.default);
  return models.get(list.default)!;
}

/** The model of `language` (the default language's when the site does not publish it). */
export function modelOfLanguage(model: SiteModel, language: string | undefined): SiteModel {
  return (language && model.languages.models.get(language)) || model.languages.models.get(model.languages.default)!;
}

/**
 * The same page in every language that has it, the page's own language included, in the site's
 * language order: the page at the same path under each language's prefix, and for an industry or
 * tag page the same page of its counterpart in each language (Facet.counterparts), whatever
 * each is called there (`/nl/case-studies/industry/zorg` for `/case-studies/industry/healthcare`).
 */
export function pageAlternates(model: SiteModel, page: Pick<SitePage, 'path'>): PageAlternate[] {
  const { languages } = model;
  const own = modelOfLanguage(model, languageOfPath(languages, page.path)).index.pages.get(page.path);
  const found = (code: string, other: SitePage | undefined) =>
    other ? [{ language: code, path: other.path, url: other.url }] : [];
  if (own?.facet) {
    const number = own.listing?.number ?? 1;
    return languages.codes.flatMap((code) => {
      const counterpart = own.facet!.counterparts.get(code);
      return found(
        code,
        counterpart && languages.models.get(code)?.index.pages.get(listingPagePath(counterpart.path, number)),
      );
    });
  }
  const path = unlocalizedPath(languages, page.path);
  return languages.codes.flatMap((code) =>
    found(code, languages.models.get(code)?.index.pages.get(localizedPath(languages, code, path))),
  );
}

/**
 * The version `x-default` names among a page's `alternates`: the default language's, or the
 * first where the default language has none (a translated industry no English case study has),
 * so the HTML, the sitemap and the `Link` header name one for every page.
 */
export function defaultAlternate(model: SiteModel, alternates: readonly PageAlternate[]): PageAlternate | undefined {
  return alternates.find((alternate) => alternate.language === model.languages.default) ?? alternates[0];
}

/**
 * Finds a published page by its path (`/`, `/services/x`, `/nl/services/x`), written any way
 * canonicalPath reads, in whichever language the path names.
 */
export function findSitePage(model: SiteModel, path: string): SitePage | undefined {
  const canonical = canonicalPath(path);
  return modelOfLanguage(model, languageOfPath(model.languages, canonical)).index.pages.get(canonical);
}

export { ContentError };

export type * from './types.ts';
