/**
 * POST /api/mcp: the MCP Streamable HTTP transport, stateless and JSON-only, as a pure
 * `(Request, { clientIp }) -> Response` function with no platform imports. It checks the HTTP
 * envelope (Content-Type 415, Accept 406, body size 413), parses JSON-RPC (single or batch),
 * validates versions and mirrored headers, picks the era (see era.ts) and hands each request
 * to the dispatcher. Notifications get 202 with no body. Every JSON-RPC answer carries
 * MCP-Protocol-Version.
 *
 * HTTP status of JSON-RPC errors: 400 for -32700, -32600, -32020 and -32022; 404 for -32601 on a
 * modern request; 500 for -32603; 200 otherwise (-32601 legacy, -32602). Tool failures are
 * ordinary results with isError (200).
 */
import { apiErrorResponse } from '../http/api-error.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { COMMON_HEADERS } from '../http/headers.ts';
import { MAX_BATCH_LENGTH, MAX_BODY_BYTES } from '../http/limits.ts';
import { acceptsJson, isJsonContentType } from '../http/media-type.ts';
import { readBody } from '../http/read-body.ts';
import type { ArtefactReader } from '../artefacts/reader.ts';
import type { Head } from '../artefacts/schema.ts';
import type { WaitUntil } from '../leads/after-lead.ts';
import type { LeadPipeline } from '../leads/pipeline.ts';
import { ROUTES } from '../site/routes.ts';
import { createDispatcher, type DispatchContext, type DispatchOutcome, type Dispatcher } from './dispatch.ts';
import { isModernVersion, isSupportedVersion, selectEra } from './era.ts';
import { ERROR_CODES, MCP_ERROR_CODES, type JsonRpcRequest, type ResponseId } from './jsonrpc.ts';
import { errorMessage, resultMessage, type RpcError } from './messages.ts';
import { checkMirroredHeaders, type MirroredHeaders } from './mirrored-headers.ts';
import { checkModernRequest } from './modern-request.ts';
import { headerMismatchError, unsupportedVersionError } from './protocol-errors.ts';
import { readRequest } from './read.ts';
import type { ArtefactErrorReporter } from './tools/define-tool.ts';
import { createTools } from './tools/index.ts';
import { DEFAULT_HEADER_VERSION, type ProtocolVersion } from './versions.ts';
import { logError } from '../log.ts';

export interface McpHandlerOptions {
  /** The build's head: the company, the tool descriptors, the filters (src/artefacts/schema.ts). */
  head: Head;
  /** The build's artefacts, read on first use. */
  artefacts: ArtefactReader;
  /**
   * The lead pipeline start_conversation files into, loaded on its first call (the contact
   * form's, so limits and duplicates are shared).
   */
  leads?: () => Promise<LeadPipeline>;
  /** The clock (tests inject one). */
  now?: () => Date;
  /** Told about unexpected errors before the client gets a bare -32603 (default: logError, src/log.ts: no message, no data). */
  onError?: (error: unknown) => void;
  /** Told when a tool cannot read an artefact (default: one console line naming the tool, the file and the problem). */
  onArtefactError?: ArtefactErrorReporter;
}

/** The default artefact report: one line, with nothing a caller sent. */
export const logArtefactError: ArtefactErrorReporter = (tool, error) => {
  console.error(`mcp: ${tool} could not use the build artefact ${error.file} (${error.problem})`);
};

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
}

export type McpHandler = (request: Request, context: McpRequestContext) => Promise<Response>;

/** What the dispatcher and the tools learn about the request's sender. */
type Caller = Pick<DispatchContext, 'userAgent' | 'clientIp' | 'waitUntil'>;

/** A JSON-RPC answer before it becomes a Response. */
interface Reply {
  status: number;
  /** The response message (JSON text); null for 202. */
  body: string | null;
  version: ProtocolVersion;
}

const INVALID_REQUEST_MESSAGE =
  'Invalid request: send a JSON-RPC 2.0 object with "jsonrpc": "2.0", a string "method", an integer or string "id" (omit it for notifications) and an object "params" if any.';

/** The id to echo for a message that could not be read: its id when that is a valid one (an integer or a string), else null. */
function idOf(value: unknown): ResponseId {
  if (value === null || typeof value !== 'object' || !('id' in value)) return null;
  const { id } = value;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as string | number) : null;
}

export function createMcpHandler(options: McpHandlerOptions): McpHandler {
  const { head } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => logError('mcp: unexpected error', error));
  const tools = createTools(
    head,
    {
      artefacts: options.artefacts,
      ...(options.leads ? { leads: options.leads } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    },
    options.onArtefactError ?? logArtefactError,
  );
  const dispatch: Dispatcher = createDispatcher(head.site, tools, now);
  const docs = `${head.site.baseUrl}${ROUTES.mcpDocs}`;
  const jsonHeaders = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...COMMON_HEADERS,
    ...CORS_HEADERS,
  };
  const emptyHeaders = { 'Cache-Control': 'no-store', ...COMMON_HEADERS, ...CORS_HEADERS };

  const toResponse = (reply: Reply, extra: Record<string, string> | undefined) =>
    new Response(reply.body, {
      status: reply.status,
      headers: {
        ...(reply.body === null ? emptyHeaders : jsonHeaders),
        'MCP-Protocol-Version': reply.version,
        ...extra,
      },
    });

  const failure = (id: ResponseId, error: RpcError, status: number, version: ProtocolVersion): Reply => ({
    status,
    body: errorMessage(id, error),
    version,
  });

  /** Runs the dispatcher; a thrown error becomes -32603 with nothing of its internals. */
  const safeDispatch = async (message: JsonRpcRequest, context: DispatchContext): Promise<DispatchOutcome> => {
    try {
      return await dispatch(message.method, message.params, context);
    } catch (error) {
      onError(error);
      return { error: { code: ERROR_CODES.internalError, message: 'Internal error. Try again later.' }, status: 500 };
    }
  };

  const answer = (id: string | number, outcome: DispatchOutcome, version: ProtocolVersion): Reply =>
    'result' in outcome
      ? { status: 200, body: resultMessage(id, outcome.result), version: outcome.version ?? version }
      : failure(id, outcome.error, outcome.status ?? 200, version);

  const handleSingle = async (
    json: unknown,
    headerVersion: string | undefined,
    mirrored: MirroredHeaders,
    fallback: ProtocolVersion,
    caller: Caller,
  ): Promise<Reply> => {
    const parsed = await readRequest(json);
    if (!parsed.success)
      return failure(idOf(json), { code: ERROR_CODES.invalidRequest, message: INVALID_REQUEST_MESSAGE }, 400, fallback);
    const message = parsed.data;
    if (headerVersion !== undefined && !isSupportedVersion(headerVersion))
      return failure(message.id ?? null, unsupportedVersionError(headerVersion), 400, fallback);
    // Notifications (initialized, cancelled, or any other) need no answer: there is no session to update.
    if (message.id === undefined) return { status: 202, body: null, version: fallback };

    const era = selectEra(message.method, message.params, headerVersion);
    let version = fallback;
    if (era === 'modern') {
      const checked = await checkModernRequest(message, headerVersion, mirrored);
      if (!checked.ok) return failure(message.id, checked.error, checked.status, checked.version);
      version = checked.version;
    } else {
      // 2025 clients need not send the mirrored headers, but when they do, they must match.
      const problem = checkMirroredHeaders(mirrored, message.method, message.params, false);
      if (problem) return failure(message.id, headerMismatchError(problem), 400, fallback);
    }
    const outcome = await safeDispatch(message, { era, version, ...caller });
    return answer(message.id, outcome, version);
  };

  const handleBatch = async (
    batch: unknown[],
    headerVersion: string | undefined,
    mirrored: MirroredHeaders,
    fallback: ProtocolVersion,
    caller: Caller,
  ): Promise<Reply> => {
    const invalid = (message: string, code: number = ERROR_CODES.invalidRequest) =>
      failure(null, { code, message }, 400, fallback);
    if (headerVersion !== undefined && !isSupportedVersion(headerVersion))
      return failure(null, unsupportedVersionError(headerVersion), 400, fallback);
    if (isModernVersion(headerVersion))
      return invalid('Invalid request: batches are not part of MCP 2026-07-28; send each request in its own POST.');
    if (mirrored.method !== null || mirrored.name !== null) {
      return invalid(
        'Header mismatch: Mcp-Method and Mcp-Name cannot mirror a batch; send them only with single messages.',
        MCP_ERROR_CODES.headerMismatch,
      );
    }
    if (batch.length === 0) return invalid('Invalid request: the batch is empty; send at least one JSON-RPC message.');
    if (batch.length > MAX_BATCH_LENGTH) {
      return invalid(
        `Invalid request: a batch may hold at most ${MAX_BATCH_LENGTH} messages, this one has ${batch.length}; split it into smaller batches.`,
      );
    }

    const parts: string[] = [];
    let allInvalid = true;
    // One after another, so two identical start_conversation calls cannot race past duplicate suppression.
    for (const item of batch) {
      const parsed = await readRequest(item);
      if (!parsed.success) {
        parts.push(errorMessage(idOf(item), { code: ERROR_CODES.invalidRequest, message: INVALID_REQUEST_MESSAGE }));
        continue;
      }
      const message = parsed.data;
      if (message.id === undefined) continue;
      allInvalid = false;
      if (message.method === 'initialize') {
        parts.push(
          errorMessage(message.id, {
            code: ERROR_CODES.invalidRequest,
            message: 'Invalid request: initialize must not be part of a batch; send it on its own.',
          }),
        );
        continue;
      }
      if (selectEra(message.method, message.params, headerVersion) === 'modern') {
        parts.push(
          errorMessage(message.id, {
            code: ERROR_CODES.invalidRequest,
            message:
              'Invalid request: 2026-07-28 requests (server/discover, or a version in _meta) cannot be batched; send each in its own POST.',
          }),
        );
        continue;
      }
      const outcome = await safeDispatch(message, { era: 'legacy', version: fallback, ...caller });
      parts.push(answer(message.id, outcome, fallback).body!);
    }
    if (parts.length === 0) return { status: 202, body: null, version: fallback };
    return { status: allInvalid ? 400 : 200, body: `[${parts.join(',')}]`, version: fallback };
  };

  return async (request, context) => {
    const extra = context.responseHeaders;
    const headers = request.headers;
    const apiError = (
      status: number,
      code: 'unsupported_media_type' | 'not_acceptable' | 'payload_too_large',
      message: string,
      hint: string,
    ) => apiErrorResponse(status, { code, message, hint, docs }, { ...COMMON_HEADERS, ...CORS_HEADERS, ...extra });

    if (!isJsonContentType(headers.get('content-type'))) {
      return apiError(
        415,
        'unsupported_media_type',
        'The MCP endpoint accepts JSON-RPC messages as application/json only.',
        'Send the request with the header Content-Type: application/json.',
      );
    }
    if (!acceptsJson(headers.get('accept'))) {
      return apiError(
        406,
        'not_acceptable',
        'This server answers with application/json only, and the Accept header does not allow it.',
        'Send Accept: application/json, text/event-stream (or omit Accept).',
      );
    }
    const body = await readBody(request, MAX_BODY_BYTES);
    if (!body.ok) {
      return apiError(
        413,
        'payload_too_large',
        `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        `Send smaller messages; a batch may hold at most ${MAX_BATCH_LENGTH} of them.`,
      );
    }

    const headerVersion = headers.get('mcp-protocol-version')?.trim() || undefined;
    // 2025-06-18+: a request without the header is taken to speak 2025-03-26.
    const fallback: ProtocolVersion = isSupportedVersion(headerVersion) ? headerVersion : DEFAULT_HEADER_VERSION;
    const mirrored: MirroredHeaders = { method: headers.get('mcp-method'), name: headers.get('mcp-name') };
    const userAgent = headers.get('user-agent') ?? undefined;
    const clientIp = context.clientIp.trim();
    const caller: Caller = {
      ...(userAgent ? { userAgent } : {}),
      ...(clientIp ? { clientIp } : {}),
      ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
    };

    let json: unknown;
    try {
      json = JSON.parse(body.text);
    } catch {
      const error = {
        code: ERROR_CODES.parseError,
        message: 'Parse error: the body is not valid JSON. Send one JSON-RPC message (or an array of them) as JSON.',
      };
      return toResponse(failure(null, error, 400, fallback), extra);
    }
    try {
      const reply = Array.isArray(json)
        ? await handleBatch(json, headerVersion, mirrored, fallback, caller)
        : await handleSingle(json, headerVersion, mirrored, fallback, caller);
      return toResponse(reply, extra);
    } catch (error) {
      onError(error);
      return toResponse(
        failure(
          idOf(json),
          { code: ERROR_CODES.internalError, message: 'Internal error. Try again later.' },
          500,
          fallback,
        ),
        extra,
      );
    }
  };
}
