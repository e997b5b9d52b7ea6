/**
 * The shape of /webmcp-tools.json: what the pages' WebMCP script (src/browser) registers with
 * `document.modelContext.registerTool`. The build writes it (src/discovery/webmcp-tools.ts) from
 * the MCP server's own tool descriptors; the script reads it. The browser bundle takes only the
 * path from here.
 */

/** Where the file is published (ROUTES.webmcpTools). */
export const WEBMCP_TOOLS_PATH = '/webmcp-tools.json';

/** One read tool: the fields of the WebMCP draft's ModelContextTool other than `execute`. */
export interface WebMcpToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The MCP tool's JSON Schema of its arguments, unchanged. */
  inputSchema: Record<string, unknown>;
  /** The draft's ToolAnnotations: only `readOnlyHint` (always true here). */
  annotations: { readOnlyHint: true };
}

export interface WebMcpToolsFile {
  /** The MCP endpoint each tool's execute posts its `tools/call` to (a site path). */
  endpoint: string;
  /** The MCP-Protocol-Version those calls declare (a 2025 revision: no initialize needed). */
  protocolVersion: string;
  tools: WebMcpToolDefinition[];
}
