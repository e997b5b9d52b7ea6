/**
 * How the traffic edge function's counts reach the store (docs/traffic.md, "Where the counts
 * go"): the edge function POSTs each part to the small function traffic-ingest on the site's own
 * origin, which checks it and writes it to the Blobs store. Netlify gives edge functions Blobs
 * on a linked, deployed site, but `netlify serve` (offline, unlinked) does not, so writing from
 * the edge function would work in production only; through a function the same path runs
 * locally and on Netlify, at one function invocation per write (at most one per edge instance
 * every WRITE_INTERVAL_MS, recorder.ts).
 *
 * The ingest function answers only requests that carry the build's key (a random value made by
 * each build and bundled into the edge function and the ingest function, never published), so
 * nobody else can add counts; anything else gets a plain 404, as if it did not exist.
 */
import type { Classifier } from './classify.ts';
import { trafficEvents } from './events.ts';
import { messageNote, type McpNames } from './mcp-notes.ts';
import type { TrafficPart } from './model.ts';
import {
  INGEST_KEY_HEADER,
  INGEST_PATH,
  MAX_HELD_FACTS,
  MAX_NOTE_TEXT,
  type ApiFacts,
  type MessageNote,
} from './notes.ts';
import { createTrafficRecorder } from './recorder.ts';
import { readPart, type PartWriter } from './store.ts';

export { INGEST_KEY_HEADER, INGEST_PATH } from './notes.ts';
/** The largest body the ingest function reads: far above a part of MAX_HELD_COUNTS counts. */
export const MAX_INGEST_BYTES = 1_000_000;
/** More notes than this in one API answer (a batch) are left out. */
const MAX_NOTES = 20;

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

/** What the ingest function needs to count the API function's answers: the classifier and the server's names. */
export interface ApiCounting {
  classify: Classifier;
  names: McpNames;
  now?: () => Date;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** The API function's facts, if they read as facts (anything else is left out). */
function readFacts(value: unknown): ApiFacts | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const facts = value as Partial<ApiFacts>;
  if (
    !isText(facts.p, 2000) ||
    !isText(facts.h, 16) ||
    !Number.isSafeInteger(facts.s) ||
    !isText(facts.u, MAX_NOTE_TEXT)
  )
    return undefined;
  if (facts.n !== undefined && (!Array.isArray(facts.n) || facts.n.length > MAX_NOTES)) return undefined;
  const notes = (facts.n ?? []).filter(
    (note): note is MessageNote => note !== null && typeof note === 'object' && typeof note.o === 'string',
  );
  return { p: facts.p, h: facts.h, s: facts.s!, u: facts.u, ...(facts.n ? { n: notes } : {}) };
}

/**
 * The ingest function's answer: 204 once the counts are stored, 404 without the key, 400 for a
 * body that is neither the edge function's part ({ key, part }) nor the API function's answers
 * ({ api: [[facts, count], …] }, classified and counted here).
 */
export async function handleIngest(
  request: Request,
  key: string,
  store: PartWriter,
  counting?: ApiCounting,
): Promise<Response> {
  if (request.method !== 'POST' || !sameKey(request.headers.get(INGEST_KEY_HEADER) ?? '', key)) return notFound();
  const bad = (message: string) => new Response(message, { status: 400, headers: { 'Content-Type': 'text/plain' } });
  const text = await request.text();
  if (text.length > MAX_INGEST_BYTES) return bad('The body is too large.');
  let body: { key?: unknown; part?: unknown; api?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return bad('The body is not JSON.');
  }
  if (Array.isArray(body.api) && counting) {
    // The recorder only adds up here; its write is awaited as long as the platform lets this
    // function run (no give-up timer: a late write is still a write), and an error rejects.
    const recorder = createTrafficRecorder({
      store: () => Promise.resolve(store),
      timeoutMs: 2_147_483_647,
      onError: (error) => {
        throw error;
      },
    });
    const time = (counting.now ?? (() => new Date()))();
    let counted = 0;
    for (const entry of body.api.slice(0, MAX_HELD_FACTS)) {
      const facts = Array.isArray(entry) ? readFacts(entry[0]) : undefined;
      const times = Array.isArray(entry) ? Number(entry[1]) : 0;
      if (!facts || !Number.isSafeInteger(times) || times < 1) continue;
      const events = trafficEvents(
        {
          method: facts.h,
          pathname: facts.p,
          wantsMarkdown: false,
          userAgent: facts.u,
          status: facts.s,
          notes: (facts.n ?? []).map((note) => messageNote(counting.names, note)),
          time,
        },
        counting.classify,
      );
      for (const event of events) recorder.record(event, times);
      counted += 1;
    }
    if (counted === 0 && body.api.length > 0) return bad('No entry of `api` reads as [facts, count].');
    // A store error rejects (the function answers 500), as a direct write would.
    await recorder.write();
    return new Response(null, { status: 204 });
  }
  const partKey = typeof body.key === 'string' ? PART_KEY.exec(body.key) : null;
  const part: TrafficPart | undefined = readPart(body.part);
  if (!partKey || !part || part.day !== partKey[1])
    return bad('The body is not { key, part } of one day, nor { api }.');
  await store.write(partKey[0], part);
  return new Response(null, { status: 204 });
}
