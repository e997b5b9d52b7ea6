/**
 * The traffic report as text (scripts/agents/format.ts, `npm run agents -- report`): the visits
 * assistants sent beside the agents and crawlers, the contact form's submissions, MCP figures
 * without a stray "(none)", and MCP clients under the version they declared.
 */
import { describe, expect, test } from 'vitest';
import { formatReport } from '../../scripts/agents/format.ts';
import { agentPatterns } from '../../src/build/agent-patterns.ts';
import { createClassifier } from '../../src/traffic/classify.ts';
import { trafficEvents } from '../../src/traffic/events.ts';
import { messageNote } from '../../src/traffic/mcp-notes.ts';
import type { TrafficPart } from '../../src/traffic/model.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { SAMPLE_PARTS } from '../support/traffic-sample.ts';

const text = formatReport(trafficReport(SAMPLE_PARTS, '2026-11-24', '2026-11-27'));
const lines = text.split('\n');

/** The lines from the heading that starts with `heading` to the next blank line. */
function section(report: string, heading: string): string[] {
  const all = report.split('\n');
  const start = all.findIndex((line) => line.startsWith(heading));
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const end = all.findIndex((line, index) => index > start && line === '');
  return all.slice(start, end);
}

const part = (counts: TrafficPart['counts'], over: Partial<TrafficPart> = {}): TrafficPart => ({
  version: 1,
  day: '2026-11-27',
  counts,
  searches: [],
  ...over,
});

describe('the text report', () => {
  test('shows the visits assistants sent, by assistant and by page, after the agents and crawlers', () => {
    const heading = lines.findIndex((line) => line.startsWith('Visits sent by AI assistants'));
    expect(heading).toBeGreaterThan(lines.indexOf('Agents and crawlers by family'));
    expect(heading).toBeLessThan(lines.findIndex((line) => line.startsWith('MCP:')));
    expect(lines[heading + 1]).toBe('  9 visits');
    const block = lines.slice(heading, heading + 16).join('\n');
    expect(block).toContain(
      ['  assistant   visits', '  ChatGPT          6', '  Perplexity       2', '  Claude           1'].join('\n'),
    );
    expect(block).toMatch(/\/services\/cloud-migration-and-platform-engineering\/\s+ChatGPT\s+6\s+0/);
    expect(block).toMatch(/\/pricing-for-kubernetes-beheer-and-support\s+Claude\s+1\s+1/);
  });

  test('says why there may be no referred visits, and prints no table for them', () => {
    const empty = formatReport(
      trafficReport([part([['page', '/', 'ok', 'browser', 'Chrome', 3]])], '2026-11-27', '2026-11-27'),
    );
    expect(section(empty, 'Visits sent by AI assistants')).toEqual([
      'Visits sent by AI assistants (people who followed a link in an answer)',
      '  none recorded (assistants often send no Referer, and tag their links only sometimes: docs/traffic.md)',
    ]);
  });

  test("shows the contact form's submissions: accepted, refused and from agents", () => {
    expect(text).toContain(
      'Contact form: 3 submissions, 2 accepted, 1 refused (invalid, too many, or the store unavailable), 1 from AI agents.',
    );
    const none = formatReport(trafficReport([], '2026-11-27', '2026-11-27'));
    expect(none).toContain('Contact form: no submissions.');
    const byTool = formatReport(
      trafficReport(
        [part([['mcp', 'tools/call start_conversation', 'ok', 'mcp-client', 'claude-code 2', 2]])],
        '2026-11-27',
        '2026-11-27',
      ),
    );
    expect(byTool).toContain('Contact form: no submissions. start_conversation (MCP): 2 calls, 2 without an error.');
  });

  test('prints no stray "(none)" under the MCP figures', () => {
    // No MCP request at all: the heading says so, no empty tables follow.
    const quiet = formatReport(
      trafficReport([part([['page', '/', 'ok', 'browser', 'Chrome', 3]])], '2026-11-27', '2026-11-27'),
    );
    expect(section(quiet, 'MCP')).toEqual(['MCP: no requests']);
    // Requests but no tool calls: the clients, and a sentence instead of an empty tool table.
    const noTools = formatReport(
      trafficReport([part([['mcp', 'initialize', 'ok', 'mcp-client', 'x 1', 3]])], '2026-11-27', '2026-11-27'),
    );
    const mcp = noTools.slice(noTools.indexOf('MCP: 3 requests'), noTools.indexOf('Contact form'));
    expect(mcp).not.toContain('(none)');
    expect(mcp).toMatch(/^ {2}x 1 +3 {2}0%$/m);
    expect(mcp).toContain('no tool calls');
    // With tool calls, both tables and no "(none)".
    const full = text.slice(text.indexOf('MCP: 15 requests'), text.indexOf('Contact form'));
    expect(full).not.toContain('(none)');
    expect(full).toContain('search_site');
  });

  test('shows an MCP client under the version it declared: 0.1 as 0.1, not 0', () => {
    const classify = createClassifier(agentPatterns());
    const names = { tools: ['search_site'], prompts: [], methods: ['initialize'], baseUrl: 'https://example.com' };
    const events = ['inspector\n0.1', 'inspector\n0.1.4', 'claude-code\n2.0.31'].flatMap((client) =>
      trafficEvents(
        {
          method: 'POST',
          pathname: '/api/mcp',
          wantsMarkdown: false,
          userAgent: 'node',
          status: 200,
          notes: [messageNote(names, { o: 'ok', m: 'initialize', c: client })],
          time: new Date('2026-11-27T10:00:00Z'),
        },
        classify,
      ),
    );
    const report = formatReport(
      trafficReport(
        [
          part(
            events.map((event) => [
              event.surface,
              event.target,
              event.outcome,
              event.client.class,
              event.client.family,
              1,
            ]),
          ),
        ],
        '2026-11-27',
        '2026-11-27',
      ),
    );
    const mcp = section(report, 'MCP');
    expect(mcp).toContainEqual(expect.stringMatching(/^ {2}inspector 0\.1 +2 {2}0%$/));
    expect(mcp).toContainEqual(expect.stringMatching(/^ {2}claude-code 2 +1 {2}0%$/));
    expect(report).not.toMatch(/inspector 0\b(?!\.)/);
  });
});
