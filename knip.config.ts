/**
 * knip: unused files, exports, types and dependencies (`npm run lint:unused`, part of
 * `npm run lint`). Most entry points come from knip's plugins, which read the project's own
 * configuration: Astro (astro.config.mjs, src/pages, src/content.config.ts), Netlify
 * (netlify.toml: every file under functions/, the edge functions included), package.json's
 * scripts (scripts/*.ts), Vitest (the tests and their global setup), ESLint, Prettier and
 * dependency-cruiser. Listed here is only what no configuration names.
 */
import type { KnipConfig } from 'knip';

export default {
  entry: [
    // The content collections, loaded by folder (src/schemas/collections.ts); the tests load the
    // fixture sites' content the same way.
    'content/**/*.mdx',
    'tests/fixtures/*/content/**/*.mdx',
    // Forked by path by scripts/bench-mcp.ts.
    'scripts/bench/mcp-worker.ts',
    // Spawned by path by auditPages (scripts/bench/lighthouse.ts).
    'scripts/bench/lighthouse-pages.ts',
    // Bundled apart by the build (src/build/lazy-modules.ts) and imported by the API function at
    // run time by a computed specifier.
    'src/lazy/*.ts',
    // Bundled by the build for the editor at /admin/ (src/build/admin-files.ts), by path.
    'src/cms/admin-script.ts',
    // Run by hand to draw the sample content's images again (its header says how); no npm script.
    'scripts/sample-images.ts',
  ],
  // An export its own module uses (a limit, a name, a schema beside the code that applies it) is
  // not dead code; an export nothing at all uses is.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Loaded by computed names (`@orama/stemmers/${name}`, `@orama/stopwords/${name}`):
    // src/build/search-analyzers.ts, and the .generated/stemmers.ts the build writes.
    '@orama/stemmers',
    '@orama/stopwords',
    // Run from node_modules by path: the integration tests (conformance.test.ts,
    // inspector.test.ts) and `npm start` (scripts/start.mjs).
    '@modelcontextprotocol/conformance',
    '@modelcontextprotocol/inspector',
    'netlify-cli',
    // Copied by path into the editor at /admin/ (src/build/admin-files.ts): its code, its fonts.
    '@sveltia/cms',
    '@fontsource-variable/material-symbols-outlined',
    '@fontsource-variable/source-sans-3',
    '@fontsource/noto-mono',
    // Read by path for the share cards (src/build/card-fonts.ts): the fonts' files by Unicode range.
    '@fontsource/noto-sans',
    '@fontsource/noto-sans-jp',
    '@fontsource/noto-sans-sc',
  ],
  // From Debian, not npm (.ci/run installs it): the Lighthouse test's certificate.
  ignoreBinaries: ['openssl'],
  // An ignore above that is no longer needed is reported too.
  treatConfigHintsAsErrors: true,
} satisfies KnipConfig;
