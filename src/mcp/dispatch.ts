/**
 * Answers one JSON-RPC request (never a notification) once the transport has validated it and
 * chosen its era: the method table of each era, parameter validation (-32602), unknown methods
 * (-32601; HTTP 404 in the modern era) and the tools. Results are JSON text; what never changes
 * is serialized once in `createDispatcher`.
 */
import type { WaitUntil } from '../leads/after-lead.ts';
import type { LeadClient } from '../leads/schema.ts';
import type { Head } from '../artefacts/schema.ts';
import type { Era } from './era.ts';
import { isLegacyVersion } from './era.ts';
import { ERROR_CODES } from './jsonrpc.ts';
import type { RpcError } from './messages.ts';
import { isServed, methodsOf, type MethodName } from './methods.ts';
import { META } from '../mcp-meta.ts';
import type { Prompts } from './prompts.ts';
import {
  readCallToolParams,
  readCompleteParams,
  readGetPromptParams,
  readInitializeParams,
  readListParams,
  readReadResourceParams,
} from './read.ts';
import type { Outcome, Resources } from './resources.ts';
import { SERVER_CAPABILITIES, serverInfo, serverInstructions } from './server-info.ts';
import type { Tool, ToolResult } from './tools/define-tool.ts';
import {
  LATEST_LEGACY_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from './versions.ts';

/** How long a 2026 client may cache list and discover results: 5 minutes (they change only with a deploy). */
export const LIST_TTL_MS = 300_000;

/** What a tools/call's result tells beyond its text: an isError answer, a search's results and language (server.ts reports them in the message's outcome). */
export interface CallFacts {
  isError?: boolean;
  search?: { results: number; language: string };
}

export interface DispatchContext {
  era: Era;
  /** The version the response is sent under (MCP-Protocol-Version). */
  version: ProtocolVersion;
  /** The request's User-Agent header, recorded with leads when no clientInfo was sent. */
  userAgent?: string;
  /** The client IP the platform saw, for start_conversation's per-IP lead limit (never stored). */
  clientIp?: string;
  /** Keeps the function alive for start_conversation's work after the answer. */
  waitUntil?: WaitUntil;
}

export type DispatchOutcome =
  | {
      result: string;
      /** initialize: the negotiated version. */
      version?: ProtocolVersion;
      /** tools/call: what the result tells about the call (CallFacts). */
      facts?: CallFacts;
    }
  | { error: RpcError };

export type Dispatcher = (
  method: string,
  params: Record<string, unknown> | undefined,
  context: DispatchContext,
) => Promise<DispatchOutcome>;

/** The pages as resources and the prompts (resources.ts, prompts.ts). */
export interface DispatchContent {
  resources: Resources;
  prompts: Prompts;
}

/** Long: a factory: everything serialized once at start-up (per era and version) is shared by the method handlers it returns, each a few lines. */
export function createDispatcher(
  head: Pick<Head, 'site' | 'languages' | 'languageNames'>,
  tools: readonly Tool[],
  content: DispatchContent,
  now: () => Date,
): Dispatcher {
  const { site } = head;
  const { resources, prompts } = content;
  const info = serverInfo(site);
  const descriptors = tools.map((tool) => tool.descriptor);
  const instructions = serverInstructions(site, head, descriptors);
  const toolsByName = new Map(tools.map((tool) => [tool.descriptor.name, tool]));
  const toolNames = [...toolsByName.keys()];
  const modernMeta = { [META.serverInfo]: info };

  // Everything that never changes, serialized once.
  const legacy = {
    initialize: new Map(
      LEGACY_PROTOCOL_VERSIONS.map((version) => [
        version,
        JSON.stringify({ protocolVersion: version, capabilities: SERVER_CAPABILITIES, serverInfo: info, instructions }),
      ]),
    ),
    empty: '{}',
    tools: JSON.stringify({ tools: descriptors }),
    resourceTemplates: JSON.stringify({ resourceTemplates: [resources.template] }),
    prompts: JSON.stringify({ prompts: prompts.list }),
  };
  const cacheable = (fields: Record<string, unknown>) =>
    JSON.stringify({ resultType: 'complete', ...fields, ttlMs: LIST_TTL_MS, cacheScope: 'public', _meta: modernMeta });
  const modern = {
    discover: cacheable({
      supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
      capabilities: SERVER_CAPABILITIES,
      instructions,
    }),
    tools: cacheable({ tools: descriptors }),
    resourceTemplates: cacheable({ resourceTemplates: [resources.template] }),
    prompts: cacheable({ prompts: prompts.list }),
  };

  /**
   * A result made per request, as JSON: as it is for a 2025 request; for a 2026-07-28 one with
   * resultType and serverInfo, and the caching hints when the revision requires them
   * (resources/list, resources/read).
   */
  const dynamic = (value: object, era: Era, cache: boolean): DispatchOutcome => ({
    result: JSON.stringify(
      era === 'modern'
        ? {
            resultType: 'complete',
            ...value,
            ...(cache ? { ttlMs: LIST_TTL_MS, cacheScope: 'public' } : {}),
            _meta: modernMeta,
          }
        : value,
    ),
  });
  const settle = <T extends object>(outcome: Outcome<T>, era: Era, cache: boolean): DispatchOutcome =>
    outcome.ok ? dynamic(outcome.value, era, cache) : { error: outcome.error };

  const listResources = async (params: Record<string, unknown> | undefined, era: Era): Promise<DispatchOutcome> => {
    const parsed = await readListParams(params ?? {});
    if (!parsed.success) return invalidParams('Invalid params: cursor must be a string.');
    return settle(await resources.list(parsed.data.cursor), era, true);
  };

  const readResource = async (params: Record<string, unknown> | undefined, era: Era): Promise<DispatchOutcome> => {
    const parsed = await readReadResourceParams(params ?? {});
    if (!parsed.success)
      return invalidParams(
        `Invalid params: resources/read needs params.uri, a page URL such as ${site.baseUrl}/ (resources/list lists them).`,
      );
    return settle(await resources.read(parsed.data.uri, era), era, true);
  };

  const getPrompt = async (params: Record<string, unknown> | undefined, era: Era): Promise<DispatchOutcome> => {
    const parsed = await readGetPromptParams(params ?? {});
    if (!parsed.success)
      return invalidParams(
        `Invalid params: prompts/get needs params.name (one of: ${prompts.list.map((prompt) => prompt.name).join(', ')}) ` +
          'and optionally params.arguments (an object of strings).',
      );
    return settle(await prompts.get(parsed.data.name, parsed.data.arguments ?? {}), era, false);
  };

  const complete = async (params: Record<string, unknown> | undefined, era: Era): Promise<DispatchOutcome> => {
    const parsed = await readCompleteParams(params ?? {});
    if (!parsed.success)
      return invalidParams(
        'Invalid params: completion/complete needs params.ref ({ type: "ref/prompt", name } or { type: "ref/resource", uri }) ' +
          'and params.argument ({ name, value }, strings).',
      );
    const { ref, argument } = parsed.data;
    if (ref.type === 'ref/prompt') {
      const outcome = await prompts.complete(ref.name, argument.name, argument.value);
      return outcome.ok ? dynamic({ completion: outcome.value }, era, false) : { error: outcome.error };
    }
    if (ref.uri !== resources.template.uriTemplate)
      return invalidParams(
        `Invalid params: ${JSON.stringify(ref.uri.slice(0, 300))} is not a resource template of this server; the one template is ${resources.template.uriTemplate}.`,
      );
    if (argument.name !== 'path')
      return invalidParams(
        `Invalid params: the template ${resources.template.uriTemplate} has one argument, path, not ${JSON.stringify(argument.name.slice(0, 100))}.`,
      );
    return dynamic({ completion: await resources.completePath(argument.value) }, era, false);
  };

  // Memoized tool results come back as the same object: serialize each once per era.
  const serialized = { legacy: new WeakMap<ToolResult, string>(), modern: new WeakMap<ToolResult, string>() };
  const serializeResult = (result: ToolResult, era: Era): string => {
    let json = serialized[era].get(result);
    if (json === undefined) {
      json = JSON.stringify(era === 'modern' ? { resultType: 'complete', ...result, _meta: modernMeta } : result);
      serialized[era].set(result, json);
    }
    return json;
  };

  const invalidParams = (message: string, data?: unknown): DispatchOutcome => ({
    error: { code: ERROR_CODES.invalidParams, message, ...(data === undefined ? {} : { data }) },
  });

  const list = async (
    params: Record<string, unknown> | undefined,
    legacyJson: string,
    modernJson: string,
    era: Era,
  ): Promise<DispatchOutcome> => {
    const parsed = await readListParams(params ?? {});
    if (!parsed.success) return invalidParams('Invalid params: cursor must be a string.');
    // Every list fits in one page, so no cursor is ever issued and none is valid.
    if (parsed.data.cursor !== undefined)
      return invalidParams(
        'Invalid cursor: this server returns every item on the first page; call again without a cursor.',
      );
    return { result: era === 'modern' ? modernJson : legacyJson };
  };

  const callTool = async (
    params: Record<string, unknown> | undefined,
    context: DispatchContext,
  ): Promise<DispatchOutcome> => {
    const parsed = await readCallToolParams(params ?? {});
    if (!parsed.success) {
      return invalidParams(
        `Invalid params: tools/call needs params.name (one of: ${toolNames.join(', ')}) and optionally params.arguments (an object).`,
      );
    }
    const tool = toolsByName.get(parsed.data.name);
    if (!tool)
      return invalidParams(`Unknown tool "${parsed.data.name}". Available tools: ${toolNames.join(', ')}.`, {
        availableTools: toolNames,
      });
    const declared = parsed.data._meta?.[META.clientInfo];
    const client: LeadClient | undefined = declared
      ? { name: declared.name.slice(0, 200), version: declared.version.slice(0, 100) }
      : context.userAgent
        ? { userAgent: context.userAgent.slice(0, 300) }
        : undefined;
    const result = await tool.call(parsed.data.arguments ?? {}, {
      ...(client ? { client } : {}),
      ...(context.clientIp ? { clientIp: context.clientIp } : {}),
      ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
      now,
    });
    return { result: serializeResult(result, context.era), facts: callFacts(tool.descriptor.name, result) };
  };

  /** An isError answer, or search_site's number of complete matches and the language it searched. */
  const callFacts = (name: string, result: ToolResult): CallFacts | undefined => {
    if (result.isError) return { isError: true };
    const structured = result.structuredContent;
    if (name !== 'search_site' || typeof structured?.complete !== 'number') return undefined;
    return {
      search: {
        // The pages that match every word of the query (search-site.ts): a gap when none do.
        results: structured.complete,
        language: typeof structured.language === 'string' ? structured.language : '',
      },
    };
  };

  const initialize = async (params: Record<string, unknown> | undefined): Promise<DispatchOutcome> => {
    const parsed = await readInitializeParams(params ?? {});
    if (!parsed.success) {
      return invalidParams(
        'Invalid params: initialize needs params.protocolVersion (a string), params.capabilities (an object) and params.clientInfo ({ name, version }).',
      );
    }
    const requested = parsed.data.protocolVersion;
    const version = isLegacyVersion(requested) ? requested : LATEST_LEGACY_VERSION;
    return { result: legacy.initialize.get(version)!, version };
  };

  const methodNotFound = (method: string, era: Era): DispatchOutcome => {
    const supported = methodsOf(era);
    const hint =
      era === 'modern' && (method === 'initialize' || method === 'ping')
        ? ` ${method} is not part of MCP 2026-07-28: send requests directly with _meta (server/discover describes the server).`
        : '';
    return {
      error: {
        code: ERROR_CODES.methodNotFound,
        message: `Method not found: ${method}.${hint} Supported methods: ${supported.join(', ')}.`,
      },
    };
  };

  /** One answer per method of the table (methods.ts), so none is served that it does not list. */
  const handlers: Record<
    MethodName,
    (params: Record<string, unknown> | undefined, context: DispatchContext) => Promise<DispatchOutcome>
  > = {
    initialize: (params) => initialize(params),
    ping: () => Promise.resolve({ result: legacy.empty }),
    'server/discover': () => Promise.resolve({ result: modern.discover }),
    'tools/list': (params, { era }) => list(params, legacy.tools, modern.tools, era),
    'tools/call': (params, context) => callTool(params, context),
    'resources/list': (params, { era }) => listResources(params, era),
    'resources/read': (params, { era }) => readResource(params, era),
    'resources/templates/list': (params, { era }) =>
      list(params, legacy.resourceTemplates, modern.resourceTemplates, era),
    'prompts/list': (params, { era }) => list(params, legacy.prompts, modern.prompts, era),
    'prompts/get': (params, { era }) => getPrompt(params, era),
    'completion/complete': (params, { era }) => complete(params, era),
  };

  return async (method, params, context) =>
    isServed(method, context.era) ? handlers[method](params, context) : methodNotFound(method, context.era);
}
