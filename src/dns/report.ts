/**
 * What `npm run dns` prints: a short header saying where the records go and what else the operator
 * must do, then the records as zone-file lines. Every header line starts with `;`, so the whole
 * output is a valid zone-file fragment and can be pasted as it is.
 */
import type { Company } from '../schemas/company.ts';
import { DNS_AID_DRAFT, dnsNames, formatZoneLines, notInRecords, type SvcbRecord } from './records.ts';

/** The operator's text for `records` (from `dnsRecords(company)`), one string per line. */
export function dnsReport(company: Company, records: readonly SvcbRecord[]): string[] {
  const { zone, agentHost, baseHost } = dnsNames(company);
  const hasAlternative = records.some((record) => record.host === 'base');
  const mcpName = records.find((record) => record.role === 'mcp')?.owner ?? `_mcp._agents.${zone}.`;
  const header = [
    `DNS-AID records for ${company.name} (${DNS_AID_DRAFT})`,
    `Zone:       ${zone}`,
    `Agent host: ${agentHost} (target, priority 1)`,
    hasAlternative
      ? `Base host:  ${baseHost} (alternative target, priority 2: the same deployment)`
      : `Base host:  ${baseHost} (the agent host itself: no alternative record)`,
    '',
    'What to do:',
    ` 1. Add the records below at the DNS provider that hosts ${zone} (record type SVCB).`,
    ' 2. Sign the zone with DNSSEC and publish its DS record at the registrar. Unsigned records are',
    '    only hints, and agent-readiness scanners count them only when they validate.',
    ` 3. Check: dig +dnssec ${mcpName.replace(/\.$/, '')} SVCB`,
    '    (through a validating resolver the answer carries the "ad" flag). See docs/deploy.md.',
    '',
    'Not in these records:',
    ...notInRecords(company).map((line) => ` - ${line}`),
    '',
  ];
  return [...header.map((line) => (line ? `; ${line}` : ';')), ...formatZoneLines(records)];
}
