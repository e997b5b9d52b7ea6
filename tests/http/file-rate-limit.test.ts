import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createFileRateLimiter, fnv1a64 } from '../../src/http/file-rate-limit.ts';

// The window starts at the file's creation time, so these tests run on the real clock.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rate-limit-test-'));
  dirs.push(dir);
  return dir;
};
const clients = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('.'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('createFileRateLimiter', () => {
  test('allows 120 requests per window from the first one, refuses the 121st with the time to wait', () => {
    const limiter = createFileRateLimiter({ dir: tempDir() });
    for (let i = 1; i <= 120; i++) {
      const decision = limiter.take('203.0.113.7', Date.now());
      expect(decision.allowed).toBe(true);
      expect(decision.remaining).toBe(120 - i);
    }
    const refused = limiter.take('203.0.113.7', Date.now());
    expect(refused).toMatchObject({ allowed: false, limit: 120, policy: '120;w=60', remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
  });

  test('counts survive a fresh import: limiter objects over one folder share the counts', () => {
    const dir = tempDir();
    for (let i = 0; i < 60; i++) createFileRateLimiter({ dir }).take('198.51.100.1', Date.now());
    expect(createFileRateLimiter({ dir }).take('198.51.100.1', Date.now()).remaining).toBe(59);
  });

  test('keeps clients apart and starts a new window once the old one has passed', async () => {
    const limiter = createFileRateLimiter({ dir: tempDir(), limit: 2, windowSeconds: 1 });
    limiter.take('a', Date.now());
    limiter.take('a', Date.now());
    expect(limiter.take('a', Date.now()).allowed).toBe(false);
    expect(limiter.take('b', Date.now()).allowed).toBe(true);
    await sleep(1100);
    expect(limiter.take('a', Date.now())).toMatchObject({
      allowed: true,
      remaining: 1,
      resetSeconds: 1,
      policy: '2;w=1',
    });
  });

  test('writes no IP address to disk, and deletes finished clients once per window', async () => {
    const dir = tempDir();
    const limiter = createFileRateLimiter({ dir, windowSeconds: 1 });
    limiter.take('192.0.2.44', Date.now());
    limiter.take('192.0.2.45', Date.now());
    expect(clients(dir)).toHaveLength(2);
    for (const name of clients(dir)) expect(name).toMatch(/^[0-9a-f]{16}$/);
    expect(clients(dir).join()).not.toContain('192.0.2');
    await sleep(1100);
    limiter.take('192.0.2.46', Date.now());
    expect(clients(dir)).toHaveLength(1);
    expect(limiter.size).toBe(1);
  });

  test('stops growing a client file once the client is over the limit (a fresh module per request, as under netlify-cli)', () => {
    const dir = tempDir();
    for (let i = 0; i < 50; i++) createFileRateLimiter({ dir, limit: 3 }).take('c', Date.now());
    expect(readFileSync(path.join(dir, clients(dir)[0]!), 'utf8')).toBe('....');
  });
});

describe('createFileRateLimiter in a warm instance', () => {
  test("touches the disk only for a client's first request in a window", () => {
    const dir = tempDir();
    const limiter = createFileRateLimiter({ dir });
    expect(limiter.take('203.0.113.9', Date.now()).remaining).toBe(119);
    rmSync(dir, { recursive: true, force: true }); // a file operation now would throw
    for (let i = 0; i < 119; i++) limiter.take('203.0.113.9', Date.now());
    expect(limiter.take('203.0.113.9', Date.now())).toMatchObject({ allowed: false, remaining: 0 });
  });

  test('a new module of the same instance continues from the file', () => {
    const dir = tempDir();
    const warm = createFileRateLimiter({ dir });
    warm.take('198.51.100.7', Date.now());
    const fresh = createFileRateLimiter({ dir });
    expect(fresh.take('198.51.100.7', Date.now()).remaining).toBe(118);
  });

  test('keeps at most maxClients windows in memory', () => {
    const limiter = createFileRateLimiter({ dir: tempDir(), maxClients: 3 });
    for (const client of ['a', 'b', 'c', 'd']) limiter.take(client, Date.now());
    // 'a' was dropped from memory; its count comes back from its file.
    expect(limiter.take('a', Date.now()).remaining).toBe(118);
  });
});

describe('fnv1a64', () => {
  test('is 64-bit FNV-1a (the published test vectors), as 16 hex digits', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});
