/**
 * Reads MCP messages with their zod schemas (schemas.ts) without loading zod for ordinary
 * messages. A message whose shape is plainly valid is taken as it is; anything else is handed
 * to its schema, loaded on first need, which decides and whose verdict stands. The plain checks
 * are conservative: every value they accept, the schema accepts as well, with the same fields
 * (tests/mcp/read.test.ts checks this on thousands of generated messages). They exist because
 * loading zod takes about 6 ms of a cold start that an empty function answers in ~65 ms.
 */
import { META } from '../mcp-meta.ts';
import type {
  CallToolParams,
  CompleteParams,
  GetPromptParams,
  InitializeParams,
  JsonRpcRequest,
  ListParams,
  ReadResourceParams,
  RequestMeta,
} from './schemas.ts';

export type Read<T> = { success: true; data: T } | { success: false };

/** A JSON object as JSON.parse makes it, with no key that needs a schema's care. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, '__proto__')
  );
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

function isPlainImplementation(value: unknown): boolean {
  return isPlainObject(value) && typeof value.name === 'string' && typeof value.version === 'string';
}

function isPlainMeta(value: unknown): value is RequestMeta {
  if (value === undefined) return true;
  if (!isPlainObject(value)) return false;
  const info = value[META.clientInfo];
  const capabilities = value[META.clientCapabilities];
  return (
    isOptionalString(value[META.protocolVersion]) &&
    (info === undefined || isPlainImplementation(info)) &&
    (capabilities === undefined || isPlainObject(capabilities))
  );
}

/** Plainly a JSON-RPC request or notification (schemas.ts: jsonRpcRequestSchema). */
export function isPlainRequest(value: unknown): value is JsonRpcRequest {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string' || value.method.length === 0)
    return false;
  const { id, params } = value;
  return (
    (id === undefined || typeof id === 'string' || Number.isSafeInteger(id)) &&
    (params === undefined || isPlainObject(params))
  );
}

export function isPlainInitializeParams(value: unknown): value is InitializeParams {
  return (
    isPlainObject(value) &&
    typeof value.protocolVersion === 'string' &&
    (value.capabilities === undefined || isPlainObject(value.capabilities)) &&
    (value.clientInfo === undefined || isPlainImplementation(value.clientInfo)) &&
    isPlainMeta(value._meta)
  );
}

export function isPlainListParams(value: unknown): value is ListParams {
  return isPlainObject(value) && isOptionalString(value.cursor) && isPlainMeta(value._meta);
}

export function isPlainCallToolParams(value: unknown): value is CallToolParams {
  return (
    isPlainObject(value) &&
    typeof value.name === 'string' &&
    value.name.length > 0 &&
    (value.arguments === undefined || isPlainObject(value.arguments)) &&
    isPlainMeta(value._meta)
  );
}

export function isPlainReadResourceParams(value: unknown): value is ReadResourceParams {
  return isPlainObject(value) && typeof value.uri === 'string' && value.uri.length > 0 && isPlainMeta(value._meta);
}

/** Never plain: prompts/get and completion/complete are rare, so their schema decides every time. */
const never = (value: unknown): value is never => value !== value;

const schemas = () => import('./schemas.ts');

type Schemas = Awaited<ReturnType<typeof schemas>>;

async function read<T>(
  value: unknown,
  plain: (value: unknown) => value is T,
  schemaOf: (all: Schemas) => { safeParse(value: unknown): Read<T> | { success: false } },
): Promise<Read<T>> {
  if (plain(value)) return { success: true, data: value };
  const parsed = schemaOf(await schemas()).safeParse(value);
  return parsed.success ? parsed : { success: false };
}

export const readRequest = (value: unknown) => read(value, isPlainRequest, (all) => all.jsonRpcRequestSchema);
export const readInitializeParams = (value: unknown) =>
  read(value, isPlainInitializeParams, (all) => all.initializeParamsSchema);
export const readListParams = (value: unknown) => read(value, isPlainListParams, (all) => all.listParamsSchema);
export const readCallToolParams = (value: unknown) =>
  read(value, isPlainCallToolParams, (all) => all.callToolParamsSchema);
export const readMeta = (value: unknown) => read(value, isPlainMeta, (all) => all.requestMetaSchema);
export const readReadResourceParams = (value: unknown) =>
  read(value, isPlainReadResourceParams, (all) => all.readResourceParamsSchema);
export const readGetPromptParams = (value: unknown) =>
  read<GetPromptParams>(value, never, (all) => all.getPromptParamsSchema);
export const readCompleteParams = (value: unknown) =>
  read<CompleteParams>(value, never, (all) => all.completeParamsSchema);
