/** /openapi.json: the OpenAPI 3.1 description of the MCP endpoint and the health check. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { openApiDocument } from '../discovery/openapi.ts';
import { getSiteModel } from '../site/collections.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument(getSiteModel().company), null, 2), { headers: { 'Content-Type': DISCOVERY_FILES.openapi.contentType } });
