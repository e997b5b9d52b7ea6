/**
 * The Markdown sibling of every HTML page: made from the content (title, the frontmatter facts
 * that matter, the body), never scraped from the page chrome. Links are absolute paths. Which
 * pages exist, and which entries and filters each shows, is the model's (src/model/site-pages.ts);
 * this module only writes them as Markdown, every label in the page's language (its strings:
 * `pages`, shared with the HTML pages, `listings`, and `markdown` for the sentences only the
 * Markdown says).
 */
import type { PhrasingContent, RootContent } from 'mdast';
import type {
  CaseStudy,
  Facet,
  Insight,
  ListingPage,
  MarkdownPage,
  Page,
  Person,
  Service,
  SiteModel,
  SitePage,
} from '../model/types.ts';
import { listingNote } from '../model/listing-note.ts';
import { legalLines } from '../model/legal.ts';
import { contactPlaces } from '../model/offices.ts';
import { clientWall, HOME_RECENT, serviceCaseStudies, shownFacets } from '../model/site-pages.ts';
import { languageNameIn } from '../model/listing-note.ts';
import { fill } from '../site/languages.ts';
import { plural } from '../site/plural.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import type { ImageUse } from '../site/images.ts';
import { fillPhrasing } from '../markdown/fill-phrasing.ts';
import { joinPhrases, md, toMarkdown } from '../markdown/mdast.ts';

/** An image as its page shows it, as a paragraph of Markdown: `![alt](absolute URL of the original)`; nothing without one. */
function picture(model: SiteModel, image: ImageUse | undefined): RootContent[] {
  return image ? [md.paragraph(md.image(absoluteUrl(model.company.baseUrl, image.asset.path), image.alt))] : [];
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

function serviceLinks(services: readonly Service[]): PhrasingContent[] {
  return joinPhrases(
    services.map((service) => md.link(service.path, service.data.title)),
    ', ',
  );
}

function caseStudyItem(study: CaseStudy): (PhrasingContent | string)[] {
  return [
    md.link(study.path, study.data.title),
    ` (${study.client.name}, ${study.data.industry}, ${study.data.date}): ${study.data.summary}`,
  ];
}

function insightItem(insight: Insight): (PhrasingContent | string)[] {
  return [md.link(insight.path, insight.data.title), ` (${insight.data.date}): ${insight.data.summary}`];
}

function serviceItem(service: Service): (PhrasingContent | string)[] {
  return [md.link(service.path, service.data.title), `: ${service.data.summary}`];
}

function personItem(person: Person): (PhrasingContent | string)[] {
  return [md.link(person.path, person.data.name), `: ${personLine(person)}`];
}

/** "Principal engineer, Lisbon (Kubernetes, Terraform)". */
function personLine(person: Person): string {
  return `${[person.data.role, person.office?.name].filter(Boolean).join(', ')} (${person.data.expertise.join(', ')})`;
}

/** Links to people's pages, separated by commas: a case study's team. */
function personLinks(people: readonly Person[]): PhrasingContent[] {
  return joinPhrases(
    people.map((person) => md.link(person.path, person.data.name)),
    ', ',
  );
}

function facetLinks(model: SiteModel, names: readonly string[], of: 'offices' | 'expertise'): PhrasingContent[] {
  return joinPhrases(
    names.map((name) => {
      const facet = model.index[of].get(name);
      return facet ? md.link(facet.path, facet.name) : md.text(name);
    }),
    ', ',
  );
}

function personMarkdown(model: SiteModel, person: Person): string {
  const { data } = person;
  const { team } = model.strings;
  const work = model.index.workOf.get(person.slug);
  const { locale } = model.strings.language;
  const items: [string, PhrasingContent[]][] = [[team.role, [md.text(data.role)]]];
  if (person.office) items.push([team.office, facetLinks(model, [person.office.name], 'offices')]);
  items.push([team.expertise, facetLinks(model, data.expertise, 'expertise')]);
  if (data.languages?.length)
    items.push([team.languages, [md.text(data.languages.map((code) => languageNameIn(locale, code)).join(', '))]]);
  if (data.email) items.push([team.email, [md.link(`mailto:${data.email}`, data.email)]]);
  if (data.links?.length)
    items.push([
      team.links,
      joinPhrases(
        data.links.map((link) => md.link(link.url, link.label)),
        ', ',
      ),
    ]);
  const head = toMarkdown([md.heading(1, data.name), ...picture(model, person.photo), facts(items)]);
  const sections: RootContent[] = [];
  if (work?.services.length) sections.push(md.heading(2, team.leads), md.list(work.services.map(serviceItem)));
  if (work?.caseStudies.length)
    sections.push(md.heading(2, team.workedOn), md.list(work.caseStudies.map(caseStudyItem)));
  if (work?.insights.length) sections.push(md.heading(2, team.wrote), md.list(work.insights.map(insightItem)));
  const markdown = withBody(head, person.bodyMarkdown);
  return sections.length ? `${markdown}\n${toMarkdown(sections)}` : markdown;
}

function serviceMarkdown(model: SiteModel, service: Service): string {
  const { shown, total } = serviceCaseStudies(model, service);
  const { strings } = model;
  const head = toMarkdown([
    md.heading(1, service.data.title),
    md.blockquote(md.paragraph(service.data.summary)),
    ...picture(model, service.cover),
    ...(service.lead ? [facts([[strings.team.serviceLead, personLinks([service.lead])]])] : []),
  ]);
  const more =
    total > shown.length
      ? [
          md.paragraph(
            ...fillPhrasing(strings.markdown.allCaseStudiesLine, {
              newest: fill(plural(strings.pages.newestOf, shown.length, strings.language.locale), {
                shown: shown.length,
                total,
              }),
              link: md.link(model.routes.caseStudies, model.routes.caseStudies),
            }),
          ),
        ]
      : [];
  const tail = shown.length
    ? `\n${toMarkdown([md.heading(2, strings.listings.caseStudies), md.list(shown.map(caseStudyItem)), ...more])}`
    : '';
  return withBody(head, service.bodyMarkdown) + tail;
}

function caseStudyMarkdown(model: SiteModel, study: CaseStudy): string {
  const { data } = study;
  const label = model.strings.pages;
  const blocks: RootContent[] = [
    md.heading(1, data.title),
    md.blockquote(md.paragraph(data.summary)),
    ...picture(model, study.cover),
    facts([
      [label.client, [md.text(study.client.name)]],
      [label.industry, [industryLink(model, data.industry)]],
      [label.services, serviceLinks(study.services)],
      ...(study.team.length
        ? [[model.strings.team.title, personLinks(study.team)] as [string, PhrasingContent[]]]
        : []),
      [label.date, [md.text(data.date)]],
    ]),
    ...picture(model, study.clientLogo),
  ];
  if (data.outcomes?.length) blocks.push(md.heading(2, label.outcomes), md.list(data.outcomes.map((line) => [line])));
  let markdown = withBody(toMarkdown(blocks), study.bodyMarkdown);
  if (data.quote) {
    const attribution = `— ${data.quote.author}${data.quote.role ? `, ${data.quote.role}` : ''}`;
    markdown += `\n${toMarkdown([md.blockquote(md.paragraph(data.quote.text), md.paragraph(attribution))])}`;
  }
  return markdown;
}

function insightMarkdown(model: SiteModel, insight: Insight): string {
  const { data } = insight;
  const label = model.strings.pages;
  const head = toMarkdown([
    md.heading(1, data.title),
    md.blockquote(md.paragraph(data.summary)),
    ...picture(model, insight.cover),
    facts([
      [label.published, [md.text(data.date)]],
      [
        label.author,
        [
          insight.author.person
            ? md.link(insight.author.person.path, insight.author.name)
            : md.text(insight.author.name),
        ],
      ],
      [label.tags, tagLinks(model, data.tags)],
    ]),
  ]);
  return withBody(head, insight.bodyMarkdown);
}

/**
 * The contact page's card, as its HTML page shows it beside the body: the e-mail address, its
 * places (offices/contactPlaces) and its profiles elsewhere; all from company.yaml, so the
 * Markdown has them too.
 */
function contactDetails(model: SiteModel): RootContent[] {
  const { company } = model;
  const items: PhrasingContent[][] = [[md.link(`mailto:${company.contactEmail}`, company.contactEmail)]];
  for (const { name, address } of contactPlaces(company))
    items.push(name ? [md.strong(name), md.text(`: ${address}`)] : [md.text(address)]);
  if (company.social.length)
    items.push(
      joinPhrases(
        company.social.map((profile) => md.link(profile.url, profile.name)),
        ' · ',
      ),
    );
  return [md.heading(2, model.strings.site.contactDetails), md.list(items)];
}

/** The legal notice's card, as its HTML page shows it beside the body (src/model/legal.ts). */
function legalDetails(model: SiteModel): RootContent[] {
  const items = legalLines(model.company, model.strings).map((line): PhrasingContent[] => [
    md.strong(line.label),
    md.text(': '),
    line.href ? md.link(line.href, line.text) : md.text(line.text),
  ]);
  return [md.heading(2, model.strings.site.legalDetails), md.list(items)];
}

function standaloneMarkdown(model: SiteModel, entry: Page): string {
  const head = toMarkdown([
    md.heading(1, entry.data.title),
    md.blockquote(md.paragraph(entry.data.description)),
    ...picture(model, entry.cover),
    ...(entry.path === model.routes.contact ? contactDetails(model) : []),
    ...(entry.path === model.routes.legalNotice ? legalDetails(model) : []),
  ]);
  return withBody(head, entry.bodyMarkdown);
}

function homeMarkdown(model: SiteModel): string {
  const { company, strings } = model;
  const label = strings.pages;
  const blocks: RootContent[] = [
    md.heading(1, company.name),
    md.blockquote(md.paragraph(company.tagline)),
    md.paragraph(company.description),
    ...picture(model, model.homeImage),
  ];
  blocks.push(
    md.heading(2, md.link(model.routes.services, strings.listings.services)),
    md.list(model.services.map(serviceItem)),
  );
  if (model.caseStudies.length) {
    blocks.push(
      md.heading(2, md.link(model.routes.caseStudies, label.recentCaseStudies)),
      md.list(model.caseStudies.slice(0, HOME_RECENT.caseStudies).map(caseStudyItem)),
    );
  }
  const clients = clientWall(model);
  if (clients.length) {
    blocks.push(
      md.heading(2, label.clients),
      md.list(clients.map(({ client, href }) => [href ? md.link(href, client.label) : md.text(client.label)])),
    );
  }
  if (model.insights.length) {
    blocks.push(
      md.heading(2, md.link(model.routes.insights, label.recentInsights)),
      md.list(model.insights.slice(0, HOME_RECENT.insights).map(insightItem)),
    );
  }
  if (model.pages.length) {
    blocks.push(
      md.heading(2, label.company),
      md.list(model.pages.map((entry) => [md.link(entry.path, entry.data.title), `: ${entry.data.description}`])),
    );
  }
  blocks.push(
    md.heading(2, label.forAgents),
    md.paragraph(
      ...fillPhrasing(strings.markdown.forAgentsText, {
        mcp: md.link(ROUTES.mcp, absoluteUrl(company.baseUrl, ROUTES.mcp)),
        docs: md.link(ROUTES.mcpDocs, ROUTES.mcpDocs),
        llms: md.link(model.routes.llms, model.routes.llms),
      }),
    ),
  );
  return toMarkdown(blocks);
}

function facetLine(model: SiteModel, label: string, facets: readonly Facet[], current?: Facet): RootContent {
  const { shown, hidden } = shownFacets(facets, current);
  const links = shown.map((facet) =>
    facet.path === current?.path
      ? md.strong(`${facet.name} (${facet.count})`)
      : md.link(facet.path, `${facet.name} (${facet.count})`),
  );
  return md.paragraph(
    md.strong(`${label}:`),
    ' ',
    ...joinPhrases(links, ', '),
    ...(hidden
      ? [` ${fill(plural(model.strings.markdown.lessUsed, hidden, model.strings.language.locale), { count: hidden })}`]
      : []),
  );
}

/** "Page 2 of 7 (51-100 of 320): newer, older" with links, for a listing of more than one page. */
function pagerLine(model: SiteModel, listing: ListingPage): RootContent[] {
  if (listing.pages === 1) return [];
  const label = model.strings.pages;
  const parts: (PhrasingContent | string)[] = [
    fill(model.strings.markdown.pagePosition, {
      number: listing.number,
      pages: listing.pages,
      first: listing.offset + 1,
      last: listing.offset + listing.entries.length,
      total: listing.total,
    }),
  ];
  if (listing.previous) parts.push(' ', md.link(listing.previous, label.previousPage));
  if (listing.next) parts.push(' ', md.link(listing.next, label.nextPage));
  return [md.paragraph(...parts)];
}

/** What each kind of listing lists, filters by and links back to from a filter page. */
const LISTING_KINDS = {
  services: {
    item: (entry) => serviceItem(entry as Service),
  },
  'case-studies': {
    item: (entry) => caseStudyItem(entry as CaseStudy),
    filters: [{ label: (model) => model.strings.pages.filterByIndustry, facets: (model) => model.industries }],
    all: (model: SiteModel) => [model.routes.caseStudies, model.strings.pages.allCaseStudies] as const,
  },
  insights: {
    item: (entry) => insightItem(entry as Insight),
    filters: [{ label: (model) => model.strings.pages.filterByTag, facets: (model) => model.tags }],
    all: (model: SiteModel) => [model.routes.insights, model.strings.pages.allInsights] as const,
  },
  team: {
    item: (entry) => personItem(entry as Person),
    filters: [
      { label: (model) => model.strings.team.filterByOffice, facets: (model) => model.offices },
      { label: (model) => model.strings.team.filterByExpertise, facets: (model) => model.expertise },
    ],
    all: (model: SiteModel) => [model.routes.team, model.strings.team.allPeople] as const,
  },
} satisfies Record<
  ListingPage['of'],
  {
    item: (entry: ListingPage['entries'][number]) => (PhrasingContent | string)[];
    filters?: { label: (model: SiteModel) => string; facets: (model: SiteModel) => readonly Facet[] }[];
    all?: (model: SiteModel) => readonly [string, string];
  }
>;

const allLink = ([path, label]: readonly [string, string]) => md.paragraph(md.link(path, label));

/** The note that the default language has more of this listing (src/model/listing-note.ts), as a linked line. */
function moreInDefaultLanguage(model: SiteModel, page: SitePage): RootContent[] {
  const note = listingNote(model, page);
  return note ? [md.paragraph(md.link(note.href, note.text))] : [];
}

function listingMarkdown(model: SiteModel, page: SitePage, listing: ListingPage): string {
  const kind: (typeof LISTING_KINDS)[keyof typeof LISTING_KINDS] = LISTING_KINDS[listing.of];
  const filters = ('filters' in kind ? kind.filters : []).flatMap((filter) => {
    const facets = filter.facets(model);
    return facets.length ? [facetLine(model, filter.label(model), facets, page.facet)] : [];
  });
  const blocks: RootContent[] = [
    md.heading(1, page.title),
    md.blockquote(md.paragraph(page.description)),
    ...filters,
    ...(listing.entries.length ? [md.list(listing.entries.map(kind.item))] : []),
    ...pagerLine(model, listing),
    ...('all' in kind && page.facet ? [allLink(kind.all(model))] : []),
    ...moreInDefaultLanguage(model, page),
  ];
  return toMarkdown(blocks);
}

/** The Markdown of one page of the site: exactly the bytes of its sibling file. */
export function pageMarkdown(model: SiteModel, page: SitePage): string {
  if (page.listing) return listingMarkdown(model, page, page.listing);
  const { entry } = page;
  switch (entry?.kind) {
    case undefined:
      return homeMarkdown(model);
    case 'service':
      return serviceMarkdown(model, entry);
    case 'case-study':
      return caseStudyMarkdown(model, entry);
    case 'insight':
      return insightMarkdown(model, entry);
    case 'page':
      return standaloneMarkdown(model, entry);
    case 'person':
      return personMarkdown(model, entry);
  }
}

/** Every page of the site with its Markdown, in the model's order. */
export function markdownPages(model: SiteModel): MarkdownPage[] {
  return model.sitePages.map((page) => ({ ...page, markdown: pageMarkdown(model, page) }));
}
