/**
 * The production LeadStore on Netlify Blobs (also works locally under netlify-cli, and from an
 * operator command given siteID/token/apiURL). The only module of the project that imports
 * @netlify/blobs. Two site-wide stores:
 *
 * - `leads`: key `<reference>`, the lead record (JSON), written with `onlyIfNew`, so a
 *   reference is never overwritten; listing this store lists the leads;
 * - `leads-dedupe`: key `<dedupeKey>`, `{ reference, createdAt }` of the latest lead with that
 *   key (duplicate suppression). It is CLAIMED with `onlyIfNew` before the lead is written, so
 *   of concurrent identical submissions on any number of instances exactly one writes a lead;
 *   an expired (or orphaned) marker is taken over with `onlyIfMatch` on the etag read, so two
 *   instances cannot both take it over;
 * - `lead-limits` (see createBlobsLimitLedger): key `<kind>-<sha256>`, recent timestamps.
 *
 * Two stores rather than key prefixes in one: listing needs no prefix filter (which the local
 * Blobs server of netlify-cli mishandles in API mode, returning nothing).
 * Every read and write uses strong consistency, so a retry right after a write sees it.
 */
import type { Store } from '@netlify/blobs';
import { leadSchema, type Lead } from './schema.ts';
import type { LimitLedger } from './limits.ts';
import { newestFirst, type ClaimResult, type DedupeClaim, type LeadListing, type LeadStore } from './store.ts';

/** The name of the site-wide store that holds leads; duplicate markers live in `<name>-dedupe`. */
export const LEADS_STORE_NAME = 'leads';

export interface BlobsLeadStoreOptions {
  /** Store name; defaults to `leads` (and `leads-dedupe` for the markers). */
  name?: string;
  /** Explicit credentials, for operator commands outside a Netlify function. */
  siteID?: string;
  token?: string;
  apiURL?: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
  /** The fetch the Blobs client uses (the operator command bounds each request's time). */
  fetch?: typeof globalThis.fetch;
}

type DedupeMarker = DedupeClaim;

/**
 * How many lead records `list` reads at once. Listing reads every record (one request each);
 * unbounded, a store of a few thousand leads meant thousands of simultaneous requests to the
 * Blobs API (or the local Blobs server), which fail or get throttled.
 */
export const LIST_READ_CONCURRENCY = 16;

/** `items.map(work)` with at most `limit` calls in flight; results in the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How often a conditional write is retried after losing a race before giving up. */
const MAX_CONDITIONAL_ATTEMPTS = 5;

/**
 * @netlify/blobs, imported on the first store operation, not when this module loads: the API
 * function's bundle loads every package it imports statically at start, and the read tools,
 * which most requests use, never touch the store.
 */
let blobsClient: Promise<typeof import('@netlify/blobs')> | undefined;

async function openStore(credentials: Omit<BlobsLeadStoreOptions, 'name'>, storeName: string): Promise<Store> {
  const { getStore } = await (blobsClient ??= import('@netlify/blobs'));
  return credentials.siteID && credentials.token
    ? getStore({
        name: storeName,
        consistency: 'strong',
        ...credentials,
        siteID: credentials.siteID,
        token: credentials.token,
      })
    : getStore({ name: storeName, consistency: 'strong' });
}

/**
 * A blob's JSON value with its etag, for a conditional (`onlyIfMatch`) write after it. Netlify
 * answers a GET with the etag; the local BlobsServer of netlify-cli (measured, @netlify/blobs
 * 11.1) does not, but its listing does: then the etag is read from `list({ prefix: key })`
 * FIRST and the value after it, so a write in between makes the etag stale and the
 * conditional write fails (and is retried) rather than overwriting unseen data.
 */
async function readWithEtag(store: Store, key: string): Promise<{ data: unknown; etag: string | undefined } | null> {
  const first = await store.getWithMetadata(key, { type: 'json', consistency: 'strong' });
  if (!first || first.etag) return first && { data: first.data, etag: first.etag };
  const { blobs } = await store.list({ prefix: key });
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  const data: unknown = await store.get(key, { type: 'json', consistency: 'strong' });
  return data === null ? null : { data, etag };
}

/**
 * Serialises read-check-write sequences on one blob within this process. Needed because the
 * local BlobsServer of netlify-cli checks `If-None-Match` / `If-Match` and then writes with
 * awaits in between, so its conditional writes are NOT atomic (measured, @netlify/blobs 11.1:
 * 20 concurrent `onlyIfNew` writes of one key -> 7 reported `modified: true`). With this lock
 * one process (netlify-cli, or one function instance) is exact; across instances in production
 * the guarantee rests on Netlify's own conditional writes.
 */
const keyLocks = new Map<string, Promise<unknown>>();

async function withKeyLock<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
  const previous = keyLocks.get(lockKey) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  keyLocks.set(lockKey, tail);
  try {
    return await run;
  } finally {
    if (keyLocks.get(lockKey) === tail) keyLocks.delete(lockKey);
  }
}

/** A stored lead record: the lead, `gone` (no such key), or `unreadable` (not a lead's JSON). */
async function readRecord(store: Store, key: string): Promise<Lead | 'gone' | 'unreadable'> {
  const text = await store.get(key, { type: 'text', consistency: 'strong' });
  if (text === null) return 'gone';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  const parsed = leadSchema.safeParse(raw);
  return parsed.success ? parsed.data : 'unreadable';
}

function isMarker(value: unknown): value is DedupeMarker {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DedupeMarker).reference === 'string' &&
    typeof (value as DedupeMarker).createdAt === 'string'
  );
}

/** Long: a factory: the Blobs store and its retry rules are shared by the store's methods it returns, each a few lines. */
export function createBlobsLeadStore(options: BlobsLeadStoreOptions = {}): LeadStore {
  const { name = LEADS_STORE_NAME, ...credentials } = options;
  // Resolved per call: inside a function the Blobs context belongs to the invocation.
  const open = (storeName: string): Promise<Store> => openStore(credentials, storeName);
  const leadsStore = () => open(name);
  const dedupeStore = () => open(`${name}-dedupe`);

  const readLead = async (store: Store, reference: string): Promise<Lead | undefined> => {
    const record = await readRecord(store, reference);
    return typeof record === 'object' ? record : undefined;
  };

  const exists = async (reference: string): Promise<boolean> =>
    (await (await leadsStore()).getMetadata(reference, { consistency: 'strong' })) !== null;

  const claimMarker = async (
    dedupeKey: string,
    claim: DedupeClaim,
    now: Date,
    windowMs: number,
    graceMs: number,
  ): Promise<ClaimResult> => {
    const store = await dedupeStore();
    for (let attempt = 0; attempt < MAX_CONDITIONAL_ATTEMPTS; attempt++) {
      if ((await store.setJSON(dedupeKey, claim, { onlyIfNew: true })).modified) return { claimed: true };
      const existing = await readWithEtag(store, dedupeKey);
      if (!existing) continue; // released in between: try to claim again
      if (isMarker(existing.data)) {
        const age = now.getTime() - Date.parse(existing.data.createdAt);
        const expired = !(age >= 0 && age < windowMs);
        const orphaned = !expired && age >= graceMs && !(await exists(existing.data.reference));
        if (!expired && !orphaned) return { claimed: false, earlier: existing.data };
      }
      // Expired, orphaned or unreadable: take it over only if nobody changed it since we read it.
      if (existing.etag && (await store.setJSON(dedupeKey, claim, { onlyIfMatch: existing.etag })).modified)
        return { claimed: true };
    }
    throw new Error('leads: the duplicate marker kept changing; gave up');
  };

  const releaseMarker = async (dedupeKey: string, reference: string): Promise<void> => {
    const store = await dedupeStore();
    const marker: unknown = await store.get(dedupeKey, { type: 'json', consistency: 'strong' });
    // Blobs has no conditional delete. A marker pointing to this reference is only written by
    // the holder of its claim (the caller), so deleting it here cannot remove someone else's.
    if (isMarker(marker) && marker.reference === reference) await store.delete(dedupeKey);
  };

  const replaceLead = async (lead: Lead): Promise<boolean> => {
    const store = await leadsStore();
    for (let attempt = 0; attempt < MAX_CONDITIONAL_ATTEMPTS; attempt++) {
      const current = await readWithEtag(store, lead.reference);
      if (!current) return false;
      // onlyIfMatch: never re-creates a lead deleted (pruned) since it was read.
      if (current.etag && (await store.setJSON(lead.reference, lead, { onlyIfMatch: current.etag })).modified)
        return true;
    }
    throw new Error('leads: the lead kept changing during an update; gave up');
  };

  const deleteLead = async (reference: string): Promise<boolean> => {
    const store = await leadsStore();
    const lead = await readLead(store, reference);
    if (lead === undefined && !(await exists(reference))) return false;
    await store.delete(reference);
    if (lead) await withKeyLock(`${name}-dedupe/${lead.dedupeKey}`, () => releaseMarker(lead.dedupeKey, reference));
    return true;
  };

  return {
    async insert(lead) {
      const written = await (await leadsStore()).setJSON(lead.reference, lead, { onlyIfNew: true });
      return written.modified;
    },
    async claimDedupe(dedupeKey, claim, now, windowMs, graceMs) {
      return withKeyLock(`${name}-dedupe/${dedupeKey}`, () => claimMarker(dedupeKey, claim, now, windowMs, graceMs));
    },
    async releaseDedupe(dedupeKey, reference) {
      await withKeyLock(`${name}-dedupe/${dedupeKey}`, () => releaseMarker(dedupeKey, reference));
    },
    async findByDedupeKey(dedupeKey) {
      const marker: unknown = await (await dedupeStore()).get(dedupeKey, { type: 'json', consistency: 'strong' });
      if (!isMarker(marker)) return undefined;
      return readLead(await leadsStore(), marker.reference);
    },
    async get(reference) {
      return readLead(await leadsStore(), reference);
    },
    async list() {
      const store = await leadsStore();
      // A key starting with a dot is a temporary file of the local Blobs server caught
      // mid-write; references never start with one.
      const keys = (await store.list()).blobs.map((blob) => blob.key).filter((key) => !key.startsWith('.'));
      const records = await mapWithConcurrency(keys, LIST_READ_CONCURRENCY, (key) => readRecord(store, key));
      const listing: LeadListing = { leads: [], unreadable: [] };
      records.forEach((record, index) => {
        if (record === 'unreadable') listing.unreadable.push(keys[index]!);
        else if (record !== 'gone') listing.leads.push(record);
      });
      listing.leads.sort(newestFirst);
      listing.unreadable.sort();
      return listing;
    },
    async update(lead) {
      return withKeyLock(`${name}/${lead.reference}`, () => replaceLead(lead));
    },
    async delete(reference) {
      return withKeyLock(`${name}/${reference}`, () => deleteLead(reference));
    },
  };
}

/** The store of abuse-limit counters (see limits.ts). */
export const LEAD_LIMITS_STORE_NAME = 'lead-limits';

interface LimitRecord {
  /** ISO date-times of the counted events, oldest first. */
  events: string[];
}

/**
 * The durable LimitLedger on Netlify Blobs: store `lead-limits`, one blob per hashed key
 * holding the recent event times. Read with its etag, then written with `onlyIfMatch` (or
 * `onlyIfNew`), retried on a lost race, so concurrent instances never lose a count.
 */
export function createBlobsLimitLedger(options: BlobsLeadStoreOptions = {}): LimitLedger {
  const { name = LEAD_LIMITS_STORE_NAME, ...credentials } = options;
  const limitsStore = () => openStore(credentials, name);
  const readRecord = async (store: Store, key: string) => {
    const existing = await readWithEtag(store, key);
    const data = existing?.data as Partial<LimitRecord> | undefined;
    const events = Array.isArray(data?.events)
      ? data.events.filter((event): event is string => typeof event === 'string')
      : [];
    return { events, etag: existing?.etag };
  };
  const write = async (store: Store, key: string, events: string[], etag: string | undefined) =>
    (await store.setJSON(key, { events } satisfies LimitRecord, etag ? { onlyIfMatch: etag } : { onlyIfNew: true }))
      .modified;

  const changeRecord = async <T>(
    key: string,
    edit: (events: string[]) => { events: string[]; result: T },
  ): Promise<T> => {
    const store = await limitsStore();
    for (let attempt = 0; attempt < MAX_CONDITIONAL_ATTEMPTS * 2; attempt++) {
      const { events, etag } = await readRecord(store, key);
      const { events: next, result } = edit(events);
      if (next === events) return result;
      if (await write(store, key, next, etag)) return result;
    }
    throw new Error('leads: a limit counter kept changing; gave up');
  };

  return {
    async change(key, edit) {
      return withKeyLock(`${name}/${key}`, () => changeRecord(key, edit));
    },
  };
}
