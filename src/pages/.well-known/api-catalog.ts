/** /.well-known/api-catalog (RFC 9727), emitted as a file named `api-catalog` without extension. */
import type { APIRoute } from 'astro';
import { apiCatalog } from '../../discovery/api-catalog.ts';
import { DISCOVERY_FILES } from '../../discovery/discovery-files.ts';
import { getSiteModel } from '../../site/collections.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(apiCatalog(getSiteModel().company), null, 2), { headers: { 'Content-Type': DISCOVERY_FILES.apiCatalog.contentType } });
