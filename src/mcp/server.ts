/**
 * The MCP protocol, stateless, as a pure function from a POST body's text and what the transport
 * read from the request's headers to a JSON-RPC reply (status, body, protocol version); the
 * transport (src/http/mcp-endpoint.ts) turns it into an HTTP response. It parses JSON-RPC
 * (single or batch), validates versions and mirrored headers, picks the era (see era.ts) and
 * hands each request to the dispatcher. Notifications get 202 with no body.
 *
 * Each JSON-RPC error travels with the HTTP status RPC_ERRORS (jsonrpc.ts) gives it. Tool failures
 * are ordinary results with isError (200). Beside the answer, the reply says how each message
 * ended (MessageOutcome) and what was read of it; observing them (counting, the traffic record)
 * is the transport's caller's business, not the protocol's.
 */
import { ArtefactError } from '../artefacts/errors.ts';
import type { ArtefactReader } from '../artefacts/reader.ts';
import type { Head } from '../artefacts/schema.ts';
import type { LoadContactResources } from '../leads/contact-language.ts';
import type { StemmerLoader } from '../search/analyzers.ts';
import type { LeadPipeline } from '../leads/pipeline.ts';
import {
  createDispatcher,
  type CallFacts,
  type DispatchContext,
  type DispatchOutcome,
  type Dispatcher,
} from './dispatch.ts';
import { isModernVersion, isSupportedVersion, selectEra, type Era } from './era.ts';
import { ERROR_CODES, httpStatusOf, type JsonRpcRequest, type ResponseId } from './jsonrpc.ts';
import { MAX_BATCH_LENGTH } from './limits.ts';
import { errorMessage, resultMessage, type RpcError } from './messages.ts';
import { checkMirroredHeaders, type MirroredHeaders } from './mirrored-headers.ts';
import { checkModernRequest } from './modern-request.ts';
import { headerMismatchError, unsupportedVersionError } from './protocol-errors.ts';
import { once } from '../once.ts';
import { headPromptCatalog } from './prompt-catalog.ts';
import type { Prompts } from './prompts.ts';
import { readRequest } from './read.ts';
import { createResources } from './resources.ts';
import type { ArtefactErrorReporter } from './tools/define-tool.ts';
import type { LeadTools, ToolDependencies } from './tools/dependencies.ts';
import { createTools } from './tools/index.ts';
import { DEFAULT_HEADER_VERSION, type ProtocolVersion } from './versions.ts';
import { logError } from '../log.ts';

export interface McpServerOptions {
  /** The build's head: the company, the tool descriptors, the filters (src/artefacts/schema.ts). */
  head: Head;
  /** The build's artefacts, read on first use. */
  artefacts: ArtefactReader;
  /**
   * The lead path, the code only a lead request runs: start_conversation's module comes from it,
   * loaded on the tool's first call (see ToolDependencies). The function loads it apart from its
   * entry (functions/api.mts); in-process callers import its source.
   */
  leadPath?: () => Promise<LeadTools>;
  /**
   * The lead pipeline start_conversation files into, loaded on its first call (the contact
   * form's, so limits and duplicates are shared).
   */
  leads?: () => Promise<LeadPipeline>;
  /** start_conversation's messages in every language, loaded on its first call (see ToolDependencies). */
  contact?: LoadContactResources;
  /** search_site's stemmers (see ToolDependencies). */
  stemmers?: StemmerLoader;
  /** The search engine search_site shares with the search page (see ToolDependencies). */
  searchEngine?: ToolDependencies['searchEngine'];
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

/** What the transport read from the HTTP request, besides its body. */
export interface McpRequest {
  /** The MCP-Protocol-Version header, trimmed; undefined when absent or empty. */
  headerVersion: string | undefined;
  /** The Mcp-Method and Mcp-Name headers (null when absent). */
  mirrored: MirroredHeaders;
  /** Who sent it: User-Agent, the client IP the platform saw, and `waitUntil` for work after the answer. */
  caller: Caller;
}

/** What the dispatcher and the tools learn about the request's sender. */
export type Caller = Pick<DispatchContext, 'userAgent' | 'clientIp' | 'waitUntil'>;

/**
 * How one message ended: answered (`ok`; for search_site, the number of pages that matched every
 * word and the language it searched), a tool's answer with isError (`tool_error`), or a JSON-RPC
 * error with its code (`error`). A notification ends `ok`.
 */
export type MessageOutcome =
  { kind: 'ok'; search?: NonNullable<CallFacts['search']> } | { kind: 'tool_error' } | { kind: 'error'; code: number };

/** A JSON-RPC answer before it becomes a Response. */
export interface Reply {
  status: number;
  /** The response message (JSON text); null for 202. */
  body: string | null;
  version: ProtocolVersion;
  /**
   * How each message ended, in the request's order, notifications included: one outcome for a
   * body that is no JSON and for a batch refused whole. The transport hands them on to whoever
   * observes the server; the protocol keeps no record of its own.
   */
  outcomes: MessageOutcome[];
  /**
   * The message each outcome is about, as read, at the same index: undefined where there was
   * none to read (a body that is no JSON, a message that is no valid JSON-RPC request, a batch
   * refused whole).
   */
  messages: (JsonRpcRequest | undefined)[];
}

/** A reply before the outcomes are added to it. */
type Answer = Omit<Reply, 'outcomes' | 'messages'>;

/** Answers one POST body: a JSON-RPC message or batch, as text. */
export type McpServer = (body: string, request: McpRequest) => Promise<Reply>;

const INVALID_REQUEST_MESSAGE =
  'Invalid request: send a JSON-RPC 2.0 object with "jsonrpc": "2.0", a string "method", ' +
  'an integer or string "id" (omit it for notifications) and an object "params" if any.';

/** The errors of a batch's messages that may not be batched. */
const INITIALIZE_IN_BATCH: RpcError = {
  code: ERROR_CODES.invalidRequest,
  message: 'Invalid request: initialize must not be part of a batch; send it on its own.',
};
const MODERN_IN_BATCH: RpcError = {
  code: ERROR_CODES.invalidRequest,
  message:
    'Invalid request: 2026-07-28 requests (server/discover, or a version in _meta) cannot be batched; send each in its own POST.',
};

/** The id to echo for a message that could not be read: its id when that is a valid one (an integer or a string), else null. */
function idOf(value: unknown): ResponseId {
  if (value === null || typeof value !== 'object' || !('id' in value)) return null;
  const { id } = value;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as string | number) : null;
}

/** Long: a factory: the dispatcher, the tools and the era rules are shared by the request handler it returns and its small steps. */
export function createMcpServer(options: McpServerOptions): McpServer {
  const { head } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => logError('mcp: unexpected error', error));
  const onArtefactError = options.onArtefactError ?? logArtefactError;
  const tools = createTools(
    head,
    {
      artefacts: options.artefacts,
      ...(options.leadPath ? { leadPath: options.leadPath } : {}),
      ...(options.leads ? { leads: options.leads } : {}),
      ...(options.contact ? { contact: options.contact } : {}),
      ...(options.stemmers ? { stemmers: options.stemmers } : {}),
      ...(options.searchEngine ? { searchEngine: options.searchEngine } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    },
    onArtefactError,
  );
  const resources = createResources(head.site, head.buildId, options.artefacts, head.languages);
  // prompts/list is answered from the catalog; prompts.ts (zod schemas) loads on first use.
  const loadPrompts = once(async () =>
    (await import('./prompts.ts')).createPrompts(head, options.artefacts, resources),
  );
  const prompts: Prompts = {
    list: Object.values(headPromptCatalog(head)),
    get: async (name, args) => (await loadPrompts()).get(name, args),
    complete: async (name, argument, value) => (await loadPrompts()).complete(name, argument, value),
  };
  const dispatch: Dispatcher = createDispatcher(head, tools, { resources, prompts }, now);
  /** A message that was answered: a tool's isError answer, or ok with what the call tells (search_site's). */
  const answered = (facts?: CallFacts): MessageOutcome =>
    facts?.isError ? { kind: 'tool_error' } : { kind: 'ok', ...(facts?.search ? { search: facts.search } : {}) };
  /** How a dispatched message ended: answered, or its error's code. */
  const outcomeOf = (outcome: DispatchOutcome): MessageOutcome =>
    'result' in outcome ? answered(outcome.facts) : { kind: 'error', code: outcome.error.code };
  /** `answer` to one message (`message` as read, if it could be read) and how it ended. */
  const ended = (answer: Answer, outcome: MessageOutcome, message?: JsonRpcRequest): Reply => ({
    ...answer,
    outcomes: [outcome],
    messages: [message],
  });
  /** An error answer; its HTTP status is the error's in RPC_ERRORS (jsonrpc.ts). */
  const failure = (id: ResponseId, error: RpcError, version: ProtocolVersion, era: Era = 'legacy'): Answer => ({
    status: httpStatusOf(error.code, era),
    body: errorMessage(id, error),
    version,
  });
  /** A reply refusing one message (or a whole body) with `error`: its outcome is that error. */
  const refused = (
    id: ResponseId,
    error: RpcError,
    version: ProtocolVersion,
    message?: JsonRpcRequest,
    era: Era = 'legacy',
  ): Reply => ended(failure(id, error, version, era), { kind: 'error', code: error.code }, message);

  /** Runs the dispatcher; a thrown error becomes -32603 with nothing of its internals. */
  const safeDispatch = async (message: JsonRpcRequest, context: DispatchContext): Promise<DispatchOutcome> => {
    try {
      return await dispatch(message.method, message.params, context);
    } catch (error) {
      // resources/* and prompts/get read artefacts outside any tool: report a broken one like a tool does.
      if (error instanceof ArtefactError) onArtefactError(message.method, error);
      else onError(error);
      return { error: { code: ERROR_CODES.internalError, message: 'Internal error. Try again later.' } };
    }
  };

  const answer = (id: string | number, outcome: DispatchOutcome, version: ProtocolVersion, era: Era): Answer =>
    'result' in outcome
      ? { status: 200, body: resultMessage(id, outcome.result), version: outcome.version ?? version }
      : failure(id, outcome.error, version, era);

  const handleSingle = async (
    json: unknown,
    headerVersion: string | undefined,
    mirrored: MirroredHeaders,
    fallback: ProtocolVersion,
    caller: Caller,
  ): Promise<Reply> => {
    const parsed = await readRequest(json);
    if (!parsed.success)
      return refused(idOf(json), { code: ERROR_CODES.invalidRequest, message: INVALID_REQUEST_MESSAGE }, fallback);
    const message = parsed.data;
    if (headerVersion !== undefined && !isSupportedVersion(headerVersion))
      return refused(message.id ?? null, unsupportedVersionError(headerVersion), fallback, message);
    // Notifications (initialized, cancelled, or any other) need no answer: there is no session to update.
    if (message.id === undefined) return ended({ status: 202, body: null, version: fallback }, answered(), message);

    const era = selectEra(message.method, message.params, headerVersion);
    let version = fallback;
    if (era === 'modern') {
      const checked = await checkModernRequest(message, headerVersion, mirrored);
      if (!checked.ok) return refused(message.id, checked.error, checked.version, message, 'modern');
      version = checked.version;
    } else {
      // 2025 clients need not send the mirrored headers, but when they do, they must match.
      const problem = checkMirroredHeaders(mirrored, message.method, message.params, false);
      if (problem) return refused(message.id, headerMismatchError(problem), fallback, message);
    }
    const outcome = await safeDispatch(message, { era, version, ...caller });
    return ended(answer(message.id, outcome, version, era), outcomeOf(outcome), message);
  };

  const handleBatch = async (
    batch: unknown[],
    headerVersion: string | undefined,
    mirrored: MirroredHeaders,
    fallback: ProtocolVersion,
    caller: Caller,
  ): Promise<Reply> => {
    // A batch refused whole has one outcome, about no message.
    const invalid = (message: string, code: number = ERROR_CODES.invalidRequest) =>
      refused(null, { code, message }, fallback);
    if (headerVersion !== undefined && !isSupportedVersion(headerVersion))
      return refused(null, unsupportedVersionError(headerVersion), fallback);
    if (isModernVersion(headerVersion))
      return invalid('Invalid request: batches are not part of MCP 2026-07-28; send each request in its own POST.');
    if (mirrored.method !== null || mirrored.name !== null) {
      return invalid(
        'Header mismatch: Mcp-Method and Mcp-Name cannot mirror a batch; send them only with single messages.',
        ERROR_CODES.headerMismatch,
      );
    }
    if (batch.length === 0) return invalid('Invalid request: the batch is empty; send at least one JSON-RPC message.');
    if (batch.length > MAX_BATCH_LENGTH) {
      return invalid(
        `Invalid request: a batch may hold at most ${MAX_BATCH_LENGTH} messages, this one has ${batch.length}; split it into smaller batches.`,
      );
    }

    const parts: string[] = [];
    const outcomes: MessageOutcome[] = [];
    const messages: (JsonRpcRequest | undefined)[] = [];
    /** How the batch's next message ended (`message` as read, if it could be read). */
    const told = (outcome: MessageOutcome, message?: JsonRpcRequest) => {
      outcomes.push(outcome);
      messages.push(message);
    };
    /** An error answer to a message of the batch, as its part of the reply. */
    const refuse = (id: ResponseId, error: RpcError, message?: JsonRpcRequest) => {
      parts.push(errorMessage(id, error));
      told({ kind: 'error', code: error.code }, message);
    };
    let allInvalid = true;
    // One after another, so two identical start_conversation calls cannot race past duplicate suppression.
    for (const item of batch) {
      const parsed = await readRequest(item);
      if (!parsed.success) {
        refuse(idOf(item), { code: ERROR_CODES.invalidRequest, message: INVALID_REQUEST_MESSAGE });
        continue;
      }
      const message = parsed.data;
      if (message.id === undefined) {
        told(answered(), message);
        continue;
      }
      allInvalid = false;
      if (message.method === 'initialize') {
        refuse(message.id, INITIALIZE_IN_BATCH, message);
        continue;
      }
      if (selectEra(message.method, message.params, headerVersion) === 'modern') {
        refuse(message.id, MODERN_IN_BATCH, message);
        continue;
      }
      const outcome = await safeDispatch(message, { era: 'legacy', version: fallback, ...caller });
      parts.push(answer(message.id, outcome, fallback, 'legacy').body!);
      told(outcomeOf(outcome), message);
    }
    if (parts.length === 0) return { status: 202, body: null, version: fallback, outcomes, messages };
    // A batch of nothing but invalid messages is itself an invalid request.
    const status = allInvalid ? httpStatusOf(ERROR_CODES.invalidRequest, 'legacy') : 200;
    return { status, body: `[${parts.join(',')}]`, version: fallback, outcomes, messages };
  };

  return async (text, { headerVersion, mirrored, caller }) => {
    // 2025-06-18+: a request without the header is taken to speak 2025-03-26.
    const fallback: ProtocolVersion = isSupportedVersion(headerVersion) ? headerVersion : DEFAULT_HEADER_VERSION;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const error = {
        code: ERROR_CODES.parseError,
        message: 'Parse error: the body is not valid JSON. Send one JSON-RPC message (or an array of them) as JSON.',
      };
      return refused(null, error, fallback);
    }
    try {
      return Array.isArray(json)
        ? await handleBatch(json, headerVersion, mirrored, fallback, caller)
        : await handleSingle(json, headerVersion, mirrored, fallback, caller);
    } catch (error) {
      onError(error);
      return refused(
        idOf(json),
        { code: ERROR_CODES.internalError, message: 'Internal error. Try again later.' },
        fallback,
      );
    }
  };
}
