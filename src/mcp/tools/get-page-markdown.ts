/**
 * get_page_markdown: any published page as the exact Markdown of its `.md` sibling. On a site in
 * more than one language a page path names its language (`/nl/diensten/...` is Dutch); with
 * `language` the tool returns the page's translation in that language, or says which languages
 * the page has. Its errors are in the language asked for, else in the language of the path.
 */
import { PAGE_KINDS, type PageRecord, type ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolSpec, type ToolSuccess } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { MAX_PATH_LENGTH } from './limits.ts';
import { closestMatches, resolvePagePath } from './page-path.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';
import { languageArgument } from './language.ts';
import { toolLanguages } from './site-languages.ts';
import { fill, languageOfPath } from '../../site/languages.ts';

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = (examplePath: string, multilingual: boolean) =>
  z.object({
    path: z.string().check(z.describe(`The page path, e.g. \`${examplePath}\`.`)),
    url: z.string().check(z.describe("The page's absolute URL.")),
    markdownUrl: z.string().check(z.describe('The absolute URL of its Markdown sibling.')),
    kind: z.enum(PAGE_KINDS).check(z.describe('What the page is.')),
    title: z.string().check(z.describe("The page's title.")),
    markdown: z.string().check(z.describe('The whole page as Markdown: exactly the bytes of the `.md` sibling.')),
    ...(multilingual
      ? {
          language: z.string().check(z.describe("The page's language.")),
          translations: z.optional(
            z
              .array(
                z.object({
                  language: z.string().check(z.describe('The language of the translation.')),
                  path: z.string().check(z.describe('Its path; get_page_markdown reads it.')),
                  url: z.string().check(z.describe('Its absolute URL.')),
                }),
              )
              .check(z.describe('The same page in the other languages it is published in; absent when it has none.')),
          ),
        }
      : {}),
  });

/** Long: a tool's factory: its schemas, its memo and its path rules are shared by the run function it returns. */
export function getPageMarkdownTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  const { baseUrl, agentUrl } = info.site;
  const example = info.examplePath;
  // One answer per record, kept as long as the reader keeps the record (its cache decides).
  const answers = new WeakMap<PageRecord, ToolSuccess<z.output<ReturnType<typeof output>>>>();
  const languages = toolLanguages(info);
  const answerFor = (page: PageRecord): ToolSuccess<z.output<ReturnType<typeof output>>> => {
    let answer = answers.get(page);
    if (!answer) {
      const translations = Object.entries(page.translations ?? {}).map(([language, path]) => ({
        language,
        path,
        url: `${baseUrl}${path}`,
      }));
      const structured = {
        path: page.path,
        url: `${baseUrl}${page.path}`,
        markdownUrl: `${baseUrl}${page.markdownPath}`,
        kind: page.kind,
        title: page.title,
        markdown: page.markdown,
        ...(page.language ? { language: page.language } : {}),
        ...(translations.length ? { translations } : {}),
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
      ...languageArgument(
        info,
        "The language to read the page in: the page's translation when the path names it in another language",
        "Without it, the path's own language (a path under /<code>/ is that language's page, any other the default language's).",
      ),
    }),
    output: () => output(example, languages !== undefined),
    async run(args) {
      const { path: requested } = args;
      const wanted = (args as { language?: string }).language;
      const resolved = resolvePagePath(requested, info.site);
      if (!resolved.ok) {
        return toolError(
          `"${requested}" is not a page path of this site: ${resolved.reason}. Pass a path such as ${example}, or call search_site to find a page.`,
        );
      }
      const page = (await artefacts.page(resolved.path)) ?? (await artefacts.page(resolved.path.toLowerCase()));
      // The language of the answer and of its errors: the one asked for, else the path's.
      const language = wanted ?? (languages ? languageOfPath(languages, resolved.path) : undefined);
      if (!page) {
        const [{ pages }, { mcp }] = await Promise.all([artefacts.pageIndex(), artefacts.messages(language)]);
        const titles = new Map(pages.map(([path, title]) => [path, title]));
        const suggestions = closestMatches(resolved.path, [...titles.keys()]).map(
          (path) => `${path} (${titles.get(path)})`,
        );
        return toolError(fill(mcp.noPage!, { path: resolved.path, closest: suggestions.join(', ') }));
      }
      if (wanted === undefined || page.language === undefined || page.language === wanted) return answerFor(page);
      const translation = page.translations?.[wanted];
      const translated = translation === undefined ? undefined : await artefacts.page(translation);
      if (translated) return answerFor(translated);
      const { mcp, language: names } = await artefacts.messages(wanted);
      const available = [[page.language, page.path], ...Object.entries(page.translations ?? {})]
        .map(([code, path]) => `${path} (${code})`)
        .join(', ');
      return toolError(fill(mcp.notTranslated!, { path: page.path, language: names.name, available }));
    },
  });
}
