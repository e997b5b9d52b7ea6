/**
 * The traffic record's weekly digest, on a schedule: when TRAFFIC_DIGEST_WEBHOOK_URL is set, the
 * last 7 days' report, summed up (src/traffic/digest.ts), is POSTed there every Monday at 00:00
 * UTC (`@weekly`). Without the variable it does nothing. No `path`: under `netlify serve` a
 * request to /.netlify/functions/traffic-digest runs it once. Logs figures only.
 */
import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import head from '../.generated/agent-head.json' with { type: 'json' };
import { logError } from '../src/log.ts';
import { digestOf, readDigestConfig, sendDigest } from '../src/traffic/digest.ts';
import { dayOf } from '../src/traffic/model.ts';
import { trafficReport } from '../src/traffic/report.ts';
import { blobsTrafficStore, readParts, TRAFFIC_STORE_NAME } from '../src/traffic/store.ts';

const DAY_MS = 86_400_000;

export default async () => {
  let config;
  try {
    config = readDigestConfig(process.env);
  } catch (error) {
    console.error(`traffic-digest: ${error instanceof Error ? error.message : 'invalid settings'}`);
    return new Response(null, { status: 500 });
  }
  if (!config) {
    console.log('traffic-digest: TRAFFIC_DIGEST_WEBHOOK_URL is not set, no digest sent');
    return new Response(null, { status: 204 });
  }
  try {
    const now = new Date();
    const from = dayOf(new Date(now.getTime() - 6 * DAY_MS));
    const to = dayOf(now);
    const store = blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' }));
    const report = trafficReport(await readParts(store, from, to), from, to);
    await sendDigest(config, digestOf(report, head.site.name));
    console.log(`traffic-digest: sent the digest of ${from} to ${to} (${report.requests} requests)`);
    return new Response(null, { status: 204 });
  } catch (error) {
    logError('traffic-digest: the digest was not sent', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '@weekly',
};
