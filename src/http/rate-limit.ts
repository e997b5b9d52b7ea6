/**
 * The per-instance rate limiter: RATE_LIMIT requests per window per client IP, fixed windows
 * that start at a client's first request. Fixed rather than sliding: one counter and one
 * timestamp per client, and RateLimit-Reset is then exact (the platform's global rule,
 * declared on the function, is the sliding layer).
 *
 * Memory is bounded: the map holds at most `maxClients` entries. Entries sit in the order their
 * windows started (a window that ends is deleted and a new one appended), so expired entries
 * are always at the front and each call sweeps them in amortised O(1). When the map is full of
 * live windows, the oldest is dropped: that client starts a fresh window (fails open), which
 * only happens under a flood from more IPs than the cap.
 */
import { RATE_LIMIT, RATE_LIMIT_MAX_CLIENTS, RATE_LIMIT_POLICY } from './limits.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** The RateLimit-Policy value, `<limit>;w=<window seconds>`. */
  policy: string;
  /** Requests left in the current window (0 once exceeded). */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one request of `key` at `nowMs` and says whether it is within the limit. */
  take(key: string, nowMs: number): RateLimitDecision;
  /** How many clients are tracked now (for tests and monitoring). */
  readonly size: number;
}

export interface RateLimiterOptions {
  limit?: number;
  windowSeconds?: number;
  maxClients?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? RATE_LIMIT.limit;
  const windowMs = (options.windowSeconds ?? RATE_LIMIT.windowSeconds) * 1000;
  const maxClients = options.maxClients ?? RATE_LIMIT_MAX_CLIENTS;
  const policy =
    options.limit === undefined && options.windowSeconds === undefined
      ? RATE_LIMIT_POLICY
      : `${limit};w=${windowMs / 1000}`;
  const windows = new Map<string, Window>();

  return {
    get size() {
      return windows.size;
    },
    take(key, nowMs) {
      for (const [client, window] of windows) {
        if (window.resetAt > nowMs) break;
        windows.delete(client);
      }
      let window = windows.get(key);
      if (!window) {
        if (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
        window = { count: 0, resetAt: nowMs + windowMs };
        windows.set(key, window);
      }
      if (window.count <= limit) window.count += 1;
      return {
        allowed: window.count <= limit,
        limit,
        policy,
        remaining: Math.max(0, limit - window.count),
        resetSeconds: Math.max(1, Math.ceil((window.resetAt - nowMs) / 1000)),
      };
    },
  };
}

/** The RateLimit-* headers of a decision (the contract's draft form), plus Retry-After when refused. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Policy': decision.policy,
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    ...(decision.allowed ? {} : { 'Retry-After': String(decision.resetSeconds) }),
  };
}
