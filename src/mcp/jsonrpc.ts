/**
 * JSON-RPC 2.0 envelopes as the contract defines them. The handler parses with these, and the
 * OpenAPI description takes its schemas from them.
 */
import * as z from '../zod.ts';

export const requestIdSchema = z.union([z.int(), z.string()]);

/** A request (with `id`) or a notification (without). `params` may carry further properties. */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  /** Omitted means the message is a notification. */
  id: z.optional(requestIdSchema),
  method: z.string().check(z.minLength(1)),
  params: z.optional(z.record(z.string(), z.unknown())),
});

export const jsonRpcErrorObjectSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.optional(z.unknown()),
});

export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  /** Echoes the request id; null when the request could not be read. */
  id: z.union([requestIdSchema, z.null()]),
  result: z.optional(z.record(z.string(), z.unknown())),
  error: z.optional(jsonRpcErrorObjectSchema),
});

export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>;
export type JsonRpcResponse = z.infer<typeof jsonRpcResponseSchema>;

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
export type ResponseId = z.infer<typeof requestIdSchema> | null;
