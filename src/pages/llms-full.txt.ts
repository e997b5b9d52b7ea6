/** /llms-full.txt: the full company profile, the same string the catalog's `profile.full` holds. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { getProfile } from '../site/artefacts.ts';

export const GET: APIRoute = () => new Response(getProfile().full, { headers: { 'Content-Type': DISCOVERY_FILES.llmsFull.contentType } });
