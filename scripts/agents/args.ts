/**
 * The command line of `npm run agents`: which command, its options, and which store (the same
 * options and environment variables as `npm run leads`, scripts/leads/args.ts). Pure.
 */
import { readCommandLine } from '../command-line.ts';
import { TARGET_FLAG_OPTIONS, TARGET_VALUE_OPTIONS, targetOf, type TargetSpec } from '../leads/args.ts';

export const usage = `Usage: npm run agents -- <command> [options]

Reads the traffic record (docs/traffic.md): which agents, AI crawlers and people use the site,
the MCP tools they call, how many people AI assistants sent, and what they search for without
finding it. The record holds counts only: no IP address, no User-Agent string, no referrer, no
personal data.

Commands:
  report [--since 7d|30d|90d] [--json] [--html FILE]
                     the report of the last 7, 30 or 90 days (default 30d, today included):
                     agent share, requests by class and family over time, the visits AI
                     assistants sent (by Referer or utm_source), MCP calls by client and
                     tool with error rates, the contact form's submissions, the pages
                     agents read, the discovery files fetched, and the content gaps
                     (searches with no or few results);
                     --json prints it as JSON (npm run --silent agents -- report --json
                     to pipe it: npm prints a line of its own otherwise), --html FILE
                     writes it as one HTML file with charts that works offline
  prune [--days N] [--yes] [--json]
                     deletes the record's days older than N days (default: traffic.retentionDays
                     of content/company.yaml, 90 unless changed); without --yes it only says
                     what it would delete
  help               this text (also --help, -h)

Which store (default: the local one), as for npm run leads:
  (none)             the local store of \`npm start\` (.netlify/blobs-serve in the project)
  --dir PATH         the project whose local store to read (default: this project)
  --site ID --token TOKEN
                     the deployed site's store through Netlify's API; the environment
                     variables NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN do the same
  --api-url URL      another Blobs API endpoint for --site (default https://api.netlify.com)
  --local            the local store even when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set

Exit codes: 0 done (an empty record included), 1 the store could not be read or written or the
file could not be written, 2 wrong command-line usage. See docs/traffic.md.`;

export type Command = 'report' | 'prune';

/** The report's ranges. */
export const RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type Range = keyof typeof RANGES;

export interface Invocation {
  command: Command;
  target: TargetSpec;
  json: boolean;
  since: Range;
  /** report: write the HTML report to this file. */
  html?: string;
  /** prune: the retention period (else the company's). */
  days?: number;
  yes: boolean;
}

export type Parsed = { help: true } | { usageError: string } | Invocation;

const VALUE_OPTIONS: Record<string, readonly Command[] | '*'> = {
  '--since': ['report'],
  '--html': ['report'],
  '--days': ['prune'],
  ...Object.fromEntries(TARGET_VALUE_OPTIONS.map((name) => [name, '*' as const])),
};
const FLAG_OPTIONS: Record<string, readonly Command[] | '*'> = {
  '--json': ['report', 'prune'],
  '--yes': ['prune'],
  ...Object.fromEntries(TARGET_FLAG_OPTIONS.map((name) => [name, '*' as const])),
};

export function parseCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  defaultProjectDir: string,
): Parsed {
  const read = readCommandLine(argv, Object.keys(VALUE_OPTIONS), Object.keys(FLAG_OPTIONS));
  if ('help' in read || 'usageError' in read) return read;
  const { values, flags, positionals } = read;
  const [first, ...rest] = positionals;
  if (first === undefined) return { usageError: 'no command given: report or prune' };
  if (first === 'help') return { help: true };
  if (first !== 'report' && first !== 'prune') return { usageError: `unknown command "${first}": use report or prune` };
  const command: Command = first;
  if (rest.length > 0) return { usageError: `${command} takes no arguments (got "${rest[0]}")` };
  for (const [name, commands] of [...Object.entries(VALUE_OPTIONS), ...Object.entries(FLAG_OPTIONS)]) {
    if ((values.has(name) || flags.has(name)) && commands !== '*' && !commands.includes(command))
      return { usageError: `${name} does not apply to "${command}"` };
  }

  const since = values.get('--since') ?? '30d';
  if (!(since in RANGES)) return { usageError: `--since is 7d, 30d or 90d (got "${since}")` };
  const html = values.get('--html');
  if (html !== undefined && flags.has('--json'))
    return { usageError: '--json prints the report and --html writes it to a file: give one of them' };
  const days = values.get('--days');
  if (days !== undefined && !/^[1-9]\d{0,4}$/.test(days))
    return { usageError: `--days needs a whole number of days, 1 or more (got "${days}")` };
  const target = targetOf(values, flags, env, defaultProjectDir);
  if ('usageError' in target) return target;
  return {
    command,
    target,
    json: flags.has('--json'),
    since: since as Range,
    ...(html !== undefined ? { html } : {}),
    ...(days !== undefined ? { days: Number(days) } : {}),
    yes: flags.has('--yes'),
  };
}
