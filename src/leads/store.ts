/**
 * Where leads are kept. Two implementations: `memory-store.ts` (tests, local tools) and
 * `blobs-store.ts` (Netlify Blobs, production and netlify-cli). Every method either does what
 * it says durably or rejects; callers turn a rejection into "try again later".
 */
import type { Lead } from './schema.ts';

export interface LeadStore {
  /**
   * Stores a new lead and resolves once it is durably written. Resolves `false`, writing
   * nothing, when a lead with the same reference already exists.
   */
  insert(lead: Lead): Promise<boolean>;
  /** The most recent lead stored with this duplicate key, if any. */
  findByDedupeKey(dedupeKey: string): Promise<Lead | undefined>;
  /** The lead with this reference, if one is stored. */
  get(reference: string): Promise<Lead | undefined>;
  /** Every stored lead, newest first (for the operator command). */
  list(): Promise<Lead[]>;
}
