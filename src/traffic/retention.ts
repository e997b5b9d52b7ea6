/**
 * Retention of the traffic record: the parts of days older than `traffic.retentionDays` of
 * content/company.yaml (default 90) are deleted, by the scheduled function traffic-retention
 * daily and by `npm run agents -- prune`. A part is kept or deleted by the day in its key.
 */
import { dayOfKey, type TrafficStore } from './store.ts';

const DAY_MS = 86_400_000;

/** The first day still kept: `retentionDays` days ending today (UTC) are kept. */
export function firstKeptDay(now: Date, retentionDays: number): string {
  if (!Number.isInteger(retentionDays) || retentionDays < 1)
    throw new RangeError('retentionDays must be a whole number of days, at least 1');
  return new Date(now.getTime() - (retentionDays - 1) * DAY_MS).toISOString().slice(0, 10);
}

export interface TrafficPruneResult {
  /** The days whose parts were deleted (or would be, for a dry run), oldest first. */
  days: string[];
  /** How many parts. */
  parts: number;
}

/** Deletes (unless `dryRun`) every part of a day before the retention period. */
export async function pruneTraffic(
  store: TrafficStore,
  now: Date,
  retentionDays: number,
  dryRun = false,
): Promise<TrafficPruneResult> {
  const keep = firstKeptDay(now, retentionDays);
  const old = (await store.keys()).filter((key) => {
    const day = dayOfKey(key);
    return day !== undefined && day < keep;
  });
  if (!dryRun) for (const key of old) await store.delete(key);
  return { days: [...new Set(old.map((key) => dayOfKey(key)!))].sort(), parts: old.length };
}
