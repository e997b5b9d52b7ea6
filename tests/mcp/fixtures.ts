/**
 * Test fixtures: the real catalog built from content/ (as the build does, then through JSON as
 * the function bundle holds it) with fixture profile strings, and request helpers.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from '../../src/mcp/catalog.ts';
import { buildCatalog } from '../../src/site/build-catalog.ts';
import { loadSources } from '../../src/site/load-sources.ts';
import { buildSiteModel } from '../../src/site/model.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const PROFILE = {
  short:
    '# Northbeam Engineering\n\n> Fixture short profile.\n\n## Services\n\n- [Platform engineering](https://www.northbeam.example/services/platform-engineering)\n',
  full: '# Northbeam Engineering\n\n> Fixture full profile, with every page.\n\n## Platform engineering\n\nAll of it.\n',
};

let cached: Catalog | undefined;

/** The catalog of the project's content (built once per test file). */
export function realCatalog(): Catalog {
  cached ??= JSON.parse(JSON.stringify(buildCatalog(buildSiteModel(loadSources(ROOT)), PROFILE, '2026-11-01T00:00:00.000Z'))) as Catalog;
  return cached;
}

export const MCP_URL = 'https://www.northbeam.example/api/mcp';

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
export function callTool(id: number | string, name: string, args: Record<string, unknown> = {}, params: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...params } };
}
