#!/usr/bin/env node
/**
 * `npm start`: builds the site and serves the production build under netlify-cli, offline and
 * unlinked, at http://localhost:$PORT (8888 by default). Everything netlify-cli would download
 * (Deno, the edge runtime's bootstrap) comes from the project's own node_modules, and the Deno
 * cache stays inside the project (.deno/), so this works on a machine with no internet access
 * (scripts/netlify-env.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { netlifyEnv } from './netlify-env.ts';
import { portOf } from './port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chosen = portOf(process.env.PORT, 8888, 'npm start');
if ('error' in chosen) {
  console.error(chosen.error);
  process.exit(2);
}
const port = String(chosen.port);

let env;
try {
  env = netlifyEnv(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const args = ['serve', '--offline', '--port', port, ...process.argv.slice(2)];
console.log(`Building and serving the site at http://localhost:${port} (netlify ${args.join(' ')})`);
// netlify-cli's local proxy is http-proxy 1.18, which calls the deprecated `util._extend`, so the
// first request to every start printed Node's DEP0060 warning. It is netlify-cli's to fix; only
// that warning is turned off, and only in the netlify-cli process (a flag, not NODE_OPTIONS, so
// the build and the functions keep every warning). `node` is the project's Node 24 (env.PATH).
const cli = path.join(root, 'node_modules/netlify-cli/bin/run.js');
const child = spawn('node', ['--disable-warning=DEP0060', cli, ...args], { cwd: root, env, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
