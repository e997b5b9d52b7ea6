/**
 * The traffic report as text for a terminal: the headline figures, then one short table per
 * question (who, the visits assistants sent, MCP clients and tools, the contact form, pages,
 * discovery files, content gaps). Pure.
 */
import { AGENT_CLASSES, CLIENT_CLASSES, type ClientClass } from '../../src/traffic/model.ts';
import { WEAK_RESULTS, type TrafficReport } from '../../src/traffic/report.ts';

/** What each class is called in the report. */
export const CLASS_LABELS: Record<ClientClass, string> = {
  'ai-assistant': 'AI assistants (fetching for a user)',
  'ai-search': 'AI search and answer engines',
  'ai-training': 'AI training crawlers',
  'mcp-client': 'MCP clients',
  'search-engine': 'Search engines',
  'other-bot': 'Other bots',
  browser: 'Browsers (people)',
  audit: 'This site’s audit',
};

export const percent = (value: number) => `${(value * 100).toFixed(value > 0 && value < 0.1 ? 1 : 0)}%`;
const number = (value: number) => value.toLocaleString('en-US');

/** A plain table: a header row and rows, numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  if (rows.length === 0) return '  (none)\n';
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? number(cell) : cell)))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => String(row[column]).length)));
  const numeric = header.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  return `${cells
    .map(
      (row) =>
        `  ${row
          .map((cell, column) =>
            numeric[column] ? String(cell).padStart(widths[column]!) : String(cell).padEnd(widths[column]!),
          )
          .join('  ')
          .trimEnd()}`,
    )
    .join('\n')}\n`;
}

/** The assistants' referred visits: by assistant and by page, or why there may be none. */
function referralText(report: TrafficReport): string {
  if (report.referredVisits === 0)
    return '  none recorded (assistants often send no Referer, and tag their links only sometimes: docs/traffic.md)\n';
  return [
    `  ${number(report.referredVisits)} visit${report.referredVisits === 1 ? '' : 's'}`,
    table(
      ['assistant', 'visits'],
      report.referrals.map((row) => [row.assistant, row.visits]),
    ),
    table(
      ['page', 'assistant', 'visits', 'not found'],
      report.referralPages.map((row) => [row.path, row.assistant, row.visits, row.notFound]),
    ),
  ].join('\n');
}

/** The MCP figures: a heading, then the tables that have rows (a period without calls has none). */
function mcpText(report: TrafficReport): string[] {
  const { calls, clients, tools } = report.mcp;
  if (calls === 0) return ['MCP: no requests', ''];
  return [
    `MCP: ${number(calls)} request${calls === 1 ? '' : 's'}`,
    table(
      ['client', 'requests', 'errors'],
      clients.map((row) => [row.family, row.calls, percent(row.errorRate)]),
    ),
    tools.length > 0
      ? table(
          ['tool', 'calls', 'tool errors', 'protocol errors'],
          tools.map((row) => [row.tool, row.calls, row.toolErrors, row.protocolErrors]),
        )
      : "  no tool calls (only the protocol's own methods, resources or prompts)\n",
  ];
}

/** The contact form's posts, and the leads agents left through start_conversation. */
function contactText(report: TrafficReport): string {
  const { submissions, accepted, fromAgents } = report.contact;
  const conversations = report.mcp.tools.find((row) => row.tool === 'start_conversation');
  const byTool = conversations
    ? ` start_conversation (MCP): ${number(conversations.calls)} call${conversations.calls === 1 ? '' : 's'}, ${number(conversations.calls - conversations.toolErrors - conversations.protocolErrors)} without an error.`
    : '';
  if (submissions === 0) return `Contact form: no submissions.${byTool}\n`;
  return (
    `Contact form: ${number(submissions)} submission${submissions === 1 ? '' : 's'}, ${number(accepted)} accepted, ` +
    `${number(submissions - accepted)} refused (invalid, too many, or the store unavailable), ${number(fromAgents)} from AI agents.${byTool}\n`
  );
}

export function formatReport(report: TrafficReport): string {
  const lines: string[] = [];
  lines.push(`Traffic ${report.from} to ${report.to} (UTC days)`);
  lines.push('');
  lines.push(
    `${number(report.requests)} requests, ${number(report.agentRequests)} from AI agents (${percent(report.agentShare)}).` +
      (report.audit ? ` The audit's own ${number(report.audit)} are left out.` : '') +
      (report.dropped ? ` ${number(report.dropped)} more could not be counted (an instance held too many kinds).` : ''),
  );
  lines.push('');
  lines.push('Who');
  lines.push(
    table(
      ['class', 'requests', 'share'],
      CLIENT_CLASSES.filter((name) => name !== 'audit' && report.byClass[name] > 0).map((name) => [
        CLASS_LABELS[name],
        report.byClass[name],
        percent(report.requests ? report.byClass[name] / report.requests : 0),
      ]),
    ),
  );
  lines.push('Agents and crawlers by family');
  lines.push(
    table(
      ['family', 'class', 'requests'],
      report.families
        .filter((row) => row.class !== 'browser')
        .slice(0, 15)
        .map((row) => [row.family, row.class, row.requests]),
    ),
  );
  lines.push('Visits sent by AI assistants (people who followed a link in an answer)');
  lines.push(referralText(report));
  lines.push(...mcpText(report));
  lines.push(contactText(report));
  lines.push('Pages agents read (HTML / Markdown / MCP resource)');
  lines.push(
    table(
      ['page', 'reads', 'html', 'markdown', 'resource'],
      report.pages.map((row) => [row.path, row.requests, row.html, row.markdown, row.resource]),
    ),
  );
  lines.push('Discovery files');
  lines.push(
    table(
      ['file', 'requests', 'by agents', 'not found'],
      report.discovery.map((row) => [row.path, row.requests, row.agentRequests, row.notFound]),
    ),
  );
  lines.push(
    `Searches: ${number(report.searches.total)} (${number(report.searches.distinct)} different), ` +
      `${number(report.searches.withoutResults)} found no page with all their words, ${number(report.searches.weak)} found fewer than ${WEAK_RESULTS}`,
  );
  lines.push(
    `Content gaps: searches that found no page with all their words, or fewer than ${WEAK_RESULTS}, most frequent first`,
  );
  lines.push(
    table(
      ['query', 'language', 'searches', 'pages with all words'],
      report.gaps.map((row) => [row.query, row.language || '-', row.searches, row.results]),
    ),
  );
  lines.push(
    `Search page (people): ${number(report.pageSearches.total)} searches (${number(report.pageSearches.distinct)} different), ` +
      `${number(report.pageSearches.withoutResults)} found no page with all their words; what was looked for in vain:`,
  );
  lines.push(
    table(
      ['query', 'language', 'searches', 'pages with all words'],
      report.pageGaps.map((row) => [row.query, row.language || '-', row.searches, row.results]),
    ),
  );
  const agentFamilies = report.families.filter((row) => (AGENT_CLASSES as readonly string[]).includes(row.class));
  if (report.requests > 0 && agentFamilies.length === 0) lines.push('No AI agent has used the site in this period.\n');
  return `${lines.join('\n')}`;
}
