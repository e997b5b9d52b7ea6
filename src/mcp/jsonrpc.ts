/** JSON-RPC 2.0 and MCP error codes, and the id type (the envelopes' schemas are in schemas.ts). */
export type { JsonRpcRequest, JsonRpcResponse } from './schemas.ts';

/** JSON-RPC and MCP error codes used by this server. */
export const ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/**
 * Error codes the MCP 2026-07-28 revision defines (its reserved range -32020..-32099). This server
 * uses them in both eras, because they name exactly the condition: a dual-era client that sees
 * one recognises a modern server and retries instead of falling back.
 */
export const MCP_ERROR_CODES = {
  /** HTTP headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name) missing, malformed or not matching the body. HTTP 400. */
  headerMismatch: -32020,
  /** The requested protocol version is not served; `data` = { supported, requested }. HTTP 400. */
  unsupportedProtocolVersion: -32022,
} as const;

/** A request id as it may be echoed: null when the request's id could not be read. */
export type ResponseId = number | string | null;
