/**
 * The record's notes about an MCP request (docs/traffic.md), made by the traffic edge function
 * from the request it forwarded and the API function's notes on how each message ended
 * (notes.ts): per message its surface and target (the method, `tools/call <tool>`, a resource's
 * page path, a prompt's name), its outcome, the client name and major version it declared, and a
 * search's normalised query with its number of results and language. Targets are names this
 * server has (McpNames, from the build) or paths it served: a name a client made up is recorded
 * as "(unknown …)", so the record cannot grow with what strangers send.
 */
import { META } from '../mcp-meta.ts';
import type { Outcome, SearchNote, Surface } from './model.ts';
import { OUTCOMES } from './model.ts';
import { normaliseQuery } from './normalise.ts';
import { MAX_NOTES, type MessageNote } from './notes.ts';

/** What the server answers to, from the build: its tools, prompts and methods, and the site's base URL. */
export interface McpNames {
  tools: readonly string[];
  prompts: readonly string[];
  methods: readonly string[];
  baseUrl: string;
}

/** One message, as the record counts it. */
export interface TrafficNote {
  surface: Surface;
  target: string;
  outcome: Outcome;
  /** The client's declared name and major version ("claude-code 2"). */
  client?: string;
  search?: SearchNote;
}

const OUTCOME_SET = new Set<string>(OUTCOMES);

/** The API function's notes from its header; an unreadable note is a protocol error. */
export function decodeMessageNotes(value: string | null): MessageNote[] {
  if (!value) return [];
  return value
    .split(',')
    .slice(0, MAX_NOTES)
    .map((text) => {
      const [outcome = '', results, language] = text.split(':');
      if (!OUTCOME_SET.has(outcome)) return { outcome: 'protocol-error' as const };
      const count = Number(results);
      return results !== undefined && Number.isSafeInteger(count) && count >= 0
        ? {
            outcome: outcome as Outcome,
            search: { results: count, language: decodeURIComponent(language ?? '').slice(0, 20) },
          }
        : { outcome: outcome as Outcome };
    });
}

/** An MCP client's family from its declared clientInfo: its name and the major version ("claude-code 2"). */
export function declaredClient(name: string, version: string): string {
  const major = /^\s*v?(\d{1,6})/.exec(version)?.[1];
  return `${name.trim().slice(0, 40)}${major ? ` ${major}` : ''}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function clientOf(method: string, params: Record<string, unknown>): string | undefined {
  const declared =
    method === 'initialize' ? params.clientInfo : isObject(params._meta) ? params._meta[META.clientInfo] : undefined;
  if (!isObject(declared) || typeof declared.name !== 'string' || !declared.name.trim()) return undefined;
  return declaredClient(declared.name, typeof declared.version === 'string' ? declared.version : '');
}

/** The record's note about one message (`message` as sent) that ended as `note` says. */
export function messageNote(names: McpNames, message: unknown, note: MessageNote): TrafficNote {
  const { outcome } = note;
  if (!isObject(message) || typeof message.method !== 'string')
    return { surface: 'mcp', target: '(unreadable message)', outcome };
  const { method } = message;
  const params = isObject(message.params) ? message.params : {};
  const client = clientOf(method, params);
  const base = { outcome, ...(client ? { client } : {}) };
  if (method === 'tools/call') {
    const name = typeof params.name === 'string' && names.tools.includes(params.name) ? params.name : '(unknown tool)';
    const query = isObject(params.arguments) ? params.arguments.query : undefined;
    const search =
      note.search && typeof query === 'string'
        ? { search: { query: normaliseQuery(query), language: note.search.language, results: note.search.results } }
        : {};
    return { surface: 'mcp', target: `tools/call ${name}`, ...base, ...search };
  }
  if (method === 'resources/read') {
    const uri = typeof params.uri === 'string' ? params.uri : '';
    const path = outcome === 'ok' && uri.startsWith(names.baseUrl) ? uri.slice(names.baseUrl.length) || '/' : '';
    return { surface: 'resource', target: path.split(/[?#]/)[0]!.slice(0, 120) || '(not found)', ...base };
  }
  if (method === 'prompts/get') {
    const name =
      typeof params.name === 'string' && names.prompts.includes(params.name) ? params.name : '(unknown prompt)';
    return { surface: 'prompt', target: name, ...base };
  }
  return { surface: 'mcp', target: names.methods.includes(method) ? method : '(unknown method)', ...base };
}

/**
 * The notes of an MCP request: its body (undefined when it was not read: too large, or not
 * sent) and the function's notes, message by message.
 */
export function mcpNotes(body: string | undefined, notes: readonly MessageNote[], names: McpNames): TrafficNote[] {
  let json: unknown;
  try {
    json = body === undefined ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (json === undefined)
    return [
      {
        surface: 'mcp',
        target: body === undefined ? '(unread)' : '(unreadable message)',
        outcome: notes[0]?.outcome ?? 'protocol-error',
      },
    ];
  const messages = Array.isArray(json) ? json : [json];
  if (messages.length === 0)
    return [{ surface: 'mcp', target: '(empty batch)', outcome: notes[0]?.outcome ?? 'protocol-error' }];
  return messages
    .slice(0, MAX_NOTES)
    .map((message, index) =>
      messageNote(names, message, notes[index] ?? { outcome: notes[0]?.outcome ?? 'protocol-error' }),
    );
}
