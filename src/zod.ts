/**
 * zod/mini: the zod that every module the API function runs validates with (tool arguments,
 * JSON-RPC envelopes, build artefacts, leads). Build-only code (content schemas, Astro) uses the
 * full `zod`.
 *
 * Imported by file path, not by package name, on purpose. Netlify bundles a function's own files
 * into its entry file but leaves every package import to be loaded from node_modules when the
 * function starts (zip-it-and-ship-it runs esbuild with `packages: 'external'`), and loading the
 * `zod` package that way took ~50 ms, most of an empty function's whole cold start. Through a
 * relative path esbuild bundles zod/mini into the entry file, tree-shaken to the ~30 KB the
 * function uses, which loads in ~3 ms (figures: docs/performance.md).
 */
export * from '../node_modules/zod/v4/mini/index.js';
