/**
 * Work run after a NEW lead is durably stored (the team notification, see src/notify/deliver.ts),
 * without delaying or failing the answer: never for a duplicate or a honeypot post.
 *
 * The platform's `waitUntil` (Netlify: `context.waitUntil`) keeps the function alive until the
 * work ends; without one the work runs unawaited, and the scheduled retry
 * (functions/lead-notifications.mts) picks up a lead it did not finish.
 */
import type { Lead } from './schema.ts';

/** What to do once a new lead is stored; a failure (thrown or rejected) is only logged. */
export type AfterLead = (lead: Lead) => Promise<void>;

/** Extends the request's life until the promise settles (Netlify's `context.waitUntil`). */
export type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * Starts `afterLead` for a new lead and returns at once. Never throws: a synchronous throw or a
 * rejection goes to `onError`.
 */
export function startAfterLead(
  afterLead: AfterLead | undefined,
  lead: Lead,
  waitUntil: WaitUntil | undefined,
  onError: (error: unknown) => void,
): void {
  if (!afterLead) return;
  let work: Promise<void>;
  try {
    work = Promise.resolve(afterLead(lead));
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on whatever afterLead threw, unchanged, to onError
    work = Promise.reject(error);
  }
  const settled = work.catch((error: unknown) => {
    try {
      onError(error);
    } catch {
      // Logging must not fail the request either.
    }
  });
  if (!waitUntil) return;
  try {
    waitUntil(settled);
  } catch (error) {
    try {
      onError(error);
    } catch {
      // ignore
    }
  }
}
