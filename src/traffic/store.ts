/**
 * Where the traffic record's parts live (docs/traffic.md): one object per part, keyed
 * `<YYYY-MM-DD>.<instance>.<sequence>`, written once and never rewritten, so writers need no
 * coordination; reading adds the parts of the days asked for. On Netlify the store is the
 * site-wide Blobs store `traffic` (strong consistency: a report right after a write sees it);
 * this module takes the Blobs store as a value, so it imports no platform package and runs
 * in the function, the edge function and the operator's command alike.
 */
import {
  CLIENT_CLASSES,
  OUTCOMES,
  SURFACES,
  type CountRow,
  type ReferralRow,
  type SearchRow,
  type TrafficPart,
} from './model.ts';

/** The name of the site-wide Blobs store of the traffic record. */
export const TRAFFIC_STORE_NAME = 'traffic';

export interface TrafficStore {
  /** Writes a part under a key nobody else writes. */
  write(key: string, part: TrafficPart): Promise<void>;
  /** Every part's key. */
  keys(): Promise<string[]>;
  /** A part, or undefined when it is gone or is not a readable part. */
  read(key: string): Promise<TrafficPart | undefined>;
  delete(key: string): Promise<void>;
}

/** What a writer of parts needs of a store: a write (the recorder's; the ingest function's). */
export type PartWriter = Pick<TrafficStore, 'write'>;

/** The day a part's key names, or undefined for a key that is not a part's. */
export function dayOfKey(key: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})\./.exec(key);
  return match ? match[1] : undefined;
}

const SURFACE_SET = new Set<string>(SURFACES);
const OUTCOME_SET = new Set<string>(OUTCOMES);
const CLASS_SET = new Set<string>(CLIENT_CLASSES);

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A stored value as a part, if it is one (rows that are not valid are left out, not trusted). */
export function readPart(value: unknown): TrafficPart | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const part = value as Partial<TrafficPart>;
  if (part.version !== 1 || typeof part.day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(part.day)) return undefined;
  if (!Array.isArray(part.counts) || !Array.isArray(part.searches)) return undefined;
  const counts = part.counts.filter(
    (row): row is CountRow =>
      Array.isArray(row) &&
      row.length === 6 &&
      SURFACE_SET.has(row[0]) &&
      typeof row[1] === 'string' &&
      OUTCOME_SET.has(row[2]) &&
      CLASS_SET.has(row[3]) &&
      typeof row[4] === 'string' &&
      isCount(row[5]),
  );
  const isSearchRow = (row: unknown): row is SearchRow =>
    Array.isArray(row) &&
    row.length === 4 &&
    typeof row[0] === 'string' &&
    typeof row[1] === 'string' &&
    Number.isSafeInteger(row[2]) &&
    (row[2] as number) >= 0 &&
    isCount(row[3]);
  const searches = part.searches.filter(isSearchRow);
  // Parts written before the search page existed have none.
  const pageSearches = (Array.isArray(part.pageSearches) ? part.pageSearches : []).filter(isSearchRow);
  // Parts written before referrals were counted have none.
  const referrals = (Array.isArray(part.referrals) ? part.referrals : []).filter(
    (row): row is ReferralRow =>
      Array.isArray(row) &&
      row.length === 4 &&
      typeof row[0] === 'string' &&
      OUTCOME_SET.has(row[1]) &&
      typeof row[2] === 'string' &&
      row[2].length > 0 &&
      row[2].length <= 40 &&
      isCount(row[3]),
  );
  return {
    version: 1,
    day: part.day,
    counts,
    searches,
    ...(pageSearches.length > 0 ? { pageSearches } : {}),
    ...(referrals.length > 0 ? { referrals } : {}),
    ...(isCount(part.dropped) ? { dropped: part.dropped } : {}),
  };
}

/** The parts of the days from `from` to `to` (inclusive, `YYYY-MM-DD`), read `concurrency` at a time. */
export async function readParts(
  store: TrafficStore,
  from: string,
  to: string,
  concurrency = 8,
): Promise<TrafficPart[]> {
  const keys = (await store.keys()).filter((key) => {
    const day = dayOfKey(key);
    return day !== undefined && day >= from && day <= to;
  });
  const parts: TrafficPart[] = [];
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const part = await store.read(key);
      if (part) parts.push(part);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return parts;
}

/** An in-memory store (tests, and a site without Blobs). */
export function createMemoryTrafficStore(): TrafficStore & { parts: Map<string, TrafficPart> } {
  const parts = new Map<string, TrafficPart>();
  return {
    parts,
    write: (key, part) => {
      parts.set(key, structuredClone(part));
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...parts.keys()]),
    read: (key) => Promise.resolve(readPart(parts.get(key))),
    delete: (key) => {
      parts.delete(key);
      return Promise.resolve();
    },
  };
}

/** The part of @netlify/blobs' Store this module uses. */
export interface BlobsStoreLike {
  setJSON(key: string, value: unknown): Promise<unknown>;
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  list(): Promise<{ blobs: { key: string }[] }>;
  delete(key: string): Promise<unknown>;
}

/** The traffic store on a Netlify Blobs store (`getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong' })`). */
export function blobsTrafficStore(blobs: BlobsStoreLike): TrafficStore {
  return {
    write: async (key, part) => {
      await blobs.setJSON(key, part);
    },
    keys: async () => (await blobs.list()).blobs.map((blob) => blob.key),
    read: async (key) => readPart(await blobs.get(key, { type: 'json' }).catch(() => undefined)),
    delete: async (key) => {
      await blobs.delete(key);
    },
  };
}
