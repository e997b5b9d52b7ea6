/**
 * The traffic record's writer: takes the counts the traffic edge function sends
 * (functions/edge/traffic.ts) and the answers the API function reports (functions/api.mts),
 * classifies and counts the latter, and writes each part to the site-wide Blobs store `traffic`.
 * src/traffic/ingest.ts says why the counts go through a function, and checks the request: only
 * the build's key gets past a plain 404. No `path`: it is reached at
 * /.netlify/functions/traffic-ingest (INGEST_PATH), which the edge functions do not run for.
 */
import { getStore } from '@netlify/blobs';
import trafficData from '../.generated/traffic-data.ts';
import trafficKey from '../.generated/traffic-key.json' with { type: 'json' };
import { logError } from '../src/log.ts';
import { createClassifier, type AgentPatterns, type Classifier } from '../src/traffic/classify.ts';
import { handleIngest } from '../src/traffic/ingest.ts';
import { blobsTrafficStore, TRAFFIC_STORE_NAME } from '../src/traffic/store.ts';

// Compiled on the first batch of API answers an instance counts.
let classify: Classifier | undefined;

export default async (request: Request) => {
  try {
    return await handleIngest(
      request,
      trafficKey.key,
      blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' })),
      {
        classify: (userAgent) => (classify ??= createClassifier(trafficData.patterns as AgentPatterns))(userAgent),
        names: trafficData.names,
      },
    );
  } catch (error) {
    // The edge function keeps the counts and sends them again with its next write.
    logError('traffic-ingest: the part was not stored', error);
    return new Response('The part was not stored.', { status: 500, headers: { 'Content-Type': 'text/plain' } });
  }
};
