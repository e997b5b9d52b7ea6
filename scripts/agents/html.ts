/**
 * The traffic report as one HTML file (`npm run agents -- report --html FILE`): the headline
 * figures, three charts (requests per day by class, requests by class, MCP tool calls and their
 * errors) and one table per question (the visits assistants sent and the contact form's
 * submissions among them), as the text view has them. The file works offline: Chart.js's
 * UMD build is inlined, the report goes in as JSON (`#report-data`) that a small inline script
 * draws the charts from, and nothing is fetched (no fonts, images or links that need the
 * network). One column with a maximum width, tables that become cards on a narrow screen (every
 * column shown, none cut off) and charts in boxes of a fixed height keep it readable on a phone. Every text from the report (family
 * names, paths, queries strangers typed) is HTML-escaped, and `<` in the JSON is written as
 * `\u003c`, so nothing in the data can end a script element.
 *
 * When the page has drawn its charts it sets `document.body.dataset.charts` to how many it drew
 * (tests wait for it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CLIENT_CLASSES, type ClientClass } from '../../src/traffic/model.ts';
import { WEAK_RESULTS, type TrafficReport } from '../../src/traffic/report.ts';
import { CLASS_LABELS, percent } from './format.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/json">` element: no `<`, so no `</script>` or `<!--`. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** One colour per class, readable on a light and a dark background. */
const CLASS_COLORS: Record<ClientClass, string> = {
  'ai-assistant': '#7c4dff',
  'ai-search': '#1e88e5',
  'ai-training': '#e53935',
  'mcp-client': '#00897b',
  'search-engine': '#fb8c00',
  'other-bot': '#8d6e63',
  browser: '#9e9e9e',
  audit: '#607d8b',
};

/** Chart.js's UMD build (it defines `window.Chart`), without its source-map comment. */
function chartJsSource(): string {
  const require = createRequire(import.meta.url);
  // The package's `exports` does not list dist/chart.umd.min.js: find its folder from its main file.
  let directory = path.dirname(require.resolve('chart.js'));
  while (!existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('chart.js: package.json not found above its main file');
    directory = parent;
  }
  const source = readFileSync(path.join(directory, 'dist/chart.umd.min.js'), 'utf8');
  if (/<\/script|<!--/i.test(source)) throw new Error('chart.js: its build cannot be inlined in a script element');
  return source.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n');
}

const number = (value: number) => value.toLocaleString('en-US');

interface Column<Row> {
  header: string;
  cell: (row: Row) => string | number;
  /** Let long text wrap (queries) instead of keeping the cell on one line. */
  wrap?: boolean;
}

/**
 * A table; "(none)" when there are no rows. On a wide screen it is a table, and so is one of up to
 * three columns on a narrow one (its text wraps); a wider one becomes a card per row there
 * (STYLE): its first cell the card's title, every other cell a line with its column's name beside
 * the value (`data-label`), so no column is hidden or cut off. The ARIA roles
 * keep it a table for screen readers, which would otherwise drop the semantics of a table drawn
 * with `display: block`.
 */
function table<Row>(caption: string, columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const head = columns
    .map((column) => {
      const numeric = rows.length > 0 && rows.every((row) => typeof column.cell(row) === 'number');
      return `<th scope="col" role="columnheader"${numeric ? ' class="num"' : ''}>${escapeHtml(column.header)}</th>`;
    })
    .join('');
  const body =
    rows.length === 0
      ? `<tr role="row"><td role="cell" colspan="${columns.length}" class="none">(none)</td></tr>`
      : rows
          .map(
            (row) =>
              `<tr role="row">${columns
                .map((column, index) => {
                  const value = column.cell(row);
                  const classes = [
                    index === 0 ? 'key' : '',
                    typeof value === 'number' ? 'num' : column.wrap ? 'wrap' : '',
                  ].filter(Boolean);
                  const text = typeof value === 'number' ? number(value) : escapeHtml(value);
                  return `<td role="cell" data-label="${escapeHtml(column.header)}"${classes.length > 0 ? ` class="${classes.join(' ')}"` : ''}>${text}</td>`;
                })
                .join('')}</tr>`,
          )
          .join('\n');
  // A table of up to three columns fits a phone as it is; a wider one becomes cards there.
  return `<div class="table-wrap"><table role="table"${columns.length > 3 ? ' class="cards"' : ''}>
<caption>${escapeHtml(caption)}</caption>
<thead role="rowgroup"><tr role="row">${head}</tr></thead>
<tbody role="rowgroup">
${body}
</tbody>
</table></div>`;
}

function chart(id: string, label: string, height: number): string {
  return `<div class="chart" style="height:${height}px"><canvas id="${id}" role="img" aria-label="${escapeHtml(label)}"></canvas></div>`;
}

const sentence = (text: string) => `<p class="empty">${escapeHtml(text)}</p>`;

const figure = (label: string, value: string, note = '') =>
  `<div class="figure"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>${note ? `<dd class="note">${escapeHtml(note)}</dd>` : ''}</div>`;

const SURFACE_NAMES: Record<string, string> = { page: 'html', mcp: 'MCP', llms: 'llms.txt' };

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#5b636e;--bg:#fff;--card:#f3f5f7;--line:#d9dee4}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8eb;--muted:#a0a8b3;--bg:#15181c;--card:#1f242a;--line:#343b44}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:960px;margin:0 auto;padding:16px}
header{margin-bottom:16px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:32px 0 8px}
p{margin:8px 0}
.meta,.note,.empty,caption{color:var(--muted)}
.meta{margin:0;font-size:.9rem}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:8px;margin:0}
.figure{background:var(--card);border-radius:8px;padding:10px 12px;min-width:0}
.figure dt{font-size:.8rem;color:var(--muted)}
.figure dd{margin:0;font-size:1.4rem;font-weight:600;font-variant-numeric:tabular-nums}
.figure dd.note{font-size:.8rem;font-weight:400}
.chart{position:relative;width:100%;margin:8px 0 12px}
.table-wrap{border:1px solid var(--line);border-radius:8px;margin:8px 0}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-size:.8rem;padding:6px 10px}
th,td{padding:6px 10px;border-top:1px solid var(--line);text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{font-weight:600;background:var(--card);white-space:nowrap;overflow-wrap:normal}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.wrap{min-width:12em;max-width:28em}
td.none{color:var(--muted)}
@media (max-width:640px){
table.cards,.cards tbody,.cards tr,.cards td,.cards caption{display:block;width:100%}
.table-wrap:has(.cards){border:0;margin:4px 0 12px}
.cards caption{padding:0 0 4px}
.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.cards tr{border:1px solid var(--line);border-radius:8px;padding:6px 12px;margin:0 0 8px}
.cards td{display:flex;justify-content:space-between;align-items:baseline;gap:12px;border:0;padding:2px 0;text-align:right;min-width:0;max-width:none}
.cards td::before{content:attr(data-label);flex:none;color:var(--muted);font-size:.8rem;text-align:left}
.cards td.key{display:block;text-align:left;font-weight:600;padding:2px 0 4px}
.cards td.key::before,.cards td.none::before{content:none}
.cards td.wrap{min-width:0;max-width:none}
.cards td.num{white-space:normal}
td.wrap{min-width:0}
}
code{font-size:.9em;overflow-wrap:anywhere}
footer{margin:32px 0 8px;font-size:.8rem;color:var(--muted)}
`;

/** Draws the charts whose canvases the page has, from #report-data and #report-view. */
const DRAW = `
(() => {
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const report = read('report-data');
  const view = read('report-view');
  const dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  Chart.defaults.color = dark ? '#c9ced6' : '#3d444d';
  Chart.defaults.borderColor = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.1)';
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  const base = { responsive: true, maintainAspectRatio: false, animation: false };
  const legend = { position: 'bottom', labels: { boxWidth: 12 } };
  const classes = view.classes.filter((entry) => report.byClass[entry.name] > 0);
  let drawn = 0;

  const days = document.getElementById('chart-days');
  if (days) {
    new Chart(days, {
      type: 'bar',
      data: {
        labels: report.days.map((row) => row.day),
        datasets: classes.map((entry) => ({
          label: entry.label,
          data: report.days.map((row) => row.byClass[entry.name]),
          backgroundColor: entry.color,
        })),
      },
      options: {
        ...base,
        plugins: { legend },
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    drawn++;
  }

  const byClass = document.getElementById('chart-classes');
  if (byClass) {
    new Chart(byClass, {
      type: 'doughnut',
      data: {
        labels: classes.map((entry) => entry.label),
        datasets: [
          {
            data: classes.map((entry) => report.byClass[entry.name]),
            backgroundColor: classes.map((entry) => entry.color),
            borderColor: dark ? '#15181c' : '#fff',
          },
        ],
      },
      options: { ...base, plugins: { legend } },
    });
    drawn++;
  }

  const tools = document.getElementById('chart-tools');
  if (tools) {
    const rows = report.mcp.tools;
    new Chart(tools, {
      type: 'bar',
      data: {
        labels: rows.map((row) => row.tool),
        datasets: [
          { label: 'ok', data: rows.map((row) => row.calls - row.toolErrors - row.protocolErrors), backgroundColor: '#43a047' },
          { label: 'tool errors', data: rows.map((row) => row.toolErrors), backgroundColor: '#fb8c00' },
          { label: 'protocol errors', data: rows.map((row) => row.protocolErrors), backgroundColor: '#e53935' },
        ],
      },
      options: {
        ...base,
        indexAxis: 'y',
        plugins: { legend },
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
      },
    });
    drawn++;
  }

  document.body.dataset.charts = String(drawn);
})();
`;

/** Long: the report's HTML document, written as one template literal. */
export function reportHtml(report: TrafficReport, meta: { site: string; generatedAt: string }): string {
  const classes = CLIENT_CLASSES.filter((name) => name !== 'audit' && report.byClass[name] > 0);
  const view = {
    classes: CLIENT_CLASSES.filter((name) => name !== 'audit').map((name) => ({
      name,
      label: CLASS_LABELS[name],
      color: CLASS_COLORS[name],
    })),
  };
  const range = `${report.from} – ${report.to}`;
  const share = (part: number) => percent(report.requests ? part / report.requests : 0);

  const notes: string[] = [];
  if (report.audit)
    notes.push(`This site’s own audit sent ${number(report.audit)} more requests, left out of every figure.`);
  if (report.dropped)
    notes.push(
      `${number(report.dropped)} more requests could not be counted (an instance held too many kinds at once).`,
    );
  const nonBrowsers = report.families.filter((row) => row.class !== 'browser');
  if (report.requests > 0 && report.agentRequests === 0) notes.push('No AI agent has used the site in this period.');

  const tools = report.mcp.tools;
  const mcpChart =
    report.mcp.calls === 0
      ? sentence('No MCP calls in this period.')
      : tools.length === 0
        ? sentence(`No MCP tool calls in this period (${number(report.mcp.calls)} other MCP requests).`)
        : chart(
            'chart-tools',
            'MCP tool calls by tool: ok, tool errors and protocol errors',
            Math.max(180, 80 + 28 * tools.length),
          );

  const sections = [
    `<header>
<h1>Traffic report: ${escapeHtml(meta.site)}</h1>
<p class="meta">${escapeHtml(range)} (UTC days) · generated <time datetime="${escapeHtml(meta.generatedAt)}">${escapeHtml(meta.generatedAt)}</time></p>
</header>`,
    `<section aria-label="Headline figures">
<dl class="figures">
${figure('Requests', number(report.requests))}
${figure('Agent requests', number(report.agentRequests))}
${figure('Agent share', percent(report.agentShare))}
${figure('MCP requests', number(report.mcp.calls))}
${figure('Searches', number(report.searches.total), `${number(report.searches.distinct)} different`)}
${figure('Searches unanswered', number(report.searches.withoutResults), `no page with all their words; ${number(report.searches.weak)} more found fewer than ${WEAK_RESULTS}`)}
${figure('Visits from assistants', number(report.referredVisits), 'people sent by an AI assistant’s answer')}
${figure('Contact form', number(report.contact.submissions), `submissions: ${number(report.contact.accepted)} accepted, ${number(report.contact.fromAgents)} from AI agents`)}
</dl>
${notes.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('\n')}
</section>`,
    `<section>
<h2>Requests per day</h2>
${report.requests > 0 ? chart('chart-days', 'Requests per day, stacked by class', 260) : sentence('No requests in this period.')}
</section>`,
    `<section>
<h2>Who sent them</h2>
${report.requests > 0 ? chart('chart-classes', 'Requests by class', 300) : sentence('No requests in this period.')}
${table<ClientClass>(
  'Requests by class',
  [
    { header: 'class', cell: (name) => CLASS_LABELS[name] },
    { header: 'requests', cell: (name) => report.byClass[name] },
    { header: 'share', cell: (name) => share(report.byClass[name]) },
  ],
  classes,
)}
<h2>Agents and crawlers by family</h2>
${table<TrafficReport['families'][number]>(
  'Every client that is not a browser, most requests first',
  [
    { header: 'family', cell: (row) => row.family || '-' },
    { header: 'class', cell: (row) => CLASS_LABELS[row.class] },
    { header: 'requests', cell: (row) => row.requests },
    {
      header: 'where',
      cell: (row) =>
        Object.entries(row.bySurface)
          .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
          .map(([surface, count]) => `${SURFACE_NAMES[surface] ?? surface} ${number(count ?? 0)}`)
          .join(', '),
    },
  ],
  nonBrowsers,
)}
</section>`,
    `<section>
<h2>Visits sent by assistants</h2>
<p>People who followed a link in an AI assistant’s answer, told by the page’s <code>Referer</code> or by a tag the assistant put on the link (<code>utm_source=chatgpt.com</code>). Assistants often send neither, so these are the visits that said so: a floor, not the whole.</p>
${
  report.referredVisits === 0
    ? sentence('No visit in this period came with an assistant’s Referer or tag.')
    : `<p class="note">${number(report.referredVisits)} visits.</p>
${table<TrafficReport['referrals'][number]>(
  'By assistant',
  [
    { header: 'assistant', cell: (row) => row.assistant },
    { header: 'visits', cell: (row) => row.visits },
  ],
  report.referrals,
)}
${table<TrafficReport['referralPages'][number]>(
  'The pages they landed on ("not found": the assistant linked to a page the site does not have)',
  [
    { header: 'page', cell: (row) => row.path },
    { header: 'assistant', cell: (row) => row.assistant },
    { header: 'visits', cell: (row) => row.visits },
    { header: 'not found', cell: (row) => row.notFound },
  ],
  report.referralPages,
)}`
}
</section>`,
    `<section>
<h2>MCP</h2>
${report.mcp.calls > 0 ? `<p>${number(report.mcp.calls)} MCP requests (tool calls, resource reads, prompts and the protocol’s own methods).</p>\n` : ''}${mcpChart}
${table<TrafficReport['mcp']['tools'][number]>(
  'Tool calls by tool',
  [
    { header: 'tool', cell: (row) => row.tool },
    { header: 'calls', cell: (row) => row.calls },
    { header: 'tool errors', cell: (row) => row.toolErrors },
    { header: 'protocol errors', cell: (row) => row.protocolErrors },
    { header: 'error rate', cell: (row) => percent(row.errorRate) },
  ],
  tools,
)}
${table<TrafficReport['mcp']['clients'][number]>(
  'MCP clients',
  [
    { header: 'client', cell: (row) => row.family || '-' },
    { header: 'class', cell: (row) => CLASS_LABELS[row.class] },
    { header: 'calls', cell: (row) => row.calls },
    { header: 'errors', cell: (row) => row.errors },
    { header: 'error rate', cell: (row) => percent(row.errorRate) },
  ],
  report.mcp.clients,
)}
</section>`,
    `<section>
<h2>Contact form</h2>
${
  report.contact.submissions === 0
    ? sentence('No submissions of the contact form in this period.')
    : `<p>${number(report.contact.submissions)} submissions: ${number(report.contact.accepted)} accepted, ${number(report.contact.submissions - report.contact.accepted)} refused (invalid, too many, or the store unavailable); ${number(report.contact.fromAgents)} from AI agents. Leads agents leave through the MCP tool start_conversation are in the tool table above.</p>`
}
</section>`,
    `<section>
<h2>Pages agents read</h2>
${table<TrafficReport['pages'][number]>(
  'Successful reads by AI agents: the HTML page, its Markdown, or the MCP resource',
  [
    { header: 'page', cell: (row) => row.path },
    { header: 'reads', cell: (row) => row.requests },
    { header: 'html', cell: (row) => row.html },
    { header: 'markdown', cell: (row) => row.markdown },
    { header: 'resource', cell: (row) => row.resource },
  ],
  report.pages,
)}
</section>`,
    `<section>
<h2>Discovery files</h2>
${table<TrafficReport['discovery'][number]>(
  'llms.txt, robots.txt, the sitemap, /.well-known/ and the other discovery files',
  [
    { header: 'file', cell: (row) => row.path },
    { header: 'requests', cell: (row) => row.requests },
    { header: 'by agents', cell: (row) => row.agentRequests },
    { header: 'not found', cell: (row) => row.notFound },
  ],
  report.discovery,
)}
</section>`,
    `<section>
<h2>Content gaps</h2>
<p>What agents searched the site for (search_site) and did not find: the searches for which no page, or fewer than ${WEAK_RESULTS}, had all their words, most frequent first. These are the pages to write next.</p>
<p class="note">${number(report.searches.total)} searches (${number(report.searches.distinct)} different): ${number(report.searches.withoutResults)} found no page with all their words, ${number(report.searches.weak)} found fewer than ${WEAK_RESULTS}.</p>
${table<TrafficReport['gaps'][number]>(
  `Searches with fewer than ${WEAK_RESULTS} results`,
  [
    { header: 'query', cell: (row) => row.query, wrap: true },
    { header: 'language', cell: (row) => row.language || '-' },
    { header: 'searches', cell: (row) => row.searches },
    { header: 'pages with all words', cell: (row) => row.results },
  ],
  report.gaps,
)}
<p>What people looked for on the search page (/search) and did not find, counted apart from the agents' searches.</p>
<p class="note">${number(report.pageSearches.total)} searches (${number(report.pageSearches.distinct)} different): ${number(report.pageSearches.withoutResults)} found no page with all their words, ${number(report.pageSearches.weak)} found fewer than ${WEAK_RESULTS}.</p>
${table<TrafficReport['pageGaps'][number]>(
  `Search page searches with fewer than ${WEAK_RESULTS} results`,
  [
    { header: 'query', cell: (row) => row.query, wrap: true },
    { header: 'language', cell: (row) => row.language || '-' },
    { header: 'searches', cell: (row) => row.searches },
    { header: 'pages with all words', cell: (row) => row.results },
  ],
  report.pageGaps,
)}
</section>`,
  ];

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(`Traffic report: ${meta.site}, ${range}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${sections.join('\n')}
<footer>Counts only: no IP address, whole User-Agent string, cookie, referrer or URL query is recorded. Charts drawn with Chart.js (MIT License), included in this file.</footer>
</main>
<script type="application/json" id="report-data">${scriptJson(report)}</script>
<script type="application/json" id="report-view">${scriptJson(view)}</script>
<script>${chartJsSource()}</script>
<script>${DRAW}</script>
</body>
</html>
`;
}
