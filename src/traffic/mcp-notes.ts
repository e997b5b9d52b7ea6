/**
 * The record's notes about an MCP request (docs/traffic.md), made by the ingest function from
 * the API function's notes (notes.ts): per message its surface and target (the method,
 * `tools/call <tool>`, a resource's page path, a prompt's name), its outcome, the client name and
 * version (its release line) it declared, and a search's normalised query with its number of results and
 * language. Targets are names this server has (McpNames, from the build) or paths it served: a
 * name a client made up is recorded as "(unknown …)", so the record cannot grow with what
 * strangers send.
 */
import type { Outcome, SearchNote, Surface } from './model.ts';
import { OUTCOMES } from './model.ts';
import { normaliseQuery, removePersonalData } from './normalise.ts';
import type { MessageNote } from './notes.ts';

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
  /** The client's declared name and its version's release line ("claude-code 2", "inspector 0.1"). */
  client?: string;
  search?: SearchNote;
}

const OUTCOME_SET = new Set<string>(OUTCOMES);

/**
 * The part of a declared version that names its release line, as semantic versioning reads it:
 * the major version ("2.4.1" -> "2"), and below 1.0, where every minor version may break,
 * down to the first number that is not 0 ("0.1.3" -> "0.1", "0.0.7" -> "0.0.7"). Undefined for a
 * version that does not start with a number ("beta").
 */
function releaseLine(version: string): string | undefined {
  const numbers = /^\s*v?(\d{1,6})(?:\.(\d{1,6}))?(?:\.(\d{1,6}))?/.exec(version);
  if (!numbers) return undefined;
  const parts = numbers.slice(1).flatMap((part) => (part === undefined ? [] : [String(Number(part))]));
  const line: string[] = [];
  for (const part of parts) {
    line.push(part);
    if (part !== '0') break;
  }
  return line.join('.');
}

/**
 * An MCP client's family from its declared name and version: the name and the version's release
 * line ("claude-code 2", "inspector 0.1"). A name is whatever the client says, so anything in it
 * shaped like personal data is removed first (normalise.ts); a name with nothing else is `unnamed`.
 */
export function declaredClient(name: string, version: string): string {
  const line = releaseLine(version);
  const kept = removePersonalData(name).slice(0, 40).trim() || 'unnamed';
  return `${kept}${line ? ` ${line}` : ''}`;
}

/** The record's note on one MCP message, from the API function's note on it (notes.ts). */
export function messageNote(names: McpNames, note: MessageNote): TrafficNote {
  const outcome = OUTCOME_SET.has(note.o) ? note.o : 'protocol-error';
  const method = typeof note.m === 'string' ? note.m : undefined;
  const target = typeof note.t === 'string' ? note.t : '';
  // "claude-code\n2.0.31": the declared name and version, a line each.
  const [name = '', version = ''] = typeof note.c === 'string' ? note.c.split('\n') : [];
  const client = name.trim() ? declaredClient(name, version) : undefined;
  const base = { outcome, ...(client ? { client } : {}) };
  if (method === undefined) return { surface: 'mcp', target: '(unreadable message)', outcome };
  if (method === 'tools/call') {
    const name = names.tools.includes(target) ? target : '(unknown tool)';
    const search =
      typeof note.q === 'string' && Number.isSafeInteger(note.r) && note.r! >= 0
        ? { search: { query: normaliseQuery(note.q), language: String(note.l ?? '').slice(0, 20), results: note.r! } }
        : {};
    return { surface: 'mcp', target: `tools/call ${name}`, ...base, ...search };
  }
  if (method === 'resources/read') {
    const path = outcome === 'ok' && target.startsWith(names.baseUrl) ? target.slice(names.baseUrl.length) || '/' : '';
    return { surface: 'resource', target: path.split(/[?#]/)[0]!.slice(0, 120) || '(not found)', ...base };
  }
  if (method === 'prompts/get')
    return { surface: 'prompt', target: names.prompts.includes(target) ? target : '(unknown prompt)', ...base };
  return { surface: 'mcp', target: names.methods.includes(method) ? method : '(unknown method)', ...base };
}
