/** /mcp.md: the MCP server's developer documentation, generated from the tool descriptors. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { mcpDocsMarkdown } from '../discovery/mcp-docs.ts';
import { getToolDescriptors } from '../site/artefacts.ts';
import { getSiteModel } from '../site/collections.ts';

export const GET: APIRoute = () =>
  new Response(mcpDocsMarkdown(getSiteModel(), getToolDescriptors()), { headers: { 'Content-Type': DISCOVERY_FILES.mcpDocs.contentType } });
