/**
 * Where leads are kept. Two implementations: `memory-store.ts` (tests, local tools) and
 * `blobs-store.ts` (Netlify Blobs, production and netlify-cli). Every method either does what
 * it says durably or rejects; callers turn a rejection into "try again later".
 */
import type { Lead } from './schema.ts';

/** A duplicate marker: which lead answers repeats of one duplicate key, since when. */
export interface DedupeClaim {
  reference: string;
  /** ISO date-time of the claim (the new lead's received time). */
  createdAt: string;
}

/** What LeadStore.list finds. */
export interface LeadListing {
  /** Every stored lead, newest first. */
  leads: Lead[];
  /**
   * Keys of stored records that are not readable leads (not JSON, or not a lead's shape):
   * never written by this code, but a corrupted or foreign record must not vanish unseen, so
   * the operator command names them. Nothing deletes them (prune neither).
   */
  unreadable: string[];
}

/** The order of LeadStore.list: newest first, by received time. */
export const newestFirst = (a: Lead, b: Lead): number => b.createdAt.localeCompare(a.createdAt);

export type ClaimResult = { claimed: true } | { claimed: false; earlier: DedupeClaim };

export interface LeadStore {
  /**
   * Stores a new lead and resolves once it is durably written. Resolves `false`, writing
   * nothing, when a lead with the same reference already exists. Does not touch duplicate
   * markers (see claimDedupe).
   */
  insert(lead: Lead): Promise<boolean>;
  /**
   * Claims the duplicate marker of `dedupeKey` for a lead about to be inserted, atomically:
   * of any number of concurrent claims of a free key exactly one gets `claimed: true`, the
   * others get the winner's marker. A marker older than `windowMs` at `now`, or older than
   * `graceMs` whose lead does not exist (its writer failed without releasing it), is free.
   */
  claimDedupe(
    dedupeKey: string,
    claim: DedupeClaim,
    now: Date,
    windowMs: number,
    graceMs: number,
  ): Promise<ClaimResult>;
  /** Removes the duplicate marker of `dedupeKey` if it still points to `reference`. */
  releaseDedupe(dedupeKey: string, reference: string): Promise<void>;
  /** The lead the duplicate marker of this key points to, if any. */
  findByDedupeKey(dedupeKey: string): Promise<Lead | undefined>;
  /** The lead with this reference, if one is stored. */
  get(reference: string): Promise<Lead | undefined>;
  /** Every stored lead, newest first, and the keys of records that are not readable leads. */
  list(): Promise<LeadListing>;
  /**
   * Replaces the stored record of an existing lead (same reference). Never creates one:
   * resolves `false`, writing nothing, when no lead has that reference.
   */
  update(lead: Lead): Promise<boolean>;
  /**
   * Deletes a lead and its duplicate marker if that points to it. Resolves whether the lead
   * existed.
   */
  delete(reference: string): Promise<boolean>;
}
