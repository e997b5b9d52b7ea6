/** get_page_markdown: any published page as the exact Markdown of its `.md` sibling. */
import { z } from 'zod';
import type { Catalog, CatalogPage } from '../catalog.ts';
import { defineTool, toolError, type Tool, type ToolSuccess } from './define-tool.ts';
import { MAX_PATH_LENGTH } from './limits.ts';
import { closestPaths, resolvePagePath } from './page-path.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

const KINDS = ['home', 'listing', 'service', 'case-study', 'insight', 'page'] as const;

const output = z.object({
  path: z.string().describe('The page path, e.g. `/services/cloud-migration`.'),
  url: z.string().describe('The page\'s absolute URL.'),
  markdownUrl: z.string().describe('The absolute URL of its Markdown sibling.'),
  kind: z.enum(KINDS).describe('What the page is.'),
  title: z.string().describe('The page\'s title.'),
  markdown: z.string().describe('The whole page as Markdown: exactly the bytes of the `.md` sibling.'),
});

export function createGetPageMarkdownTool(catalog: Catalog): Tool {
  const { baseUrl, agentUrl } = catalog.site;
  const pages = new Map<string, CatalogPage>(catalog.pages.map((page) => [page.path, page]));
  const paths = [...pages.keys()];
  const answers = new Map<string, ToolSuccess<z.output<typeof output>>>();
  const answerFor = (page: CatalogPage): ToolSuccess<z.output<typeof output>> => {
    let answer = answers.get(page.path);
    if (!answer) {
      const structured = {
        path: page.path,
        url: `${baseUrl}${page.path}`,
        markdownUrl: `${baseUrl}${page.markdownPath}`,
        kind: page.kind,
        title: page.title,
        markdown: page.markdown,
      };
      answer = { structured, text: page.markdown };
      answers.set(page.path, answer);
    }
    return answer;
  };
  const example = catalog.pages.find((page) => page.kind === 'service')?.path ?? paths[0] ?? '/';

  return defineTool({
    name: 'get_page_markdown',
    title: 'Read a page as Markdown',
    description:
      `Returns one page of ${baseUrl} as clean Markdown (the same text as the HTML page, without navigation). ` +
      'Use it to read a service, case study, insight or other page whose path or URL you already have, e.g. from search_site, list_case_studies, list_insights or the company profile. ' +
      `Pass a site path such as ${example} (also accepted: a trailing slash, a .md suffix, or a full URL on ${baseUrl} or ${agentUrl}). ` +
      'If you do not know the path, call search_site first.',
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      path: z.string().trim().min(1).max(MAX_PATH_LENGTH).describe(`A site path such as ${example}, / for the home page, or a full URL on ${baseUrl}.`),
    }),
    output,
    run({ path: requested }) {
      const resolved = resolvePagePath(requested, catalog.site);
      if (!resolved.ok) {
        return toolError(
          `"${requested}" is not a page path of this site: ${resolved.reason}. Pass a path such as ${example}, or call search_site to find a page.`,
        );
      }
      const page = pages.get(resolved.path) ?? pages.get(resolved.path.toLowerCase());
      if (!page) {
        const suggestions = closestPaths(resolved.path, paths).map((path) => `${path} (${pages.get(path)!.title})`);
        return toolError(
          `No page at ${resolved.path}. Closest pages: ${suggestions.join(', ')}. Call get_page_markdown with one of these, or search_site to find pages by keyword.`,
        );
      }
      return answerFor(page);
    },
  });
}
