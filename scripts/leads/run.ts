/**
 * `npm run leads`: the operator command's logic, separate from the process (argv, exit code,
 * streams) so it can be driven in-process as well as by scripts/leads.ts.
 *
 * Output rules: stdout carries exactly what was asked for (the table, the record, the JSON,
 * the export), so it can be piped; stderr carries usage and failure messages, which never
 * contain lead contents (at most a reference the operator typed).
 */
import { isPastRetention, pruneLeads, retentionCutoff } from '../../src/leads/retention.ts';
import type { Lead } from '../../src/leads/schema.ts';
import { createNotifier, readNotifyConfig } from '../../src/notify/config.ts';
import { resendNotification } from '../../src/notify/deliver.ts';
import type { Notifier } from '../../src/notify/notifier.ts';
import { leadReferencePrefix } from '../../src/schemas/company.ts';
import { loadCompany } from '../../src/model/company.ts';
import { parseCommandLine, usage, type Invocation } from './args.ts';
import {
  countLeads,
  describeNotification,
  formatLead,
  formatTable,
  receivedShort,
  safeJson,
  terminalSafe,
  toCsv,
  toJsonLines,
} from './format.ts';
import { openTarget, type OpenTarget } from './target.ts';

export interface LeadsIo {
  env: Record<string, string | undefined>;
  /** The project whose local store is read by default. */
  defaultProjectDir: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export const NO_LOCAL_LEADS =
  'No leads stored locally yet: start the site with npm start and send one (through start_conversation or the contact form).';

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
      ? 'Check NETLIFY_SITE_ID (the site ID under Project configuration -> General) ' +
        'and NETLIFY_AUTH_TOKEN (a personal access token of a team member), ' +
        'and that this machine reaches api.netlify.com.'
      : 'Check that the project directory is right and readable.';
  return `npm run leads: could not read the ${target.label}: ${detail}\n${hint}\n`;
}

function sinceFilter(leads: Lead[], since: Invocation['since']): Lead[] {
  return since ? leads.filter((lead) => Date.parse(lead.createdAt) >= since.time) : leads;
}

/** The company's lead reference prefix, for examples in help and usage messages; undefined when company.yaml cannot be read. */
function configuredPrefix(projectDir: string): string | undefined {
  try {
    return leadReferencePrefix(loadCompany(projectDir));
  } catch {
    return undefined;
  }
}

export async function runLeads(argv: readonly string[], io: LeadsIo): Promise<number> {
  const prefix = configuredPrefix(io.defaultProjectDir);
  const parsed = parseCommandLine(argv, io.env, io.defaultProjectDir, prefix);
  if ('help' in parsed) {
    io.stdout(`${usage(prefix)}\n`);
    return EXIT.ok;
  }
  if ('usageError' in parsed) {
    io.stderr(`npm run leads: ${terminalSafe(parsed.usageError)}\n\n${usage(prefix)}\n`);
    return EXIT.usage;
  }

  // What prune and resend need besides the store, checked before the store is opened.
  const context: CommandContext = { retentionDays: parsed.days ?? 0, notifier: undefined };
  if (parsed.command === 'prune' && parsed.days === undefined) {
    try {
      context.retentionDays = loadCompany(io.defaultProjectDir).leads.retentionDays;
    } catch (error) {
      io.stderr(
        'npm run leads: could not read the retention period (leads.retentionDays): ' +
          `${terminalSafe(error instanceof Error ? error.message : String(error))}\n` +
          'Fix content/company.yaml, or give --days N.\n',
      );
      return EXIT.failed;
    }
  }
  if (parsed.command === 'resend') {
    try {
      context.notifier = createNotifier(readNotifyConfig(io.env));
    } catch (error) {
      io.stderr(`npm run leads: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
      return EXIT.failed;
    }
    if (!context.notifier) {
      io.stderr(
        'npm run leads: no notification is configured, so there is nothing to resend with. ' +
          'Set LEADS_WEBHOOK_URL (and LEADS_WEBHOOK_SECRET if the site uses one) in this shell ' +
          "to the site's values, then run resend again.\n",
      );
      return EXIT.failed;
    }
  }

  let target: OpenTarget;
  try {
    target = await openTarget(parsed.target);
  } catch (error) {
    io.stderr(
      `npm run leads: could not open the lead store: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`,
    );
    return EXIT.failed;
  }
  try {
    return await execute(parsed, target, io, context);
  } catch (error) {
    io.stderr(describeFailure(error, target));
    return EXIT.failed;
  } finally {
    await target.close();
  }
}

interface CommandContext {
  /** prune: the retention period in days (--days, else leads.retentionDays). */
  retentionDays: number;
  /** resend: the configured notifier. */
  notifier: Notifier | undefined;
}

/** Long: one case per command of npm run leads, a table read top to bottom. */
async function execute(
  invocation: Invocation,
  target: OpenTarget,
  io: LeadsIo,
  context: CommandContext,
): Promise<number> {
  const { store } = target;

  if (invocation.command === 'prune') return prune(invocation, target, io, context.retentionDays);

  if (invocation.command === 'resend') {
    const reference = invocation.reference!;
    const lead = store ? await store.get(reference) : undefined;
    if (!store || !lead) {
      io.stderr(
        `npm run leads: no lead ${reference} in the ${target.label}${store ? '' : ' (nothing stored there yet)'}.\n`,
      );
      return EXIT.failed;
    }
    const { lead: after, stored } = await resendNotification(store, context.notifier, lead);
    const { notification } = after;
    if (invocation.json) io.stdout(`${safeJson({ reference, stored, notification }, 2)}\n`);
    else io.stdout(`Notification of ${reference}: ${describeNotification(notification)}.\n`);
    if (!stored) {
      io.stderr(
        `npm run leads: the new notification state of ${reference} could not be stored in the ${target.label}; the lead keeps its previous state.\n`,
      );
      return EXIT.failed;
    }
    if (notification.status !== 'sent') {
      io.stderr(
        `npm run leads: the notification of ${reference} was not delivered` +
          `${notification.lastError ? ` (${terminalSafe(notification.lastError)})` : ''}. ` +
          'Check the receiver at LEADS_WEBHOOK_URL and run resend again.\n',
      );
      return EXIT.failed;
    }
    return EXIT.ok;
  }

  if (invocation.command === 'show') {
    const reference = invocation.reference!;
    const lead = store ? await store.get(reference) : undefined;
    if (!lead) {
      io.stderr(
        `npm run leads: no lead ${reference} in the ${target.label}${store ? '' : ' (nothing stored there yet)'}.\n`,
      );
      return EXIT.failed;
    }
    io.stdout(invocation.json ? `${safeJson(lead, 2)}\n` : `${formatLead(lead)}\n`);
    return EXIT.ok;
  }

  const all = await listLeads(target, io);
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
    io.stdout(
      `No leads received since ${invocation.since!.date} (00:00 UTC); ${countLeads(all.length)} in all in the ${target.label}.\n`,
    );
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

/**
 * Every lead of the target, newest first (none when nothing was ever stored). Names on stderr
 * the stored records that are not readable leads (not shown, never pruned), so none disappears
 * from the operator's view; keys only, they are not lead contents.
 */
async function listLeads(target: OpenTarget, io: LeadsIo): Promise<Lead[]> {
  if (!target.store) return [];
  const { leads, unreadable } = await target.store.list();
  if (unreadable.length === 0) return leads;
  const records = unreadable.length === 1 ? '1 stored record is' : `${unreadable.length} stored records are`;
  io.stderr(
    `npm run leads: ${records} not a readable lead, so not shown or pruned: ${unreadable.map(terminalSafe).join(', ')} (${target.label}). ` +
      'docs/deploy.md ("Reading leads") says how to look at one and delete it.\n',
  );
  return leads;
}

/** prune: lists (or, with --yes, deletes) the leads received more than `retentionDays` days ago. */
async function prune(invocation: Invocation, target: OpenTarget, io: LeadsIo, retentionDays: number): Promise<number> {
  const { store } = target;
  const now = new Date();
  const cutoff = retentionCutoff(now, retentionDays);
  const old = (await listLeads(target, io)).filter((lead) => isPastRetention(lead, cutoff));
  const scope = `received more than ${retentionDays} days ago (before ${receivedShort(cutoff.toISOString())} UTC)`;
  const report = (deleted: boolean, references: readonly string[]) => ({
    retentionDays,
    cutoff: cutoff.toISOString(),
    deleted,
    references,
  });

  if (old.length === 0 || !store) {
    io.stdout(invocation.json ? `${safeJson(report(false, []), 2)}\n` : `No leads ${scope} in the ${target.label}.\n`);
    return EXIT.ok;
  }
  if (!invocation.yes) {
    const references = old.map((lead) => lead.reference);
    io.stdout(
      invocation.json
        ? `${safeJson(report(false, references), 2)}\n`
        : `${formatTable(old)}\n\n${countLeads(old.length)} ${scope} would be deleted from the ${target.label}.\n`,
    );
    if (invocation.dryRun) return EXIT.ok;
    io.stderr(
      'npm run leads: nothing deleted. Run prune again with --yes to delete them (deleting cannot be undone; export them first if you need a copy).\n',
    );
    return EXIT.usage;
  }
  const { deleted } = await pruneLeads(store, now, retentionDays);
  io.stdout(
    invocation.json
      ? `${safeJson(report(true, deleted), 2)}\n`
      : `Deleted ${countLeads(deleted.length)} ${scope} from the ${target.label}${deleted.length ? `: ${deleted.join(', ')}` : ''}.\n`,
  );
  return EXIT.ok;
}
