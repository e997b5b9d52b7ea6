/**
 * The command line of `npm run leads`: which command, its options, and where the leads are
 * read from. Pure (no I/O), so every usage rule is tested without a store.
 */
import { readCommandLine } from '../command-line.ts';
import { exampleLeadReference, FALLBACK_REFERENCE_PREFIX, LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';

/**
 * The help text, its example reference made with the company's prefix (`leads.referencePrefix`
 * of content/company.yaml; run.ts reads it, and the help still prints when that file cannot be read).
 */
export const usage = (referencePrefix = FALLBACK_REFERENCE_PREFIX) => `Usage: npm run leads -- <command> [options]

Reads the leads that start_conversation (and the contact form) stored, for the operator.
Personal data: print it to your terminal or a file you protect, never to a shared log.

Commands:
  list [--json] [--limit N] [--since YYYY-MM-DD]
                     the leads, newest first: reference, received time (UTC), source,
                     language, name, company, e-mail; --json prints a JSON array of the
                     records (a lead received before languages were recorded has none)
  show <reference> [--json]
                     one lead in full (message included) and whether and when the team
                     was notified, e.g. show ${exampleLeadReference(referencePrefix)}
  export [--format jsonl|csv|json] [--since YYYY-MM-DD]
                     every lead, newest first, to stdout: JSON lines (default), CSV for a
                     spreadsheet, or one JSON array (--json is --format json)
  prune [--days N] [--dry-run] [--yes] [--json]
                     deletes the leads received more than N days ago (default:
                     leads.retentionDays of content/company.yaml, 180 unless changed);
                     without --yes it only lists them (--dry-run: and exits 0)
  resend <reference> [--json]
                     one more attempt at the lead's team notification (the webhook of
                     LEADS_WEBHOOK_URL / LEADS_WEBHOOK_SECRET), whatever its state; prints
                     the new notification state
  help               this text (also --help, -h)

Which store (default: the local one):
  (none)             the local store of \`npm start\` (.netlify/blobs-serve in the project)
  --dir PATH         the project whose local store to read (default: this project)
  --site ID --token TOKEN
                     the deployed site's store through Netlify's API; the environment
                     variables NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN do the same (prefer
                     them: a token on the command line lands in your shell history)
  --api-url URL      another Blobs API endpoint for --site (default https://api.netlify.com)
  --local            the local store even when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set

Exit codes: 0 done (an empty store included), 1 the store could not be read or written, the
lead does not exist, or the notification was not delivered, 2 wrong command-line usage (and
prune without --yes when there is something to delete). See docs/deploy.md, "Reading leads (operators)".`;

export type Command = 'list' | 'show' | 'export' | 'prune' | 'resend';
export type ExportFormat = 'jsonl' | 'csv' | 'json';

/** Where to read: the local store of a project, or a deployed site's store. */
export type TargetSpec =
  { kind: 'local'; projectDir: string } | { kind: 'deployed'; siteID: string; token: string; apiURL?: string };

export interface Invocation {
  command: Command;
  target: TargetSpec;
  json: boolean;
  /** list: at most this many leads. */
  limit?: number;
  /** list/export: only leads received on or after this instant (00:00 UTC of the date). */
  since?: { date: string; time: number };
  /** prune: the retention period given with --days (else the company's setting). */
  days?: number;
  /** prune: list only, exit 0. */
  dryRun: boolean;
  /** prune: really delete. */
  yes: boolean;
  /** show/resend: the reference, normalised to upper case. */
  reference?: string;
  /** export: the output format. */
  format: ExportFormat;
}

export type Parsed = { help: true } | { usageError: string } | Invocation;

/** Options that take a value, and the commands each one belongs to (`*`: every command). */
const VALUE_OPTIONS: Record<string, readonly Command[] | '*'> = {
  '--limit': ['list'],
  '--since': ['list', 'export'],
  '--format': ['export'],
  '--days': ['prune'],
  '--dir': '*',
  '--site': '*',
  '--token': '*',
  '--api-url': '*',
};
const FLAG_OPTIONS: Record<string, readonly Command[] | '*'> = {
  '--json': ['list', 'show', 'export', 'prune', 'resend'],
  '--dry-run': ['prune'],
  '--yes': ['prune'],
  '--local': '*',
};

const COMMANDS: readonly string[] = ['list', 'show', 'export', 'prune', 'resend'];

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not), as 00:00 UTC in ms. */
export function parseDate(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return undefined;
  return time;
}

/**
 * An operator-typed reference, normalised (`nb-7k3m-q9xd` -> `NB-7K3M-Q9XD`), or undefined. Any
 * prefix of the right shape is accepted: leads filed before the company changed its prefix keep theirs.
 */
export function normaliseReference(value: string): string | undefined {
  const reference = value.trim().toUpperCase();
  return LEAD_REFERENCE_PATTERN.test(reference) ? reference : undefined;
}

/**
 * Reads argv (without node and the script) and the environment. `defaultProjectDir` is the
 * project the script belongs to; `referencePrefix` its company's, for the examples in messages.
 */
export function parseCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  defaultProjectDir: string,
  referencePrefix = FALLBACK_REFERENCE_PREFIX,
): Parsed {
  const example = exampleLeadReference(referencePrefix);
  const read = readCommandLine(argv, Object.keys(VALUE_OPTIONS), Object.keys(FLAG_OPTIONS));
  if ('help' in read || 'usageError' in read) return read;
  const { values, flags, positionals } = read;

  const [first, ...rest] = positionals;
  if (first === undefined) return { usageError: 'no command given: list, show, export, prune or resend' };
  if (first === 'help') return { help: true };
  if (!COMMANDS.includes(first))
    return { usageError: `unknown command "${first}": use list, show, export, prune or resend` };
  const command = first as Command;

  for (const [name, commands] of [...Object.entries(VALUE_OPTIONS), ...Object.entries(FLAG_OPTIONS)]) {
    if ((values.has(name) || flags.has(name)) && commands !== '*' && !commands.includes(command)) {
      return { usageError: `${name} does not apply to "${command}"` };
    }
  }

  const invocation: Invocation = {
    command,
    target: { kind: 'local', projectDir: defaultProjectDir },
    json: flags.has('--json'),
    format: 'jsonl',
    dryRun: flags.has('--dry-run'),
    yes: flags.has('--yes'),
  };
  if (invocation.dryRun && invocation.yes) return { usageError: '--dry-run and --yes contradict each other' };

  if (command === 'show' || command === 'resend') {
    if (rest.length === 0) return { usageError: `${command} needs a lead reference, e.g. ${command} ${example}` };
    if (rest.length > 1) return { usageError: `${command} takes one reference (got ${rest.length})` };
    const reference = normaliseReference(rest[0]!);
    if (!reference) return { usageError: `"${rest[0]}" is not a lead reference: they look like ${example}` };
    invocation.reference = reference;
  } else if (rest.length > 0) {
    return { usageError: `${command} takes no arguments (got "${rest[0]}")` };
  }

  const limit = values.get('--limit');
  if (limit !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(limit))
      return { usageError: `--limit needs a whole number of 1 or more (got "${limit}")` };
    invocation.limit = Number(limit);
  }
  const days = values.get('--days');
  if (days !== undefined) {
    if (!/^[1-9]\d{0,4}$/.test(days))
      return { usageError: `--days needs a whole number of days, 1 or more (got "${days}")` };
    invocation.days = Number(days);
  }
  const since = values.get('--since');
  if (since !== undefined) {
    const time = parseDate(since);
    if (time === undefined)
      return { usageError: `--since needs a date YYYY-MM-DD, e.g. --since 2026-11-01 (got "${since}")` };
    invocation.since = { date: since, time };
  }
  const format = values.get('--format');
  if (format !== undefined) {
    if (format !== 'jsonl' && format !== 'csv' && format !== 'json')
      return { usageError: `--format is jsonl, csv or json (got "${format}")` };
    if (invocation.json && format !== 'json')
      return { usageError: `--json and --format ${format} contradict each other` };
    invocation.format = format;
  } else if (command === 'export' && invocation.json) {
    invocation.format = 'json';
  }

  const target = targetOf(values, flags, env, defaultProjectDir);
  if ('usageError' in target) return target;
  invocation.target = target;
  return invocation;
}

/** The options that say which store to read, common to `npm run leads` and `npm run agents`. */
export const TARGET_VALUE_OPTIONS = ['--dir', '--site', '--token', '--api-url'] as const;
export const TARGET_FLAG_OPTIONS = ['--local'] as const;

/**
 * Which store the options and the environment name. Flags win over the environment; --local
 * wins over both environment variables.
 */
export function targetOf(
  values: ReadonlyMap<string, string>,
  flags: ReadonlySet<string>,
  env: Record<string, string | undefined>,
  defaultProjectDir: string,
): TargetSpec | { usageError: string } {
  const dir = values.get('--dir');
  const siteFlag = values.get('--site');
  const tokenFlag = values.get('--token');
  const apiURL = values.get('--api-url');
  if (flags.has('--local') && (siteFlag !== undefined || tokenFlag !== undefined || apiURL !== undefined)) {
    return { usageError: '--local cannot be combined with --site, --token or --api-url' };
  }
  if (dir !== undefined && (siteFlag !== undefined || tokenFlag !== undefined)) {
    return { usageError: '--dir reads a local store; it cannot be combined with --site or --token' };
  }
  if (apiURL !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(apiURL);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      return { usageError: `--api-url needs an http(s) URL (got "${apiURL}")` };
  }
  const useEnvironment = !flags.has('--local') && dir === undefined;
  const siteID = siteFlag ?? (useEnvironment ? nonEmpty(env.NETLIFY_SITE_ID) : undefined);
  const token = tokenFlag ?? (useEnvironment ? nonEmpty(env.NETLIFY_AUTH_TOKEN) : undefined);
  if (siteFlag !== undefined && token === undefined)
    return { usageError: '--site needs a token: set NETLIFY_AUTH_TOKEN or pass --token' };
  if (tokenFlag !== undefined && siteID === undefined)
    return { usageError: '--token needs a site: set NETLIFY_SITE_ID or pass --site' };
  if (apiURL !== undefined && (siteID === undefined || token === undefined))
    return { usageError: '--api-url applies to a deployed store: give --site and --token too' };
  if (siteID !== undefined && token !== undefined)
    return { kind: 'deployed', siteID, token, ...(apiURL !== undefined ? { apiURL } : {}) };
  return { kind: 'local', projectDir: dir ?? defaultProjectDir };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
