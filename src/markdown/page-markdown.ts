/**
 * The Markdown sibling of every HTML page: made from the content (title, the frontmatter facts
 * that matter, the body), never scraped from the page chrome. Links are absolute paths.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import type { CaseStudy, Facet, Insight, Page, Service, SiteModel, SitePage } from '../site/model.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl, markdownPath, slugify } from '../site/urls.ts';
import { joinPhrases, md, toMarkdown } from './mdast.ts';

/** How many recent case studies and insights the home page lists. */
export const HOME_RECENT = { caseStudies: 6, insights: 5 } as const;

function page(model: SiteModel, fields: Omit<SitePage, 'markdownPath' | 'url' | 'markdownUrl' | 'markdown'>, blocks: RootContent[]): SitePage {
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
  const facet = model.industries.find((item) => item.slug === slugify(industry));
  return facet ? md.link(facet.path, facet.name) : md.text(industry);
}

function tagLinks(model: SiteModel, tags: string[]): PhrasingContent[] {
  return joinPhrases(
    tags.map((tag) => {
      const facet = model.tags.find((item) => item.slug === slugify(tag));
      return facet ? md.link(facet.path, facet.name) : md.text(tag);
    }),
    ', ',
  );
}

function serviceLinks(model: SiteModel, names: string[]): PhrasingContent[] {
  return joinPhrases(
    names.map((name) => {
      const service = model.services.find((item) => item.data.title === name);
      return service ? md.link(service.path, name) : md.text(name);
    }),
    ', ',
  );
}

function caseStudyItem(study: CaseStudy): (PhrasingContent | string)[] {
  return [md.link(study.path, study.data.title), ` (${study.data.client}, ${study.data.industry}, ${study.data.date}): ${study.data.summary}`];
}

function insightItem(insight: Insight): (PhrasingContent | string)[] {
  return [md.link(insight.path, insight.data.title), ` (${insight.data.date}): ${insight.data.summary}`];
}

function serviceItem(service: Service): (PhrasingContent | string)[] {
  return [md.link(service.path, service.data.title), `: ${service.data.summary}`];
}

function servicePage(model: SiteModel, service: Service): SitePage {
  const related = model.caseStudies.filter((study) => study.data.services.includes(service.data.title));
  const head = toMarkdown([md.heading(1, service.data.title), md.blockquote(md.paragraph(service.data.summary))]);
  const tail = related.length ? `\n${toMarkdown([md.heading(2, 'Case studies'), md.list(related.map(caseStudyItem))])}` : '';
  return {
    ...page(model, { kind: 'service', path: service.path, title: service.data.title, description: service.data.summary, entry: service }, []),
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
  return { ...page(model, { kind: 'case-study', path: study.path, title: data.title, description: data.summary, entry: study }, []), markdown };
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
    ...page(model, { kind: 'insight', path: insight.path, title: data.title, description: data.summary, entry: insight }, []),
    markdown: withBody(head, insight.bodyMarkdown),
  };
}

function standalonePage(model: SiteModel, entry: Page): SitePage {
  const head = toMarkdown([md.heading(1, entry.data.title), md.blockquote(md.paragraph(entry.data.description))]);
  return {
    ...page(model, { kind: 'page', path: entry.path, title: entry.data.title, description: entry.data.description, entry }, []),
    markdown: withBody(head, entry.bodyMarkdown),
  };
}

function homePage(model: SiteModel): SitePage {
  const { company } = model;
  const blocks: RootContent[] = [md.heading(1, company.name), md.blockquote(md.paragraph(company.tagline)), md.paragraph(company.description)];
  blocks.push(md.heading(2, md.link(ROUTES.services, 'Services')), md.list(model.services.map(serviceItem)));
  if (model.caseStudies.length) {
    blocks.push(md.heading(2, md.link(ROUTES.caseStudies, 'Recent case studies')), md.list(model.caseStudies.slice(0, HOME_RECENT.caseStudies).map(caseStudyItem)));
  }
  if (model.insights.length) {
    blocks.push(md.heading(2, md.link(ROUTES.insights, 'Recent insights')), md.list(model.insights.slice(0, HOME_RECENT.insights).map(insightItem)));
  }
  if (model.pages.length) {
    blocks.push(md.heading(2, 'Company'), md.list(model.pages.map((entry) => [md.link(entry.path, entry.data.title), `: ${entry.data.description}`])));
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
  insights: (model: SiteModel) => `Articles by ${model.company.name}'s engineers, newest first.`,
  industry: (facet: Facet) => `Case studies in ${facet.name}, newest first.`,
  tag: (facet: Facet) => `Articles tagged ${facet.name}, newest first.`,
} as const;

function facetLine(label: string, facets: Facet[], current?: Facet): RootContent {
  return md.paragraph(
    md.strong(`${label}:`),
    ' ',
    ...joinPhrases(
      facets.map((facet) => (facet.slug === current?.slug ? md.strong(`${facet.name} (${facet.count})`) : md.link(facet.path, `${facet.name} (${facet.count})`))),
      ', ',
    ),
  );
}

function listingPages(model: SiteModel): SitePage[] {
  const pages: SitePage[] = [];
  const listing = (path: string, title: string, description: string, blocks: RootContent[], facet?: Facet) =>
    pages.push(page(model, { kind: 'listing', path, title, description, ...(facet ? { facet } : {}) }, [md.heading(1, title), md.blockquote(md.paragraph(description)), ...blocks]));

  listing(ROUTES.services, 'Services', LISTING_TEXT.services(model), [md.list(model.services.map(serviceItem))]);

  const studyFilters = model.industries.length ? [facetLine('Filter by industry', model.industries)] : [];
  listing(ROUTES.caseStudies, 'Case studies', LISTING_TEXT.caseStudies(model), [...studyFilters, md.list(model.caseStudies.map(caseStudyItem))]);
  for (const facet of model.industries) {
    const studies = model.caseStudies.filter((study) => slugify(study.data.industry) === facet.slug);
    listing(facet.path, `Case studies: ${facet.name}`, LISTING_TEXT.industry(facet), [facetLine('Filter by industry', model.industries, facet), md.list(studies.map(caseStudyItem)), md.paragraph(md.link(ROUTES.caseStudies, 'All case studies'))], facet);
  }

  const tagFilters = model.tags.length ? [facetLine('Filter by tag', model.tags)] : [];
  listing(ROUTES.insights, 'Insights', LISTING_TEXT.insights(model), [...tagFilters, md.list(model.insights.map(insightItem))]);
  for (const facet of model.tags) {
    const insights = model.insights.filter((insight) => insight.data.tags.some((tag) => slugify(tag) === facet.slug));
    listing(facet.path, `Insights: ${facet.name}`, LISTING_TEXT.tag(facet), [facetLine('Filter by tag', model.tags, facet), md.list(insights.map(insightItem)), md.paragraph(md.link(ROUTES.insights, 'All insights'))], facet);
  }
  return pages;
}

/** Renders every HTML page of the site with its Markdown: home, listings, entries, filter pages. */
export function renderSiteMarkdown(model: SiteModel): SitePage[] {
  const [servicesListing, ...rest] = listingPages(model);
  return [
    homePage(model),
    servicesListing!,
    ...rest,
    ...model.services.map((service) => servicePage(model, service)),
    ...model.caseStudies.map((study) => caseStudyPage(model, study)),
    ...model.insights.map((insight) => insightPage(model, insight)),
    ...model.pages.map((entry) => standalonePage(model, entry)),
  ];
}
