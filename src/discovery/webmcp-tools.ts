/**
 * /webmcp-tools.json: the MCP server's read tools for the pages' WebMCP script, made from the
 * same descriptors tools/list advertises (one definition serves both). Only read-only tools:
 * start_conversation is offered in the page as the contact form's declarative tool instead
 * (src/http/contact-tool.ts), so the person sees and sends what an agent filled in. Output
 * schemas are dropped: the WebMCP draft has no place for them.
 */
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { LATEST_LEGACY_VERSION } from '../mcp/versions.ts';
import { ROUTES } from '../site/routes.ts';
import type { WebMcpToolsFile } from '../site/webmcp-tools.ts';

export function webmcpTools(tools: readonly ToolDescriptor[]): WebMcpToolsFile {
  return {
    endpoint: ROUTES.mcp,
    protocolVersion: LATEST_LEGACY_VERSION,
    tools: tools
      .filter((tool) => tool.annotations.readOnlyHint)
      .map(({ name, title, description, inputSchema }) => ({
        name,
        title,
        description,
        inputSchema,
        annotations: { readOnlyHint: true },
      })),
  };
}
