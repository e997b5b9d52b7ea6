/**
 * The command line of `npm run content`: which command, its options, which project. Pure (no
 * I/O), so every usage rule is tested without content.
 */
import path from 'node:path';
import { readCommandLine } from '../command-line.ts';

export const usage = `Usage: npm run content -- <command> [options]

The state of the site's translations (docs/content.md, "Translations: what is missing or
stale"), from the files in content/ alone.

Commands:
  status [--json] [--strict]
                     for each language besides the default: the published originals with no
                     translation (missing), the translations whose original changed after they
                     were last marked up to date (stale) and the rest (current); and the
                     translations without a published original (orphans). Then each strings
                     file's keys that fall back to another file's text, that use an older form
                     or that are ignored, each with what to write (docs/content.md, "Updating
                     the template"). --json prints
                     {"languages": {"<code>": {"missing": [...], "stale": [...], "current": [...]}},
                     "orphans": [...], "strings": {"<file>": [{"kind", "key", "message"}]}}: the
                     originals' paths in the three lists, sorted, the orphans' own paths, and
                     every strings file with its notices (npm run --silent content -- status
                     --json to pipe it: npm prints a line of its own otherwise). --strict exits
                     1 when a strings file has any such key (for a CI that should fail then)
  mark <translation>...
                     records that each translation is up to date with its original as it is
                     now: writes the \`translation\` record (the original's digest and the
                     translation's) into the translation's frontmatter and changes nothing
                     else; paths as status prints them, e.g.
                     mark content/nl/services/cloud-migration.mdx
  mark --language CODE
                     the same for every translation of one language
  mark --all         the same for every translation of every language
  help               this text (also --help, -h)

Options:
  --dir PATH         the project whose content/ to read (default: this project)

Exit codes: 0 done (missing and stale translations are a state, not an error), 1 the content
could not be read or written, or mark was given a file that is not a translation or has no
original (then nothing is written), or status --strict found strings that fall back or use an
older form, 2 wrong command-line usage.`;

export type Invocation =
  | { command: 'status'; projectDir: string; json: boolean; strict: boolean }
  | {
      command: 'mark';
      projectDir: string;
      /** What to mark: the paths given, one language's translations, or all of them. */
      which: { paths: string[] } | { language: string } | { all: true };
    };

export type Parsed = { help: true } | { usageError: string } | Invocation;

const COMMANDS = ['status', 'mark'] as const;
type Command = (typeof COMMANDS)[number];

const VALUE_OPTIONS: Record<string, readonly Command[]> = { '--dir': COMMANDS, '--language': ['mark'] };
const FLAG_OPTIONS: Record<string, readonly Command[]> = { '--json': ['status'], '--strict': ['status'], '--all': ['mark'] };

/** Reads argv (without node and the script); `defaultProjectDir` is the project the script belongs to. */
export function parseCommandLine(argv: readonly string[], defaultProjectDir: string): Parsed {
  const read = readCommandLine(argv, Object.keys(VALUE_OPTIONS), Object.keys(FLAG_OPTIONS));
  if ('help' in read || 'usageError' in read) return read;
  const { values, flags, positionals } = read;
  const [first, ...rest] = positionals;
  if (first === undefined) return { usageError: 'no command given: status or mark' };
  if (first === 'help') return { help: true };
  if (!(COMMANDS as readonly string[]).includes(first))
    return { usageError: `unknown command "${first}": use status or mark` };
  const command = first as Command;
  for (const [name, commands] of [...Object.entries(VALUE_OPTIONS), ...Object.entries(FLAG_OPTIONS)])
    if ((values.has(name) || flags.has(name)) && !commands.includes(command))
      return { usageError: `${name} does not apply to "${command}"` };
  const dir = values.get('--dir');
  const projectDir = dir === undefined ? defaultProjectDir : path.resolve(dir);

  if (command === 'status') {
    if (rest.length > 0) return { usageError: `status takes no arguments (got "${rest[0]}")` };
    return { command, projectDir, json: flags.has('--json'), strict: flags.has('--strict') };
  }
  const language = values.get('--language');
  const all = flags.has('--all');
  const given = [rest.length > 0, language !== undefined, all].filter(Boolean).length;
  if (given === 0)
    return {
      usageError: 'mark needs what to mark: translation paths (e.g. content/nl/services/x.mdx), --language CODE or --all',
    };
  if (given > 1) return { usageError: 'mark takes translation paths, --language CODE or --all: give one of them' };
  const which = language !== undefined ? { language } : all ? { all: true as const } : { paths: rest };
  return { command, projectDir, which };
}
