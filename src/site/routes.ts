/**
 * Every fixed path the site and the API publish. The pages, the discovery generators, the
 * headers, the edge function and the MCP function all take paths from here.
 */
import { WEBMCP_TOOLS_PATH } from './webmcp-tools.ts';

export const ROUTES = {
  home: '/',
  services: '/services',
  caseStudies: '/case-studies',
  insights: '/insights',
  /**
   * The Atom feeds of the insights and the case studies (src/discovery/atom-feed.ts), beside
   * their listings, once per language (`/nl/insights/feed.xml`).
   */
  insightsFeed: '/insights/feed.xml',
  caseStudiesFeed: '/case-studies/feed.xml',
  /** The team page and every person's (`/team/<id>`): content/people/. */
  team: '/team',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  /** The legal notice (imprint): content/pages/legal-notice.mdx, with the company's legal details beside its text. */
  legalNotice: '/legal-notice',
  /** The page on the site's accessibility: content/pages/accessibility.mdx. */
  accessibility: '/accessibility',
  /**
   * The search page for people (`/search?q=…`, `/nl/search?q=…`): answered by the API function
   * (src/http/search-page.ts) from the search index search_site uses; no static page.
   */
  search: '/search',
  mcp: '/api/mcp',
  /**
   * The server card beside the endpoint: `<streamable-http-url>/server-card`, the location the
   * MCP server-card extension reserves (the same card as `serverCard`, answered by the API function).
   */
  mcpServerCard: '/api/mcp/server-card',
  health: '/api/health',
  contactApi: '/api/contact',
  apiPrefix: '/api/',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  openapi: '/openapi.json',
  serverCard: '/.well-known/mcp/server-card.json',
  serverJson: '/.well-known/mcp/server.json',
  /** The MCP Catalog: the site's MCP servers, each by its card (src/discovery/mcp-catalog.ts). */
  mcpCatalog: '/.well-known/mcp/catalog.json',
  apiCatalog: '/.well-known/api-catalog',
  agentSkills: '/.well-known/agent-skills/index.json',
  agentSkillsDir: '/.well-known/agent-skills',
  aiCatalog: '/.well-known/ai-catalog.json',
  ard: '/.well-known/ard.json',
  mcpDocs: '/mcp.md',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  searchIndex: '/search-index.json',
  favicon: '/favicon.svg',
  /** The read tools as the pages' WebMCP script registers them (src/discovery/webmcp-tools.ts). */
  webmcpTools: WEBMCP_TOOLS_PATH,
} as const;

/** The folder segment of the plain-link industry filter: `/case-studies/industry/<slug>`. */
export const INDUSTRY_SEGMENT = 'industry';
/** The folder segment of the plain-link tag filter: `/insights/tag/<slug>`. */
export const TAG_SEGMENT = 'tag';
/** The folder segments of the team page's plain-link filters: `/team/office/<slug>`, `/team/expertise/<slug>`. */
export const OFFICE_SEGMENT = 'office';
export const EXPERTISE_SEGMENT = 'expertise';
/** The folder segment of a listing's later pages: `/case-studies/page/2`, `/insights/tag/ai/page/3`. */
export const PAGE_SEGMENT = 'page';

/** Where the content editor is served (src/build/admin-files.ts): not a page of the site. */
export const ADMIN_PREFIX = '/admin/';

/** Whether a path is the content editor's (`/admin`, `/admin/`, `/admin/config.yml`…). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith(ADMIN_PREFIX);
}

/** The routes that exist once per language: pages, the profile files (`/nl/llms.txt`) and the feeds. */
export const LOCAL_ROUTE_KEYS = [
  'home',
  'services',
  'caseStudies',
  'insights',
  'team',
  'about',
  'contact',
  'privacy',
  'legalNotice',
  'accessibility',
  'llms',
  'llmsFull',
  'insightsFeed',
  'caseStudiesFeed',
] as const satisfies readonly (keyof typeof ROUTES)[];

/**
 * The search page of the language whose path prefix is `prefix` (`''` -> `/search`, `/nl` ->
 * `/nl/search`): the header's search form, the build's search frames and the API function's
 * search paths all take it from here.
 */
export const searchPathOf = (prefix: string) => `${prefix}${ROUTES.search}`;

/** The per-language routes of one language: `/nl`, `/nl/services`, `/nl/llms.txt`… */
export type LocalRoutes = { readonly [K in (typeof LOCAL_ROUTE_KEYS)[number]]: string };

/** The per-language routes under `prefix` (`''` for the default language: ROUTES' own values). */
export function localRoutes(prefix: string): LocalRoutes {
  return Object.fromEntries(
    LOCAL_ROUTE_KEYS.map((key) => [key, prefix && ROUTES[key] === '/' ? prefix : `${prefix}${ROUTES[key]}`]),
  ) as LocalRoutes;
}
