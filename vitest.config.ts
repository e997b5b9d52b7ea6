/** Unit and in-process tests; the integration suite (a real build and netlify-cli) lives in tests/integration. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/integration/**', 'node_modules/**'],
    testTimeout: 20_000,
  },
});
