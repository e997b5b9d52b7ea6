/**
 * Retention: leads older than the configured number of days are deleted (with their duplicate
 * markers). The number is `leads.retentionDays` of content/company.yaml (src/schemas/company.ts,
 * whose default is DEFAULT_RETENTION_DAYS); the operator runs it with `npm run leads -- prune`.
 */
import type { LeadStore } from './store.ts';

/** How long a lead is kept by default: 180 days after it was received. */
export const DEFAULT_RETENTION_DAYS = 180;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes every lead received more than `retentionDays` days before `now`; returns the deleted
 * references (safe to log: no personal data). A failing delete rejects after the earlier ones
 * are done; running it again continues.
 */
export async function pruneLeads(store: LeadStore, now: Date = new Date(), retentionDays: number = DEFAULT_RETENTION_DAYS): Promise<string[]> {
  if (!Number.isFinite(retentionDays) || retentionDays < 1) throw new RangeError('retentionDays must be a number of days, at least 1');
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const deleted: string[] = [];
  for (const lead of await store.list()) {
    const received = Date.parse(lead.createdAt);
    if (Number.isFinite(received) && received < cutoff && (await store.delete(lead.reference))) deleted.push(lead.reference);
  }
  return deleted;
}
