/**
 * The DNS records that let agents discover the MCP server from DNS (DNS-AID,
 * draft-mozleywilliams-dnsop-dnsaid-02, "DNS for AI Discovery"). A pure function of the company
 * facts: `npm run dns` prints them for the operator, who adds them at the DNS provider.
 *
 * What comes from where:
 * - The draft (-02): SVCB records (RFC 9460) for connectivity, under the `_agents` label of the
 *   organisation's zone; the organisation's entry point is `_index._agents.<zone>`; ServiceMode
 *   records (priority >= 1); the agent protocol travels in `alpn` (`mcp`); a TargetName reached
 *   over TLS must not contain an underscore label; signing the zone with DNSSEC is recommended
 *   (SHOULD; only DANE TLSA records MUST be signed). These points come from the draft's abstract
 *   and from its reference implementation (dns-aid-core) and operators' notes that cite -02;
 *   the draft's body could not be read first-hand here (see docs/deploy.md).
 * - The service contract: "SVCB records with alpn=mcp ... on an index name and an MCP name under
 *   the company's agent subdomain". So `alpn="mcp,h2"` goes on BOTH names. (The example in our
 *   standards notes puts `alpn="h2"` on the index; as far as we can tell the draft does not fix
 *   the index's alpn, and the target host speaks both, so the contract's wording wins.)
 * - Our choices where the draft is not explicit (standards.md's example): the MCP name is
 *   `_mcp._agents.<zone>` as a ServiceMode record. (dns-aid-core, for -02, puts an agent's
 *   primary record at a flat name such as `mcp.<zone>` and makes `<name>._agents.<zone>` an
 *   optional AliasMode record; agent-readiness scanners query `_mcp._agents.<zone>` for SVCB directly, so we
 *   publish the parameters there.) `port` is always written, because a DNS-AID name has no
 *   "authority endpoint" whose port a client could fall back to. No `mandatory` key: alpn and
 *   port are RFC 9460's own keys. The base host as a priority-2 alternative of each name is
 *   plain RFC 9460 (lower SvcPriority is preferred): the contract says both hosts serve the same
 *   deployment.
 *
 * What the records do NOT carry (SVCB has no URL path):
 * - the endpoint path `/api/mcp`: agents find it in the MCP server card
 *   (`/.well-known/mcp/server-card.json`) on the target host. RFC 9461's `dohpath` is the only
 *   registered path-like key and is for DNS-over-HTTPS only; the draft's `well-known` key, like
 *   its `cap`, `cap-sha256`, `bap`, `policy` and `realm`, is not IANA-registered, so it would have
 *   to be written as a private `keyNNNNN` no client knows. We publish none of them.
 * - capabilities, versions, authentication (there is none) or rate limits.
 */
import type { Company } from '../schemas/company.ts';
import { dnsZone, mcpEndpoints } from '../model/identity.ts';
import { ROUTES } from '../site/routes.ts';

/** The draft revision these records follow. */
export const DNS_AID_DRAFT = 'draft-mozleywilliams-dnsop-dnsaid-02';

/** TTL bounds in seconds: one minute (quick to correct) to one day (cheap to cache). */
export const TTL_LIMITS = { min: 60, max: 86_400, default: 3_600 } as const;

/** The `alpn` list of every record: MCP, carried over HTTP/2 with TLS. */
export const DNS_AID_ALPN = ['mcp', 'h2'] as const;

/** Which discovery name a record is published under. */
export type DnsRecordRole = 'index' | 'mcp';

/** One SVCB resource record, in the parts a DNS provider's form asks for. */
export interface SvcbRecord {
  /** `index` (`_index._agents.<zone>`) or `mcp` (`_mcp._agents.<zone>`). */
  role: DnsRecordRole;
  /** Which company host the target is: `agent` (agentUrl, preferred) or `base` (baseUrl, alternative). */
  host: 'agent' | 'base';
  /** Owner name, absolute, with the trailing dot. */
  owner: string;
  /** Seconds resolvers may cache the record. */
  ttl: number;
  class: 'IN';
  type: 'SVCB';
  /** SvcPriority: 1 for the agent host, 2 for the base host (lower is preferred; 0 would be AliasMode). */
  priority: number;
  /** TargetName, absolute, with the trailing dot. */
  target: string;
  /** SvcParams, in presentation order. */
  params: { alpn: string[]; port: number };
}

/** Why `ttl` cannot be used as a record TTL, or `undefined` when it can. */
export function ttlProblem(ttl: number): string | undefined {
  if (Number.isInteger(ttl) && ttl >= TTL_LIMITS.min && ttl <= TTL_LIMITS.max) return undefined;
  return `the TTL must be a whole number of seconds from ${TTL_LIMITS.min} to ${TTL_LIMITS.max}`;
}

/**
 * The SVCB records for the company: `_index._agents.<zone>` and `_mcp._agents.<zone>`, each
 * pointing at the agent host (priority 1) and, when it differs, at the base host (priority 2).
 * Throws (naming the company.yaml field) when a host or the zone cannot be published.
 */
export function dnsRecords(company: Company, options: { ttl?: number } = {}): SvcbRecord[] {
  const ttl = options.ttl ?? TTL_LIMITS.default;
  const problem = ttlProblem(ttl);
  if (problem) throw new RangeError(`Cannot build DNS records: ${problem} (got ${ttl}).`);

  const zone = zoneName(dnsZone(company));
  const agent = endpointOf('agentUrl', company.agentUrl);
  const base = endpointOf('baseUrl', company.baseUrl);
  const sameHost = base.hostname === agent.hostname && base.port === agent.port;
  const targets: Array<{ host: SvcbRecord['host']; hostname: string; port: number }> = [
    { host: 'agent', ...agent },
    ...(sameHost ? [] : [{ host: 'base' as const, ...base }]),
  ];

  const roles: DnsRecordRole[] = ['index', 'mcp'];
  return roles.flatMap((role) =>
    targets.map((target, index) => ({
      role,
      host: target.host,
      owner: `_${role}._agents.${zone}.`,
      ttl,
      class: 'IN' as const,
      type: 'SVCB' as const,
      priority: index + 1,
      target: `${target.hostname}.`,
      params: { alpn: [...DNS_AID_ALPN], port: target.port },
    })),
  );
}

/** Zone-file lines, one per record: `<owner> <ttl> IN SVCB <priority> <target> alpn="mcp,h2" port=443`. */
export function formatZoneLines(records: readonly SvcbRecord[]): string[] {
  return records.map(
    (record) =>
      `${record.owner} ${record.ttl} ${record.class} ${record.type} ${record.priority} ${record.target} ` +
      `alpn="${record.params.alpn.join(',')}" port=${record.params.port}`,
  );
}

/** What the records do not say, and where agents find it instead; printed with the records. */
export function notInRecords(company: Company): string[] {
  return [
    'SVCB has no URL path: the records name the host and port that speak MCP, not where on that host.',
    `Agents find the endpoint (${mcpEndpoints(company).agent}) in the MCP server card: ${company.agentUrl}${ROUTES.serverCard}`,
    "No capabilities, versions or authentication are published in DNS; the draft's experimental keys " +
      '(cap, cap-sha256, bap, policy, realm, well-known) are not IANA-registered and are left out.',
  ];
}

/** The zone the records go into (normalised as published), and the two hosts they point at. */
export function dnsNames(company: Company): { zone: string; agentHost: string; baseHost: string } {
  return {
    zone: zoneName(dnsZone(company)),
    agentHost: new URL(company.agentUrl).hostname,
    baseHost: new URL(company.baseUrl).hostname,
  };
}

/** A zone name without a trailing dot, lower-cased, checked label by label. */
function zoneName(raw: string): string {
  const zone = raw.trim().replace(/\.$/, '').toLowerCase();
  const labels = zone.split('.');
  const valid = labels.length >= 2 && labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label));
  if (!valid) {
    throw new Error(
      `content/company.yaml: the DNS zone "${raw}" is not a domain name such as northbeam.example. ` +
        'Set `dnsZone` to the zone your DNS provider hosts, or fix `baseUrl` (the zone defaults to its host without "www.").',
    );
  }
  return zone;
}

/** The host name and port an origin is reached on over TLS; only https origins can be published. */
function endpointOf(field: 'agentUrl' | 'baseUrl', origin: string): { hostname: string; port: number } {
  const url = new URL(origin);
  if (url.protocol !== 'https:') {
    throw new Error(
      `content/company.yaml: \`${field}\` is ${origin}, but DNS-AID records advertise TLS (alpn h2) on the target host. ` +
        `Use the https:// origin the site is served on, e.g. ${field}: https://${url.host}`,
    );
  }
  if (url.hostname.split('.').some((label) => label.includes('_'))) {
    throw new Error(
      `content/company.yaml: \`${field}\` host ${url.hostname} contains an underscore, which a publicly trusted TLS ` +
        'certificate cannot name; DNS-AID targets must be plain host names.',
    );
  }
  return { hostname: url.hostname, port: url.port ? Number(url.port) : 443 };
}
