/**
 * Delivering the team notification of a lead, and retrying it.
 *
 * The pipeline: submitLead stores the lead with notification `pending` and the caller reports
 * success right after that durable write; then the caller runs `deliverNotification` (one
 * attempt) and a scheduled function runs `retryDueNotifications` (every few minutes). A failed
 * notification never loses or blocks the lead: it only changes the lead's `notification`.
 *
 * Backoff after a failed attempt: 1 min, 5 min, 15 min, 1 h, 6 h, then every 24 h, while the
 * next attempt falls within 7 days of the lead's receipt; after that the status is `failed`
 * (the operator can re-send). No notifier configured -> `disabled`.
 */
import type { Lead, LeadNotification } from '../leads/schema.ts';
import type { LeadStore } from '../leads/store.ts';
import { leadCreatedEvent, NotifyError, type Notifier } from './notifier.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Delay before the next attempt after the n-th failed attempt (index n-1); then DAILY. */
export const RETRY_BACKOFF_MS = [1 * MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS, 6 * HOUR_MS] as const;
export const RETRY_DAILY_MS = DAY_MS;
/** No attempt is scheduled later than this after the lead was received. */
export const RETRY_GIVE_UP_MS = 7 * DAY_MS;
/**
 * A `pending` lead never attempted is left to the request that filed it for this long before a
 * retry job picks it up (so the two do not notify twice).
 */
export const FIRST_ATTEMPT_GRACE_MS = 2 * MINUTE_MS;

/** The delay after `attempts` failed attempts. */
export function backoffDelay(attempts: number): number {
  return RETRY_BACKOFF_MS[attempts - 1] ?? RETRY_DAILY_MS;
}

/** A safe, short reason for a failure: NotifyError messages as they are, anything else generic. */
function failureReason(error: unknown): string {
  return error instanceof NotifyError ? error.message.slice(0, 300) : 'unexpected error';
}

/**
 * One delivery attempt; returns the lead's new notification state (does not store it).
 * Without a notifier the state becomes `disabled` with no attempt made.
 */
export async function notifyLead(
  lead: Lead,
  notifier: Notifier | undefined,
  now: Date = new Date(),
): Promise<LeadNotification> {
  const previous = lead.notification;
  if (!notifier)
    return {
      status: 'disabled',
      attempts: previous.attempts,
      ...(previous.lastAttemptAt ? { lastAttemptAt: previous.lastAttemptAt } : {}),
    };
  const attempts = previous.attempts + 1;
  const lastAttemptAt = now.toISOString();
  try {
    await notifier.deliver(leadCreatedEvent(lead));
    return { status: 'sent', attempts, lastAttemptAt };
  } catch (error) {
    const lastError = failureReason(error);
    const next = now.getTime() + backoffDelay(attempts);
    if (next > Date.parse(lead.createdAt) + RETRY_GIVE_UP_MS)
      return { status: 'failed', attempts, lastAttemptAt, lastError };
    return { status: 'pending', attempts, lastAttemptAt, nextAttemptAt: new Date(next).toISOString(), lastError };
  }
}

/** Leads whose notification should be attempted at `now`, oldest first. */
export function dueForRetry(leads: readonly Lead[], now: Date = new Date()): Lead[] {
  const at = now.getTime();
  return leads
    .filter((lead) => {
      const { status, attempts, nextAttemptAt } = lead.notification;
      if (status !== 'pending') return false;
      if (nextAttemptAt) return Date.parse(nextAttemptAt) <= at;
      // Never attempted (the filing request ended before trying): after the grace period.
      return attempts === 0 && Date.parse(lead.createdAt) + FIRST_ATTEMPT_GRACE_MS <= at;
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export interface DeliveryOutcome {
  lead: Lead;
  /** False when the new state could not be stored (it is then retried as still pending). */
  stored: boolean;
}

/**
 * Tries the notification of a stored lead and stores the new state. Never throws: a failing
 * notifier or store leaves the lead as it was (still `pending`, so a retry picks it up).
 */
export async function deliverNotification(
  store: LeadStore,
  notifier: Notifier | undefined,
  lead: Lead,
  now: Date = new Date(),
): Promise<DeliveryOutcome> {
  let notification: LeadNotification;
  try {
    notification = await notifyLead(lead, notifier, now);
  } catch {
    return { lead, stored: false };
  }
  const updated: Lead = { ...lead, notification };
  try {
    return { lead: updated, stored: await store.update(updated) };
  } catch {
    return { lead: updated, stored: false };
  }
}

export interface RetrySummary {
  attempted: number;
  sent: number;
  pending: number;
  failed: number;
  disabled: number;
}

/**
 * For the scheduled function: one attempt for every due lead (at most `limit` per run).
 * Returns counts only, safe to log.
 */
export async function retryDueNotifications(
  store: LeadStore,
  notifier: Notifier | undefined,
  now: Date = new Date(),
  limit = 50,
): Promise<RetrySummary> {
  const due = dueForRetry((await store.list()).leads, now).slice(0, limit);
  const summary: RetrySummary = { attempted: 0, sent: 0, pending: 0, failed: 0, disabled: 0 };
  for (const lead of due) {
    const { lead: after } = await deliverNotification(store, notifier, lead, now);
    summary.attempted++;
    summary[after.notification.status]++;
  }
  return summary;
}

/**
 * For the operator's `resend`: one more attempt whatever the state (`sent`, `failed`,
 * `disabled` included). A failure inside the 7-day budget schedules retries as usual; after
 * it, the state goes back to `failed`.
 */
export async function resendNotification(
  store: LeadStore,
  notifier: Notifier | undefined,
  lead: Lead,
  now: Date = new Date(),
): Promise<DeliveryOutcome> {
  return deliverNotification(
    store,
    notifier,
    { ...lead, notification: { ...lead.notification, status: 'pending' } },
    now,
  );
}
