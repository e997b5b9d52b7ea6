/** /sitemap.xml: every published HTML page. */
import type { APIRoute } from 'astro';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { sitemapXml } from '../discovery/sitemap-xml.ts';
import { getSiteModel } from '../site/collections.ts';

export const GET: APIRoute = () => new Response(sitemapXml(getSiteModel()), { headers: { 'Content-Type': DISCOVERY_FILES.sitemap.contentType } });
