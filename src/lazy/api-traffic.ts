/**
 * The API function's traffic record, as the function loads it on its first send (after an
 * answer, never before one): bundled by the build apart from the function's entry into
 * .generated/lazy/api-traffic.mjs (src/build/lazy-modules.ts), with the classifier's patterns and
 * the Blobs client, and shipped beside the entry (netlify.toml `included_files`). What it does is
 * src/traffic/api-record.ts; this is its glue to Netlify Blobs and the build's data.
 */
import { getStore } from '@netlify/blobs';
import trafficData from '../../.generated/traffic-data.ts';
import { describeErrorForLog } from '../log.ts';
import { createApiRecord, type ApiRecord } from '../traffic/api-record.ts';
import { createClassifier, type AgentPatterns } from '../traffic/classify.ts';
import { blobsTrafficStore, TRAFFIC_STORE_NAME, type TrafficStore } from '../traffic/store.ts';

/** The site-wide traffic store, or undefined (said once) where Netlify Blobs has no environment. */
function openStore(): TrafficStore | undefined {
  try {
    return blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' }));
  } catch (error) {
    console.error(`traffic: this instance records nothing: ${describeErrorForLog(error)}`);
    return undefined;
  }
}

/**
 * The instance's record. Where Netlify Blobs has no environment (the function run outside
 * Netlify and netlify-cli, as some tests run it), it records nothing.
 */
export function apiTrafficRecord(): ApiRecord {
  const store = openStore();
  if (!store) return () => Promise.resolve();
  return createApiRecord({
    classify: createClassifier(trafficData.patterns as AgentPatterns),
    names: trafficData.names,
    store: () => Promise.resolve(store),
    onError: (error) => console.error(`traffic: the record was not written: ${describeErrorForLog(error)}`),
  });
}
