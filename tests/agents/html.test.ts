/**
 * The traffic report's HTML view (scripts/agents/html.ts): one file with Chart.js inlined and the
 * report as JSON, every text from the report escaped (queries come from strangers), readable on a
 * phone, and an empty report rendered with sentences instead of charts.
 */
import { describe, expect, test } from 'vitest';
import { escapeHtml, reportHtml } from '../../scripts/agents/html.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { HOSTILE, SAMPLE_PARTS } from '../support/traffic-sample.ts';

const report = trafficReport(SAMPLE_PARTS, '2026-11-24', '2026-11-27');
const meta = { site: 'Northbeam <Consulting> & Co', generatedAt: '2026-11-27T08:00:00.000Z' };
const html = reportHtml(report, meta);

const dataOf = (page: string) => {
  const match = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(page);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
};

describe('escapeHtml', () => {
  test('escapes the characters that could start markup or end an attribute', () => {
    expect(escapeHtml(HOSTILE)).toBe('&#60;script&#62;alert(1)&#60;/script&#62; &#34;&#38;&#39;');
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('reportHtml', () => {
  test('is one file: Chart.js inlined, no network needed', () => {
    expect(html).toContain('Chart.js v4');
    expect(html).toContain('window.Chart');
    expect(html.length).toBeGreaterThan(100_000);
    expect(html).not.toContain('sourceMappingURL');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/<img\b/);
    expect(html).not.toMatch(/(href|src)="https?:/);
  });

  test('escapes every text from the report, in HTML and in the JSON', () => {
    expect(html.toLowerCase()).not.toContain('<script>alert(1)');
    expect(html).not.toContain('alert(1)</script>');
    // The family name and the query are shown, escaped.
    expect(html.split('&#60;script&#62;alert(1)&#60;/script&#62; &#34;&#38;&#39;').length - 1).toBeGreaterThanOrEqual(
      2,
    );
    expect(html).toContain('Northbeam &#60;Consulting&#62; &#38; Co');
    expect(html).not.toContain('Northbeam <Consulting>');
    // Exactly the page's own script elements, none from the data.
    expect(html.match(/<script\b/g)).toHaveLength(4);
    expect(html.match(/<\/script>/g)).toHaveLength(4);
  });

  test('carries the report as JSON that parses back to it', () => {
    expect(dataOf(html)).toEqual(report);
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  test('is readable on a phone: tables of more than three columns become cards, each value labelled', () => {
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toContain('overflow-x:auto');
    expect(html).toContain('@media (max-width:640px)');
    expect(html).toContain('content:attr(data-label)');
    // Requests by class (3 columns) stays a table; the families (4) and the tools (5) are cards.
    const tableOf = (caption: string) =>
      new RegExp(`<table role="table"( class="cards")?>\n<caption>${caption}`).exec(html);
    expect(tableOf('Requests by class')![1]).toBeUndefined();
    expect(tableOf('Every client that is not a browser')![1]).toBe(' class="cards"');
    expect(tableOf('Tool calls by tool')![1]).toBe(' class="cards"');
    expect(html).toContain('<td role="cell" data-label="requests" class="num">10</td>');
    expect(html).toContain('<td role="cell" data-label="family" class="key">GPTBot</td>');
    expect(html).toContain('max-width:960px');
    expect(html).toContain('maintainAspectRatio: false');
    expect(html).toContain('animation: false');
  });

  test('shows the header, the headline figures and the tables', () => {
    expect(html).toContain('2026-11-24 – 2026-11-27');
    expect(html).toContain('2026-11-27T08:00:00.000Z');
    for (const text of [
      'Requests',
      'Agent requests',
      'Agent share',
      'Searches unanswered',
      'GPTBot',
      'claude-code 2',
      '/llms.txt',
      'kubernetes beheer',
      'search_site',
    ])
      expect(html).toContain(text);
    // Browsers are people: not in the table of agents and crawlers.
    expect(html).not.toContain('<td>Chrome</td>');
    // The audit is left out of the figures and said so.
    expect(html).toContain('own audit sent 9 more requests');
  });

  test('shows the visits assistants sent, by assistant and page, and the contact form', () => {
    const section = html.slice(html.indexOf('<h2>Visits sent by assistants</h2>'), html.indexOf('<h2>MCP</h2>'));
    expect(section).toContain('9 visits.');
    expect(section).toContain(
      '<td role="cell" data-label="assistant" class="key">ChatGPT</td><td role="cell" data-label="visits" class="num">6</td>',
    );
    expect(section).toContain(
      '<td role="cell" data-label="page" class="key">/pricing-for-kubernetes-beheer-and-support</td><td role="cell" data-label="assistant">Claude</td><td role="cell" data-label="visits" class="num">1</td><td role="cell" data-label="not found" class="num">1</td>',
    );
    expect(html).toContain('<dt>Visits from assistants</dt><dd>9</dd>');
    expect(html).toContain(
      '<dt>Contact form</dt><dd>3</dd><dd class="note">submissions: 2 accepted, 1 from AI agents</dd>',
    );
    expect(html).toContain('3 submissions: 2 accepted, 1 refused');
    const empty = reportHtml(trafficReport([], '2026-11-21', '2026-11-27'), meta);
    expect(empty).toContain('No visit in this period came with an assistant’s Referer or tag.');
    expect(empty).toContain('No submissions of the contact form in this period.');
  });

  test('draws the three charts when there is data', () => {
    for (const id of ['chart-days', 'chart-classes', 'chart-tools']) expect(html).toContain(`<canvas id="${id}"`);
    expect(html).toContain('document.body.dataset.charts');
    expect(html).not.toContain('No MCP calls in this period.');
  });

  test('an empty report has sentences and "(none)" rows instead of charts', () => {
    const empty = trafficReport([], '2026-11-21', '2026-11-27');
    const page = reportHtml(empty, meta);
    expect(page).not.toContain('<canvas');
    expect(page).toContain('No requests in this period.');
    expect(page).toContain('No MCP calls in this period.');
    expect(page).toContain('(none)');
    expect(dataOf(page)).toEqual(empty);
    const shown = page.slice(0, page.indexOf('<script'));
    expect(shown).not.toContain('NaN');
    expect(shown).not.toContain('undefined');
  });

  test('MCP requests without tool calls get a sentence, not an empty chart', () => {
    const page = reportHtml(
      trafficReport(
        [
          {
            version: 1,
            day: '2026-11-27',
            counts: [['mcp', 'initialize', 'ok', 'mcp-client', 'x 1', 3]],
            searches: [],
          },
        ],
        '2026-11-27',
        '2026-11-27',
      ),
      meta,
    );
    expect(page).not.toContain('id="chart-tools"');
    expect(page).toContain('No MCP tool calls in this period');
    expect(page).toContain('id="chart-days"');
  });
});
