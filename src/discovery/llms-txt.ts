/**
 * /llms.txt (llmstxt.org): the company's short profile for language models. An H1 with the
 * company's name, the tagline as the `>` summary, the description, a section telling agents when
 * and how to use the MCP server, then one H2 section per kind of page listing the Markdown
 * siblings of every service and company page and of the newest case studies and insights
 * (LLMS_TXT_RECENT, src/site/bounds.ts, with a link to the full listing when there are more),
 * the machine-readable files, and an `Optional` section. Its size stays bounded however many
 * entries the site has.
 * The same text is the `short` profile the `get_company_profile` tool returns.
 */
import type { RootContent } from 'mdast';
import { md, toMarkdown } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { mcpEndpoints } from '../model/identity.ts';
import { shownFacets } from '../model/site-pages.ts';
import { LLMS_TXT_RECENT } from '../site/bounds.ts';
import type { Facet, SiteModel, SitePage } from '../model/model.ts';
import { ROUTES } from '../site/routes.ts';
import { addressLine } from '../model/offices.ts';
import { absoluteUrl, markdownPath } from '../site/urls.ts';
import { inlineCode } from './doc-blocks.ts';
import { DISCOVERY_FILES, type DiscoveryFileKey } from './discovery-files.ts';
import { actionTools, consentRule, toolItems } from './tool-guidance.ts';

/** The discovery files llms.txt links under `## Machine-readable`, in this order. */
const MACHINE_READABLE: readonly DiscoveryFileKey[] = [
  'mcpDocs',
  'openapi',
  'serverCard',
  'apiCatalog',
  'aiCatalog',
  'agentSkills',
];

/** Heading of the section that tells agents about the MCP server (also used by llms-full.txt). */
export const WHEN_TO_USE_HEADING = "When to use this site's MCP server";

function pageItem(page: SitePage) {
  return [md.link(page.markdownUrl, page.title), md.text(`: ${page.description}`)];
}

/**
 * The company's offices and its profiles elsewhere, when company.yaml lists any. The profiles are
 * written as bare URLs (`<https://…>`), not as Markdown links: every `[…](…)` link of llms.txt is a
 * page of this site, which readers (and the tests) rely on.
 */
function whereToFind(model: SiteModel): RootContent[] {
  const { offices, social } = model.company;
  const blocks: RootContent[] = [];
  if (offices.length)
    blocks.push(
      md.paragraph(`Offices: ${offices.map((office) => `${office.name}, ${addressLine(office)}`).join('; ')}.`),
    );
  if (social.length)
    blocks.push(
      md.paragraph(
        'Elsewhere: ',
        ...social.flatMap((profile, index) => [
          md.text(`${index > 0 ? ', ' : ''}${profile.name} `),
          md.link(profile.url, profile.url),
        ]),
        '.',
      ),
    );
  return blocks;
}

/** One line of company facts: where, since when, how many, and the contact address. */
function factsLine(model: SiteModel): RootContent {
  const { company } = model;
  const facts = [
    company.location && `Based in ${company.location}`,
    company.founded && `founded ${company.founded}`,
    company.teamSize && `team of ${company.teamSize}`,
  ].filter(Boolean);
  const lead = facts.length ? `${facts.join(', ')}. ` : '';
  return md.paragraph(`${lead}Contact: `, md.link(`mailto:${company.contactEmail}`, company.contactEmail), '.');
}

/**
 * The head shared by llms.txt and llms-full.txt: H1, summary, description, facts and the section
 * on the MCP server (what it offers, the tools by name, the consent rule).
 */
export function profileHead(model: SiteModel, tools: readonly ToolDescriptor[]): RootContent[] {
  const { company } = model;
  const endpoints = mcpEndpoints(company);
  const blocks: RootContent[] = [
    md.heading(1, company.name),
    md.blockquote(md.paragraph(company.tagline)),
    md.paragraph(company.description),
    factsLine(model),
    ...whereToFind(model),
    md.heading(2, WHEN_TO_USE_HEADING),
    md.paragraph(
      `${company.name} runs a public MCP server at `,
      md.link(endpoints.base, endpoints.base),
      ` (also at `,
      md.link(endpoints.agent, endpoints.agent),
      `). No API key or sign-up is needed: it is stateless JSON-RPC over HTTP POST (Streamable HTTP, JSON responses). ` +
        `Use it when a user asks about ${company.name}'s services, past work, articles or how to reach the team, ` +
        'and you want exact, current answers as Markdown or structured data instead of scraping pages. Its tools:',
    ),
    md.list(toolItems(tools, { brief: true })),
  ];
  for (const tool of actionTools(tools)) blocks.push(md.paragraph(...consentRule(company, tool)));
  blocks.push(
    md.paragraph(
      'Documentation with examples: ',
      md.link(absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path), DISCOVERY_FILES.mcpDocs.title),
      '. Without MCP, every page is also available as Markdown: append ',
      inlineCode('.md'),
      ' to its URL (',
      inlineCode('/index.md'),
      ' for the home page) or send ',
      inlineCode('Accept: text/markdown'),
      '.',
    ),
  );
  return blocks;
}

/** A content section: its heading, the pages it lists, and (when it lists only the newest) the listing of all. */
interface ContentSection {
  heading: string;
  pages: SitePage[];
  more?: { path: string; total: number; noun: string };
}

/** The published pages each H2 content section lists. */
function contentSections(model: SiteModel): ContentSection[] {
  const pageOf = (path: string) => model.index.pages.get(path)!;
  const newest = (
    heading: string,
    entries: { path: string }[],
    limit: number,
    listing: string,
    noun: string,
  ): ContentSection => ({
    heading,
    pages: entries.slice(0, limit).map((entry) => pageOf(entry.path)),
    ...(entries.length > limit ? { more: { path: listing, total: entries.length, noun } } : {}),
  });
  return [
    { heading: 'Services', pages: model.services.map((entry) => pageOf(entry.path)) },
    newest('Case studies', model.caseStudies, LLMS_TXT_RECENT.caseStudies, model.routes.caseStudies, 'case studies'),
    newest('Insights', model.insights, LLMS_TXT_RECENT.insights, model.routes.insights, 'insights'),
    { heading: 'Company', pages: model.pages.map((entry) => pageOf(entry.path)) },
  ];
}

/** Builds /llms.txt. `tools` are the descriptors `tools/list` advertises. */
export function llmsTxt(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const { company } = model;
  const blocks = profileHead(model, tools);

  for (const { heading, pages, more } of contentSections(model)) {
    if (!pages.length) continue;
    const items = pages.map(pageItem);
    if (more) {
      const url = absoluteUrl(company.baseUrl, markdownPath(more.path));
      items.push([
        md.link(url, `All ${more.total} ${more.noun}`),
        md.text(`: the ${pages.length} newest are above; the listing has them all, newest first, a page at a time.`),
      ]);
    }
    blocks.push(md.heading(2, heading), md.list(items));
  }

  blocks.push(
    md.heading(2, 'Machine-readable'),
    md.list(
      MACHINE_READABLE.map((key) => {
        const file = DISCOVERY_FILES[key];
        return [md.link(absoluteUrl(company.baseUrl, file.path), file.title), md.text(`: ${file.description}`)];
      }),
    ),
  );

  // Optional: the full profile, then the home page, the listings and the filter pages (first
  // pages only, the most used filters when there are many): summaries of the entries above, so a
  // reader short of context may skip them.
  const filterPaths = (facets: readonly Facet[]) => shownFacets(facets).shown.map((facet) => facet.path);
  const overviews = [
    model.routes.home,
    model.routes.services,
    model.routes.caseStudies,
    ...filterPaths(model.industries),
    model.routes.insights,
    ...filterPaths(model.tags),
  ].map((path) => model.index.pages.get(path)!);
  blocks.push(
    md.heading(2, 'Optional'),
    md.list([
      [
        md.link(absoluteUrl(company.baseUrl, DISCOVERY_FILES.llmsFull.path), DISCOVERY_FILES.llmsFull.title),
        md.text(`: ${DISCOVERY_FILES.llmsFull.description}`),
      ],
      ...overviews.map(pageItem),
    ]),
  );
  return toMarkdown(blocks);
}
