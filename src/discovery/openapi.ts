/**
 * /openapi.json: the OpenAPI 3.1 description of the HTTP surface (the MCP endpoint, the contact
 * form's endpoint and the health check), with every status of the contract's Endpoints tables. Bodies come from the zod
 * schemas the function parses with, headers from the one definition of each value (protocol
 * versions, rate limit, Link/Vary), so the description cannot drift from the code.
 */
import { API_ROUTES, type ApiRoute } from '../http/routes.ts';
import { RATE_LIMIT } from '../http/limits.ts';
import type { Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';
import { EDGE_FIREWALL } from './edge-firewall.ts';
import { components } from './openapi/components.ts';
import { contactPathItem } from './openapi/contact-path.ts';
import { healthPathItem } from './openapi/health-path.ts';
import { mcpPathItem } from './openapi/mcp-path.ts';
import { serverCardPathItem } from './openapi/server-card-path.ts';
import type { Json, PathContext } from './openapi/refs.ts';

/** Version of this HTTP interface description (the contract's "version 1.0.0"), not of the server. */
export const API_DESCRIPTION_VERSION = '1.0.0';

/** The path item of each kind of route (src/http/routes.ts): one file each. */
const PATH_ITEMS: Record<ApiRoute['handler'], (context: PathContext) => Json> = {
  mcp: mcpPathItem,
  serverCard: serverCardPathItem,
  contact: contactPathItem,
  health: healthPathItem,
};

export function openApiDocument(company: Company): Json {
  const docsUrl = absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path);

  return {
    openapi: '3.1.0',
    info: {
      title: `${company.name} agent API`,
      version: API_DESCRIPTION_VERSION,
      summary: `The public MCP server of ${company.name}, its contact form's endpoint and a liveness check.`,
      description: [
        `A public, unauthenticated MCP server (Streamable HTTP, stateless, JSON responses only) at ${ROUTES.mcp}, ` +
          `its server card at ${ROUTES.mcpServerCard}, ` +
          `the contact form's endpoint at ${ROUTES.contactApi} ` +
          `(the same lead pipeline as the MCP tool start_conversation), ` +
          `and a liveness check at ${ROUTES.health}. Full documentation: ${docsUrl}.`,
        `Unknown paths under ${ROUTES.apiPrefix} answer 404 with an ApiError body (error.code, error.message, error.hint, error.docs).`,
        `Every HTML page of the site is also available as Markdown with the request header \`Accept: text/markdown\`, or at the page URL plus \`.md\`.`,
        `Rate limit: ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} seconds per client IP. ` +
          `The function enforces it best-effort per instance and reports it in RateLimit-* headers; ` +
          `${EDGE_FIREWALL.vendor}'s edge firewall enforces the same limit globally ` +
          `and answers ${EDGE_FIREWALL.status} \`${EDGE_FIREWALL.contentType}\` ` +
          `with \`${EDGE_FIREWALL.header}: ${EDGE_FIREWALL.value}\`.`,
      ].join('\n\n'),
      contact: { name: company.name, email: company.contactEmail, url: company.baseUrl },
    },
    externalDocs: { description: 'MCP server documentation (Markdown)', url: docsUrl },
    servers: [
      { url: company.baseUrl, description: 'Base host' },
      { url: company.agentUrl, description: 'Agent host (the same deployment)' },
    ],
    security: [],
    tags: [
      { name: 'mcp', description: 'Model Context Protocol endpoint (JSON-RPC 2.0)' },
      { name: 'discovery', description: 'The MCP server card beside the endpoint' },
      { name: 'contact', description: 'The contact form (the same lead pipeline as the MCP tool start_conversation)' },
      { name: 'health', description: 'Liveness' },
    ],
    paths: Object.fromEntries(
      API_ROUTES.map((route) => [route.path, PATH_ITEMS[route.handler]({ company, docsUrl, route })]),
    ),
    components: components(company, docsUrl),
  };
}
