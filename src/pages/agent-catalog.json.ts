/**
 * The MCP function's catalog. Emitted here so it is built from the same model and profile as the
 * pages; the agent-catalog integration moves it out of dist/ into .generated/ after the build.
 */
import type { APIRoute } from 'astro';
import { getCatalog } from '../site/artefacts.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(getCatalog()), { headers: { 'Content-Type': 'application/json' } });
