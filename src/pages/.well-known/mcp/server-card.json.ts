/** /.well-known/mcp/server-card.json: the MCP Server Card (SEP-2127 and SEP-1649 shapes in one). */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../../../discovery/discovery-files.ts';
import { serverCard } from '../../../discovery/server-card.ts';
import { getSiteModel } from '../../../site/collections.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(serverCard(getSiteModel().company), null, 2), {
    headers: { 'Content-Type': DISCOVERY_FILES.serverCard.contentType, 'Access-Control-Allow-Origin': '*' },
  });
