/**
 * Every file of the site that is not an HTML page, as path -> text: the Markdown sibling of each
 * page, the discovery files and the agent skills, all from one site model and its artefacts.
 * The build writes them into dist/ (src/integrations/site-files.ts) and `astro dev` serves them
 * from the same list, so both see exactly the same bytes.
 *
 * They are written by a build hook rather than rendered as Astro routes because Astro's per-route
 * cost (about 3 ms measured, even for an endpoint returning a constant) doubled the build of a
 * 1,000-page site when every page had a Markdown route beside its HTML route.
 */
import { aiCatalog } from '../discovery/ai-catalog.ts';
import { ardManifest } from '../discovery/ard.ts';
import { allFeeds, feedFiles } from '../discovery/atom-feed.ts';
import { agentSkillsIndex } from '../discovery/agent-skills.ts';
import { apiCatalog } from '../discovery/api-catalog.ts';
import { DISCOVERY_FILES } from '../discovery/discovery-files.ts';
import { llmsLanguages } from '../discovery/llms-languages.ts';
import { mcpDocsMarkdown } from '../discovery/mcp-docs.ts';
import { openApiDocument } from '../discovery/openapi.ts';
import { robotsTxt } from '../discovery/robots-txt.ts';
import { mcpCatalog } from '../discovery/mcp-catalog.ts';
import { serverJson } from '../discovery/server-json.ts';
import { sitemapXml } from '../discovery/sitemap-xml.ts';
import { staticHeadersFile } from '../discovery/static-headers.ts';
import { webManifest } from '../discovery/web-manifest.ts';
import { webmcpTools } from '../discovery/webmcp-tools.ts';
import { MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import type { Artefacts } from './build-artefacts.ts';
import { faviconSvg } from '../model/logo.ts';
import { WEB_MANIFEST } from '../site/icons.ts';
import { ROUTES } from '../site/routes.ts';
import type { SiteModel } from '../model/model.ts';

export interface SiteFile {
  /** Site path, e.g. `/services/x.md`, `/.well-known/api-catalog`. */
  path: string;
  body: string;
  contentType: string;
}

/** Netlify's header rules file; written into dist/ but never served. */
export const HEADERS_FILE = '/_headers';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function siteFiles(model: SiteModel, artefacts: Artefacts): SiteFile[] {
  const { company } = model;
  const files: SiteFile[] = artefacts.pages.map((page) => ({
    path: page.markdownPath,
    body: page.markdown,
    contentType: MARKDOWN_CONTENT_TYPE,
  }));
  const ard = ardManifest(
    model,
    artefacts.skills,
    artefacts.tools.map((tool) => tool.name),
    artefacts.generatedAt,
  );
  const discovery: [keyof typeof DISCOVERY_FILES, string][] = [
    ['llms', artefacts.profile.short],
    ['llmsFull', artefacts.profile.full],
    ['mcpDocs', mcpDocsMarkdown(model, artefacts.tools)],
    ['openapi', json(openApiDocument(company))],
    // The card the API function answers at /api/mcp/server-card too: one text, from its head.
    ['serverCard', artefacts.agent.head.serverCard],
    ['serverJson', json(serverJson(company))],
    ['mcpCatalog', json(mcpCatalog(ard.entries))],
    ['apiCatalog', json(apiCatalog(company))],
    ['ard', json(ard)],
    ['aiCatalog', json(aiCatalog(company, ard.entries, artefacts.generatedAt, llmsLanguages(model), allFeeds(model)))],
    ['agentSkills', json(agentSkillsIndex(artefacts.skills))],
    ['robots', robotsTxt(company)],
    ['sitemap', sitemapXml(model)],
  ];
  for (const [key, body] of discovery)
    files.push({ path: DISCOVERY_FILES[key].path, body, contentType: DISCOVERY_FILES[key].contentType });
  // Each other language's own llms.txt and llms-full.txt, under its prefix (/nl/llms.txt).
  for (const { model: languageModel, profile } of artefacts.languages.slice(1)) {
    files.push({ path: languageModel.routes.llms, body: profile.short, contentType: DISCOVERY_FILES.llms.contentType });
    files.push({
      path: languageModel.routes.llmsFull,
      body: profile.full,
      contentType: DISCOVERY_FILES.llmsFull.contentType,
    });
  }
  // Each language's Atom feeds of its insights and case studies (/insights/feed.xml, /nl/insights/feed.xml).
  files.push(...feedFiles(model));
  for (const skill of artefacts.skills)
    files.push({ path: skill.path, body: skill.markdown, contentType: MARKDOWN_CONTENT_TYPE });
  // The company's logo, or its initials when content/ has no logo file (src/model/logo.ts).
  files.push({ path: ROUTES.favicon, body: faviconSvg(company, model.logo), contentType: 'image/svg+xml' });
  // The site's name, colours and icons for bookmarks and home screens (the icons' PNGs: src/build/icons.ts).
  files.push({ path: WEB_MANIFEST.path, body: json(webManifest(company)), contentType: WEB_MANIFEST.contentType });
  // The read tools the pages register with WebMCP (src/browser); fetched only by browsers that have it.
  files.push({ path: ROUTES.webmcpTools, body: json(webmcpTools(artefacts.tools)), contentType: 'application/json' });
  files.push({ path: HEADERS_FILE, body: staticHeadersFile(), contentType: 'text/plain; charset=utf-8' });
  return files;
}
