/**
 * What the site records about its traffic (docs/traffic.md): counts, never requests. One count is
 * a number of requests that share a day, a surface, a target, an outcome, a client class and a
 * client family; one search count is a number of search_site calls that share a day, a language,
 * a normalised query and the number of results they got; one referral count is a number of page
 * visits by people that an AI assistant sent, sharing a day, a page, an outcome and the
 * assistant's name. Nothing in any of them identifies a person: no IP address, no whole
 * User-Agent string, no cookie, no referrer, no URL query, no lead data (the targets are paths,
 * tools and methods; a search query is kept only as `normaliseQuery` leaves it).
 */

/** Where a request landed. */
export const SURFACES = [
  /** An HTML page. */
  'page',
  /** A page's Markdown: its `.md` sibling or the page asked for with `Accept: text/markdown`. */
  'markdown',
  /** llms.txt or llms-full.txt (any language's). */
  'llms',
  /** Another discovery file: robots.txt, the sitemap, /.well-known/*, the OpenAPI document, /mcp.md, the server card at /api/mcp/server-card… */
  'discovery',
  /** An MCP request: its method, or `tools/call <tool>`. */
  'mcp',
  /** resources/read (its target is the page's path). */
  'resource',
  /** prompts/get (its target is the prompt's name). */
  'prompt',
  /** The contact form's post (/api/contact). */
  'contact',
  /** Any other /api/* request (health, an unknown endpoint). */
  'api',
] as const;
export type Surface = (typeof SURFACES)[number];

/** How a request ended. */
export const OUTCOMES = [
  'ok',
  /** A tool answered with isError (the agent's input or the content, not the server). */
  'tool-error',
  /** A JSON-RPC error or a refused HTTP envelope (4xx other than 404 and 429). */
  'protocol-error',
  'not-found',
  'rate-limited',
  /** A 5xx. */
  'server-error',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Who sent it, in the classes operators know (docs/traffic.md says how each is decided).
 * `mcp-client` is software that spoke MCP and declared its name; `audit` is this project's own
 * `npm run audit`, kept apart so it never counts as anyone's traffic.
 */
export const CLIENT_CLASSES = [
  'ai-assistant',
  'ai-search',
  'ai-training',
  'mcp-client',
  'search-engine',
  'other-bot',
  'browser',
  'audit',
] as const;
export type ClientClass = (typeof CLIENT_CLASSES)[number];

/** The classes that are AI agents: their requests make the report's agent share. */
export const AGENT_CLASSES: readonly ClientClass[] = ['ai-assistant', 'ai-search', 'ai-training', 'mcp-client'];

export interface Client {
  class: ClientClass;
  /** A short name: a crawler's token ("GPTBot"), an MCP client's name and version line ("claude-code 2", "inspector 0.1"). */
  family: string;
}

/** One request, as the record keeps it. */
export interface TrafficEvent {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  surface: Surface;
  /** The path (no query string), the MCP method or `tools/call <tool>`, the prompt's name. */
  target: string;
  outcome: Outcome;
  client: Client;
  /** search_site only: the query as normaliseQuery left it, its language and the results it got. */
  search?: SearchNote;
  /** The search page for people (/search): the same, counted apart from search_site's. */
  pageSearch?: SearchNote;
  /**
   * A person's page visit that an AI assistant sent (referrals.ts): the assistant's name only,
   * never the referrer or the query it was told by.
   */
  referral?: string;
}

export interface SearchNote {
  query: string;
  language: string;
  results: number;
}

/** A count of requests, as stored: [surface, target, outcome, class, family, count]. */
export type CountRow = [Surface, string, Outcome, ClientClass, string, number];

/** A count of searches, as stored: [language, query, results, count]. */
export type SearchRow = [string, string, number, number];

/** A count of page visits an assistant sent, as stored: [target, outcome, assistant, count]. */
export type ReferralRow = [string, Outcome, string, number];

/** One stored part: what one instance counted on one day since its last write. */
export interface TrafficPart {
  version: 1;
  day: string;
  counts: CountRow[];
  searches: SearchRow[];
  /** The search page's searches (absent in parts written before it existed, and when there were none). */
  pageSearches?: SearchRow[];
  /** Page visits referred by assistants (absent in parts written before they were counted, and when there were none). */
  referrals?: ReferralRow[];
  /** Requests not counted because the instance held too many different counts already. */
  dropped?: number;
}

/** The UTC day of an instant. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);
