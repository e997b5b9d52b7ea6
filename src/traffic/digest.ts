/**
 * The traffic record's weekly digest (docs/traffic.md, "Weekly digest"): when the operator sets
 * `TRAFFIC_DIGEST_WEBHOOK_URL` (and optionally `TRAFFIC_DIGEST_WEBHOOK_SECRET`), the scheduled
 * function traffic-digest POSTs a summary of the last 7 days there once a week, as the lead
 * notification does (`LEADS_WEBHOOK_URL`): JSON, signed with `X-Traffic-Signature:
 * sha256=<HMAC of the body>` when a secret is set. The settings follow the lead notification's
 * rules: https only (plain http for localhost), a secret of at least 16 characters, and a set
 * but invalid value is an error naming the variable, never its value.
 */
import { signBody } from '../notify/webhook.ts';
import { AGENT_CLASSES } from './model.ts';
import type { TrafficReport } from './report.ts';

export const DIGEST_SIGNATURE_HEADER = 'X-Traffic-Signature';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface DigestConfig {
  url: string;
  secret?: string;
}

export class DigestConfigError extends Error {
  override name = 'DigestConfigError';
}

/** The digest's settings, or undefined when no digest is asked for. */
export function readDigestConfig(env: Record<string, string | undefined>): DigestConfig | undefined {
  const url = env.TRAFFIC_DIGEST_WEBHOOK_URL?.trim() || undefined;
  const secret = env.TRAFFIC_DIGEST_WEBHOOK_SECRET?.trim() || undefined;
  if (!url) {
    if (secret)
      throw new DigestConfigError('TRAFFIC_DIGEST_WEBHOOK_SECRET is set but TRAFFIC_DIGEST_WEBHOOK_URL is not.');
    return undefined;
  }
  if (!URL.canParse(url))
    throw new DigestConfigError(
      'TRAFFIC_DIGEST_WEBHOOK_URL must be an absolute URL, e.g. https://hooks.example.com/traffic',
    );
  const parsed = new URL(url);
  if (!(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname))))
    throw new DigestConfigError('TRAFFIC_DIGEST_WEBHOOK_URL must use https (plain http is allowed only for localhost)');
  if (secret !== undefined && secret.length < 16)
    throw new DigestConfigError('TRAFFIC_DIGEST_WEBHOOK_SECRET must be at least 16 characters long');
  return { url, ...(secret ? { secret } : {}) };
}

/** The digest: the week's headline figures, its top agents, the visits assistants sent, its tools and its content gaps. */
export interface TrafficDigest {
  type: 'traffic.digest';
  site: string;
  from: string;
  to: string;
  requests: number;
  agentRequests: number;
  agentShare: number;
  mcpCalls: number;
  searches: number;
  searchesWithoutResults: number;
  agents: { family: string; class: string; requests: number }[];
  /** Page visits by people that AI assistants sent, and by which (the report's `referrals`). */
  referredVisits: number;
  referrals: { assistant: string; visits: number }[];
  tools: { tool: string; calls: number; errorRate: number }[];
  gaps: { query: string; language: string; searches: number; results: number }[];
}

export function digestOf(report: TrafficReport, site: string): TrafficDigest {
  const agents = new Set<string>(AGENT_CLASSES);
  return {
    type: 'traffic.digest',
    site,
    from: report.from,
    to: report.to,
    requests: report.requests,
    agentRequests: report.agentRequests,
    agentShare: Math.round(report.agentShare * 1000) / 1000,
    mcpCalls: report.mcp.calls,
    searches: report.searches.total,
    searchesWithoutResults: report.searches.withoutResults,
    agents: report.families
      .filter((row) => agents.has(row.class))
      .slice(0, 10)
      .map(({ family, class: clientClass, requests }) => ({ family, class: clientClass, requests })),
    referredVisits: report.referredVisits,
    referrals: report.referrals.slice(0, 10),
    tools: report.mcp.tools.map(({ tool, calls, errorRate }) => ({ tool, calls, errorRate })),
    gaps: report.gaps.slice(0, 10),
  };
}

/** POSTs the digest; rejects with the status or the failure's kind (never the receiver's body). */
export async function sendDigest(
  config: DigestConfig,
  digest: TrafficDigest,
  fetcher: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<void> {
  const body = JSON.stringify(digest);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'traffic-digest/1' };
  if (config.secret) headers[DIGEST_SIGNATURE_HEADER] = await signBody(body, config.secret);
  const response = await fetcher(config.url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status > 299)
    throw new Error(`the digest webhook answered HTTP ${response.status}`);
}
