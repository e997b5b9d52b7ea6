/**
 * Counts held in memory and written in parts (docs/traffic.md): recording a request is a map
 * update; writing happens after the answer, when due, as one part per day under a key no other
 * writer uses (src/traffic/store.ts), so concurrent instances never overwrite one another and a
 * reader adds every part up.
 *
 * When a write is due: on the instance's first request (an instance that serves one request
 * and is retired loses nothing), then when WRITE_INTERVAL_MS has passed since the last write or
 * MAX_HELD_COUNTS different counts are held. Counts an instance holds when the platform retires
 * it are lost: at most one interval of one instance's traffic.
 *
 * A store that fails or hangs changes nothing for the request: the write runs after the answer
 * and rejects nowhere (errors go to `onError`); a failed write's counts are held again for the
 * next one; a write that takes longer than WRITE_TIMEOUT_MS is given up (its counts are not
 * held again: it may still land, and counting twice is worse than missing some). At most
 * MAX_HELD_COUNTS counts are held; past that, new kinds of requests are counted only as dropped.
 */
import type { PartWriter } from './store.ts';
import type { CountRow, SearchRow, TrafficEvent, TrafficPart } from './model.ts';

export const WRITE_INTERVAL_MS = 30_000;
export const MAX_HELD_COUNTS = 2_000;
export const WRITE_TIMEOUT_MS = 10_000;

export interface RecorderOptions {
  /** Where parts go (the store, or the ingest function that writes them to it), opened on the first write. */
  store: () => Promise<PartWriter>;
  now?: () => number;
  /** Told when a write fails or times out (default: nothing; the caller logs without data). */
  onError?: (error: unknown) => void;
  /** A name for this instance's parts, unique enough not to collide (default: random). */
  instance?: string;
  intervalMs?: number;
  maxHeld?: number;
  timeoutMs?: number;
}

export interface TrafficRecorder {
  /** Counts one request (or `times` alike). Cheap and synchronous. */
  record(event: TrafficEvent, times?: number): void;
  /** Writes what is held if a write is due (see above); never rejects. Hand it to waitUntil. */
  writeIfDue(): Promise<void>;
  /** Writes what is held now; never rejects. */
  write(): Promise<void>;
}

const SEPARATOR = '\u0000';

interface DayCounts {
  counts: Map<string, number>;
  searches: Map<string, number>;
  dropped: number;
}

/** A short random name: 8 base-36 characters from crypto.getRandomValues (in Node and Deno alike). */
function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 8);
}

/** Long: a factory: the held counts, the write in flight and its timer are shared by record, write and writeIfDue. */
export function createTrafficRecorder(options: RecorderOptions): TrafficRecorder {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? WRITE_INTERVAL_MS;
  const maxHeld = options.maxHeld ?? MAX_HELD_COUNTS;
  const timeoutMs = options.timeoutMs ?? WRITE_TIMEOUT_MS;
  const onError = options.onError ?? (() => {});
  const instance = options.instance ?? `${now().toString(36)}-${randomName()}`;
  let store: Promise<PartWriter> | undefined;
  let days = new Map<string, DayCounts>();
  let held = 0;
  let lastWrite: number | undefined;
  let sequence = 0;
  let writing: Promise<void> | undefined;

  const dayCounts = (day: string) => {
    let counts = days.get(day);
    if (!counts) {
      counts = { counts: new Map(), searches: new Map(), dropped: 0 };
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
  };

  /** The held counts as parts, one per day, and the memory emptied. */
  const take = (): TrafficPart[] => {
    const parts: TrafficPart[] = [];
    for (const [day, { counts, searches, dropped }] of days) {
      parts.push({
        version: 1,
        day,
        counts: [...counts].map(([key, count]) => [...key.split(SEPARATOR), count] as unknown as CountRow),
        searches: [...searches].map(([key, count]) => {
          const [language, query, results] = key.split(SEPARATOR);
          return [language!, query!, Number(results), count] satisfies SearchRow;
        }),
        ...(dropped > 0 ? { dropped } : {}),
      });
    }
    days = new Map();
    held = 0;
    return parts;
  };

  /** Puts a failed write's counts back, as far as room allows. */
  const restore = (parts: readonly TrafficPart[]) => {
    for (const part of parts) {
      const counts = dayCounts(part.day);
      for (const [surface, target, outcome, clientClass, family, count] of part.counts)
        add(counts.counts, [surface, target, outcome, clientClass, family].join(SEPARATOR), count, counts);
      for (const [language, query, results, count] of part.searches)
        add(counts.searches, [language, query, String(results)].join(SEPARATOR), count, counts);
      counts.dropped += part.dropped ?? 0;
    }
  };

  const writeParts = async (parts: TrafficPart[]) => {
    let written = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const attempt = (async () => {
      let opened: PartWriter;
      try {
        opened = await (store ??= options.store());
      } catch (error) {
        // A store that failed to open is opened again for the next write.
        store = undefined;
        throw error;
      }
      for (const part of parts) {
        sequence += 1;
        await opened.write(`${part.day}.${instance}.${sequence.toString(36).padStart(4, '0')}`, part);
        written += 1;
      }
    })();
    try {
      const result = await Promise.race([attempt.then(() => 'done' as const), timeout]);
      if (result === 'timeout') {
        attempt.catch(() => {});
        onError(new Error(`the traffic store did not answer within ${timeoutMs / 1000} s`));
      }
    } catch (error) {
      restore(parts.slice(written));
      onError(error);
    } finally {
      clearTimeout(timer);
    }
  };

  const write = async (): Promise<void> => {
    if (writing) await writing;
    if (days.size === 0) return;
    lastWrite = now();
    const parts = take();
    writing = writeParts(parts).finally(() => {
      writing = undefined;
    });
    await writing;
  };

  const writeIfDue = async (): Promise<void> => {
    // Counts that arrive during a write are looked at again when it ends, so none waits for the
    // next request when it is already due (every request under npm start).
    if (writing) await writing;
    if (days.size === 0) return;
    const due = lastWrite === undefined || now() - lastWrite >= intervalMs || held >= maxHeld;
    if (due && !writing) await write();
  };

  return { record, write, writeIfDue };
}
