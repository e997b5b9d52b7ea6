/**
 * The one list of tools, in the order tools/list advertises them (deterministic, as MCP 2026
 * asks). Adding a tool is a module of its own in this folder and one line here; everything that
 * names the tools (tools/list, the instructions, /mcp.md, llms.txt, the skill, WebMCP, the tests)
 * takes them from this list (docs/architecture.md, "How to add a tool").
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import type { ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';

/** Makes a tool's spec from the site's facts and what the tool reads. */
export type ToolFactory = (info: ToolInfo, dependencies: ToolDependencies) => ToolSpec;

/**
 * A tool: its name, which its module's spec must carry, and its module, loaded when first needed.
 * A read tool's module is imported from this folder (esbuild bundles it into the function's
 * entry, evaluated on the tool's first call); start_conversation's comes with the lead path the
 * caller hands in (`dependencies.leadPath`), which the function loads apart from its entry
 * (docs/architecture.md, "What ships"): no module the function bundles imports it.
 */
export interface ToolModule {
  name: string;
  load: (dependencies: Pick<ToolDependencies, 'leadPath'>) => Promise<ToolFactory>;
}

/** start_conversation's module, from the lead path; without one, an error that says so. */
async function leadTool({ leadPath }: Pick<ToolDependencies, 'leadPath'>): Promise<ToolFactory> {
  if (!leadPath) throw new Error('start_conversation comes with the lead path, and none was given (leadPath).');
  return (await leadPath()).startConversationTool;
}

export const TOOLS: readonly ToolModule[] = [
  { name: 'get_company_profile', load: async () => (await import('./get-company-profile.ts')).getCompanyProfileTool },
  { name: 'get_page_markdown', load: async () => (await import('./get-page-markdown.ts')).getPageMarkdownTool },
  { name: 'list_case_studies', load: async () => (await import('./list-entries.ts')).listCaseStudiesTool },
  { name: 'list_insights', load: async () => (await import('./list-entries.ts')).listInsightsTool },
  { name: 'search_site', load: async () => (await import('./search-site.ts')).searchSiteTool },
  { name: 'start_conversation', load: leadTool },
];
