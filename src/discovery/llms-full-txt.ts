/**
 * /llms-full.txt: the whole site in one Markdown file (a widely used convention beside
 * llmstxt.org). The llms.txt head (company, summary, description, when to use the MCP server),
 * then the Markdown of every published entry page, each after a rule and its source URL.
 * The same text is the `full` profile the `get_company_profile` tool returns.
 *
 * Which pages: the entry pages (services, case studies, insights, company pages) only. The home
 * page repeats the head and the listings and filter pages only repeat the entries' titles and
 * summaries, so including them would add tokens without adding facts; their Markdown stays
 * linked from llms.txt.
 */
import { md, toMarkdown } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tool-descriptor.ts';
import type { SiteModel, SitePage, SitePageKind } from '../site/model.ts';
import { profileHead } from './llms-txt.ts';

/** Page kinds included, in this order. */
export const FULL_PROFILE_KINDS: readonly SitePageKind[] = ['service', 'case-study', 'insight', 'page'];

/** The rule and source line that open each page in the file. */
function separator(page: SitePage): string {
  return toMarkdown([{ type: 'thematicBreak' }, md.paragraph('Source: ', md.link(page.markdownUrl, page.markdownUrl))]);
}

export function llmsFullTxt(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const head = toMarkdown(profileHead(model, tools));
  const pages = FULL_PROFILE_KINDS.flatMap((kind) => model.sitePages.filter((page) => page.kind === kind));
  return [head, ...pages.map((page) => `${separator(page)}\n${page.markdown}`)].join('\n');
}
