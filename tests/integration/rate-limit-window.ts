/**
 * One client's rate-limit window, filled to the 121st request in a way that stays exact however
 * slow the machine is: a test that does not race the clock.
 *
 * Under `npm start` every request is a fresh netlify-cli function invocation, about 0.4 s of CPU
 * each (measured here), so 121 of them need about 50 CPU seconds: more than the limiter's 60 s
 * window on a 2-core machine that is doing other work, whether they are sent one by one or all at
 * once (the cost is CPU, so sending them concurrently does not make them faster). So the test does
 * not hope the window is long enough; it controls the window and reads the limiter's own headers:
 *
 * - The window is one the test makes. The file-backed limiter (src/http/file-rate-limit.ts) keeps
 *   a client's count as the size of one file named by the hash of its IP, and its window starts at
 *   the file's creation. For a fresh loopback address the test writes that file itself with
 *   `counted` bytes, as if the client had already sent that many requests, and reads the window's
 *   end from the file's creation time, exactly as the limiter does. With `counted` 0 the limiter
 *   makes the file on the first request, and every one of the 121 requests is real.
 * - Then it sends the rest: two requests one after the other, a concurrent burst, the 119th and
 *   120th one after the other (the counts at the limit are then not decided by concurrent
 *   requests, which the limiter counts best-effort), the 121st, and the API's other endpoint.
 * - A run counts only if its last answer arrived before the window's end (the limiter runs on the
 *   same clock, between a request's sending and its answer, so every request was then counted in
 *   that window). Otherwise the machine was too slow for this window: the run is dropped and
 *   repeated for a fresh address, at most ATTEMPTS times; then the test fails saying so. The
 *   caller checks every count and every RateLimit-Reset against this window (`resetBounds`).
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMIT_DIR, fnv1a64 } from '../../src/http/file-rate-limit.ts';
import { RATE_LIMIT } from '../../src/http/limits.ts';
import { expectCommonHeaders, fetchFrom, randomLoopbackAddress } from './http.ts';

export const LIMIT = RATE_LIMIT.limit;
const WINDOW_MS = RATE_LIMIT.windowSeconds * 1000;
/** Fresh windows a test may try before it concludes the machine cannot hold its requests in one. */
const ATTEMPTS = 3;

/** One answer with the times its request was sent and its answer received (ms since the epoch). */
export interface Timed {
  response: Response;
  sent: number;
  received: number;
}

/** A run whose every request was counted in the window the test made. */
export interface WindowRun {
  /** The client's loopback address. */
  address: string;
  /** The requests the test wrote into the window before sending any (LIMIT - 4 - burst). */
  counted: number;
  /** When the window ends (ms since the epoch): its file's creation time plus the window. */
  end: number;
  /** Two GET /api/health, one after the other. */
  opening: [Timed, Timed];
  /** GET /api/health, all at once. */
  burst: Timed[];
  /** The 119th and 120th GET /api/health, one after the other. */
  closing: [Timed, Timed];
  /** The 121st: GET /api/health. */
  refused: Timed;
  /** Then POST /api/mcp (a ping) and GET /api/mcp. */
  after: [Timed, Timed];
}

/**
 * The RateLimit-Reset (or Retry-After) the limiter may give an answer: the whole seconds from the
 * moment it counted the request, somewhere between sending and receiving, to the window's end.
 */
export function resetBounds(timed: Timed, end: number): [number, number] {
  const seconds = (at: number) => Math.max(1, Math.ceil((end - at) / 1000));
  return [seconds(timed.received), seconds(timed.sent)];
}

/** Where the served function keeps `address`'s count (the server inherits this process's TMPDIR). */
export const windowFile = (address: string) => path.join(DEFAULT_RATE_LIMIT_DIR, fnv1a64(address));

/**
 * Fills a fresh client's window to the 121st request at `origin` and returns the run, retried in a
 * fresh window while a run outlasts its window (at most ATTEMPTS runs). `burst` of the 120
 * allowed requests are sent at once; LIMIT - 4 - burst of them the test counts into the window
 * itself (see the header).
 */
export async function fillWindow(origin: string, burst: number): Promise<WindowRun> {
  const counted = LIMIT - 4 - burst;
  if (counted < 0) throw new Error(`A burst of at most ${LIMIT - 4} requests fits in one window (got ${burst}).`);
  const outlasted: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const started = Date.now();
    const run = await attemptWindow(origin, burst, counted);
    if (run) return run;
    outlasted.push(`${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`[rate limit] run ${attempt} outlasted its ${WINDOW_MS / 1000} s window; trying a fresh one`);
  }
  throw new Error(
    `None of ${ATTEMPTS} fresh rate-limit windows held the ${burst + 7} requests of a run ` +
      `(runs took ${outlasted.join(', ')}): the server answered fewer than ${burst + 7} requests in ${WINDOW_MS / 1000} s.`,
  );
}

/** One run in a fresh window; undefined when it did not end before the window did. */
async function attemptWindow(origin: string, burst: number, counted: number): Promise<WindowRun | undefined> {
  const address = randomLoopbackAddress();
  const file = windowFile(address);
  let created: number | undefined;
  if (counted > 0) {
    mkdirSync(path.dirname(file), { recursive: true });
    // 'wx': a fresh address has no window yet; were this one taken, the run would fail loudly.
    writeFileSync(file, '.'.repeat(counted), { flag: 'wx' });
    created = statSync(file).birthtimeMs;
  }
  const via = fetchFrom(address);
  const timed = async (pathname: string, init: RequestInit = {}): Promise<Timed> => {
    const sent = Date.now();
    const response = await via(`${origin}${pathname}`, init);
    expectCommonHeaders(response, `${init.method ?? 'GET'} ${pathname} -> ${response.status}`);
    return { response, sent, received: Date.now() };
  };
  const health = () => timed('/api/health');

  const first = await health();
  // With nothing counted beforehand, the first request made the file.
  created ??= statSync(file).birthtimeMs;
  if (!(created > 0))
    throw new Error(`No creation time for ${file}: the limiter's windows need one (file-rate-limit.ts).`);
  const end = created + WINDOW_MS;
  const outlasted = () => Date.now() >= end;
  if (outlasted()) return undefined;
  const second = await health();
  if (outlasted()) return undefined;
  const concurrent = await Promise.all(Array.from({ length: burst }, health));
  if (outlasted()) return undefined;
  const closing: [Timed, Timed] = [await health(), await health()];
  const refused = await health();
  const after: [Timed, Timed] = [
    await timed('/api/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    }),
    await timed('/api/mcp'),
  ];
  if (after[1].received >= end) return undefined;
  return { address, counted, end, opening: [first, second], burst: concurrent, closing, refused, after };
}
