/**
 * /llms.txt (llmstxt.org): the company's short profile for language models. An H1 with the
 * company's name, the tagline as the `>` summary, the description, a section telling agents when
 * and how to use the MCP server, then one H2 section per kind of page listing every published
 * page's Markdown sibling, the machine-readable files, and an `Optional` section.
 * The same text is the `short` profile the `get_company_profile` tool returns.
 */
import type { RootContent } from 'mdast';
import { md, toMarkdown } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tool-descriptor.ts';
import { mcpEndpoints } from '../site/identity.ts';
import type { SiteModel, SitePage } from '../site/model.ts';
import { absoluteUrl } from '../site/urls.ts';
import { inlineCode } from './doc-blocks.ts';
import { DISCOVERY_FILES, type DiscoveryFileKey } from './discovery-files.ts';
import { actionTools, consentRule, toolItems } from './tool-guidance.ts';

/** The discovery files llms.txt links under `## Machine-readable`, in this order. */
const MACHINE_READABLE: readonly DiscoveryFileKey[] = ['mcpDocs', 'openapi', 'serverCard', 'apiCatalog', 'aiCatalog', 'agentSkills'];

/** Heading of the section that tells agents about the MCP server (also used by llms-full.txt). */
export const WHEN_TO_USE_HEADING = "When to use this site's MCP server";

function pageItem(page: SitePage) {
  return [md.link(page.markdownUrl, page.title), md.text(`: ${page.description}`)];
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

/** The published pages each H2 content section lists. */
function contentSections(model: SiteModel): [string, SitePage[]][] {
  const byKind = (kind: SitePage['kind']) => model.sitePages.filter((page) => page.kind === kind);
  return [
    ['Services', byKind('service')],
    ['Case studies', byKind('case-study')],
    ['Insights', byKind('insight')],
    ['Company', byKind('page')],
  ];
}

/** Builds /llms.txt. `tools` are the descriptors `tools/list` advertises. */
export function llmsTxt(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const { company } = model;
  const blocks = profileHead(model, tools);

  for (const [heading, pages] of contentSections(model)) {
    if (pages.length) blocks.push(md.heading(2, heading), md.list(pages.map(pageItem)));
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

  // Optional: the full profile, then the home page, listings and filter pages (summaries of the
  // entries above, so a reader short of context may skip them).
  const overviews = model.sitePages.filter((page) => page.kind === 'home' || page.kind === 'listing');
  blocks.push(
    md.heading(2, 'Optional'),
    md.list([
      [md.link(absoluteUrl(company.baseUrl, DISCOVERY_FILES.llmsFull.path), DISCOVERY_FILES.llmsFull.title), md.text(`: ${DISCOVERY_FILES.llmsFull.description}`)],
      ...overviews.map(pageItem),
    ]),
  );
  return toMarkdown(blocks);
}
