/**
 * Everything that files a lead, as one value the contact form and start_conversation share: the
 * store, the abuse limits and the work after a new lead (the team notification). The API
 * function loads it on the first lead request (functions/api.mts), so requests that file no
 * lead never load the store, the Blobs client or the notifier.
 */
import type { AfterLead } from './after-lead.ts';
import type { LimitLedger } from './limits.ts';
import type { LeadStore } from './store.ts';

export interface LeadPipeline {
  /** Where leads are filed. */
  store: LeadStore;
  /** Abuse limits on new leads (per e-mail address and per client IP); none without one. */
  limits?: LimitLedger;
  /** Run after a NEW lead is durably stored, never for a duplicate; never changes the answer. */
  afterLead?: AfterLead;
}
