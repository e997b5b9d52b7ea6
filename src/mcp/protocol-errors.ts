/** The JSON-RPC errors of the transport checks, worded to say what to send instead. */
import { ERROR_CODES } from './jsonrpc.ts';
import type { RpcError } from './messages.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from './versions.ts';

/** -32022 (HTTP 400): `data` lists the versions served, so a client can retry with one. */
export function unsupportedVersionError(requested: string): RpcError {
  return {
    code: ERROR_CODES.unsupportedProtocolVersion,
    message: `Unsupported protocol version "${requested}". Supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    data: { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested },
  };
}

/** -32020 (HTTP 400): a mirrored header missing, malformed or not matching the body. */
export function headerMismatchError(problem: string): RpcError {
  return { code: ERROR_CODES.headerMismatch, message: `Header mismatch: ${problem}.` };
}
