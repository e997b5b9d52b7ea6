#!/usr/bin/env node
/**
 * `npm start`: builds the site and serves the production build under netlify-cli, offline and
 * unlinked, at http://localhost:$PORT (8888 by default). Everything netlify-cli would download
 * (Deno, the edge runtime's bootstrap) comes from the project's own node_modules, and the Deno
 * cache stays inside the project (.deno/), so this works on a machine with no internet access.
 * Nothing here changes what a real Netlify deploy does: it only sets environment variables.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '8888';
if (!/^\d{2,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a TCP port number (got "${port}"). Example: PORT=8890 npm start`);
  process.exit(2);
}

const bootstrap = path.join(root, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs');
if (!existsSync(bootstrap)) {
  console.error('The edge runtime bootstrap is missing from node_modules; run `npm install` first.');
  process.exit(2);
}

const env = { ...process.env };
// Local runs are unlinked: never talk to a real Netlify site with someone's credentials.
delete env.NETLIFY_SITE_ID;
delete env.NETLIFY_AUTH_TOKEN;
env.NETLIFY_EDGE_BOOTSTRAP = pathToFileURL(bootstrap).href;
env.DENO_DIR = path.join(root, '.deno');
env.PATH = `${path.join(root, 'node_modules/.bin')}${path.delimiter}${env.PATH ?? ''}`;
env.NETLIFY_TELEMETRY_DISABLED = '1';

const args = ['serve', '--offline', '--port', port, ...process.argv.slice(2)];
console.log(`Building and serving the site at http://localhost:${port} (netlify ${args.join(' ')})`);
const child = spawn(path.join(root, 'node_modules/.bin/netlify'), args, { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
