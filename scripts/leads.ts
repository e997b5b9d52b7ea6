/**
 * `npm run leads`: the operator's view of the leads that start_conversation (and the contact
 * form) stored, read from the local store of `npm start` or, given the site's credentials,
 * from the deployed site's Netlify Blobs store.
 *
 *   npm run leads -- list [--json] [--limit N] [--since YYYY-MM-DD]
 *   npm run leads -- show <reference> [--json]
 *   npm run leads -- export [--format jsonl|csv|json] [--since YYYY-MM-DD]
 *   npm run leads -- prune [--days N] [--dry-run] [--yes] [--json]
 *   npm run leads -- resend <reference> [--json]
 *   npm run leads -- --help
 *
 * Exit codes: 0 done (an empty store included), 1 the store could not be read or written, the
 * lead does not exist or its notification was not delivered, 2 wrong command-line usage (and
 * prune without --yes when there is something to delete). The logic is in scripts/leads/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLeads } from './leads/run.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `npm run leads -- export | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runLeads(process.argv.slice(2), {
  env: process.env,
  defaultProjectDir: projectDir,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
