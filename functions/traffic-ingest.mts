/**
 * The traffic record's writer for the edge counter: takes the parts the traffic edge function
 * sends (functions/edge/traffic.ts) and writes each to the site-wide Blobs store `traffic` under
 * the key its sender named, so a part sent again replaces itself. src/traffic/ingest.ts says why
 * the counts go through a function, and checks the request: only the build's key gets past a
 * plain 404. No `path`: it is reached at /.netlify/functions/traffic-ingest (INGEST_PATH), which
 * the edge functions do not run for. (The API function writes its own answers' counts itself:
 * src/traffic/api-record.ts.)
 */
import { getStore } from '@netlify/blobs';
import trafficKey from '../.generated/traffic-key.json' with { type: 'json' };
import { logError } from '../src/log.ts';
import { handleIngest } from '../src/traffic/ingest.ts';
import { blobsTrafficStore, TRAFFIC_STORE_NAME } from '../src/traffic/store.ts';

export default async (request: Request) => {
  try {
    return await handleIngest(
      request,
      trafficKey.key,
      blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' })),
    );
  } catch (error) {
    // The edge function keeps the part and sends it again, under the same key.
    logError('traffic-ingest: the part was not stored', error);
    return new Response('The part was not stored.', { status: 500, headers: { 'Content-Type': 'text/plain' } });
  }
};
