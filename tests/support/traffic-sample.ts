/**
 * A traffic record of two days for the report's views (the HTML file in tests/agents and in
 * Chromium): every class, MCP clients with errors, discovery files, searches with and without
 * results, contact form posts, visits assistants sent (one to a page that does not exist), the
 * audit's own requests, and what strangers choose made hostile (a family name and a query that
 * are markup) or long (a path, a query, a compound word that will not wrap).
 */
import type { TrafficEvent, TrafficPart } from '../../src/traffic/model.ts';

export const HOSTILE = '<script>alert(1)</script> "&\'';
export const LONG_QUERY = 'a very long query that somebody typed into the search tool of this site to find pricing';
export const LONG_WORD = 'kubernetesbeheerplatformmigratieondersteuningscontractvoorwaarden';

export const SAMPLE_PARTS: TrafficPart[] = [
  {
    version: 1,
    day: '2026-11-24',
    counts: [
      ['page', '/', 'ok', 'browser', 'Chrome', 40],
      ['page', '/services/cloud-migration-and-platform-engineering/', 'ok', 'ai-assistant', 'ChatGPT-User', 6],
      ['markdown', '/services/', 'ok', 'ai-assistant', 'ChatGPT-User', 3],
      ['llms', '/llms.txt', 'ok', 'ai-search', 'PerplexityBot', 2],
      ['discovery', '/robots.txt', 'ok', 'search-engine', 'Googlebot', 5],
      ['discovery', '/.well-known/mcp.json', 'not-found', 'other-bot', HOSTILE, 1],
      ['page', '/', 'ok', 'audit', 'audit', 9],
      ['contact', '/api/contact', 'ok', 'browser', 'Chrome', 2],
    ],
    searches: [['en', 'cloud migration', 5, 2]],
    referrals: [
      ['/services/cloud-migration-and-platform-engineering/', 'ok', 'ChatGPT', 5],
      ['/', 'ok', 'Perplexity', 2],
    ],
  },
  {
    version: 1,
    day: '2026-11-26',
    counts: [
      ['page', '/about/', 'ok', 'ai-training', 'GPTBot', 4],
      ['mcp', 'initialize', 'ok', 'mcp-client', 'claude-code 2', 2],
      ['mcp', 'tools/call search_site', 'ok', 'mcp-client', 'claude-code 2', 7],
      ['mcp', 'tools/call search_site', 'tool-error', 'mcp-client', 'claude-code 2', 1],
      ['mcp', 'tools/call get_page', 'protocol-error', 'mcp-client', 'cursor 1', 2],
      ['resource', '/services/', 'ok', 'mcp-client', 'cursor 1', 3],
      ['contact', '/api/contact', 'protocol-error', 'ai-assistant', 'ChatGPT-User', 1],
    ],
    referrals: [
      ['/services/cloud-migration-and-platform-engineering/', 'ok', 'ChatGPT', 1],
      ['/pricing-for-kubernetes-beheer-and-support', 'not-found', 'Claude', 1],
    ],
    searches: [
      ['en', HOSTILE, 0, 4],
      ['nl', 'kubernetes beheer', 1, 2],
      ['en', LONG_QUERY, 0, 4],
      ['nl', LONG_WORD, 1, 2],
    ],
  },
];

/** One event: a browser's page view on 2026-11-26, unless `over` says otherwise. */
export const trafficEvent = (over: Partial<TrafficEvent> = {}): TrafficEvent => ({
  day: '2026-11-26',
  surface: 'page',
  target: '/',
  outcome: 'ok',
  client: { class: 'browser', family: 'Chrome' },
  ...over,
});
