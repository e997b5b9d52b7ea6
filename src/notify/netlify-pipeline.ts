/**
 * The lead pipeline on Netlify: leads and limit counters in Netlify Blobs, and the team
 * notification's first attempt after each new lead (functions/lead-notifications.mts retries
 * what fails). functions/api.mts imports this module on the first lead request only.
 */
import { deliverNotification } from './deliver.ts';
import { loadNotifier } from './load.ts';
import { createBlobsLeadStore, createBlobsLimitLedger } from '../leads/blobs-store.ts';
import type { LeadPipeline } from '../leads/pipeline.ts';

export function netlifyLeadPipeline(): LeadPipeline {
  const store = createBlobsLeadStore();
  const notifier = loadNotifier('api');
  return {
    store,
    limits: createBlobsLimitLedger(),
    // One notification attempt per new lead; deliverNotification never throws and records the
    // outcome on the lead (`sent`, `pending` with a retry time, or `disabled` without a notifier).
    afterLead: async (lead) => {
      await deliverNotification(store, notifier, lead, new Date());
    },
  };
}
