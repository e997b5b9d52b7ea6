/** Runs the checks of the chosen areas in report order and collects the result. */
import { checkAgentHost } from './checks/agent-host.ts';
import { checkDiscovery } from './checks/discovery.ts';
import { checkDns } from './checks/dns.ts';
import { checkHeaders } from './checks/headers.ts';
import { LANGUAGE_REQUESTS, checkLanguages } from './checks/languages.ts';
import { announcedRate, checkHttp } from './checks/http-surface.ts';
import { checkMcp } from './checks/mcp.ts';
import { checkPages } from './checks/pages.ts';
import { checkBatches, checkErrors } from './checks/protocol.ts';
import { checkTools } from './checks/tools.ts';
import { Audit, PATHS, type AuditOptions } from './context.ts';
import type { HttpClient } from './http.ts';
import { AREAS, summarise, type Area, type AuditResult } from './report.ts';
import { sitemapPaths } from './site.ts';

/** Requests the other areas send besides the pages (about; for the time estimate). */
const FIXED_REQUESTS = 90;
/** The share of the announced rate limit the audit uses at most (120/min -> 112/min). */
const SHARE_OF_LIMIT = 0.94;

export interface RunOptions extends AuditOptions {
  areas: readonly Area[];
  maxPages?: number;
  /** True when the rate was set on the command line (then the deployment's announcement does not lower it). */
  rateGiven: boolean;
}

/** Long: the audit's areas in order, with the progress it prints between them. */
export async function runAudit(
  options: RunOptions,
  client: HttpClient,
  say: (line: string) => void,
): Promise<AuditResult> {
  const started = Date.now();
  const audit = new Audit(options, client);
  const wants = (area: Area) => options.areas.includes(area);

  // The deployment's own rate limit sets the pace (unless given): first request, the health check.
  const health = await audit.fetch(PATHS.health);
  if (health.status === 0) {
    audit.check('http', 'http.reachable', `${options.base.origin} answers`, false, {
      expected: 'an HTTP response',
      got: health.error ?? 'no response',
      fix: 'Check the address (scheme, host, port) and that the deployment is up; nothing else was checked.',
    });
    return result();
  }
  const location = health.headers.get('location');
  if (health.status >= 300 && health.status < 400 && location && URL.canParse(location, options.base)) {
    const target = new URL(location, options.base);
    if (target.origin !== options.base.origin) {
      audit.check('http', 'http.reachable', `${options.base.origin} serves the deployment`, false, {
        expected: `an answer from ${options.base.origin}${PATHS.health}`,
        got: `HTTP ${health.status}, Location: ${location}`,
        fix: `The address redirects to ${target.origin}: audit that address (npm run audit -- ${target.origin}); agents are not expected to follow a redirect of a POST.`,
      });
      return result();
    }
  }
  const announced = announcedRate(health);
  if (!options.rateGiven && announced !== undefined && announced * SHARE_OF_LIMIT < client.ratePerMinute)
    client.ratePerMinute = Math.max(1, Math.floor(announced * SHARE_OF_LIMIT));
  const pages = wants('pages') ? (await sitemapPaths(audit)).length : 0;
  const shown = options.maxPages === undefined ? pages : Math.min(pages, options.maxPages);
  const requests = FIXED_REQUESTS + shown + (wants('languages') ? LANGUAGE_REQUESTS : 0);
  const estimate = Math.ceil((requests * client.intervalMs) / 1000);
  say(
    `pacing: at most ${client.ratePerMinute} requests/min${announced !== undefined ? ` (the deployment allows ${Math.round(announced)}/min)` : ''}; about ${requests} requests, ${estimate < 90 ? `${estimate} s` : `${Math.ceil(estimate / 60)} min`}`,
  );

  const steps: [Area, () => Promise<void>][] = [
    ['mcp', () => checkMcp(audit)],
    ['tools', () => checkTools(audit)],
    ['batches', () => checkBatches(audit)],
    ['errors', () => checkErrors(audit)],
    ['http', () => checkHttp(audit)],
    ['pages', () => checkPages(audit, say, options.maxPages)],
    ['discovery', () => checkDiscovery(audit, say)],
    ['headers', () => checkHeaders(audit)],
    ['languages', () => checkLanguages(audit, say, options.maxPages)],
    ['agent-host', () => checkAgentHost(audit)],
    ['dns', () => checkDns(audit)],
  ];
  for (const [area, step] of steps) {
    if (!wants(area)) continue;
    const before = audit.findings.length;
    say(`${AREAS[area]}…`);
    try {
      await step();
    } catch (error) {
      audit.check(area, `${area}.crashed`, `the ${area} checks ran to the end`, false, {
        expected: 'answers the checks can read',
        got: (error as Error).stack ?? String(error),
        fix: 'An answer the audit did not expect; the checks before this one are valid. Please report it with this output.',
      });
    }
    const failed = audit.findings.slice(before).filter((finding) => finding.outcome === 'fail').length;
    say(`${AREAS[area]}: ${audit.findings.length - before} checks, ${failed} failed (${client.count} requests so far)`);
  }
  return result();

  function result(): AuditResult {
    return {
      target: options.base.href,
      ...(options.agent ? { agentUrl: options.agent.href } : {}),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      requests: client.count,
      summary: summarise(audit.findings),
      findings: audit.findings,
    };
  }
}
