/** /robots.txt: crawler rules with the company's Content-Signal preferences. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { robotsTxt } from '../discovery/robots-txt.ts';
import { getSiteModel } from '../site/collections.ts';

export const GET: APIRoute = () => new Response(robotsTxt(getSiteModel().company), { headers: { 'Content-Type': DISCOVERY_FILES.robots.contentType } });
