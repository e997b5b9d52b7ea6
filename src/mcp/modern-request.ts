/**
 * The transport rules of a single 2026-07-28 request (Streamable HTTP "Server Validation"):
 * the version declared in `_meta` must be served (-32022) and repeated in MCP-Protocol-Version
 * (-32020); Mcp-Method (and Mcp-Name for tools/call) must be present and match the body
 * (-32020); the `_meta` keys must have their types (-32602). A bare `server/discover` with no
 * version anywhere is the era probe and is answered without them.
 */
import { declaredVersion, isModernVersion, isSupportedVersion } from './era.ts';
import { ERROR_CODES, type JsonRpcRequest } from './jsonrpc.ts';
import type { RpcError } from './messages.ts';
import { checkMirroredHeaders, type MirroredHeaders } from './mirrored-headers.ts';
import { META } from '../mcp-meta.ts';
import { headerMismatchError, unsupportedVersionError } from './protocol-errors.ts';
import { readMeta } from './read.ts';
import { MODERN_PROTOCOL_VERSIONS, type ProtocolVersion } from './versions.ts';

export type ModernCheck =
  { ok: true; version: ProtocolVersion } | { ok: false; error: RpcError; version: ProtocolVersion };

/** Longest JSON of a non-string declared version an error message repeats; the rest is cut to `…`. */
const SHOWN_MAX = 100;

/**
 * A declared version as an error message repeats it: a string as sent, anything else as JSON (not
 * `[object Object]`), cut to SHOWN_MAX characters. A value nested too deeply for JSON.stringify
 * (it throws RangeError past a few thousand levels, which fit in a 256 KiB body) is named by its
 * type: the error is then still the -32022 it is, not a 500.
 */
const shown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return Array.isArray(value) ? '(a deeply nested array)' : '(a deeply nested object)';
  }
  if (json === undefined) return 'undefined';
  return json.length > SHOWN_MAX ? `${json.slice(0, SHOWN_MAX)}…` : json;
};

export async function checkModernRequest(
  message: JsonRpcRequest,
  headerVersion: string | undefined,
  mirrored: MirroredHeaders,
): Promise<ModernCheck> {
  const { method, params } = message;
  const modern: ProtocolVersion = MODERN_PROTOCOL_VERSIONS[0];
  const fail = (error: RpcError): ModernCheck => ({ ok: false, error, version: modern });
  const declared = declaredVersion(params);
  const probe = method === 'server/discover' && declared === undefined && headerVersion === undefined;

  let version = modern;
  if (!probe) {
    const requested = declared ?? headerVersion;
    if (typeof requested !== 'string' || !isSupportedVersion(requested))
      return fail(unsupportedVersionError(shown(requested)));
    if (headerVersion === undefined)
      return fail(
        headerMismatchError(`the MCP-Protocol-Version header is missing; send MCP-Protocol-Version: ${requested}`),
      );
    if (declared === undefined) {
      return fail(
        headerMismatchError(
          `params._meta["${META.protocolVersion}"] is missing; it must repeat the MCP-Protocol-Version header (${headerVersion})`,
        ),
      );
    }
    if (declared !== headerVersion)
      return fail(
        headerMismatchError(
          `MCP-Protocol-Version header value '${headerVersion}' does not match body value '${shown(declared)}'`,
        ),
      );
    if (isModernVersion(requested)) version = requested;
  }
  const problem = checkMirroredHeaders(mirrored, method, params, !probe && message.id !== undefined);
  if (problem) return fail(headerMismatchError(problem));
  if (!(await readMeta(params?._meta ?? {})).success) {
    return fail({
      code: ERROR_CODES.invalidParams,
      message:
        'Invalid params: in _meta, clientInfo must be { name, version } (strings) and clientCapabilities an object.',
    });
  }
  return { ok: true, version };
}
