/**
 * The Markdown sibling of every HTML page: made from the content (title, the frontmatter facts
 * that matter, the body), never scraped from the page chrome. Links are absolute paths.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import { LISTING_PAGE_SIZE, MAX_FACET_LINKS, SERVICE_CASE_STUDIES } from '../site/bounds.ts';
import type {
  AnyEntry,
  CaseStudy,
  Facet,
  Insight,
  ListingPage,
  Page,
  Service,
  SiteModel,
  SitePage,
} from '../site/model.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl, listingPagePath, markdownPath } from '../site/urls.ts';
import { joinPhrases, md, toMarkdown } from './mdast.ts';

/** How many recent case studies and insights the home page lists. */
export const HOME_RECENT = { caseStudies: 6, insights: 5 } as const;

function page(
  model: SiteModel,
  fields: Omit<SitePage, 'markdownPath' | 'url' | 'markdownUrl' | 'markdown'>,
  blocks: RootContent[],
): SitePage {
  const mdPath = markdownPath(fields.path);
  return {
    ...fields,
    markdownPath: mdPath,
    url: absoluteUrl(model.company.baseUrl, fields.path),
    markdownUrl: absoluteUrl(model.company.baseUrl, mdPath),
    markdown: toMarkdown(blocks),
  };
}

/** Appends an entry's Markdown body (already converted) after the generated head. */
function withBody(head: string, bodyMarkdown: string): string {
  return bodyMarkdown.trim() ? `${head}\n${bodyMarkdown}` : head;
}

function facts(items: [string, PhrasingContent[]][]): RootContent {
  return md.list(items.map(([label, value]) => [md.strong(`${label}:`), md.text(' '), ...value]));
}

function industryLink(model: SiteModel, industry: string): PhrasingContent {
  const facet = model.index.industries.get(industry);
  return facet ? md.link(facet.path, facet.name) : md.text(industry);
}

function tagLinks(model: SiteModel, tags: string[]): PhrasingContent[] {
  return joinPhrases(
    tags.map((tag) => {
      const facet = model.index.tags.get(tag);
      return facet ? md.link(facet.path, facet.name) : md.text(tag);
    }),
    ', ',
  );
}

function serviceLinks(model: SiteModel, names: string[]): PhrasingContent[] {
  return joinPhrases(
    names.map((name) => {
      const service = model.index.services.get(name);
      return service ? md.link(service.path, name) : md.text(name);
    }),
    ', ',
  );
}

function caseStudyItem(study: CaseStudy): (PhrasingContent | string)[] {
  return [
    md.link(study.path, study.data.title),
    ` (${study.data.client}, ${study.data.industry}, ${study.data.date}): ${study.data.summary}`,
  ];
}

function insightItem(insight: Insight): (PhrasingContent | string)[] {
  return [md.link(insight.path, insight.data.title), ` (${insight.data.date}): ${insight.data.summary}`];
}

function serviceItem(service: Service): (PhrasingContent | string)[] {
  return [md.link(service.path, service.data.title), `: ${service.data.summary}`];
}

/** The newest case studies of a service that its page shows (at most SERVICE_CASE_STUDIES), and how many it has in all. */
export function serviceCaseStudies(model: SiteModel, service: Service): { shown: CaseStudy[]; total: number } {
  const all = model.index.caseStudiesOfService.get(service.data.title) ?? [];
  return { shown: all.slice(0, SERVICE_CASE_STUDIES), total: all.length };
}

function servicePage(model: SiteModel, service: Service): SitePage {
  const { shown, total } = serviceCaseStudies(model, service);
  const head = toMarkdown([md.heading(1, service.data.title), md.blockquote(md.paragraph(service.data.summary))]);
  const more =
    total > shown.length
      ? [
          md.paragraph(
            `The ${shown.length} newest of ${total}; all case studies: `,
            md.link(ROUTES.caseStudies, ROUTES.caseStudies),
            '.',
          ),
        ]
      : [];
  const tail = shown.length
    ? `\n${toMarkdown([md.heading(2, 'Case studies'), md.list(shown.map(caseStudyItem)), ...more])}`
    : '';
  return {
    ...page(
      model,
      {
        kind: 'service',
        path: service.path,
        title: service.data.title,
        description: service.data.summary,
        entry: service,
      },
      [],
    ),
    markdown: withBody(head, service.bodyMarkdown) + tail,
  };
}

function caseStudyPage(model: SiteModel, study: CaseStudy): SitePage {
  const { data } = study;
  const blocks: RootContent[] = [
    md.heading(1, data.title),
    md.blockquote(md.paragraph(data.summary)),
    facts([
      ['Client', [md.text(data.client)]],
      ['Industry', [industryLink(model, data.industry)]],
      ['Services', serviceLinks(model, data.services)],
      ['Date', [md.text(data.date)]],
    ]),
  ];
  if (data.outcomes?.length) blocks.push(md.heading(2, 'Outcomes'), md.list(data.outcomes.map((line) => [line])));
  let markdown = withBody(toMarkdown(blocks), study.bodyMarkdown);
  if (data.quote) {
    const attribution = `— ${data.quote.author}${data.quote.role ? `, ${data.quote.role}` : ''}`;
    markdown += `\n${toMarkdown([md.blockquote(md.paragraph(data.quote.text), md.paragraph(attribution))])}`;
  }
  return {
    ...page(
      model,
      { kind: 'case-study', path: study.path, title: data.title, description: data.summary, entry: study },
      [],
    ),
    markdown,
  };
}

function insightPage(model: SiteModel, insight: Insight): SitePage {
  const { data } = insight;
  const head = toMarkdown([
    md.heading(1, data.title),
    md.blockquote(md.paragraph(data.summary)),
    facts([
      ['Published', [md.text(data.date)]],
      ['Author', [md.text(data.author)]],
      ['Tags', tagLinks(model, data.tags)],
    ]),
  ]);
  return {
    ...page(
      model,
      { kind: 'insight', path: insight.path, title: data.title, description: data.summary, entry: insight },
      [],
    ),
    markdown: withBody(head, insight.bodyMarkdown),
  };
}

function standalonePage(model: SiteModel, entry: Page): SitePage {
  const head = toMarkdown([md.heading(1, entry.data.title), md.blockquote(md.paragraph(entry.data.description))]);
  return {
    ...page(
      model,
      { kind: 'page', path: entry.path, title: entry.data.title, description: entry.data.description, entry },
      [],
    ),
    markdown: withBody(head, entry.bodyMarkdown),
  };
}

function homePage(model: SiteModel): SitePage {
  const { company } = model;
  const blocks: RootContent[] = [
    md.heading(1, company.name),
    md.blockquote(md.paragraph(company.tagline)),
    md.paragraph(company.description),
  ];
  blocks.push(md.heading(2, md.link(ROUTES.services, 'Services')), md.list(model.services.map(serviceItem)));
  if (model.caseStudies.length) {
    blocks.push(
      md.heading(2, md.link(ROUTES.caseStudies, 'Recent case studies')),
      md.list(model.caseStudies.slice(0, HOME_RECENT.caseStudies).map(caseStudyItem)),
    );
  }
  if (model.insights.length) {
    blocks.push(
      md.heading(2, md.link(ROUTES.insights, 'Recent insights')),
      md.list(model.insights.slice(0, HOME_RECENT.insights).map(insightItem)),
    );
  }
  if (model.pages.length) {
    blocks.push(
      md.heading(2, 'Company'),
      md.list(model.pages.map((entry) => [md.link(entry.path, entry.data.title), `: ${entry.data.description}`])),
    );
  }
  blocks.push(
    md.heading(2, 'For AI agents'),
    md.paragraph(
      'This site has a public MCP server at ',
      md.link(ROUTES.mcp, absoluteUrl(company.baseUrl, ROUTES.mcp)),
      ' (no key needed). Its documentation is at ',
      md.link(ROUTES.mcpDocs, ROUTES.mcpDocs),
      ' and a profile for language models at ',
      md.link(ROUTES.llms, ROUTES.llms),
      '.',
    ),
  );
  return page(model, { kind: 'home', path: ROUTES.home, title: company.name, description: company.tagline }, blocks);
}

/** Lead text of each listing, shared with the HTML listing pages. */
export const LISTING_TEXT = {
  services: (model: SiteModel) => `What ${model.company.name} does for clients.`,
  caseStudies: (model: SiteModel) => `Work ${model.company.name} has delivered, newest first.`,
  insights: (model: SiteModel) => `Articles by ${model.company.name}, newest first.`,
  industry: (facet: Facet) => `Case studies in ${facet.name}, newest first.`,
  tag: (facet: Facet) => `Articles tagged ${facet.name}, newest first.`,
} as const;

/**
 * The filters a listing page shows: every facet while there are at most MAX_FACET_LINKS, else
 * the most used ones (and the current one), by name; `hidden` counts the others.
 */
export function shownFacets<F extends Facet>(facets: readonly F[], current?: Facet): { shown: F[]; hidden: number } {
  if (facets.length <= MAX_FACET_LINKS) return { shown: [...facets], hidden: 0 };
  const mostUsed = new Set(
    [...facets].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en')).slice(0, MAX_FACET_LINKS),
  );
  const shown = facets.filter((facet) => mostUsed.has(facet) || facet.slug === current?.slug);
  return { shown, hidden: facets.length - shown.length };
}

function facetLine(label: string, facets: readonly Facet[], current?: Facet): RootContent {
  const { shown, hidden } = shownFacets(facets, current);
  const links = shown.map((facet) =>
    facet.slug === current?.slug
      ? md.strong(`${facet.name} (${facet.count})`)
      : md.link(facet.path, `${facet.name} (${facet.count})`),
  );
  return md.paragraph(
    md.strong(`${label}:`),
    ' ',
    ...joinPhrases(links, ', '),
    ...(hidden ? [` and ${hidden} less used`] : []),
  );
}

/** "Page 2 of 7 (51-100 of 320): newer, older" with links, for a listing of more than one page. */
function pagerLine(listing: ListingPage): RootContent[] {
  if (listing.pages === 1) return [];
  const parts: (PhrasingContent | string)[] = [
    `Page ${listing.number} of ${listing.pages} (${listing.offset + 1}-${listing.offset + listing.entries.length} of ${listing.total}).`,
  ];
  if (listing.previous) parts.push(' ', md.link(listing.previous, 'Previous page'));
  if (listing.next) parts.push(' ', md.link(listing.next, 'Next page'));
  return [md.paragraph(...parts)];
}

interface ListingSpec {
  of: ListingPage['of'];
  basePath: string;
  title: string;
  description: string;
  entries: AnyEntry[];
  item: (entry: AnyEntry) => (PhrasingContent | string)[];
  /** The filter line above the entries (on every page of the listing). */
  filters?: RootContent;
  facet?: Facet;
  /** A link under the entries, e.g. back to the unfiltered listing. */
  footer?: RootContent;
}

/** The pages of one listing: LISTING_PAGE_SIZE entries each (one page when empty). */
function paginate(model: SiteModel, spec: ListingSpec): SitePage[] {
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
    const title = number === 1 ? spec.title : `${spec.title} (page ${number} of ${pages})`;
    const blocks: RootContent[] = [
      md.heading(1, title),
      md.blockquote(md.paragraph(spec.description)),
      ...(spec.filters ? [spec.filters] : []),
      ...(listing.entries.length ? [md.list(listing.entries.map(spec.item))] : []),
      ...pagerLine(listing),
      ...(spec.footer ? [spec.footer] : []),
    ];
    return page(
      model,
      {
        kind: 'listing',
        path: listingPagePath(spec.basePath, number),
        title,
        description: spec.description,
        listing,
        ...(spec.facet ? { facet: spec.facet } : {}),
      },
      blocks,
    );
  });
}

const asCaseStudy = (entry: AnyEntry) => caseStudyItem(entry as CaseStudy);
const asInsight = (entry: AnyEntry) => insightItem(entry as Insight);

function listingPages(model: SiteModel): SitePage[] {
  const services = paginate(model, {
    of: 'services',
    basePath: ROUTES.services,
    title: 'Services',
    description: LISTING_TEXT.services(model),
    entries: model.services,
    item: (entry) => serviceItem(entry as Service),
  });
  const caseStudies = [
    ...paginate(model, {
      of: 'case-studies',
      basePath: ROUTES.caseStudies,
      title: 'Case studies',
      description: LISTING_TEXT.caseStudies(model),
      entries: model.caseStudies,
      item: asCaseStudy,
      ...(model.industries.length ? { filters: facetLine('Filter by industry', model.industries) } : {}),
    }),
    ...model.industries.flatMap((facet) =>
      paginate(model, {
        of: 'case-studies',
        basePath: facet.path,
        title: `Case studies: ${facet.name}`,
        description: LISTING_TEXT.industry(facet),
        entries: facet.entries,
        item: asCaseStudy,
        filters: facetLine('Filter by industry', model.industries, facet),
        facet,
        footer: md.paragraph(md.link(ROUTES.caseStudies, 'All case studies')),
      }),
    ),
  ];
  const insights = [
    ...paginate(model, {
      of: 'insights',
      basePath: ROUTES.insights,
      title: 'Insights',
      description: LISTING_TEXT.insights(model),
      entries: model.insights,
      item: asInsight,
      ...(model.tags.length ? { filters: facetLine('Filter by tag', model.tags) } : {}),
    }),
    ...model.tags.flatMap((facet) =>
      paginate(model, {
        of: 'insights',
        basePath: facet.path,
        title: `Insights: ${facet.name}`,
        description: LISTING_TEXT.tag(facet),
        entries: facet.entries,
        item: asInsight,
        filters: facetLine('Filter by tag', model.tags, facet),
        facet,
        footer: md.paragraph(md.link(ROUTES.insights, 'All insights')),
      }),
    ),
  ];
  return [...services, ...caseStudies, ...insights];
}

/** Renders every HTML page of the site with its Markdown: home, listings, entries, filter pages. */
export function renderSiteMarkdown(model: SiteModel): SitePage[] {
  return [
    homePage(model),
    ...listingPages(model),
    ...model.services.map((service) => servicePage(model, service)),
    ...model.caseStudies.map((study) => caseStudyPage(model, study)),
    ...model.insights.map((insight) => insightPage(model, insight)),
    ...model.pages.map((entry) => standalonePage(model, entry)),
  ];
}
