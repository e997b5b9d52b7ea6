/**
 * Retention: leads older than the configured number of days are deleted (with their duplicate
 * markers). The number is `leads.retentionDays` of content/company.yaml (src/schemas/company.ts
 * holds its default), handed over by the build; the operator runs it with `npm run leads -- prune`
 * and the scheduled function lead-retention daily.
 */
import type { Lead } from './schema.ts';
import type { LeadStore } from './store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant before which a lead is past retention: `now` minus `retentionDays` days. A lead
 * received exactly then is kept.
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  if (!Number.isFinite(retentionDays) || retentionDays < 1)
    throw new RangeError('retentionDays must be a number of days, at least 1');
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Whether a lead was received before the cutoff (a record without a readable time never is). */
export function isPastRetention(lead: Pick<Lead, 'createdAt'>, cutoff: Date): boolean {
  const received = Date.parse(lead.createdAt);
  return Number.isFinite(received) && received < cutoff.getTime();
}

export interface PruneResult {
  /** References of the deleted leads. */
  deleted: string[];
  /** Keys of stored records that are not readable leads: their age is unknown, so they are kept. */
  unreadable: string[];
}

/**
 * Deletes every lead received more than `retentionDays` days before `now`; returns the deleted
 * references and the keys of unreadable records it left alone (both safe to log: no personal
 * data). A failing delete rejects after the earlier ones are done; running it again continues.
 */
export async function pruneLeads(store: LeadStore, now: Date, retentionDays: number): Promise<PruneResult> {
  const cutoff = retentionCutoff(now, retentionDays);
  const { leads, unreadable } = await store.list();
  const deleted: string[] = [];
  for (const lead of leads) {
    if (isPastRetention(lead, cutoff) && (await store.delete(lead.reference))) deleted.push(lead.reference);
  }
  return { deleted, unreadable };
}
