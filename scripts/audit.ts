/**
 * `npm run audit -- <url>`: verifies a deployment (the local server or production) against the
 * whole public agent interface: MCP handshakes of every protocol version, tools, batches,
 * notifications, the contract's errors, CORS, rate-limit headers, health, Markdown negotiation
 * on every sitemap page, every discovery file, Link / Vary / security headers, the languages a
 * multilingual deployment declares (hreflang, each language's pages, llms.txt and search), the
 * agent host and the DNS SVCB records. Expectations come from the contract and from the deployment's own
 * discovery files, so any deployment of it can be audited. See docs/deploy.md.
 *
 * Exit codes: 0 every check passed (skips allowed), 1 at least one failed, 2 wrong usage.
 */
import { readCommandLine } from './command-line.ts';
import { DEFAULT_RATE_PER_MINUTE, HttpClient, isLoopback } from './audit/http.ts';
import { AREAS, renderText, type Area } from './audit/report.ts';
import { runAudit, type RunOptions } from './audit/run.ts';

const USAGE = `Usage: npm run audit -- <url> [options]

Checks the deployment at <url> (e.g. https://www.example.com or http://localhost:8888)
against the public agent interface and prints a report grouped by area. Exit status 0 when
every check passes, 1 when any fails, 2 on wrong usage.

  --agent-url URL    also check the alternative agent host (it must serve the same deployment)
  --json             print the report as JSON (progress still goes to stderr)
  --file-test-lead   call start_conversation once with a clearly marked TEST lead
                     (without it no lead is ever filed)
  --only AREAS       run only these areas, comma-separated: ${Object.keys(AREAS).join(', ')}
  --max-pages N      check Markdown negotiation on the first N sitemap pages only (and at
                     most N sampled pages per language)
  --rate N           requests per minute (default ${DEFAULT_RATE_PER_MINUTE}, lowered to stay under the limit the
                     deployment announces); more than ${DEFAULT_RATE_PER_MINUTE} only for a server on this machine
  --help             show this text`;

type Parsed = { help: true } | { problem: string } | { options: RunOptions; json: boolean; rate: number };

function parseUrl(raw: string, flag: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${flag} "${raw}" is not a URL; give the full address, e.g. https://www.example.com or http://localhost:8888`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${flag} "${raw}" must be an http:// or https:// address`;
  if (url.pathname !== '/' || url.search || url.hash)
    return `${flag} "${raw}" must be the site's base address without a path (e.g. ${url.origin})`;
  return url;
}

export function parseArgs(args: readonly string[]): Parsed {
  const read = readCommandLine(
    args,
    ['--agent-url', '--only', '--max-pages', '--rate'],
    ['--json', '--file-test-lead'],
  );
  if ('help' in read) return { help: true };
  if ('usageError' in read) return { problem: read.usageError };
  const { values, flags, positionals } = read;
  if (positionals.length > 1)
    return { problem: `only one <url> can be audited at a time (got "${positionals[0]}" and "${positionals[1]}")` };
  let base: URL | undefined;
  if (positionals[0] !== undefined) {
    const url = parseUrl(positionals[0], '<url>');
    if (typeof url === 'string') return { problem: url };
    base = url;
  }
  let agent: URL | undefined;
  const agentRaw = values.get('--agent-url');
  if (agentRaw !== undefined) {
    const url = parseUrl(agentRaw, '--agent-url');
    if (typeof url === 'string') return { problem: url };
    agent = url;
  }
  let areas = Object.keys(AREAS) as Area[];
  const only = values.get('--only');
  if (only !== undefined) {
    const names = only.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !(name in AREAS));
    if (unknown.length)
      return { problem: `--only: unknown area(s) ${unknown.join(', ')}; areas are ${Object.keys(AREAS).join(', ')}` };
    areas = names as Area[];
  }
  const counts: Partial<Record<'--max-pages' | '--rate', number>> = {};
  for (const option of ['--max-pages', '--rate'] as const) {
    const raw = values.get(option);
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw) || Number(raw) < 1)
      return { problem: `${option} needs a whole number of at least 1 (got "${raw}")` };
    counts[option] = Number(raw);
  }
  const json = flags.has('--json');
  const fileTestLead = flags.has('--file-test-lead');
  const maxPages = counts['--max-pages'];
  const rate = counts['--rate'];
  if (!base)
    return { problem: 'give the address of the deployment to audit, e.g. npm run audit -- http://localhost:8888' };
  if (rate !== undefined && rate > DEFAULT_RATE_PER_MINUTE && !isLoopback(base))
    return {
      problem: `--rate above ${DEFAULT_RATE_PER_MINUTE} is allowed only for a server on this machine: the contract limits clients to 120 requests a minute`,
    };
  return {
    options: {
      base,
      ...(agent ? { agent } : {}),
      fileTestLead,
      areas,
      ...(maxPages ? { maxPages } : {}),
      rateGiven: rate !== undefined,
    },
    json,
    rate: rate ?? DEFAULT_RATE_PER_MINUTE,
  };
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if ('help' in parsed) {
    console.log(USAGE);
    return 0;
  }
  if ('problem' in parsed) {
    console.error(`npm run audit: ${parsed.problem}\n\n${USAGE}`);
    return 2;
  }
  const say = (line: string) => process.stderr.write(`[audit] ${line}\n`);
  const client = new HttpClient({ ratePerMinute: parsed.rate, say });
  const result = await runAudit(parsed.options, client, say);
  console.log(parsed.json ? JSON.stringify(result, null, 2) : renderText(result));
  return result.summary.failed === 0 ? 0 : 1;
}

if (import.meta.main) process.exitCode = await main();
