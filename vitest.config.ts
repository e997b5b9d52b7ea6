/**
 * Two projects, one `npm test`:
 * - unit: pure modules and in-process handlers, no network, seconds;
 * - integration: builds the site and serves it with netlify-cli exactly as `npm start` does,
 *   then checks pages, Markdown, discovery files, headers and the API over HTTP and in Chromium.
 * Set TEST_BASE_URL=http://localhost:8888 to run the integration project against a server you
 * already started with `npm start` (faster while developing).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/integration/**', 'node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
