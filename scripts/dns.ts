/**
 * `npm run dns`: prints the DNS-AID records (SVCB) that let agents discover the MCP server from
 * DNS, built from content/company.yaml, for the operator to add at the DNS provider.
 *
 *   npm run dns                 header + zone-file lines
 *   npm run dns -- --json       the structured records as JSON
 *   npm run dns -- --ttl 300    another TTL (60..86400 seconds; default 3600)
 *
 * Exit codes: 0 done, 1 the company facts cannot be published (message says which field),
 * 2 wrong command-line usage.
 */
import { readCommandLine } from './command-line.ts';
import { dnsRecords, DNS_AID_DRAFT, dnsNames, notInRecords, TTL_LIMITS, ttlProblem } from '../src/dns/records.ts';
import { dnsReport } from '../src/dns/report.ts';
import { loadCompany } from '../src/model/company.ts';

const USAGE = `Usage: npm run dns -- [--json] [--ttl SECONDS] [--help]

Prints the DNS-AID discovery records (SVCB, ${DNS_AID_DRAFT}) for the zone named by
content/company.yaml, ready to add at your DNS provider. See docs/deploy.md.

  --json         print the structured records as JSON instead of zone-file lines
  --ttl SECONDS  record TTL, a whole number from ${TTL_LIMITS.min} to ${TTL_LIMITS.max} (default ${TTL_LIMITS.default})
  --help         show this text`;

interface Options {
  json: boolean;
  ttl: number;
}

/** Reads the command line; returns a usage problem as a string. */
function parseArgs(args: string[]): Options | { help: true } | string {
  const read = readCommandLine(args, ['--ttl'], ['--json']);
  if ('help' in read) return read;
  // "--ttl -60" and "--ttl=" reach here as a value that is missing: the TTL's own rule says what to give.
  if ('usageError' in read)
    return read.usageError === '--ttl needs a value'
      ? `--ttl: ${ttlProblem(Number.NaN)}, e.g. --ttl 3600`
      : read.usageError;
  if (read.positionals.length > 0) return `unexpected argument "${read.positionals[0]}"`;
  const options: Options = { json: read.flags.has('--json'), ttl: TTL_LIMITS.default };
  const raw = read.values.get('--ttl');
  if (raw !== undefined) {
    const ttl = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    const problem = ttlProblem(ttl);
    if (problem) return `--ttl: ${problem} (got "${raw}"), e.g. --ttl 3600`;
    options.ttl = ttl;
  }
  return options;
}

const parsed = parseArgs(process.argv.slice(2));
if (typeof parsed === 'string') {
  console.error(`npm run dns: ${parsed}\n\n${USAGE}`);
  process.exit(2);
}
if ('help' in parsed) {
  console.log(USAGE);
  process.exit(0);
}

try {
  const company = loadCompany();
  const records = dnsRecords(company, { ttl: parsed.ttl });
  if (parsed.json) {
    const { zone } = dnsNames(company);
    console.log(JSON.stringify({ draft: DNS_AID_DRAFT, zone, records, notInRecords: notInRecords(company) }, null, 2));
  } else {
    console.log(dnsReport(company, records).join('\n'));
  }
} catch (error) {
  console.error(`npm run dns: ${(error as Error).message}`);
  process.exit(1);
}
