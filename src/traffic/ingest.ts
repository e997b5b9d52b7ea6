/**
 * How the traffic edge function's counts reach the store (docs/traffic.md, "How it is counted"):
 * the edge function POSTs its parts to the small function traffic-ingest on the site's own
 * origin, which checks each and writes it to the Blobs store. Netlify gives edge functions Blobs
 * on a linked, deployed site, but `netlify serve` (offline, unlinked) does not, so writing from
 * the edge function would work in production only; through a function the same path runs
 * locally and on Netlify, at one function invocation per write (at most one per edge instance
 * every WRITE_INTERVAL_MS on Netlify, every LOCAL_WRITE_INTERVAL_MS under `npm start`:
 * recorder.ts, functions/edge/traffic.ts).
 *
 * A write is idempotent: the sender names the part (`<day>.<instance>.<sequence>`) and the
 * ingest function puts it under that key, so a part sent again after a failure or a time-out
 * replaces itself and is never counted twice.
 *
 * The ingest function answers only requests that carry the build's key (a random value made by
 * each build and bundled into the edge function and the ingest function, never published), so
 * nobody else can add counts; anything else gets a plain 404, as if it did not exist.
 */
import type { TrafficPart } from './model.ts';
import { readPart, type PartWriter } from './store.ts';

/** The ingest function's path (functions/traffic-ingest.mts has no `path` of its own). */
export const INGEST_PATH = '/.netlify/functions/traffic-ingest';
/** The header that carries the build's key to the ingest function. */
export const INGEST_KEY_HEADER = 'x-traffic-key';
/** The largest body the ingest function reads: far above a part of MAX_HELD_COUNTS counts. */
export const MAX_INGEST_BYTES = 1_000_000;

export type { PartWriter } from './store.ts';

const PART_KEY = /^(\d{4}-\d{2}-\d{2})\.[a-z0-9-]{1,40}\.[a-z0-9]{1,12}$/;

/** A writer that sends each part to the ingest function at `origin`. */
export function ingestWriter(origin: string, key: string, fetcher: typeof fetch = fetch): PartWriter {
  return {
    write: async (partKey, part) => {
      const response = await fetcher(`${origin}${INGEST_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [INGEST_KEY_HEADER]: key },
        body: JSON.stringify({ key: partKey, part }),
      });
      await response.body?.cancel();
      if (response.status !== 204) throw new Error(`the traffic ingest function answered ${response.status}`);
    },
  };
}

/** Compares two strings in time that depends on their length only. */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/**
 * The ingest function's answer: 204 once the part is stored under the key the sender named, 404
 * without the build's key, 400 for a body that is not one day's part ({ key, part }).
 */
export async function handleIngest(request: Request, key: string, store: PartWriter): Promise<Response> {
  if (request.method !== 'POST' || !sameKey(request.headers.get(INGEST_KEY_HEADER) ?? '', key)) return notFound();
  const bad = (message: string) => new Response(message, { status: 400, headers: { 'Content-Type': 'text/plain' } });
  const text = await request.text();
  if (text.length > MAX_INGEST_BYTES) return bad('The body is too large.');
  let body: { key?: unknown; part?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return bad('The body is not JSON.');
  }
  const partKey = typeof body.key === 'string' ? PART_KEY.exec(body.key) : null;
  const part: TrafficPart | undefined = readPart(body.part);
  if (!partKey || !part || part.day !== partKey[1]) return bad('The body is not { key, part } of one day.');
  await store.write(partKey[0], part);
  return new Response(null, { status: 204 });
}
