/**
 * POST /api/mcp: the MCP Streamable HTTP transport, stateless and JSON-only, as a pure
 * `(Request, { clientIp }) -> Response` function with no platform imports. It checks the HTTP
 * envelope (Content-Type 415, Accept 406, body size 413), reads the headers the protocol needs
 * (MCP-Protocol-Version, Mcp-Method, Mcp-Name, User-Agent) and turns the protocol's reply
 * (src/mcp/server.ts) into a response: JSON, or 202 with no body for notifications, always with
 * MCP-Protocol-Version, the common headers and CORS. How each message ended goes to the caller's
 * `onOutcomes` (the API function makes the traffic record's notes from it: traffic-notes.ts).
 */
import type { WaitUntil } from '../leads/after-lead.ts';
import { MAX_BATCH_LENGTH } from '../mcp/limits.ts';
import { createMcpServer, type Caller, type McpServerOptions, type Reply } from '../mcp/server.ts';
import { ROUTES } from '../site/routes.ts';
import { apiErrorResponse, type ApiErrorCode } from './api-error.ts';
import { CORS_HEADERS } from './cors.ts';
import { COMMON_HEADERS } from './headers.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { acceptsJson, isJsonContentType } from './media-type.ts';
import { readBody } from './read-body.ts';

export type McpHandlerOptions = McpServerOptions;

export interface McpRequestContext {
  /**
   * The client IP the platform saw (not a header a client could forge): the rate-limit key and,
   * through the tool context, start_conversation's per-IP lead limit (never stored).
   */
  clientIp: string;
  /** Headers to add to the response (the API router adds RateLimit-*). */
  responseHeaders?: Record<string, string>;
  /** Keeps the function alive for work after the answer (Netlify: `context.waitUntil`). */
  waitUntil?: WaitUntil;
  /**
   * Told how each message ended (the protocol's outcomes, in the request's order) and each
   * message as read, once the reply is made (src/mcp/server.ts, Reply).
   */
  onOutcomes?: (messages: Reply['messages'], outcomes: Reply['outcomes']) => void;
}

export type McpHandler = (request: Request, context: McpRequestContext) => Promise<Response>;

export function createMcpHandler(options: McpHandlerOptions): McpHandler {
  const server = createMcpServer(options);
  const docs = `${options.head.site.baseUrl}${ROUTES.mcpDocs}`;
  const base = { 'Cache-Control': 'no-store', ...COMMON_HEADERS, ...CORS_HEADERS };

  return async (request, context) => {
    const extra = context.responseHeaders;
    const headers = request.headers;
    const refuse = (code: ApiErrorCode, message: string, hint: string) =>
      apiErrorResponse({ code, message, hint, docs }, { ...COMMON_HEADERS, ...CORS_HEADERS, ...extra });

    if (!isJsonContentType(headers.get('content-type'))) {
      return refuse(
        'unsupported_media_type',
        'The MCP endpoint accepts JSON-RPC messages as application/json only.',
        'Send the request with the header Content-Type: application/json.',
      );
    }
    if (!acceptsJson(headers.get('accept'))) {
      return refuse(
        'not_acceptable',
        'This server answers with application/json only, and the Accept header does not allow it.',
        'Send Accept: application/json, text/event-stream (or omit Accept).',
      );
    }
    const body = await readBody(request, MAX_BODY_BYTES);
    if (!body.ok) {
      return refuse(
        'payload_too_large',
        `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        `Send smaller messages; a batch may hold at most ${MAX_BATCH_LENGTH} of them.`,
      );
    }

    const userAgent = headers.get('user-agent') ?? undefined;
    const clientIp = context.clientIp.trim();
    const caller: Caller = {
      ...(userAgent ? { userAgent } : {}),
      ...(clientIp ? { clientIp } : {}),
      ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
    };
    const reply = await server(body.text, {
      headerVersion: headers.get('mcp-protocol-version')?.trim() || undefined,
      mirrored: { method: headers.get('mcp-method'), name: headers.get('mcp-name') },
      caller,
    });
    context.onOutcomes?.(reply.messages, reply.outcomes);
    return new Response(reply.body, {
      status: reply.status,
      headers: {
        ...base,
        ...(reply.body === null ? {} : { 'Content-Type': 'application/json' }),
        'MCP-Protocol-Version': reply.version,
        ...extra,
      },
    });
  };
}
