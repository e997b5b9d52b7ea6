/**
 * The traffic report (`npm run agents -- report`, docs/traffic.md) from the stored parts of a
 * range of days: what share of the requests came from AI agents, which classes and families sent
 * them and when, which MCP clients called which tools and how often that failed, which pages and
 * discovery files agents read, how many people AI assistants sent to which pages, what the
 * contact form received, and the content gaps: the searches that found nothing or little, most
 * frequent first. Pure: the parts in, one JSON-ready object out (the text and HTML views render
 * it).
 */
import {
  AGENT_CLASSES,
  CLIENT_CLASSES,
  OUTCOMES,
  type ClientClass,
  type Outcome,
  type SearchRow,
  type Surface,
  type TrafficPart,
} from './model.ts';

/** Fewer pages with every word of the query than this makes a search weak: the agent got a thin answer. */
export const WEAK_RESULTS = 3;
/** Rows per table. */
export const REPORT_ROWS = 20;

export type ClassCounts = Record<ClientClass, number>;

export interface TrafficReport {
  from: string;
  to: string;
  /** Requests counted in the range, this site's own audit left out of every figure but `audit`. */
  requests: number;
  /** Requests from AI agents (AI assistants, AI search, AI training crawlers, MCP clients). */
  agentRequests: number;
  /** agentRequests / requests (0 when there were none). */
  agentShare: number;
  /** The audit's own requests (`npm run audit`), kept apart. */
  audit: number;
  /** Requests an instance could not count (too many different kinds at once). */
  dropped: number;
  byClass: ClassCounts;
  byOutcome: Record<Outcome, number>;
  /** Every day of the range, oldest first, with its requests by class. */
  days: { day: string; byClass: ClassCounts }[];
  /** The families that sent requests, most requests first. */
  families: { class: ClientClass; family: string; requests: number; bySurface: Partial<Record<Surface, number>> }[];
  mcp: {
    calls: number;
    /** MCP requests by client (family), with how many ended in an error of either kind. */
    clients: { class: ClientClass; family: string; calls: number; errors: number; errorRate: number }[];
    /** tools/call by tool. */
    tools: { tool: string; calls: number; toolErrors: number; protocolErrors: number; errorRate: number }[];
    /** Requests by method (tools/call counted once per call). */
    methods: { method: string; calls: number }[];
  };
  /** The pages agents read most (HTML, Markdown and MCP resources together). */
  pages: { path: string; requests: number; html: number; markdown: number; resource: number }[];
  /** llms.txt and the other discovery files, with who fetched them. */
  discovery: { path: string; requests: number; agentRequests: number; notFound: number }[];
  searches: { total: number; withoutResults: number; weak: number; distinct: number };
  /** Searches with fewer than WEAK_RESULTS results, most frequent first. */
  gaps: { query: string; language: string; searches: number; results: number }[];
  /** The search page's searches (people's, mostly), counted apart from search_site's. */
  pageSearches: { total: number; withoutResults: number; weak: number; distinct: number };
  /** What was looked for in vain on the search page, as `gaps`. */
  pageGaps: { query: string; language: string; searches: number; results: number }[];
  /** Page visits by people that an AI assistant sent (by Referer or a tag in the link: referrals.ts). */
  referredVisits: number;
  /** Those visits by assistant, most first (every assistant that sent one). */
  referrals: { assistant: string; visits: number }[];
  /** Those visits by page and assistant, most first; `notFound`: of them, how many found no page there. */
  referralPages: { path: string; assistant: string; visits: number; notFound: number }[];
  /** Every day of the range, oldest first, with its referred visits by assistant. */
  referralDays: { day: string; visits: number; byAssistant: Record<string, number> }[];
  /** The contact form's posts: all of them, those it accepted (any other was refused), those from AI agents. */
  contact: { submissions: number; accepted: number; fromAgents: number };
}

const zeroClasses = (): ClassCounts => Object.fromEntries(CLIENT_CLASSES.map((name) => [name, 0])) as ClassCounts;
const AGENTS = new Set<ClientClass>(AGENT_CLASSES);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The days from `from` to `to`, inclusive (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

function top<T>(map: Map<string, T>, size: (value: T) => number, rows = REPORT_ROWS): T[] {
  return [...map.values()].sort((a, b) => size(b) - size(a)).slice(0, rows);
}

type SearchCount = TrafficReport['gaps'][number];

/** Adds stored search rows to the counts by language and query. */
function countSearches(counts: Map<string, SearchCount>, rows: readonly SearchRow[]): void {
  for (const [language, query, results, count] of rows) {
    const key = `${language}\u0000${query}`;
    const row = counts.get(key) ?? { query, language, searches: 0, results };
    row.searches += count;
    // The same query may have found more since a deploy: the report shows the latest count's
    // smallest, which is what the gap was.
    row.results = Math.min(row.results, results);
    counts.set(key, row);
  }
}

function searchSummary(rows: readonly SearchCount[]): TrafficReport['searches'] {
  return {
    total: rows.reduce((sum, row) => sum + row.searches, 0),
    withoutResults: rows.filter((row) => row.results === 0).reduce((sum, row) => sum + row.searches, 0),
    weak: rows
      .filter((row) => row.results > 0 && row.results < WEAK_RESULTS)
      .reduce((sum, row) => sum + row.searches, 0),
    distinct: rows.length,
  };
}

/** The searches with fewer than WEAK_RESULTS results, most frequent first. */
function gapsOf(rows: readonly SearchCount[]): SearchCount[] {
  return rows
    .filter((row) => row.results < WEAK_RESULTS)
    .sort((a, b) => b.searches - a.searches || a.results - b.results || a.query.localeCompare(b.query))
    .slice(0, REPORT_ROWS * 2);
}

/** Long: one pass over the counts fills every table of the report; a pass per table would read the record several times. */
export function trafficReport(parts: readonly TrafficPart[], from: string, to: string): TrafficReport {
  const byClass = zeroClasses();
  const byOutcome = Object.fromEntries(OUTCOMES.map((name) => [name, 0])) as Record<Outcome, number>;
  const days = new Map(daysBetween(from, to).map((day) => [day, zeroClasses()]));
  const families = new Map<string, TrafficReport['families'][number]>();
  const clients = new Map<string, TrafficReport['mcp']['clients'][number]>();
  const tools = new Map<string, TrafficReport['mcp']['tools'][number]>();
  const methods = new Map<string, TrafficReport['mcp']['methods'][number]>();
  const pages = new Map<string, TrafficReport['pages'][number]>();
  const discovery = new Map<string, TrafficReport['discovery'][number]>();
  const searches = new Map<string, TrafficReport['gaps'][number]>();
  const pageSearches = new Map<string, TrafficReport['gaps'][number]>();
  const referrals = new Map<string, TrafficReport['referrals'][number]>();
  const referralPages = new Map<string, TrafficReport['referralPages'][number]>();
  const referralDays = new Map<string, TrafficReport['referralDays'][number]>(
    daysBetween(from, to).map((day) => [day, { day, visits: 0, byAssistant: {} }]),
  );
  const contact = { submissions: 0, accepted: 0, fromAgents: 0 };
  let requests = 0;
  let audit = 0;
  let dropped = 0;
  let mcpCalls = 0;

  for (const part of parts) {
    if (part.day < from || part.day > to) continue;
    dropped += part.dropped ?? 0;
    const day = days.get(part.day)!;
    for (const [surface, target, outcome, clientClass, family, count] of part.counts) {
      if (clientClass === 'audit') {
        audit += count;
        continue;
      }
      requests += count;
      byClass[clientClass] += count;
      byOutcome[outcome] += count;
      day[clientClass] += count;
      const familyKey = `${clientClass}\u0000${family}`;
      const familyRow = families.get(familyKey) ?? { class: clientClass, family, requests: 0, bySurface: {} };
      familyRow.requests += count;
      familyRow.bySurface[surface] = (familyRow.bySurface[surface] ?? 0) + count;
      families.set(familyKey, familyRow);
      const agent = AGENTS.has(clientClass);

      if (surface === 'mcp' || surface === 'resource' || surface === 'prompt') {
        mcpCalls += count;
        const failed = outcome === 'ok' ? 0 : count;
        const client = clients.get(familyKey) ?? { class: clientClass, family, calls: 0, errors: 0, errorRate: 0 };
        client.calls += count;
        client.errors += failed;
        clients.set(familyKey, client);
        const method =
          surface === 'resource'
            ? 'resources/read'
            : surface === 'prompt'
              ? 'prompts/get'
              : target.startsWith('tools/call ')
                ? 'tools/call'
                : target;
        const methodRow = methods.get(method) ?? { method, calls: 0 };
        methodRow.calls += count;
        methods.set(method, methodRow);
        if (target.startsWith('tools/call ')) {
          const tool = target.slice('tools/call '.length);
          const row = tools.get(tool) ?? { tool, calls: 0, toolErrors: 0, protocolErrors: 0, errorRate: 0 };
          row.calls += count;
          if (outcome === 'tool-error') row.toolErrors += count;
          else if (outcome !== 'ok') row.protocolErrors += count;
          tools.set(tool, row);
        }
      }
      if (agent && outcome === 'ok' && (surface === 'page' || surface === 'markdown' || surface === 'resource')) {
        const row = pages.get(target) ?? { path: target, requests: 0, html: 0, markdown: 0, resource: 0 };
        row.requests += count;
        if (surface === 'page') row.html += count;
        else if (surface === 'markdown') row.markdown += count;
        else row.resource += count;
        pages.set(target, row);
      }
      if (surface === 'contact') {
        contact.submissions += count;
        if (outcome === 'ok') contact.accepted += count;
        if (agent) contact.fromAgents += count;
      }
      if (surface === 'llms' || surface === 'discovery') {
        const row = discovery.get(target) ?? { path: target, requests: 0, agentRequests: 0, notFound: 0 };
        row.requests += count;
        if (agent) row.agentRequests += count;
        if (outcome === 'not-found') row.notFound += count;
        discovery.set(target, row);
      }
    }
    countSearches(searches, part.searches);
    countSearches(pageSearches, part.pageSearches ?? []);
    const referralDay = referralDays.get(part.day)!;
    for (const [target, outcome, assistant, count] of part.referrals ?? []) {
      const byAssistant = referrals.get(assistant) ?? { assistant, visits: 0 };
      byAssistant.visits += count;
      referrals.set(assistant, byAssistant);
      const pageKey = `${target}\u0000${assistant}`;
      const page = referralPages.get(pageKey) ?? { path: target, assistant, visits: 0, notFound: 0 };
      page.visits += count;
      if (outcome === 'not-found') page.notFound += count;
      referralPages.set(pageKey, page);
      referralDay.visits += count;
      referralDay.byAssistant[assistant] = (referralDay.byAssistant[assistant] ?? 0) + count;
    }
  }

  for (const row of clients.values()) row.errorRate = ratio(row.errors, row.calls);
  for (const row of tools.values()) row.errorRate = ratio(row.toolErrors + row.protocolErrors, row.calls);
  const allSearches = [...searches.values()];
  const agentRequests = AGENT_CLASSES.reduce((sum, name) => sum + byClass[name], 0);
  return {
    from,
    to,
    requests,
    agentRequests,
    agentShare: ratio(agentRequests, requests),
    audit,
    dropped,
    byClass,
    byOutcome,
    days: [...days].map(([day, counts]) => ({ day, byClass: counts })),
    families: top(families, (row) => row.requests, Number.POSITIVE_INFINITY),
    mcp: {
      calls: mcpCalls,
      // Every client, tool and method: they are few (tools and methods are the server's names).
      clients: top(clients, (row) => row.calls, Number.POSITIVE_INFINITY),
      tools: top(tools, (row) => row.calls, Number.POSITIVE_INFINITY),
      methods: top(methods, (row) => row.calls, Number.POSITIVE_INFINITY),
    },
    pages: top(pages, (row) => row.requests),
    discovery: top(discovery, (row) => row.requests),
    searches: searchSummary(allSearches),
    gaps: gapsOf(allSearches),
    pageSearches: searchSummary([...pageSearches.values()]),
    pageGaps: gapsOf([...pageSearches.values()]),
    referredVisits: [...referrals.values()].reduce((sum, row) => sum + row.visits, 0),
    referrals: top(referrals, (row) => row.visits, Number.POSITIVE_INFINITY),
    referralPages: top(referralPages, (row) => row.visits),
    referralDays: [...referralDays.values()],
    contact,
  };
}
