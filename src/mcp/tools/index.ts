/**
 * The tools, in the order tools/list advertises them (deterministic, as MCP 2026 asks): the one
 * list of tools. The build loads every module on it to describe the tools (describe.ts); the
 * function pairs each descriptor of its head with the module of the same name and loads it on
 * the tool's first call (`createTools`): a tool's schemas, and for start_conversation the whole
 * lead path, are evaluated then, not when the function starts.
 */
import type { Head, ToolInfo } from '../../artefacts/schema.ts';
import { once } from '../../once.ts';
import { toolCaller, type ArtefactErrorReporter, type Tool, type ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';

export type { Tool, ToolContext, ToolResult } from './define-tool.ts';
export type { ToolDependencies } from './dependencies.ts';

/** Makes a tool's spec from the site's facts and what the tool reads. */
export type ToolFactory = (info: ToolInfo, dependencies: ToolDependencies) => ToolSpec;

/** A tool: its name, which its module's spec must carry, and its module, loaded when first needed. */
export interface ToolModule {
  name: string;
  load: () => Promise<ToolFactory>;
}

export const TOOLS: readonly ToolModule[] = [
  { name: 'get_company_profile', load: async () => (await import('./get-company-profile.ts')).getCompanyProfileTool },
  { name: 'get_page_markdown', load: async () => (await import('./get-page-markdown.ts')).getPageMarkdownTool },
  { name: 'list_case_studies', load: async () => (await import('./list-entries.ts')).listCaseStudiesTool },
  { name: 'list_insights', load: async () => (await import('./list-entries.ts')).listInsightsTool },
  { name: 'search_site', load: async () => (await import('./search-site.ts')).searchSiteTool },
  { name: 'start_conversation', load: async () => (await import('./start-conversation.ts')).startConversationTool },
];

/**
 * The tools for the function: the head's descriptors, each implemented on first call.
 * `reportArtefactError` gets a tool's unreadable artefact (one log line; the caller gets isError).
 */
export function createTools(
  head: Pick<Head, keyof ToolInfo | 'tools'>,
  dependencies: ToolDependencies,
  reportArtefactError: ArtefactErrorReporter,
): Tool[] {
  return head.tools.map((descriptor) => {
    const load = TOOLS.find((tool) => tool.name === descriptor.name)?.load;
    if (!load)
      throw new Error(
        `The head advertises a tool "${descriptor.name}" this code does not have: the head is from another version.`,
      );
    const implementation = once(async () => {
      const spec = (await load())(head, dependencies);
      if (spec.name !== descriptor.name)
        throw new Error(`Tool module for "${descriptor.name}" defines "${spec.name}".`);
      return toolCaller(spec, reportArtefactError);
    });
    return {
      descriptor,
      call: async (args, context) => (await implementation())(args, context),
    };
  });
}
