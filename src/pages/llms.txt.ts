/** /llms.txt: the short company profile, the same string the catalog's `profile.short` holds. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { getProfile } from '../site/artefacts.ts';

export const GET: APIRoute = () => new Response(getProfile().short, { headers: { 'Content-Type': DISCOVERY_FILES.llms.contentType } });
