/**
 * The environment netlify-cli runs in for this project, offline and unlinked: Deno and the edge
 * runtime's bootstrap from the project's own node_modules, the Deno cache inside the project
 * (.deno/), no credentials of a real site, no telemetry. `npm start` (scripts/start.mjs) and the
 * benchmarks that run `netlify build` use it. Nothing here changes what a real Netlify deploy
 * does: it only sets environment variables.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The environment for running `netlify` in the project at `root`; throws with the fix when node_modules is incomplete. */
export function netlifyEnv(root: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const bootstrap = path.join(root, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs');
  if (!existsSync(bootstrap))
    throw new Error('The edge runtime bootstrap is missing from node_modules; run `npm install` first.');
  const env = { ...base };
  // Local runs are unlinked: never talk to a real Netlify site with someone's credentials.
  delete env.NETLIFY_SITE_ID;
  delete env.NETLIFY_AUTH_TOKEN;
  env.NETLIFY_EDGE_BOOTSTRAP = pathToFileURL(bootstrap).href;
  env.DENO_DIR = path.join(root, '.deno');
  env.PATH = `${path.join(root, 'node_modules/.bin')}${path.delimiter}${env.PATH ?? ''}`;
  env.NETLIFY_TELEMETRY_DISABLED = '1';
  // netlify-cli runs every function call in a new worker thread, which compiles netlify-cli's
  // worker, its bootstrap and the function's bundle again each time (about 0.3 s of CPU a call
  // here). Node's compile cache keeps the compiled code on disk: measured about 12% less CPU a
  // call (275-289 ms against 314-325 ms, 20 calls of netlify-cli's worker in a loop, Node 24).
  env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules/.cache/node-compile');
  return env;
}
