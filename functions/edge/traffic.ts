/**
 * The traffic record's counter (docs/traffic.md): an edge function on every path but the API's
 * (which reports its own answers: src/traffic/notes.ts), the build's assets and the functions'
 * own URLs, WITHOUT response caching, so Netlify runs it on every
 * request, also those its CDN answers from the cache (uncached edge functions run before the
 * cache, cached ones after it: markdown.ts is cached and runs behind this one; netlify.toml
 * declares this one, which also puts it first under `npm start`). The work is
 * src/traffic/counter.ts: the request goes through unchanged, then it is counted from what was
 * seen (never the User-Agent string itself), and the counts are sent after the answer
 * (`context.waitUntil`), in parts of many requests, to the ingest function, which writes them to
 * Netlify Blobs (src/traffic/recorder.ts, ingest.ts).
 */
import trafficData from '../../.generated/traffic-data.ts';
import trafficKey from '../../.generated/traffic-key.ts';
import { describeErrorForLog } from '../../src/log.ts';
import type { AgentPatterns } from '../../src/traffic/classify.ts';
import { createTrafficCounter, type CounterContext } from '../../src/traffic/counter.ts';
import { ingestWriter } from '../../src/traffic/ingest.ts';
import { createTrafficRecorder, LOCAL_WRITE_INTERVAL_MS, type TrafficRecorder } from '../../src/traffic/recorder.ts';

let recorder: TrafficRecorder | undefined;
let local = false;

const count = createTrafficCounter({
  patterns: trafficData.patterns as AgentPatterns,
  // On Netlify an instance writes on its first request, then at most every WRITE_INTERVAL_MS (on a
  // request). Under `npm start` (deploy context `dev`, one edge runtime that lives on between
  // requests) a timer writes what is held every LOCAL_WRITE_INTERVAL_MS (5 s), so a report a few
  // seconds later shows every request, at 12 ingest calls a minute at most, not one per request.
  recorder: (origin) =>
    (recorder ??= createTrafficRecorder({
      store: () => Promise.resolve(ingestWriter(origin, trafficKey)),
      onError: (error) => console.error(`traffic: the record was not written: ${describeErrorForLog(error)}`),
      ...(local ? { intervalMs: LOCAL_WRITE_INTERVAL_MS, flushTimer: true } : {}),
    })),
  onError: (error) => console.error(`traffic: a request was not counted: ${describeErrorForLog(error)}`),
});

export default function countTraffic(request: Request, context: CounterContext): Promise<Response> {
  local = context.deploy?.context === 'dev';
  return count(request, context);
}

// No inline `config`: netlify.toml declares it ([[edge_functions]]), so it runs before the
// inline-declared markdown.ts under `npm start` as on Netlify.
