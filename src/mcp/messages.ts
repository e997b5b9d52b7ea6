/**
 * JSON-RPC response messages as JSON text. Results that never change (tools/list, initialize,
 * server/discover) are serialized once at start-up and spliced in here, so answering them costs
 * one string concatenation.
 */
import type { ResponseId } from './jsonrpc.ts';

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A success response around an already serialized result object. */
export function resultMessage(id: string | number, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}

export function errorMessage(id: ResponseId, error: RpcError): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}
