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

/** The answer to a preflight (OPTIONS) of the MCP endpoint. */
export const CORS_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
};
