/**
 * Headers every response of the site carries, from one definition: static files (through the
 * generated `_headers` file), the Markdown edge function and the API function all use these.
 * Dependency-free on purpose: the Deno edge function imports this file directly.
 */
import { ROUTES } from '../site/routes.ts';

/**
 * The `Link` header value: describedby (the OpenAPI description), api-catalog (RFC 9727),
 * privacy-policy (RFC 6903), and ard (the Agentic Resource Discovery manifest).
 */
export const LINK_HEADER = [
  `<${ROUTES.openapi}>; rel="describedby"; type="application/openapi+json"`,
  `<${ROUTES.apiCatalog}>; rel="api-catalog"`,
  `<${ROUTES.privacy}>; rel="privacy-policy"`,
  `<${ROUTES.ard}>; rel="ard"`,
].join(', ');

/** Headers on every response: the Link relations and `Vary: Accept` (pages negotiate Markdown). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  Link: LINK_HEADER,
  Vary: 'Accept',
};

/** Media type of the Markdown siblings. */
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/** Media type of an MCP server card (SEP-2127), wherever it is served. */
export const SERVER_CARD_CONTENT_TYPE = 'application/mcp-server-card+json';
