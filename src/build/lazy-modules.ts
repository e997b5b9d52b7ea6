/**
 * Modules the API function loads only when it needs them, bundled by the build apart from its
 * entry (docs/architecture.md, "What ships"). Netlify bundles a function's own files into ONE
 * entry file, dynamic imports included, and every request parses that file (and under `npm start`
 * every request loads it afresh); so code that runs on a rare request, or only after the answer,
 * is built here into `.generated/lazy/<name>.mjs` with everything it imports (packages included),
 * shipped beside the entry (netlify.toml `included_files`), and imported by the function from
 * there at run time (functions/api.mts, `lazyModule`). Entries that share code share a chunk.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Where the lazy modules go, relative to the project root (netlify.toml ships the folder). */
export const LAZY_DIR = '.generated/lazy';

/** Each lazy module: its name (the file the function imports: `<name>.mjs`) and its source. */
export const LAZY_MODULES = {
  /** The traffic record's writer: classifier, patterns, Blobs client (src/traffic/api-record.ts). */
  'api-traffic': 'src/lazy/api-traffic.ts',
  /**
   * What only a lead request runs: the contact form's handler, start_conversation, the intake and
   * the Netlify lead pipeline (src/http/lead-path.ts).
   */
  'lead-path': 'src/lazy/lead-path.ts',
  /** The search page's answers in HTML and Markdown (src/http/search-page.ts), on the first /search. */
  'search-page': 'src/lazy/search-page.ts',
} as const;

export type LazyModuleName = keyof typeof LAZY_MODULES;

/** Bundles every lazy module into `<root>/.generated/lazy/`; returns the files written, with their sizes. */
export async function bundleLazyModules(root: string): Promise<{ file: string; bytes: number }[]> {
  const outdir = path.join(root, LAZY_DIR);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(LAZY_MODULES).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // Netlify's functions run on Node 22 or later (the project's Node is 24).
    target: 'node22',
    metafile: true,
    logLevel: 'silent',
  });
  return Object.entries(result.metafile.outputs).map(([file, output]) => ({
    file: path.relative(root, path.resolve(root, file)),
    bytes: output.bytes,
  }));
}
