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
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { MOCKING_FILES } from './tests/support/mocking-files.ts';

/** Integration files run at once (docs/testing.md, "How long the suite takes"). */
const INTEGRATION_FILES_AT_ONCE = 2;

/**
 * The integration files that take longest, longest first (seconds on a fresh clone on CI's
 * 2-core machine kind, 2026-12-04): they start first. On a fresh clone Vitest has no durations
 * and starts the largest files first, so the scale test and Lighthouse (small files, about a
 * minute each) started last and one worker idled behind them. A stale list only orders the files
 * less well; the files not in it follow in Vitest's own order.
 */
const LONGEST_FIRST = [
  'traffic', // 68 s: a site of its own and the record's write intervals
  'cms', // 65 s: the editor in Chromium, then a build of what it saved
  'scale', // 60 s: a build of 1,000 more entries
  'soak', // 58 s: a site of its own under load, and its memory read after
  'lighthouse', // 49 s
  'dev-preview', // 42 s: npm run dev and its edits
  'webmcp', // 36 s
  'audit', // 31 s
].map((name) => `/tests/integration/${name}.test.ts`);

/** Vitest's order, with the integration files of LONGEST_FIRST moved to the front in that order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((suffix) => file.moduleId.endsWith(suffix));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const isIntegration = (file: TestSpecification) => file.project.name === 'integration';
    // Only the integration files change places, among themselves; a stable sort keeps the rest
    // of them in Vitest's order.
    const integration = sorted.filter(isIntegration).sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((file) => (isIntegration(file) ? integration[next++]! : file));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 1 },
          // Every core: Vitest's default leaves one for its main process, which on a 2-core
          // machine (CI's kind) ran the unit files one at a time, 150 s instead of 95 s.
          maxWorkers: availableParallelism(),
          // The files of a worker share their modules instead of loading them again for each
          // file (62 s against 96 s for the unit files, most of it loading modules). No file was
          // seen to need modules of its own but those that replace one (vi.mock), whose mock
          // leaked into the tools tests in a run with the files shuffled: they run in
          // 'unit-isolated' below (tests/architecture/isolation.test.ts holds the lists together).
          // A file that keeps state in a shared module must clean it up, or go there too.
          isolate: false,
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/integration/**', 'node_modules/**', ...MOCKING_FILES],
          testTimeout: 20_000,
          // Hooks that build a copy of the project set their own, longer timeout; removing that
          // copy afterwards (its dist/ and caches, thousands of files) took over Vitest's default
          // 10 s on a loaded 2-core machine in CI.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          // With the unit files, on the same workers (a group's projects share their maxWorkers).
          sequence: { groupOrder: 1 },
          maxWorkers: availableParallelism(),
          include: [...MOCKING_FILES],
          testTimeout: 20_000,
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
