/**
 * The six tools at run time, in the order tools/list advertises them (deterministic, as MCP 2026
 * asks). `createTools` pairs each descriptor of the head (made at build time by describe.ts)
 * with its implementation, loaded on the tool's first call: its module (schemas, and for
 * start_conversation the whole lead path) is evaluated then, not when the function starts.
 */
import type { Head, ToolInfo } from '../../artefacts/schema.ts';
import { once } from '../../once.ts';
import { toolCaller, type ArtefactErrorReporter, type Tool, type ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';

export type { Tool, ToolContext, ToolResult } from './define-tool.ts';
export type { ToolDependencies } from './dependencies.ts';

type ToolFactory = (info: ToolInfo, dependencies: ToolDependencies) => ToolSpec;

/** Each tool's module, by name, in tools/list order. */
const TOOL_MODULES: Record<string, () => Promise<ToolFactory>> = {
  get_company_profile: async () => (await import('./get-company-profile.ts')).getCompanyProfileTool,
  get_page_markdown: async () => (await import('./get-page-markdown.ts')).getPageMarkdownTool,
  list_case_studies: async () => (await import('./list-case-studies.ts')).listCaseStudiesTool,
  list_insights: async () => (await import('./list-insights.ts')).listInsightsTool,
  search_site: async () => (await import('./search-site.ts')).searchSiteTool,
  start_conversation: async () => (await import('./start-conversation.ts')).startConversationTool,
};

/** The tool names, in tools/list order. */
export const TOOL_NAMES = Object.keys(TOOL_MODULES);

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
    const load = TOOL_MODULES[descriptor.name];
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
