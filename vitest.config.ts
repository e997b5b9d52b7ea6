/**
 * Two projects, one `npm test`, run one after the other, unit first (`sequence.groupOrder` 1 and
 * 2: without it Vitest runs projects side by side on a machine with cores to spare, the unit
 * files' CPU-heavy work (fuzzing, search at size, builds) beside the integration files' timed
 * browser and burst tests; and a project left at order 0 with one worker, as on a 2-core machine,
 * goes to Vitest's sequential group, which runs last):
 * - unit (`npm run test:unit`): pure modules and in-process handlers, no server, no browser;
 * - integration: builds the site and serves it with netlify-cli exactly as `npm start` does,
 *   then checks pages, Markdown, discovery files, headers and the API over HTTP and in Chromium,
 *   several files at a time.
 *   Its global set-up starts the server when the run begins, so the build overlaps the unit files.
 * Set TEST_BASE_URL=http://localhost:8888 to run the integration project against a server you
 * already started with `npm start` (faster while developing).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Integration files run at once (docs/testing.md, "How long the suite takes"). */
const INTEGRATION_FILES_AT_ONCE = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 1 },
          // Every core: Vitest's default leaves one for its main process, which on a 2-core
          // machine (CI's kind) ran the unit files one at a time, 150 s instead of 95 s.
          maxWorkers: availableParallelism(),
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/integration/**', 'node_modules/**'],
          testTimeout: 20_000,
          // Hooks that build a copy of the project set their own, longer timeout; removing that
          // copy afterwards (its dist/ and caches, thousands of files) took over Vitest's default
          // 10 s on a loaded 2-core machine in CI.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files side by side: most of a file's time is a request waiting for netlify-cli (which
          // starts a worker for every function call) or a browser, so two at a time keep both
          // cores of CI's machine busier than one at a time did (more only slowed the API-heavy
          // files: their work is CPU, measured 85 s three at a time against 65 s one by one). They share the
          // harness's site, each API-heavy file from loopback addresses of its own (the rate limit
          // is per address); a file that must be alone with its site (the traffic record's exact
          // counts, the soak's memory) starts one of its own (server.ts, startSiteOfItsOwn).
          maxWorkers: INTEGRATION_FILES_AT_ONCE,
        },
      },
    ],
  },
});
