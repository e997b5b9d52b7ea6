/**
 * The rate limiter the Netlify function uses: the same RateLimiter contract as the in-memory one
 * (rate-limit.ts), with the counts kept in small files under the instance's temporary folder.
 *
 * Why files: netlify-cli (what `npm start` runs) imports the function afresh in a new worker for
 * every request, so in-memory counts never reached two; on Netlify, /tmp belongs to one serving
 * instance and outlives its invocations. Files therefore give "per serving instance" in both
 * places, as the contract says.
 *
 * How: one file per client, named by a 64-bit FNV-1a hash of its IP, so no address appears in
 * the folder (a hash of an IPv4 address can be reversed by trying every address, whatever the
 * hash; the folder is the instance's own temporary directory). Not SHA-256: node:crypto costs
 * ~5 ms to load, a fifth of the function's cold start, and every request is counted. A
 * request appends one byte and the file's size is the count: an O_APPEND write is atomic, so
 * concurrent requests never lose a count. The window starts at the client's first request (the
 * file's creation time) and lasts RATE_LIMIT.windowSeconds, like the in-memory limiter; once it
 * has passed, the next request deletes the file and starts a new window. Once over the limit,
 * nothing more is appended. At most once per window, finished clients' files are deleted, so the
 * disk only holds clients seen in the last window. Concurrent requests at a window's edge may
 * miscount by a request or two: the limit is best-effort, as the contract says.
 *
 * A warm instance (Netlify runs one module for many requests) keeps each client's window in
 * memory once the file has given its count, so only a client's first request per window touches
 * the disk; under netlify-cli every request is a fresh module and goes to the file. The memory is
 * bounded like the in-memory limiter's (RATE_LIMIT_MAX_CLIENTS, oldest window dropped first).
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { RATE_LIMIT, RATE_LIMIT_MAX_CLIENTS, RATE_LIMIT_POLICY } from './limits.ts';
import type { RateLimiter, RateLimiterOptions } from './rate-limit.ts';

export interface FileRateLimiterOptions extends RateLimiterOptions {
  /** Where the counts live; defaults to a folder in the OS temporary directory. */
  dir?: string;
}

/**
 * The instance's temporary directory, as os.tmpdir() finds it on Linux (TMPDIR, TMP, TEMP, else
 * /tmp), without loading node:os at start.
 */
function temporaryDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  return dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
}

/** The default folder: inside the instance's temporary directory. */
export const DEFAULT_RATE_LIMIT_DIR = path.join(temporaryDirectory(), 'agent-site-rate-limit');

/** 64-bit FNV-1a of a string's UTF-16 code units, as 16 hex digits (two 32-bit lanes). */
export function fnv1a64(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    low = (low ^ text.charCodeAt(i)) >>> 0;
    // Multiply the 64-bit value (high:low) by the FNV prime 0x100000001b3.
    const lowTimes = low * 0x1b3;
    const carry = Math.floor(lowTimes / 0x100000000);
    high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
    low = lowTimes >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

const SWEEP_MARKER = '.swept';

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone: another request started the new window first
  }
}

/** Long: a factory: the in-memory windows and the file I/O it wraps are shared by the limiter it returns. */
export function createFileRateLimiter(options: FileRateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? RATE_LIMIT.limit;
  const windowMs = (options.windowSeconds ?? RATE_LIMIT.windowSeconds) * 1000;
  const policy =
    options.limit === undefined && options.windowSeconds === undefined
      ? RATE_LIMIT_POLICY
      : `${limit};w=${windowMs / 1000}`;
  const dir = options.dir ?? DEFAULT_RATE_LIMIT_DIR;
  const maxClients = options.maxClients ?? RATE_LIMIT_MAX_CLIENTS;
  mkdirSync(dir, { recursive: true });
  /** Windows this module has seen, roughly in the order they started (expired ones gather at the front). */
  const warm = new Map<string, { count: number; resetAt: number }>();

  /** When the client's window started: the file's creation time (or, where the file system keeps none, its clock-aligned window). */
  const windowStart = (stats: Stats, nowMs: number) =>
    stats.birthtimeMs > 0 ? stats.birthtimeMs : Math.floor(nowMs / windowMs) * windowMs;

  /** Deletes the files of windows that have ended, at most once per window length. */
  const sweep = (nowMs: number) => {
    const marker = path.join(dir, SWEEP_MARKER);
    const last = statOrUndefined(marker);
    if (last && nowMs - last.mtimeMs < windowMs) return;
    writeFileSync(marker, '');
    utimesSync(marker, nowMs / 1000, nowMs / 1000);
    for (const name of readdirSync(dir)) {
      if (name === SWEEP_MARKER) continue;
      const file = path.join(dir, name);
      const stats = statOrUndefined(file);
      if (stats && nowMs - windowStart(stats, nowMs) >= windowMs) unlinkQuietly(file);
    }
  };

  const decide = (count: number, resetAt: number, nowMs: number) => ({
    allowed: count <= limit,
    limit,
    policy,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetAt - nowMs) / 1000)),
  });

  /** Counts one request in the client's file and returns its count and window end. */
  const takeFromFile = (key: string, nowMs: number) => {
    sweep(nowMs);
    const file = path.join(dir, fnv1a64(key));
    let stats = statOrUndefined(file);
    if (stats && nowMs - windowStart(stats, nowMs) >= windowMs) {
      unlinkQuietly(file);
      stats = undefined;
    }
    let count = stats?.size ?? 0;
    if (count <= limit) {
      const fd = openSync(file, 'a');
      try {
        writeSync(fd, '.');
        stats = fstatSync(fd);
        count = stats.size;
      } finally {
        closeSync(fd);
      }
    } else {
      count += 1;
    }
    const start = stats ? Math.min(windowStart(stats, nowMs), nowMs) : nowMs;
    return { count, resetAt: start + windowMs };
  };

  return {
    /** Clients with a live window on disk (what all modules of this instance share). */
    get size() {
      return readdirSync(dir).filter((name) => name !== SWEEP_MARKER).length;
    },
    take(key, nowMs) {
      for (const [client, window] of warm) {
        if (window.resetAt > nowMs) break;
        warm.delete(client);
      }
      const known = warm.get(key);
      // Windows seeded from files may end out of insertion order, so check this one too.
      if (known && known.resetAt > nowMs) {
        if (known.count <= limit) known.count += 1;
        return decide(known.count, known.resetAt, nowMs);
      }
      const { count, resetAt } = takeFromFile(key, nowMs);
      warm.delete(key);
      if (warm.size >= maxClients) warm.delete(warm.keys().next().value!);
      warm.set(key, { count, resetAt });
      return decide(count, resetAt, nowMs);
    },
  };
}
