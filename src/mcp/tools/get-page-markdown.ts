/** get_page_markdown: any published page as the exact Markdown of its `.md` sibling. */
import { PAGE_KINDS, type PageRecord, type ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolSpec, type ToolSuccess } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { MAX_PATH_LENGTH } from './limits.ts';
import { closestMatches, resolvePagePath } from './page-path.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = (examplePath: string) =>
  z.object({
    path: z.string().check(z.describe(`The page path, e.g. \`${examplePath}\`.`)),
    url: z.string().check(z.describe("The page's absolute URL.")),
    markdownUrl: z.string().check(z.describe('The absolute URL of its Markdown sibling.')),
    kind: z.enum(PAGE_KINDS).check(z.describe('What the page is.')),
    title: z.string().check(z.describe("The page's title.")),
    markdown: z.string().check(z.describe('The whole page as Markdown: exactly the bytes of the `.md` sibling.')),
  });

export function getPageMarkdownTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  const { baseUrl, agentUrl } = info.site;
  const example = info.examplePath;
  // One answer per record, kept as long as the reader keeps the record (its cache decides).
  const answers = new WeakMap<PageRecord, ToolSuccess<z.output<ReturnType<typeof output>>>>();
  const answerFor = (page: PageRecord): ToolSuccess<z.output<ReturnType<typeof output>>> => {
    let answer = answers.get(page);
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
      answers.set(page, answer);
    }
    return answer;
  };

  return defineTool({
    name: 'get_page_markdown',
    title: 'Read a page as Markdown',
    description:
      `Returns one page of ${baseUrl} as clean Markdown (the same text as the HTML page, without navigation). ` +
      'Use it to read a service, case study, insight or other page whose path or URL you already have, ' +
      'e.g. from search_site, list_case_studies, list_insights or the company profile. ' +
      `Pass a site path such as ${example} (also accepted: a trailing slash, a .md suffix, or a full URL on ${baseUrl} or ${agentUrl}). ` +
      'If you do not know the path, call search_site first.',
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      path: z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(MAX_PATH_LENGTH),
          z.describe(`A site path such as ${example}, / for the home page, or a full URL on ${baseUrl}.`),
        ),
    }),
    output: () => output(example),
    async run({ path: requested }) {
      const resolved = resolvePagePath(requested, info.site);
      if (!resolved.ok) {
        return toolError(
          `"${requested}" is not a page path of this site: ${resolved.reason}. Pass a path such as ${example}, or call search_site to find a page.`,
        );
      }
      const page = (await artefacts.page(resolved.path)) ?? (await artefacts.page(resolved.path.toLowerCase()));
      if (!page) {
        const { pages } = await artefacts.pageIndex();
        const titles = new Map(pages.map(([path, title]) => [path, title]));
        const suggestions = closestMatches(resolved.path, [...titles.keys()]).map(
          (path) => `${path} (${titles.get(path)})`,
        );
        return toolError(
          `No page at ${resolved.path}. Closest pages: ${suggestions.join(', ')}. ` +
            'Call get_page_markdown with one of these, or search_site to find pages by keyword.',
        );
      }
      return answerFor(page);
    },
  });
}
