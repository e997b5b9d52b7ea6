/**
 * Cold start for `npm run bench:mcp`: bundle a function entry the way Netlify does, then time a
 * fresh Node process that imports the bundle and answers its first request.
 *
 * Bundling mirrors @netlify/zip-it-and-ship-it's esbuild bundler (node_bundler = "esbuild" in
 * netlify.toml; dist/runtimes/node/bundlers/esbuild/bundler.js): esbuild with bundle, ESM
 * output (.mjs) for a TypeScript entry, platform node, target node24 (its default Node
 * version), its CJS shim banner, `node:` builtins external, no minification. Everything else,
 * @netlify/blobs and the catalog JSON included, goes into the bundle.
 */
import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** zip-it-and-ship-it's CJS_SHIM (utils/esm_cjs_compat.js), prepended to ESM bundles. */
const CJS_SHIM = `
import {createRequire as ___nfyCreateRequire} from "module";
import {fileURLToPath as ___nfyFileURLToPath} from "url";
import {dirname as ___nfyPathDirname} from "path";
let __filename=___nfyFileURLToPath(import.meta.url);
let __dirname=___nfyPathDirname(___nfyFileURLToPath(import.meta.url));
let require=___nfyCreateRequire(import.meta.url);
`;

/** zip-it-and-ship-it's builtin-modules plugin: `node:` imports stay external. */
const nodeBuiltins: Plugin = {
  name: 'builtin-modules',
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice('node:'.length), external: true }));
  },
};

export interface Bundle {
  file: string;
  bytes: number;
}

/** Bundles `entry` into `outDir/<name>.mjs` as Netlify would. */
export async function bundleFunction(entry: string, outDir: string, name: string): Promise<Bundle> {
  const file = path.join(outDir, `${name}.mjs`);
  await build({
    banner: { js: CJS_SHIM },
    bundle: true,
    entryPoints: [entry],
    format: 'esm',
    logLevel: 'error',
    outfile: file,
    platform: 'node',
    plugins: [nodeBuiltins],
    resolveExtensions: ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts', '.json'],
    target: ['node24'],
  });
  return { file, bytes: statSync(file).size };
}

export interface ColdStart {
  /** Parent's clock: spawn until the answer was read from the child's stdout. */
  wallMs: number;
  /** Child's clock: process start (performance.timeOrigin) until the answer's body was read. */
  processMs: number;
  /** Child's clock: `import()` of the bundle (module evaluation included). */
  importMs: number;
  /** Child's clock: the first request, from calling the default export to its body read. */
  firstRequestMs: number;
  /** Child's clock: the second request (a first search_site, which loads the search index), after the answer was timed. */
  firstSearchMs: number;
  status: number;
  searchStatus: number;
}

/** The child: imports a bundle, sends it one request, reports timings as one JSON line. */
const RUNNER = `
const [bundle, url, body, searchBody, headers, searchHeaders] = process.argv.slice(2);
const t0 = performance.now();
const mod = await import(bundle);
const t1 = performance.now();
const response = await mod.default(new Request(url, { method: 'POST', headers: JSON.parse(headers), body }), { ip: '203.0.113.7', requestId: 'cold' });
await response.text();
const t2 = performance.now();
const search = await mod.default(new Request(url, { method: 'POST', headers: JSON.parse(searchHeaders), body: searchBody }), { ip: '203.0.113.7', requestId: 'cold-2' });
await search.text();
const t3 = performance.now();
process.stdout.write(JSON.stringify({ processMs: t2, importMs: t1 - t0, firstRequestMs: t2 - t1, firstSearchMs: t3 - t2, status: response.status, searchStatus: search.status }) + '\\n');
`;

export function writeRunner(outDir: string): string {
  const file = path.join(outDir, 'cold-runner.mjs');
  writeFileSync(file, RUNNER);
  return file;
}

export interface ColdRequest {
  body: string;
  headers: Record<string, string>;
}

/** One fresh process (environment `env`): import `bundle`, answer `first`, then `search`, POSTed to `url`. */
export function coldStart(runner: string, bundle: string, url: string, first: ColdRequest, search: ColdRequest, env: NodeJS.ProcessEnv = process.env): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let wallMs = 0;
    let out = '';
    let err = '';
    const argv = [runner, bundle, url, first.body, search.body, JSON.stringify(first.headers), JSON.stringify(search.headers)];
    const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (wallMs === 0 && out.includes('\n')) wallMs = performance.now() - started;
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || wallMs === 0) return reject(new Error(`cold start of ${bundle} failed (exit ${code}): ${err.trim() || out.trim()}`));
      resolve({ wallMs, ...(JSON.parse(out) as Omit<ColdStart, 'wallMs'>) });
    });
  });
}
