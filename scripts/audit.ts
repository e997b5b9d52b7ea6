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
  let base: URL | undefined;
  let agent: URL | undefined;
  let json = false;
  let fileTestLead = false;
  let areas = Object.keys(AREAS) as Area[];
  let maxPages: number | undefined;
  let rate: number | undefined;
  const value = (i: number, flag: string): string | { problem: string } =>
    args[i + 1] ?? { problem: `${flag} needs a value` };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--json') json = true;
    else if (arg === '--file-test-lead') fileTestLead = true;
    else if (arg === '--agent-url' || arg === '--only' || arg === '--max-pages' || arg === '--rate') {
      const raw = value(i, arg);
      if (typeof raw !== 'string') return raw;
      i += 1;
      if (arg === '--agent-url') {
        const url = parseUrl(raw, '--agent-url');
        if (typeof url === 'string') return { problem: url };
        agent = url;
      } else if (arg === '--only') {
        const names = raw.split(',').map((name) => name.trim());
        const unknown = names.filter((name) => !(name in AREAS));
        if (unknown.length)
          return {
            problem: `--only: unknown area(s) ${unknown.join(', ')}; areas are ${Object.keys(AREAS).join(', ')}`,
          };
        areas = names as Area[];
      } else {
        if (!/^\d+$/.test(raw) || Number(raw) < 1)
          return { problem: `${arg} needs a whole number of at least 1 (got "${raw}")` };
        if (arg === '--max-pages') maxPages = Number(raw);
        else rate = Number(raw);
      }
    } else if (arg.startsWith('-')) return { problem: `unknown option "${arg}"` };
    else if (base) return { problem: `only one <url> can be audited at a time (got "${base.href}" and "${arg}")` };
    else {
      const url = parseUrl(arg, '<url>');
      if (typeof url === 'string') return { problem: url };
      base = url;
    }
  }
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
