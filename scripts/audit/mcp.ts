/** JSON-RPC over the contract's MCP endpoint (POST {base}/api/mcp, Streamable HTTP, JSON only). */
import { PATHS, isObject, jsonOf, shown, type Audit } from './context.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import type { Area } from './report.ts';
import type { HttpResponse } from './http.ts';
import { AUDIT_USER_AGENT } from '../../src/traffic/events.ts';

export const CLIENT_INFO = { name: AUDIT_USER_AGENT, version: '1.0.0' } as const;

/** A Streamable HTTP client lists both (MCP transports: "Sending Messages to the Server"). */
export const MCP_ACCEPT = 'application/json, text/event-stream';

export interface RpcAnswer {
  response: HttpResponse;
  /** The parsed body (a message, an array for a batch), undefined when it is not JSON. */
  body: unknown;
}

export async function post(
  audit: Audit,
  body: unknown,
  headers: Record<string, string> = {},
  host: URL = audit.base,
): Promise<RpcAnswer> {
  const response = await audit.fetch(
    PATHS.mcp,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MCP_ACCEPT, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    host,
  );
  return { response, body: jsonOf(response) };
}

/** A request message with an id. */
export function request(id: number | string, method: string, params?: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) };
}

export function notification(method: string, params?: Record<string, unknown>) {
  return { jsonrpc: '2.0', method, ...(params ? { params } : {}) };
}

export function initializeParams(protocolVersion: string) {
  return { protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO };
}

/** `result` of a response message, when it is one. */
export function resultOf(body: unknown): Record<string, unknown> | undefined {
  return isObject(body) && isObject(body.result) ? body.result : undefined;
}

/** `error` of a response message, when it is one. */
export function errorOf(body: unknown): { code: unknown; message: unknown; data?: unknown } | undefined {
  return isObject(body) && isObject(body.error) ? (body.error as { code: unknown; message: unknown }) : undefined;
}

/** The text of a tool result's text content items, joined. */
export function toolText(result: Record<string, unknown> | undefined): string {
  const content = Array.isArray(result?.content) ? result.content : [];
  return content
    .filter((item): item is { type: string; text: string } => isObject(item) && typeof item.text === 'string')
    .map((item) => item.text)
    .join('\n');
}

const probes = new WeakMap<Audit, Promise<RpcAnswer>>();

/**
 * Whether POST /api/mcp answers JSON-RPC at all (an initialize, sent once per audit). When it does
 * not, the area records one failure naming the endpoint instead of one per check, and stops.
 */
export async function requireMcp(audit: Audit, area: Area): Promise<boolean> {
  let probe = probes.get(audit);
  if (!probe) {
    probe = post(audit, request('probe', 'initialize', initializeParams(LEGACY_PROTOCOL_VERSIONS[0])));
    probes.set(audit, probe);
  }
  const { response, body } = await probe;
  const answers = isObject(body) && body.jsonrpc === '2.0';
  if (!answers)
    audit.check(area, `${area}.mcp-endpoint`, `the MCP endpoint ${PATHS.mcp} answers JSON-RPC`, false, {
      expected: `a JSON-RPC response from POST ${audit.url(PATHS.mcp).href} (Content-Type: application/json)`,
      got: shown(response),
      fix: `Serve the MCP server at ${PATHS.mcp}: the contract and the discovery files publish it there. A static host cannot; deploy the API function (docs/deploy.md).`,
    });
  return answers;
}
