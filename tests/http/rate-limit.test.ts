/** The per-instance rate limiter: fixed windows per key, headers, bounded memory. */
import { describe, expect, test } from 'vitest';
import { createRateLimiter, rateLimitHeaders } from '../../src/http/rate-limit.ts';

describe('createRateLimiter', () => {
  test('counts per key within a fixed window that starts at the first request', () => {
    const limiter = createRateLimiter({ limit: 3, windowSeconds: 60 });
    expect(limiter.take('a', 1_000)).toEqual({
      allowed: true,
      limit: 3,
      policy: '3;w=60',
      remaining: 2,
      resetSeconds: 60,
    });
    expect(limiter.take('a', 30_000)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 31 });
    expect(limiter.take('a', 30_001)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 31 });
    expect(limiter.take('a', 60_999)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
    expect(limiter.take('b', 60_999)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.take('a', 61_000)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  test('defaults to the contract: 120 per 60 s, policy 120;w=60', () => {
    const limiter = createRateLimiter();
    let decision = limiter.take('ip', 0);
    expect(decision).toMatchObject({ limit: 120, policy: '120;w=60', remaining: 119 });
    for (let i = 0; i < 119; i++) decision = limiter.take('ip', 0);
    expect(decision.allowed).toBe(true);
    expect(limiter.take('ip', 0).allowed).toBe(false);
  });

  test('memory stays bounded however many IPs call', () => {
    const limiter = createRateLimiter({ limit: 5, windowSeconds: 60, maxClients: 1_000 });
    for (let i = 0; i < 50_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`, i);
    expect(limiter.size).toBe(1_000);
  });

  test('expired windows are swept, so a quiet period empties the map', () => {
    const limiter = createRateLimiter({ limit: 5, windowSeconds: 60, maxClients: 1_000 });
    for (let i = 0; i < 500; i++) limiter.take(`ip${i}`, 0);
    expect(limiter.size).toBe(500);
    limiter.take('late', 60_000);
    expect(limiter.size).toBe(1);
  });

  test('a client whose window is still live keeps its count while others come and go', () => {
    const limiter = createRateLimiter({ limit: 2, windowSeconds: 60, maxClients: 10 });
    limiter.take('busy', 0);
    limiter.take('busy', 0);
    for (let i = 0; i < 5; i++) limiter.take(`other${i}`, 1);
    expect(limiter.take('busy', 2).allowed).toBe(false);
  });
});

describe('rateLimitHeaders', () => {
  test('sends the draft RateLimit-* headers, and Retry-After only when refused', () => {
    const limiter = createRateLimiter({ limit: 1, windowSeconds: 60 });
    expect(rateLimitHeaders(limiter.take('x', 0))).toEqual({
      'RateLimit-Policy': '1;w=60',
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '60',
    });
    expect(rateLimitHeaders(limiter.take('x', 10_400))).toEqual({
      'RateLimit-Policy': '1;w=60',
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '50',
      'Retry-After': '50',
    });
  });
});
