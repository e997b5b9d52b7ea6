/**
 * What an audit finds, and how it is shown: a report grouped by area (each failure with what was
 * expected, what came back and how to fix it) and a summary line, or the same as JSON.
 */

/** The areas of the agent interface, in report order. */
export const AREAS = {
  mcp: 'MCP handshake and methods',
  tools: 'MCP tools',
  batches: 'Batches and notifications',
  errors: 'Errors of the contract',
  http: 'HTTP: preflight, 405, 404, rate-limit headers, health',
  pages: 'Markdown negotiation (sitemap pages)',
  discovery: 'Discovery files',
  headers: 'Link, Vary and security headers',
  languages: 'Languages: hreflang, per-language pages, llms.txt and search',
  'agent-host': 'Alternative agent host',
  dns: 'DNS SVCB records',
} as const;

export type Area = keyof typeof AREAS;
export type Outcome = 'pass' | 'fail' | 'skip';

export interface Finding {
  /** Stable name of the check, e.g. `errors.parse-error`. */
  id: string;
  area: Area;
  /** What was checked, in a few words. */
  title: string;
  outcome: Outcome;
  expected?: string;
  got?: string;
  /** How to fix it (failures), or why it was skipped. */
  fix?: string;
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

export function summarise(findings: readonly Finding[]): Summary {
  const count = (outcome: Outcome) => findings.filter((finding) => finding.outcome === outcome).length;
  return { passed: count('pass'), failed: count('fail'), skipped: count('skip') };
}

export interface AuditResult {
  target: string;
  agentUrl?: string;
  startedAt: string;
  durationMs: number;
  requests: number;
  summary: Summary;
  findings: Finding[];
}

const MARK: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' };

/** Shortens a value for a report line. */
export function excerpt(value: string, max = 200): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function summaryLine(result: AuditResult): string {
  const { passed, failed, skipped } = result.summary;
  const verdict = failed === 0 ? 'OK' : 'FAILED';
  return `${verdict}: ${passed} passed, ${failed} failed, ${skipped} skipped (${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s)`;
}

/** The report as text: one block per area, failures with expected / got / fix, then the summary line. */
export function renderText(result: AuditResult): string {
  const lines = [
    `Agent interface audit of ${result.target}${result.agentUrl ? ` (agent host ${result.agentUrl})` : ''}`,
    '',
  ];
  for (const [area, title] of Object.entries(AREAS) as [Area, string][]) {
    const findings = result.findings.filter((finding) => finding.area === area);
    if (findings.length === 0) continue;
    const summary = summarise(findings);
    lines.push(`${title}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
    for (const finding of findings) {
      lines.push(`  ${MARK[finding.outcome]} ${finding.title} [${finding.id}]`);
      if (finding.outcome === 'fail') {
        if (finding.expected) lines.push(`       expected: ${finding.expected}`);
        if (finding.got !== undefined) lines.push(`       got:      ${finding.got}`);
        if (finding.fix) lines.push(`       fix:      ${finding.fix}`);
      } else if (finding.outcome === 'skip' && finding.fix) {
        lines.push(`       note:     ${finding.fix}`);
      }
    }
    lines.push('');
  }
  lines.push(summaryLine(result));
  return lines.join('\n');
}
