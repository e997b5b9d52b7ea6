/**
 * /llms-full.txt: the site in one Markdown file (a widely used convention beside
 * llmstxt.org). The llms.txt head (company, summary, description, when to use the MCP server),
 * then the Markdown of the entry pages, each after a rule and its source URL.
 * The same text is the `full` profile the `get_company_profile` tool returns.
 *
 * Which pages: the entry pages (services, case studies, insights, company pages, people). The home page
 * repeats the head and the listings and filter pages only repeat the entries' titles and
 * summaries, so including them would add tokens without adding facts; their Markdown stays
 * linked from llms.txt.
 *
 * How much: at most LLMS_FULL_MAX_BYTES of page Markdown (src/site/bounds.ts, about 125,000
 * tokens), so one fetch or tool answer stays usable in a model's context at any size of site.
 * Pages are taken in this order: the services, company pages and people (each one that fits), then case
 * studies and insights together, newest first, until the next one does not fit (so the file holds
 * the newest entries without a gap). A site whose pages all fit is complete; for a larger one the
 * file ends with a section saying how many pages it holds of how many, and where every page is.
 *
 * Each language has its own (`/nl/llms-full.txt`): its own pages within the same bound, and a
 * closing section in its language that links its own llms.txt and listings.
 */
import { fillPhrasing } from '../markdown/fill-phrasing.ts';
import { ENTRY_KINDS } from '../site/kinds.ts';
import { plural } from '../site/plural.ts';
import { md, toMarkdown } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { LLMS_FULL_MAX_BYTES } from '../site/bounds.ts';
import type { MarkdownPage, SiteModel, SitePageKind } from '../model/types.ts';
import { absoluteUrl } from '../site/urls.ts';
import { formatCount, profileHead } from './llms-txt.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';

/** Page kinds included, in the order they appear. */
export const FULL_PROFILE_KINDS: readonly SitePageKind[] = ENTRY_KINDS;

/** The rule and source line that open each page in the file. */
function separator(page: MarkdownPage): string {
  return toMarkdown([{ type: 'thematicBreak' }, md.paragraph('Source: ', md.link(page.markdownUrl, page.markdownUrl))]);
}

/** The entry pages llms-full.txt holds: every one while they fit in `budget` bytes, else those the order above reaches. */
export function fullProfilePages(
  model: SiteModel,
  sitePages: readonly MarkdownPage[],
  budget = LLMS_FULL_MAX_BYTES,
): { pages: MarkdownPage[]; total: number } {
  const byPath = new Map(sitePages.map((page) => [page.path, page]));
  const pageOf = (path: string) => byPath.get(path)!;
  const dated = [...model.caseStudies, ...model.insights].sort(
    (a, b) => b.data.date.localeCompare(a.data.date) || a.path.localeCompare(b.path),
  );
  const core = [...model.services, ...model.pages, ...model.people].map((entry) => pageOf(entry.path));
  const newest = dated.map((entry) => pageOf(entry.path));
  const encoder = new TextEncoder();
  const chosen = new Set<MarkdownPage>();
  let used = 0;
  const take = (page: MarkdownPage): boolean => {
    const size = encoder.encode(page.markdown).byteLength;
    if (used + size > budget) return false;
    used += size;
    chosen.add(page);
    return true;
  };
  for (const page of core) take(page);
  for (const page of newest) if (!take(page)) break;
  const candidates = [...core, ...newest];
  const pages = FULL_PROFILE_KINDS.flatMap((kind) =>
    sitePages.filter((page) => page.kind === kind && chosen.has(page)),
  );
  return { pages, total: candidates.length };
}

/** Builds one language's llms-full.txt from its model and its pages; `budget` is LLMS_FULL_MAX_BYTES but in tests. */
export function llmsFullTxt(
  model: SiteModel,
  tools: readonly ToolDescriptor[],
  sitePages: readonly MarkdownPage[],
  budget = LLMS_FULL_MAX_BYTES,
): string {
  const head = toMarkdown(profileHead(model, tools));
  const { pages, total } = fullProfilePages(model, sitePages, budget);
  const parts = [head, ...pages.map((page) => `${separator(page)}\n${page.markdown}`)];
  if (pages.length < total) {
    const { baseUrl } = model.company;
    const { routes } = model;
    parts.push(
      toMarkdown([
        { type: 'thematicBreak' },
        md.heading(2, model.strings.llms.notInFile),
        md.paragraph(
          ...fillPhrasing(plural(model.strings.llms.notInFileText, total, model.strings.language.locale), {
            held: formatCount(model, pages.length),
            total: formatCount(model, total),
            bytes: formatCount(model, budget),
            llms: md.link(absoluteUrl(baseUrl, routes.llms), DISCOVERY_FILES.llms.title),
            caseStudies: md.link(absoluteUrl(baseUrl, `${routes.caseStudies}.md`), `${routes.caseStudies}.md`),
            insights: md.link(absoluteUrl(baseUrl, `${routes.insights}.md`), `${routes.insights}.md`),
          }),
        ),
      ]),
    );
  }
  return parts.join('\n');
}
