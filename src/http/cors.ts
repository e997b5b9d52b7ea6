/**
 * CORS of the API: any origin, on purpose. The server is public, unauthenticated and keeps no
 * state, so there is nothing a foreign page could do through a visitor's browser that it could
 * not do directly (this is why the MCP advice to validate Origin does not apply here).
 */

/** On every API response. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'MCP-Protocol-Version, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Link',
};

/**
 * The answer to a preflight (OPTIONS) of an API route (its Allow-Methods are the route's): the
 * MCP request headers, and If-None-Match for a browser client revalidating the server card.
 */
export const CORS_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID, If-None-Match',
  'Access-Control-Max-Age': '86400',
};

/**
 * What MCP's discovery text (the server-card extension's "CORS Requirements") asks of a discovery
 * document beyond any origin: the methods, the request headers a browser client may send
 * (If-None-Match, to revalidate) and the ETag it may read. The static discovery files carry these
 * (src/discovery/static-headers.ts), and so does the server card the API function answers, with
 * its route's methods and the API's exposed headers besides.
 */
export const DISCOVERY_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
};
