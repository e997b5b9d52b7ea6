/**
 * `npm run leads`: the operator command's logic, separate from the process (argv, exit code,
 * streams) so it can be driven in-process as well as by scripts/leads.ts.
 *
 * Output rules: stdout carries exactly what was asked for (the table, the record, the JSON,
 * the export), so it can be piped; stderr carries usage and failure messages, which never
 * contain lead contents (at most a reference the operator typed).
 */
import type { Lead } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { parseCommandLine, USAGE, type Invocation } from './args.ts';
import { countLeads, formatLead, formatTable, safeJson, terminalSafe, toCsv, toJsonLines } from './format.ts';
import { openTarget, type OpenTarget } from './target.ts';

export interface LeadsIo {
  env: Record<string, string | undefined>;
  /** The project whose local store is read by default. */
  defaultProjectDir: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export const NO_LOCAL_LEADS = 'No leads stored locally yet: start the site with npm start and send one (through start_conversation or the contact form).';

/** A store failure, told without credentials or lead contents. */
function describeFailure(error: unknown, target: OpenTarget): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  const detail = terminalSafe(parts.join(': ') || String(error)).slice(0, 400);
  const hint =
    target.kind === 'deployed'
      ? 'Check NETLIFY_SITE_ID (the site ID under Project configuration -> General) and NETLIFY_AUTH_TOKEN (a personal access token of a team member), and that this machine reaches api.netlify.com.'
      : 'Check that the project directory is right and readable.';
  return `npm run leads: could not read the ${target.label}: ${detail}\n${hint}\n`;
}

function sinceFilter(leads: Lead[], since: Invocation['since']): Lead[] {
  return since ? leads.filter((lead) => Date.parse(lead.createdAt) >= since.time) : leads;
}

export async function runLeads(argv: readonly string[], io: LeadsIo): Promise<number> {
  const parsed = parseCommandLine(argv, io.env, io.defaultProjectDir);
  if ('help' in parsed) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  if ('usageError' in parsed) {
    io.stderr(`npm run leads: ${terminalSafe(parsed.usageError)}\n\n${USAGE}\n`);
    return EXIT.usage;
  }

  let target: OpenTarget;
  try {
    target = await openTarget(parsed.target);
  } catch (error) {
    io.stderr(`npm run leads: could not open the lead store: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT.failed;
  }
  try {
    return await execute(parsed, target, io);
  } catch (error) {
    io.stderr(describeFailure(error, target));
    return EXIT.failed;
  } finally {
    await target.close();
  }
}

async function execute(invocation: Invocation, target: OpenTarget, io: LeadsIo): Promise<number> {
  const { store } = target;

  if (invocation.command === 'show') {
    const reference = invocation.reference!;
    const lead = store ? await store.get(reference) : undefined;
    if (!lead) {
      io.stderr(`npm run leads: no lead ${reference} in the ${target.label}${store ? '' : ' (nothing stored there yet)'}.\n`);
      return EXIT.failed;
    }
    io.stdout(invocation.json ? `${safeJson(lead, 2)}\n` : `${formatLead(lead)}\n`);
    return EXIT.ok;
  }

  const all = store ? await store.list() : [];
  const selected = sinceFilter(all, invocation.since);

  if (invocation.command === 'export') {
    if (invocation.format === 'csv') io.stdout(toCsv(selected));
    else if (invocation.format === 'json') io.stdout(`${safeJson(selected, 2)}\n`);
    else io.stdout(toJsonLines(selected));
    return EXIT.ok;
  }

  // list
  const shown = invocation.limit !== undefined ? selected.slice(0, invocation.limit) : selected;
  if (invocation.json) {
    io.stdout(`${safeJson(shown, 2)}\n`);
    return EXIT.ok;
  }
  if (!store || all.length === 0) {
    io.stdout(`${target.kind === 'local' ? NO_LOCAL_LEADS : `No leads in the ${target.label}.`}\n`);
    return EXIT.ok;
  }
  if (shown.length === 0) {
    io.stdout(`No leads received since ${invocation.since!.date} (00:00 UTC); ${countLeads(all.length)} in all in the ${target.label}.\n`);
    return EXIT.ok;
  }
  const scope = invocation.since ? ` received since ${invocation.since.date}` : '';
  const count =
    shown.length < selected.length
      ? `Showing the newest ${shown.length} of ${countLeads(selected.length)}${scope}`
      : `${countLeads(shown.length)}${scope}, newest first`;
  io.stdout(`${formatTable(shown)}\n\n${count} (${target.label}).\n`);
  return EXIT.ok;
}
