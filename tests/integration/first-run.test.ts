/**
 * `npm start` prints nothing a user has to learn to ignore: checked on the integration server's
 * own output up to "Local dev server ready" (test-results/server.log, written by server.ts, which
 * runs scripts/start.mjs as a user does). What is known to have crept in before: one Vite
 * MODULE_LEVEL_DIRECTIVE warning per MDX file (astro.config.mjs says why it is dropped),
 * netlify-cli's "Unable to open browser automatically" (netlify.toml, `[dev] autoLaunch`) and,
 * at the first request, Node's DEP0060 warning from netlify-cli's proxy (scripts/start.mjs).
 * Skipped with TEST_BASE_URL (the server's output is not ours to read).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, test } from 'vitest';

const serverLog = inject('serverLog');

/** The log from the start until the server said it was ready, without colour codes. */
function startupLog(): string {
  // eslint-disable-next-line no-control-regex -- ANSI colour sequences are control characters
  const log = readFileSync(serverLog!, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  const ready = log.indexOf('Local dev server ready');
  expect(ready, 'npm start says when the site is ready').toBeGreaterThan(-1);
  return log.slice(0, ready);
}

describe.skipIf(serverLog === undefined)('a clean start (npm start)', () => {
  test('no Vite MODULE_LEVEL_DIRECTIVE warnings, no build warnings at all', () => {
    const log = startupLog();
    expect(log).not.toContain('MODULE_LEVEL_DIRECTIVE');
    expect(log).not.toContain('module level directive');
    const warnings = log.split('\n').filter((line) => /\[WARN\]/.test(line));
    expect(warnings, 'Astro and Vite warnings while building').toEqual([]);
  });

  // server.ts's readiness check has sent requests through netlify-cli's proxy by now.
  test("no Node deprecation warning from netlify-cli's proxy (DEP0060, scripts/start.mjs)", () => {
    const log = readFileSync(serverLog!, 'utf8');
    expect(log).not.toContain('DEP0060');
    expect(log).not.toContain('util._extend');
  });

  test('no attempt to open a browser', () => {
    const log = startupLog();
    expect(log).not.toMatch(/Unable to open browser/i);
    expect(log).not.toContain('Please open your browser');
  });
});
