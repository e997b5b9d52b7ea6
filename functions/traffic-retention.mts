/**
 * Retention of the traffic record, on a schedule: once a day, deletes the counts of days older
 * than `traffic.retentionDays` (content/company.yaml, default 90; the build leaves the number in
 * .generated/traffic-policy.json, the same number the privacy page states). The work is
 * src/traffic/retention.ts pruneTraffic, which `npm run agents -- prune` also runs. No `path`:
 * under `netlify serve` a request to /.netlify/functions/traffic-retention runs it once. Logs
 * counts only.
 */
import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import trafficPolicy from '../.generated/traffic-policy.json' with { type: 'json' };
import { logError } from '../src/log.ts';
import { pruneTraffic } from '../src/traffic/retention.ts';
import { blobsTrafficStore, TRAFFIC_STORE_NAME } from '../src/traffic/store.ts';

export default async () => {
  const { retentionDays } = trafficPolicy;
  try {
    const store = blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' }));
    const { days, parts } = await pruneTraffic(store, new Date(), retentionDays);
    console.log(
      `traffic-retention: deleted ${parts} part(s) of ${days.length} day(s) older than ${retentionDays} days`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    logError('traffic-retention: stopped on a store error, the next run continues', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
