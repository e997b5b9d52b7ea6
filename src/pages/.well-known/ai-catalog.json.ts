/** /.well-known/ai-catalog.json: the manifest of everything machine-readable on the site. */
import type { APIRoute } from 'astro';
import { aiCatalog } from '../../discovery/ai-catalog.ts';
import { DISCOVERY_FILES } from '../../discovery/discovery-files.ts';
import { getAgentSkills, getBuildTime } from '../../site/artefacts.ts';
import { getSiteModel } from '../../site/collections.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(aiCatalog(getSiteModel().company, getAgentSkills(), getBuildTime()), null, 2), {
    headers: { 'Content-Type': DISCOVERY_FILES.aiCatalog.contentType },
  });
