/** JSON-RPC 2.0 and MCP errors, and the id type (the envelopes' schemas are in schemas.ts). */
import type { Era } from './era.ts';
export type { JsonRpcRequest } from './schemas.ts';

/**
 * Every JSON-RPC error this server sends, one row each: its code, the HTTP status of the response
 * that carries it (for a 2025 request and for a 2026-07-28 one), and when it is sent. The server
 * takes each error's status from here, and the OpenAPI description and /mcp.md are made from it.
 *
 * -32020 and -32022 are the MCP 2026-07-28 revision's own codes (its reserved range
 * -32020..-32099). This server uses them in both eras because they name exactly the condition: a
 * dual-era client that sees one recognises a modern server and retries instead of falling back.
 */
export const RPC_ERRORS = {
  parseError: { code: -32700, status: { legacy: 400, modern: 400 }, when: 'The body cannot be parsed as JSON.' },
  invalidRequest: {
    code: -32600,
    status: { legacy: 400, modern: 400 },
    when: 'The message is not a valid JSON-RPC request, or a batch is empty, too long, or holds initialize or a 2026-07-28 request.',
  },
  headerMismatch: {
    code: -32020,
    status: { legacy: 400, modern: 400 },
    when: 'MCP-Protocol-Version, Mcp-Method or Mcp-Name is missing (2026-07-28), malformed, or does not match the body.',
  },
  unsupportedProtocolVersion: {
    code: -32022,
    status: { legacy: 400, modern: 400 },
    when: 'The protocol version (header or _meta) is not served; error.data lists the supported versions.',
  },
  methodNotFound: {
    code: -32601,
    status: { legacy: 200, modern: 404 },
    when: 'The method does not exist (initialize and ping do not exist in 2026-07-28).',
  },
  invalidParams: {
    code: -32602,
    status: { legacy: 200, modern: 200 },
    when: 'An unknown tool, prompt or completion reference, invalid params of a protocol method (tools/call, initialize, prompts/get arguments, a list cursor), or (2026-07-28) a resource that does not exist.',
  },
  resourceNotFound: {
    code: -32002,
    status: { legacy: 200, modern: 200 },
    when: 'resources/read of a URI that is no published page (2025 revisions; the 2026-07-28 revision uses -32602 for it). The message names the right URI or the closest pages.',
  },
  internalError: {
    code: -32603,
    status: { legacy: 500, modern: 500 },
    when: 'An unexpected server error; nothing of it is shown. Try again later.',
  },
} as const satisfies Record<string, { code: number; status: Record<Era, number>; when: string }>;

export type RpcErrorName = keyof typeof RPC_ERRORS;

/** Each error's code by name, from RPC_ERRORS. */
export const ERROR_CODES = Object.fromEntries(Object.entries(RPC_ERRORS).map(([name, row]) => [name, row.code])) as {
  readonly [Name in RpcErrorName]: (typeof RPC_ERRORS)[Name]['code'];
};

const STATUS_BY_CODE = new Map<number, Record<Era, number>>(
  Object.values(RPC_ERRORS).map((row) => [row.code, row.status]),
);

/** The HTTP status of a response carrying the error `code` in `era` (RPC_ERRORS; 500 for a code not in it). */
export function httpStatusOf(code: number, era: Era): number {
  return STATUS_BY_CODE.get(code)?.[era] ?? 500;
}

/** A request id as it may be echoed: null when the request's id could not be read. */
export type ResponseId = number | string | null;
