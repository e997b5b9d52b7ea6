/**
 * Retention, on a schedule: once a day, deletes every lead received more than
 * `leads.retentionDays` days ago (content/company.yaml; the build leaves the number in
 * .generated/lead-policy.json, the same number the privacy page states). The work is
 * src/leads/retention.ts pruneLeads, which `npm run leads -- prune` also runs. No `path`: it
 * takes no /api/* requests (under `netlify serve` a request to /.netlify/functions/lead-retention
 * runs it once). Logs counts only, never lead data.
 */
import type { Config } from '@netlify/functions';
import leadPolicy from '../.generated/lead-policy.json' with { type: 'json' };
import { createBlobsLeadStore } from '../src/leads/blobs-store.ts';
import { pruneLeads } from '../src/leads/retention.ts';
import { logError } from '../src/log.ts';

const leads = createBlobsLeadStore();

export default async () => {
  const retentionDays = leadPolicy.retentionDays;
  try {
    const { deleted, unreadable } = await pruneLeads(leads, new Date(), retentionDays);
    console.log(`lead-retention: deleted ${deleted.length} lead(s) received more than ${retentionDays} days ago`);
    // A count only (a foreign record's key could be anything); `npm run leads -- list` names them.
    if (unreadable.length > 0)
      console.warn(
        `lead-retention: kept ${unreadable.length} stored record(s) that are not readable leads; npm run leads -- list names them`,
      );
    return new Response(null, { status: 204 });
  } catch (error) {
    // Logged without its message (src/log.ts); the next run continues the work.
    logError('lead-retention: stopped on a store error, the next run continues', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
