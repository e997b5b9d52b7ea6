/**
 * What the API function tells the traffic edge function about an MCP request: how each of its
 * messages ended, which only the function knows (a tool's isError, a search's number of results
 * and the language it searched). Everything else the edge function reads from the request it
 * forwarded (method, tool, declared client, query: src/traffic/mcp-notes.ts). The notes travel in
 * a response header the edge function reads and removes before the answer leaves, and the
 * function writes it only when the edge function asked with TRAFFIC_REQUEST_HEADER.
 *
 * This module is all the API function bundles of the record, so it stays small: one note per
 * JSON-RPC message, in the request's order, joined by commas: `ok`, `tool-error`,
 * `protocol-error`, `server-error`, or `ok:<results>:<language>` for a search.
 */
import type { Outcome } from './model.ts';

/** Set by the edge function on the request it forwards: "write notes". */
export const TRAFFIC_REQUEST_HEADER = 'x-traffic-notes';
/** The function's notes, read and removed by the edge function. */
export const TRAFFIC_RESPONSE_HEADER = 'x-traffic-notes';
/** More notes than this in one answer (a large batch) are left out. */
export const MAX_NOTES = 20;

/** How one message ended. */
export interface MessageNote {
  outcome: Outcome;
  /** search_site: how many pages matched, and the language it searched ('' on a one-language site). */
  search?: { results: number; language: string };
}

export function encodeNotes(notes: readonly MessageNote[]): string {
  return notes
    .slice(0, MAX_NOTES)
    .map(({ outcome, search }) =>
      search ? `${outcome}:${search.results}:${encodeURIComponent(search.language)}` : outcome,
    )
    .join(',');
}
