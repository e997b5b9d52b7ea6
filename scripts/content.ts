/**
 * `npm run content`: which translations are missing, stale or current (docs/content.md,
 * "Translations: what is missing or stale"), which strings fall back or use an older form
 * ("Updating the template"), and the record that a translation is up to date.
 *
 *   npm run content -- status [--json] [--strict] [--dir PATH]
 *   npm run content -- mark <translation>... | --language CODE | --all [--dir PATH]
 *   npm run content -- --help
 *
 * Exit codes: 0 done (missing and stale translations included), 1 the content could not be read
 * or written, mark was refused or status --strict found strings to bring up to date, 2 wrong
 * command-line usage. The logic is in scripts/content/
 * and src/translations/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runContent } from './content/run.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `npm run content -- status | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runContent(process.argv.slice(2), {
  defaultProjectDir: projectDir,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
