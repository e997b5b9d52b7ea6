/**
 * The record's events for one request, from what the traffic edge function sees: the request's
 * method, path, Accept and User-Agent, the answer's status and the API function's notes
 * (notes.ts). Pure; the edge function (functions/edge/traffic.ts) is its glue.
 *
 * Who sent it: this project's audit by its User-Agent (AUDIT_USER_AGENT) as `audit`; an MCP
 * message whose client declared its name (initialize, or any 2026-07-28 request) as
 * `mcp-client` with that name and its version's release line; anything else by its User-Agent
 * (classify.ts). An MCP message without a declared name (a 2025 client after its initialize, or
 * a request answered before its message was read: a 429) keeps an AI class its User-Agent has,
 * and is otherwise an `mcp-client` named by its User-Agent's family. A path the site did not answer
 * with its own content keeps no segment shaped like personal data (surface.ts, strangersPath).
 * A browser's visit to a page that an AI assistant sent carries the assistant's name
 * (referrals.ts decides it from the Referer and the query; neither comes here).
 */
import type { Classifier } from './classify.ts';
import { familyName } from './classify.ts';
import { dayOf, type Client, type SearchNote, type TrafficEvent } from './model.ts';
import type { TrafficNote } from './mcp-notes.ts';
import { outcomeOfStatus, staticSurface, strangersPath, targetPath } from './surface.ts';
import { ROUTES } from '../site/routes.ts';
import { pageOf, pagePathOfMarkdown } from '../site/urls.ts';

/** The User-Agent `npm run audit` sends (its product token), so the record files it apart. */
export const AUDIT_USER_AGENT = 'agent-interface-audit';

export interface RequestFacts {
  method: string;
  pathname: string;
  /** Whether the request asked for Markdown (Accept: text/markdown preferred). */
  wantsMarkdown: boolean;
  userAgent: string | null;
  status: number;
  /** An MCP request's notes (mcp-notes.ts); empty for static files and answers the function gave none for. */
  notes: readonly TrafficNote[];
  time: Date;
  /** The AI assistant its Referer or its query named (referrals.ts), if any: its name only. */
  assistant?: string;
  /** An answer of the search page for people (/search, reported by the API function). */
  searchPage?: boolean;
  /** What that page searched for, if it searched (the query normalised). */
  pageSearch?: SearchNote;
}

const AI_CLASSES = new Set(['ai-assistant', 'ai-search', 'ai-training']);
const MCP_SURFACES = new Set(['mcp', 'resource', 'prompt']);

/**
 * An MCP request whose client declared no name: an AI class its User-Agent has stays; anything
 * else is an `mcp-client` named by its User-Agent's family.
 */
function undeclaredMcpClient(byAgent: Client): Client {
  if (AI_CLASSES.has(byAgent.class)) return byAgent;
  return { class: 'mcp-client', family: byAgent.class === 'browser' ? 'undeclared (browser)' : byAgent.family };
}

/** The search page's answer, counted as a page for people: its path, whoever asked, and what it searched for apart. */
function searchPageEvents(
  facts: RequestFacts,
  day: string,
  outcome: TrafficEvent['outcome'],
  target: (path: string) => string,
  client: () => Client,
): TrafficEvent[] {
  const method = facts.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return [];
  const search = facts.pageSearch;
  return [
    {
      day,
      surface: 'page',
      target: target(facts.pathname),
      outcome,
      client: client(),
      ...(search ? { pageSearch: search } : {}),
    },
  ];
}

export function trafficEvents(facts: RequestFacts, classify: Classifier): TrafficEvent[] {
  const day = dayOf(facts.time);
  const audit = facts.userAgent?.startsWith(AUDIT_USER_AGENT) ?? false;
  const agentClient = (): Client => (audit ? { class: 'audit', family: 'npm run audit' } : classify(facts.userAgent));
  const outcome = outcomeOfStatus(facts.status);
  // A path the site answered with its own content is one of its own; any other can hold anything.
  const target = (path: string) => (outcome === 'ok' ? targetPath(path) : strangersPath(path));
  const method = facts.method.toUpperCase();
  const api = facts.pathname === '/api' || facts.pathname.startsWith('/api/');

  if (facts.searchPage) return searchPageEvents(facts, day, outcome, target, agentClient);

  if (api) {
    if (method === 'OPTIONS') return [];
    if (facts.notes.length === 0) {
      // An MCP request answered before its message was read (a 429, a refused media type), the
      // contact form, the server card (a discovery file the function answers), or another endpoint.
      const path = facts.pathname.replace(/\/+$/, '');
      const surface =
        path === ROUTES.mcp
          ? 'mcp'
          : path === ROUTES.contactApi
            ? 'contact'
            : path === ROUTES.mcpServerCard
              ? 'discovery'
              : 'api';
      const client = agentClient();
      return [
        {
          day,
          surface,
          target: surface === 'mcp' ? '(unread)' : target(path || '/api'),
          outcome,
          client: surface === 'mcp' && client.class !== 'audit' ? undeclaredMcpClient(client) : client,
        },
      ];
    }
    return facts.notes.map((note) => {
      let client: Client;
      if (audit) client = { class: 'audit', family: 'npm run audit' };
      else if (note.client) client = { class: 'mcp-client', family: familyName(note.client) };
      else {
        const byAgent = classify(facts.userAgent);
        client = MCP_SURFACES.has(note.surface) ? undeclaredMcpClient(byAgent) : byAgent;
      }
      return {
        day,
        surface: note.surface,
        target: note.target,
        outcome: note.outcome,
        client,
        ...(note.search ? { search: note.search } : {}),
      };
    });
  }

  if (method !== 'GET' && method !== 'HEAD') return [];
  const surface = staticSurface(facts.pathname, facts.wantsMarkdown);
  if (!surface) return [];
  // A page's HTML, its Markdown by negotiation and its .md sibling all count under the page's path.
  const page = pageOf(facts.pathname);
  const path = page ?? (surface === 'markdown' ? pagePathOfMarkdown(facts.pathname) : facts.pathname);
  const client = agentClient();
  // A referral is a person's visit to a page: a browser's GET of the HTML, not a crawler's fetch
  // (an assistant's own fetcher can carry the same tag) nor a HEAD.
  const referral = facts.assistant && surface === 'page' && method === 'GET' && client.class === 'browser';
  return [{ day, surface, target: target(path), outcome, client, ...(referral ? { referral: facts.assistant } : {}) }];
}
