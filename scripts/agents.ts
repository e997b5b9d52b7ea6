/**
 * `npm run agents`: the operator's view of the traffic record (docs/traffic.md), read from the
 * local store of `npm start` or, given the site's credentials, from the deployed site's Netlify
 * Blobs store.
 *
 *   npm run agents -- report [--since 7d|30d|90d] [--json] [--html FILE]
 *   npm run agents -- prune [--days N] [--yes] [--json]
 *   npm run agents -- --help
 *
 * Exit codes: 0 done (an empty record included), 1 the store could not be read or written or the
 * file could not be written, 2 wrong command-line usage. The logic is in scripts/agents/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgents } from './agents/run.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runAgents(process.argv.slice(2), {
  env: process.env,
  defaultProjectDir: projectDir,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
