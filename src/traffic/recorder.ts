/**
 * Counts held in memory and written in parts (docs/traffic.md): recording a request is a map
 * update; writing happens after the answer, when due, as one part per day under a key this
 * writer names (`<day>.<instance>.<sequence>`, src/traffic/store.ts) and no other writer uses,
 * so concurrent instances never overwrite one another and a reader adds every part up.
 *
 * When a write is due: on the instance's first request (an instance that serves one request
 * and is retired loses nothing), then when `intervalMs` has passed since the last write or
 * `maxHeld` different counts are held. With `flushTimer` (under `npm start`, where the edge
 * runtime lives on between requests) a due write does not wait for the next request: a timer
 * sends the held counts when the interval ends. Counts an instance holds when the platform
 * retires it are lost: at most one interval of one instance's traffic.
 *
 * Nothing is counted twice and nothing is given up early: a part's key is fixed when the part is
 * taken from memory, and a part whose write failed or timed out is tried again under the SAME
 * key (a write is idempotent: the store, or the ingest function, puts the part under the key the
 * sender names, so a second landing of a part replaces the first). Each write tries its parts
 * with the waits of `retryDelaysMs` between attempts; parts still unwritten after that are kept
 * (at most `maxPending`) and go again with the next write.
 *
 * A store that fails or hangs changes nothing for the request: the write runs after the answer
 * and rejects nowhere (errors go to `onError`, once per write); an attempt that takes longer
 * than `timeoutMs` is treated as failed and tried again. At most `maxHeld` counts are held; past
 * that, new kinds of requests are counted only as dropped.
 */
import type { PartWriter } from './store.ts';
import type { CountRow, ReferralRow, SearchRow, TrafficEvent, TrafficPart } from './model.ts';

export const WRITE_INTERVAL_MS = 30_000;
/**
 * Under `npm start`, with `flushTimer`: what is held is written every 5 seconds at most, however
 * busy the server is (each write is a function call and two lines of netlify-cli's log), and at
 * most 5 seconds after it came.
 */
export const LOCAL_WRITE_INTERVAL_MS = 5_000;
export const MAX_HELD_COUNTS = 2_000;
export const WRITE_TIMEOUT_MS = 10_000;
/**
 * The waits between the attempts of one write: five attempts over about 15 seconds (under
 * `npm start` the API function's worker, which serves one request, has no later write).
 */
export const RETRY_DELAYS_MS: readonly number[] = [500, 2_000, 4_500, 8_000];
/** Unwritten parts kept for the next write; older ones beyond this are given up (and reported). */
export const MAX_PENDING_PARTS = 200;

export interface RecorderOptions {
  /** Where parts go (the store, or the ingest function that writes them to it), opened on the first write. */
  store: () => Promise<PartWriter>;
  now?: () => number;
  /** Told when a write fails for good or is left for later (default: nothing; the caller logs without data). */
  onError?: (error: unknown) => void;
  /** A name for this instance's parts, unique enough not to collide (default: random). */
  instance?: string;
  intervalMs?: number;
  /** Send held counts on a timer when the interval ends, not on the next request (npm start). */
  flushTimer?: boolean;
  maxHeld?: number;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  maxPending?: number;
  /** How to wait between attempts (tests pass one that does not sleep). */
  sleep?: (ms: number) => Promise<void>;
}

export interface TrafficRecorder {
  /** Counts one request (or `times` alike). Cheap and synchronous. */
  record(event: TrafficEvent, times?: number): void;
  /** Writes what is held if a write is due (see above), or when the timer ends; never rejects. Hand it to waitUntil. */
  writeIfDue(): Promise<void>;
  /** Writes what is held, and every part left from earlier writes, now; never rejects. */
  write(): Promise<void>;
  /** Parts taken from memory that are not written yet. */
  pending(): number;
}

const SEPARATOR = '\u0000';

interface DayCounts {
  counts: Map<string, number>;
  searches: Map<string, number>;
  pageSearches: Map<string, number>;
  referrals: Map<string, number>;
  dropped: number;
}

/** A part with the key it is written under, whatever attempt it is. */
interface KeyedPart {
  key: string;
  part: TrafficPart;
}

/** A short random name: 8 base-36 characters from crypto.getRandomValues (in Node and Deno alike). */
function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 8);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection after `ms` (the timer does not outlive the race). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the traffic store did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Held search counts as stored rows. */
function searchRows(searches: Map<string, number>): SearchRow[] {
  return [...searches].map(([key, count]) => {
    const [language, query, results] = key.split(SEPARATOR);
    return [language!, query!, Number(results), count] satisfies SearchRow;
  });
}

/** Long: a factory: the held counts, the unwritten parts, the write in flight and its timer are shared by record, write and writeIfDue. */
export function createTrafficRecorder(options: RecorderOptions): TrafficRecorder {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? WRITE_INTERVAL_MS;
  const maxHeld = options.maxHeld ?? MAX_HELD_COUNTS;
  const timeoutMs = options.timeoutMs ?? WRITE_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const maxPending = options.maxPending ?? MAX_PENDING_PARTS;
  const sleep = options.sleep ?? defaultSleep;
  const onError = options.onError ?? (() => {});
  const instance = options.instance ?? `${now().toString(36)}-${randomName()}`;
  let store: Promise<PartWriter> | undefined;
  let days = new Map<string, DayCounts>();
  let held = 0;
  let unwritten: KeyedPart[] = [];
  let lastWrite: number | undefined;
  let sequence = 0;
  let writing: Promise<void> | undefined;
  let timer: Promise<void> | undefined;

  const dayCounts = (day: string) => {
    let counts = days.get(day);
    if (!counts) {
      counts = { counts: new Map(), searches: new Map(), pageSearches: new Map(), referrals: new Map(), dropped: 0 };
      days.set(day, counts);
    }
    return counts;
  };

  const add = (map: Map<string, number>, key: string, by: number, counts: DayCounts) => {
    const before = map.get(key);
    if (before === undefined && held >= maxHeld) {
      counts.dropped += by;
      return;
    }
    if (before === undefined) held += 1;
    map.set(key, (before ?? 0) + by);
  };

  const record = (event: TrafficEvent, times = 1) => {
    const counts = dayCounts(event.day);
    const key = [event.surface, event.target, event.outcome, event.client.class, event.client.family].join(SEPARATOR);
    add(counts.counts, key, times, counts);
    if (event.search) {
      const { language, query, results } = event.search;
      add(counts.searches, [language, query, String(results)].join(SEPARATOR), times, counts);
    }
    if (event.pageSearch) {
      const { language, query, results } = event.pageSearch;
      add(counts.pageSearches, [language, query, String(results)].join(SEPARATOR), times, counts);
    }
    if (event.referral)
      add(counts.referrals, [event.target, event.outcome, event.referral].join(SEPARATOR), times, counts);
  };

  /** The held counts as parts, one per day, each with the key it keeps for good; the memory emptied. */
  const take = (): KeyedPart[] => {
    const parts: KeyedPart[] = [];
    for (const [day, { counts, searches, pageSearches, referrals, dropped }] of days) {
      sequence += 1;
      parts.push({
        key: `${day}.${instance}.${sequence.toString(36).padStart(4, '0')}`,
        part: {
          version: 1,
          day,
          counts: [...counts].map(([key, count]) => [...key.split(SEPARATOR), count] as unknown as CountRow),
          searches: searchRows(searches),
          ...(pageSearches.size > 0 ? { pageSearches: searchRows(pageSearches) } : {}),
          ...(referrals.size > 0
            ? {
                referrals: [...referrals].map(
                  ([key, count]) => [...key.split(SEPARATOR), count] as unknown as ReferralRow,
                ),
              }
            : {}),
          ...(dropped > 0 ? { dropped } : {}),
        },
      });
    }
    days = new Map();
    held = 0;
    return parts;
  };

  /** One attempt at each part; returns those that did not land, and the last error. */
  const attempt = async (parts: KeyedPart[]): Promise<{ failed: KeyedPart[]; error?: unknown }> => {
    let opened: PartWriter;
    try {
      opened = await within((store ??= options.store()), timeoutMs);
    } catch (error) {
      // A store that failed to open is opened again for the next attempt.
      store = undefined;
      return { failed: parts, error };
    }
    const failed: KeyedPart[] = [];
    let lastError: unknown;
    await Promise.all(
      parts.map(async (keyed) => {
        try {
          await within(opened.write(keyed.key, keyed.part), timeoutMs);
        } catch (error) {
          failed.push(keyed);
          lastError = error;
        }
      }),
    );
    return { failed, ...(failed.length > 0 ? { error: lastError } : {}) };
  };

  const writeParts = async (parts: KeyedPart[]) => {
    let result = await attempt(parts);
    for (const delay of retryDelays) {
      if (result.failed.length === 0) return;
      await sleep(delay);
      result = await attempt(result.failed);
    }
    if (result.failed.length === 0) return;
    // Kept, under their keys, for the next write; beyond maxPending the oldest are given up.
    unwritten.push(...result.failed);
    const givenUp = unwritten.length - maxPending;
    if (givenUp > 0) unwritten = unwritten.slice(givenUp);
    const tries = retryDelays.length + 1;
    onError(
      new Error(
        `${result.failed.length} part(s) not written after ${tries} attempt(s), kept for the next write` +
          (givenUp > 0 ? `; ${givenUp} older part(s) given up` : '') +
          `: ${result.error instanceof Error ? result.error.message : String(result.error)}`,
      ),
    );
  };

  const write = async (): Promise<void> => {
    while (writing) await writing;
    if (days.size === 0 && unwritten.length === 0) return;
    lastWrite = now();
    const parts = [...unwritten, ...take()];
    unwritten = [];
    writing = writeParts(parts).finally(() => {
      writing = undefined;
    });
    await writing;
    // With a timer, parts left unwritten are tried again when the interval ends, request or not.
    if (options.flushTimer && unwritten.length > 0) void writeIfDue();
  };

  const hasWork = () => days.size > 0 || unwritten.length > 0;

  const writeIfDue = async (): Promise<void> => {
    // Counts that arrive during a write are looked at again when it ends, so none waits for the
    // next request when it is already due.
    while (writing) await writing;
    if (!hasWork()) return;
    const wait = lastWrite === undefined || held >= maxHeld ? 0 : lastWrite + intervalMs - now();
    if (wait <= 0) return write();
    if (!options.flushTimer) return;
    timer ??= sleep(wait).then(() => {
      timer = undefined;
      return writeIfDue();
    });
    return timer;
  };

  return { record, write, writeIfDue, pending: () => unwritten.length };
}
