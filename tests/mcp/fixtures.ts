/** Test fixtures for the MCP and HTTP tests: request helpers, and the sample site's head and artefacts. */
export { pipeline, sampleAgent, sampleArtefacts, sampleModel } from '../support/sample-site.ts';

export const MCP_URL = 'https://www.northbeam.example/api/mcp';
const CONTACT_URL = 'https://www.northbeam.example/api/contact';

/** The contact form's POST as a script sends it: JSON. */
export const contactJson = (body: unknown) =>
  new Request(CONTACT_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The contact form's POST as a browser without JavaScript sends it: urlencoded fields. */
export const contactForm = (fields: Record<string, string>) =>
  new Request(CONTACT_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

export type Handler = (request: Request, context: { clientIp: string }) => Promise<Response>;

/** POSTs `body` (JSON-encoded unless a string) to the MCP endpoint with JSON headers. */
export function mcpRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function send(handler: Handler, request: Request, clientIp = '203.0.113.7'): Promise<Answer> {
  const response = await handler(request, { clientIp });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The 2026-07-28 `_meta` and headers of a modern request. */
export const MODERN = '2026-07-28';
export function modernMeta(extra: Record<string, unknown> = {}) {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'test-agent', version: '2.1.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
    ...extra,
  };
}
export function modernHeaders(method: string, name?: string): Record<string, string> {
  return { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) };
}

/** A tools/call message. */
export function callTool(
  id: number | string,
  name: string,
  args: Record<string, unknown> = {},
  params: Record<string, unknown> = {},
) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...params } };
}
