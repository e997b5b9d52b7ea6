/**
 * The traffic record's notes on an MCP request (src/traffic/notes.ts), made once at the endpoint
 * from what the protocol reports for each message (src/mcp/server.ts): the message as it was read
 * and how it ended. A note holds the outcome and what the message asked for as sent, cut to
 * MAX_NOTE_TEXT: the method, a tool's or prompt's name or a resource's URI, the client's declared
 * name and version, search_site's query with its number of results and language. The ingest
 * function checks the names and normalises the query (src/traffic/mcp-notes.ts).
 */
import { ERROR_CODES, type JsonRpcRequest } from '../mcp/jsonrpc.ts';
import type { MessageOutcome } from '../mcp/server.ts';
import { META } from '../mcp-meta.ts';
import type { Outcome } from '../traffic/model.ts';
import { MAX_NOTE_TEXT, type MessageNote } from '../traffic/notes.ts';

type Params = Record<string, unknown>;

/** A string cut to what the record's notes carry; anything else: nothing. */
const cut = (value: unknown) => (typeof value === 'string' ? value.slice(0, MAX_NOTE_TEXT) : undefined);

/** The record's outcome of a message: an unexpected error (-32603) is the server's, any other error the request's. */
function outcomeOf(outcome: MessageOutcome): Outcome {
  if (outcome.kind === 'ok') return 'ok';
  if (outcome.kind === 'tool_error') return 'tool-error';
  return outcome.code === ERROR_CODES.internalError ? 'server-error' : 'protocol-error';
}

/** The note on one message: how it ended, and what it asked for (nothing for a message that could not be read). */
function messageNote(outcome: MessageOutcome, message: JsonRpcRequest | undefined): MessageNote {
  const params = message?.params ?? {};
  // A 2025 client declares itself in initialize, a 2026-07-28 client in every request's _meta.
  const info = (
    message?.method === 'initialize' ? params.clientInfo : (params._meta as Params | undefined)?.[META.clientInfo]
  ) as Params | undefined;
  const search = outcome.kind === 'ok' ? outcome.search : undefined;
  return {
    o: outcomeOf(outcome),
    m: message?.method,
    t: cut(params.name ?? params.uri),
    c:
      typeof info?.name === 'string'
        ? cut(`${info.name}\n${typeof info.version === 'string' ? info.version : ''}`)
        : undefined,
    q: cut((params.arguments as Params | undefined)?.query),
    r: search?.results,
    l: search?.language,
  };
}

/**
 * The notes on an MCP request's messages, one per outcome in the request's order: `messages[i]`
 * is the message `outcomes[i]` is about, as read (undefined where none could be read).
 */
export function messageNotes(
  messages: readonly (JsonRpcRequest | undefined)[],
  outcomes: readonly MessageOutcome[],
): MessageNote[] {
  return outcomes.map((outcome, index) => messageNote(outcome, messages[index]));
}
