/**
 * What the API function tells the traffic record about its own requests (docs/traffic.md): the
 * traffic edge function does not run for /api/* (netlify-cli then hands the function another
 * address and Host, which the per-IP limits and the DNS-rebinding guard depend on), so the
 * function reports each answer itself. It holds the facts in memory and, after the answer, hands
 * them to its record (src/traffic/api-record.ts, loaded on the first send from a module bundled
 * apart), which classifies, counts and writes them: an instance's first answer a second after
 * it, then at most every SEND_INTERVAL_MS. The User-Agent string never leaves the instance: the
 * record keeps only its class and family, and a query only normalised.
 *
 * This module is all of the record the API function's entry bundles (its entry is kept well
 * under its budget), so it stays small and imports nothing but types.
 */
import type { Outcome } from './model.ts';

/** How one MCP message ended, with what it asked for, as the function read it (cut, not yet checked). */
export interface MessageNote {
  o: Outcome;
  /** The JSON-RPC method. */
  m?: string;
  /** tools/call's and prompts/get's name, resources/read's URI. */
  t?: string;
  /** The client's declared name and version, a line each ("claude-code\n2.0.31"). */
  c?: string;
  /** search_site: the query as sent, the number of results, the language searched. */
  q?: string;
  r?: number;
  l?: string;
}

/** One answer of the API function. */
export interface ApiFacts {
  /** The path, canonical. */
  p: string;
  /** The HTTP method. */
  h: string;
  /** The status. */
  s: number;
  /** The User-Agent (cut to 300 characters): classified by the ingest function, never stored. */
  u: string;
  /** An MCP request's notes, one per message in the request's order. */
  n?: MessageNote[];
  /** The search page's search: the query as sent (cut), the pages with all its words, the language. */
  q?: { q: string; r: number; l: string };
}

/**
 * The paths netlify-cli (not Netlify) tries again when a path answered 404: `.html`, `.htm`,
 * `/index.html`, `/index.htm`. Under `npm start` those tries reach the site's code as requests of
 * their own; the record counts the first only (the API function, the edge counter).
 */
export const NETLIFY_CLI_404_RETRY = /\.html?$/;

/** The longest a query, a name or a User-Agent travels. */
export const MAX_NOTE_TEXT = 300;
/** At most this often an instance sends what it holds. */
export const SEND_INTERVAL_MS = 30_000;
/** On Netlify: a second after the answer (see functions/api.mts), then at most every SEND_INTERVAL_MS. */
export const NETLIFY_TIMING = { delayMs: 1000, intervalMs: SEND_INTERVAL_MS };
/**
 * Under `npm start`: every answer's facts at once, so a report right after shows them
 * (netlify-cli runs each request in a fresh worker: an instance serves one request). Its record
 * writes them straight to the local Blobs store, without a function call or a log line.
 */
export const LOCAL_TIMING = { delayMs: 0, intervalMs: 0 };
/** More different answers than this held at once are sent at once. */
export const MAX_HELD_FACTS = 500;

/**
 * The function's sender: `note` holds an answer's facts; it returns the sending to hand to
 * `waitUntil` when one is due, else undefined. `send` hands the held facts, with their counts,
 * to the record, which writes them (retrying, and keeping what it could not write for the next
 * send); a rejection of `send` is not the answer's concern and is dropped here (the shell's
 * `send` logs it).
 */
export function createApiNoter(send: (held: [ApiFacts, number][]) => Promise<void>, now = Date.now) {
  let held = new Map<string, [ApiFacts, number]>();
  let last = 0;
  /**
   * `timing`: how long after the answer to send, and at most how often (the shell: 1 s and
   * SEND_INTERVAL_MS on Netlify; 0 and 0 under npm start, where every answer is sent at once).
   */
  return (
    facts: ApiFacts,
    timing: { delayMs: number; intervalMs: number } = NETLIFY_TIMING,
  ): Promise<void> | undefined => {
    const key = JSON.stringify(facts);
    const entry = held.get(key);
    if (entry) entry[1] += 1;
    else held.set(key, [facts, 1]);
    if (last && now() - last < timing.intervalMs && held.size < MAX_HELD_FACTS) return undefined;
    last = now();
    const batch = [...held.values()];
    held = new Map();
    // After the answer has gone, and `delayMs` later: an instance's first send loads the record's
    // module and compiles the classifier (~10 ms), which must delay neither its first answer nor
    // the requests right after it.
    return new Promise((resolve) => setTimeout(resolve, timing.delayMs)).then(() => send(batch)).catch(() => {});
  };
}
