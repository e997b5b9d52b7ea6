/**
 * The scheduled retry of lead notifications: every 5 minutes, one attempt for every lead whose
 * notification is due (src/notify/deliver.ts retryDueNotifications: backoff, 7-day budget, and
 * leads whose filing request never tried). No `path`: it takes no /api/* requests (under
 * `netlify serve` a request to /.netlify/functions/lead-notifications runs it once). Logs counts
 * only, never lead data.
 */
import type { Config } from '@netlify/functions';
import { createBlobsLeadStore } from '../src/leads/blobs-store.ts';
import { retryDueNotifications } from '../src/notify/deliver.ts';
import { loadNotifier } from '../src/notify/load.ts';
import { logError } from '../src/log.ts';

const leads = createBlobsLeadStore();
const notifier = loadNotifier('lead-notifications');

export default async () => {
  try {
    const summary = await retryDueNotifications(leads, notifier, new Date());
    console.log(
      `lead-notifications: attempted ${summary.attempted}, sent ${summary.sent}, pending ${summary.pending}, ` +
        `failed ${summary.failed}, disabled ${summary.disabled}`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    // The store could not be read or written; logged without its message (src/log.ts). Nothing
    // is lost: every due lead stays due, and the next run (5 minutes on) tries again.
    logError('lead-notifications: stopped on a store error, the next run tries again', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
