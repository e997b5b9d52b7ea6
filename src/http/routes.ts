/**
 * The API's routes, one row each: the path, the methods it answers, the handler and what it is.
 * Every route also answers OPTIONS (the CORS preflight). The router (api.ts) takes routing,
 * `Allow`, the preflight and the 405 answers from here, and the 404 hint, the OpenAPI paths and
 * /mcp.md's endpoint list are made from it.
 */
import { ROUTES } from '../site/routes.ts';

export interface ApiRoute {
  path: string;
  /** The methods the route answers besides OPTIONS. */
  methods: readonly ('GET' | 'HEAD' | 'POST')[];
  /** Which handler of the router answers them. */
  handler: 'mcp' | 'serverCard' | 'contact' | 'health';
  /** What it is, in a few words ("the MCP server"). */
  summary: string;
  /** Its name in a sentence ("The MCP endpoint"). */
  title: string;
  /** What to do instead, for a method it does not answer (405); `baseUrl` is the site's. */
  otherMethods: (baseUrl: string) => string;
}

export const API_ROUTES: readonly ApiRoute[] = [
  {
    path: ROUTES.mcp,
    methods: ['POST'],
    handler: 'mcp',
    summary: 'the MCP server',
    title: 'The MCP endpoint',
    otherMethods: () =>
      'Send MCP JSON-RPC messages with POST and Content-Type: application/json. This server is stateless and offers no SSE stream to GET.',
  },
  {
    path: ROUTES.mcpServerCard,
    methods: ['GET', 'HEAD'],
    handler: 'serverCard',
    summary: 'the MCP server card',
    title: 'The server card',
    otherMethods: (baseUrl) =>
      `Read the server card with GET (Accept: application/mcp-server-card+json); the same card is at ${baseUrl}${ROUTES.serverCard}.`,
  },
  {
    path: ROUTES.contactApi,
    methods: ['POST'],
    handler: 'contact',
    summary: 'the contact form',
    title: 'The contact endpoint',
    otherMethods: (baseUrl) =>
      `Send the contact form with POST, as application/x-www-form-urlencoded or application/json; the form is at ${baseUrl}${ROUTES.contact}.`,
  },
  {
    path: ROUTES.health,
    methods: ['GET', 'HEAD'],
    handler: 'health',
    summary: 'liveness',
    title: 'The health endpoint',
    otherMethods: () => `Use GET ${ROUTES.health}.`,
  },
];

/** The route at a canonical path (src/site/urls.ts, canonicalPath), if any. */
export function routeAt(path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => route.path === path);
}

/** The `Allow` value of a route: its methods and OPTIONS. */
export function allowOf(route: ApiRoute): string {
  return [...route.methods, 'OPTIONS'].join(', ');
}

/** "POST /api/mcp (the MCP server), POST /api/contact (the contact form) and GET /api/health (liveness)". */
export function endpointList(): string {
  const items = API_ROUTES.map((route) => `${route.methods[0]} ${route.path} (${route.summary})`);
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
