/**
 * Every machine-readable file the site publishes, with its path, the Content-Type it is served
 * with and a one-line description. The endpoints take their Content-Type from here, the
 * `_headers` file sets the same types for static responses, llms.txt links the discovery files
 * and the AI catalog lists them all, so a type or a path is written once.
 */
import { MARKDOWN_CONTENT_TYPE, SERVER_CARD_CONTENT_TYPE } from '../http/headers.ts';
import { ROUTES } from '../site/routes.ts';
import { LLMS_FULL_MAX_BYTES } from '../site/bounds.ts';

export interface DiscoveryFile {
  /** Site path, e.g. `/llms.txt`. */
  path: string;
  /** Human-readable name, for links and catalog entries. */
  title: string;
  /** The exact `Content-Type` header value the file is served with. */
  contentType: string;
  /** What the file is, in one sentence. */
  description: string;
  /** Keywords for the AI catalog. */
  tags: readonly string[];
  /** `false` for paths answered by a function rather than a static file (no `_headers` rule). */
  isStatic: boolean;
}

/** RFC 9727: the API catalog's media type with its profile. */
export const LINKSET_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const TEXT = 'text/plain; charset=utf-8';

export const DISCOVERY_FILES = {
  llms: {
    path: ROUTES.llms,
    title: 'llms.txt',
    contentType: TEXT,
    description:
      'Short company profile for language models (llmstxt.org), with when to use the MCP server and a link to every page as Markdown.',
    tags: ['llms.txt', 'profile', 'markdown'],
    isStatic: true,
  },
  llmsFull: {
    path: ROUTES.llmsFull,
    title: 'llms-full.txt',
    contentType: TEXT,
    description:
      `The site in one Markdown file: the profile followed by every service, case study, insight and company page ` +
      `while they fit in ${LLMS_FULL_MAX_BYTES.toLocaleString('en-US')} bytes ` +
      `(on a larger site: the services, company pages and newest entries).`,
    tags: ['llms.txt', 'profile', 'markdown', 'full-text'],
    isStatic: true,
  },
  mcpDocs: {
    path: ROUTES.mcpDocs,
    title: 'MCP server documentation',
    contentType: MARKDOWN_CONTENT_TYPE,
    description:
      'Developer documentation of the MCP server: endpoints, transport, protocol versions, tools, limits, errors and curl examples.',
    tags: ['mcp', 'documentation', 'markdown'],
    isStatic: true,
  },
  openapi: {
    path: ROUTES.openapi,
    title: 'OpenAPI description',
    contentType: 'application/openapi+json',
    description: 'OpenAPI 3.1 description of the HTTP surface: the MCP endpoint and the health check.',
    tags: ['openapi', 'api', 'mcp'],
    isStatic: true,
  },
  serverCard: {
    path: ROUTES.serverCard,
    title: 'MCP Server Card',
    contentType: SERVER_CARD_CONTENT_TYPE,
    description:
      "MCP Server Card: the server's identity, transport, endpoints and protocol versions; no authentication. " +
      `The same card answers at ${ROUTES.mcpServerCard}, the place beside the endpoint that MCP reserves for it.`,
    tags: ['mcp', 'server-card'],
    isStatic: true,
  },
  serverJson: {
    path: ROUTES.serverJson,
    title: 'MCP Registry entry',
    contentType: 'application/json',
    description: "The MCP server's server.json for the MCP Registry: the same name, version and endpoints as its card.",
    tags: ['mcp', 'registry', 'server-json'],
    isStatic: true,
  },
  mcpCatalog: {
    path: ROUTES.mcpCatalog,
    title: 'MCP catalog',
    // The catalog's drafts name no media type of its own; a `.json` file is what readers expect.
    contentType: 'application/json',
    description: `MCP Catalog: the site's MCP server, by the URL of its card (${ROUTES.mcpServerCard}).`,
    tags: ['mcp', 'catalog', 'server-card'],
    isStatic: true,
  },
  apiCatalog: {
    path: ROUTES.apiCatalog,
    title: 'API catalog',
    contentType: LINKSET_CONTENT_TYPE,
    description:
      'API catalog (RFC 9727) linking the MCP endpoint to its OpenAPI description, documentation, status and server card.',
    tags: ['api-catalog', 'rfc9727', 'api'],
    isStatic: true,
  },
  ard: {
    path: ROUTES.ard,
    title: 'ARD manifest',
    contentType: 'application/ai-catalog+json',
    description:
      'Agentic Resource Discovery manifest: the MCP server and the agent skill, with what each answers, for agent directories and registries.',
    tags: ['ard', 'discovery', 'mcp', 'agent-skills'],
    isStatic: true,
  },
  aiCatalog: {
    path: ROUTES.aiCatalog,
    title: 'AI catalog',
    contentType: 'application/ai-catalog+json',
    description: 'This manifest of everything machine-readable on the site.',
    tags: ['ai-catalog', 'discovery'],
    isStatic: true,
  },
  agentSkills: {
    path: ROUTES.agentSkills,
    title: 'Agent skills index',
    contentType: 'application/json',
    description:
      'Agent skills index (agent-skills discovery 0.2.0) with a skill that teaches an agent to use the MCP server.',
    tags: ['agent-skills', 'mcp'],
    isStatic: true,
  },
  sitemap: {
    path: ROUTES.sitemap,
    title: 'Sitemap',
    contentType: 'application/xml; charset=utf-8',
    description: 'Every published HTML page of the site.',
    tags: ['sitemap'],
    isStatic: true,
  },
  robots: {
    path: ROUTES.robots,
    title: 'robots.txt',
    contentType: TEXT,
    description: "Crawler rules with the site's content preferences (Content-Signal).",
    tags: ['robots', 'content-signals'],
    isStatic: true,
  },
  mcpEndpoint: {
    path: ROUTES.mcp,
    title: 'MCP server',
    contentType: 'application/json',
    description:
      'The MCP server itself: JSON-RPC 2.0 over HTTP POST (Streamable HTTP, stateless, JSON responses), public and without a key.',
    tags: ['mcp', 'json-rpc', 'endpoint'],
    isStatic: false,
  },
} as const satisfies Record<string, DiscoveryFile>;

export type DiscoveryFileKey = keyof typeof DISCOVERY_FILES;

/** RFC 4287's media type, for the Atom feeds (src/discovery/atom-feed.ts). */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The Atom feeds: one of the insights and one of the case studies in each language that has
 * such entries (`/insights/feed.xml`, `/nl/insights/feed.xml`), each at its ROUTES key. Not
 * among DISCOVERY_FILES, which every site has: a language without insights has no insights feed.
 */
export const FEEDS = {
  insights: {
    route: 'insightsFeed',
    description: 'Atom feed of the insights (articles): title, summary, date, author, tags and image of each.',
    tags: ['feed', 'atom', 'insights'],
  },
  caseStudies: {
    route: 'caseStudiesFeed',
    description: 'Atom feed of the case studies: title, summary, date, team, industry and image of each.',
    tags: ['feed', 'atom', 'case-studies'],
  },
} as const satisfies Record<string, { route: keyof typeof ROUTES; description: string; tags: readonly string[] }>;

export type FeedKey = keyof typeof FEEDS;

/** The media type without parameters other than `profile`: `text/plain; charset=utf-8` -> `text/plain`. */
export function mediaTypeOf(contentType: string): string {
  return contentType
    .split(';')
    .map((part) => part.trim())
    .filter((part, index) => index === 0 || !/^charset=/i.test(part))
    .join('; ');
}
