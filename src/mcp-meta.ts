/** The reserved `_meta` keys of MCP 2026-07-28 (the message schemas are in src/mcp/schemas.ts); foundation code, so the WebMCP page script can name itself too. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;
