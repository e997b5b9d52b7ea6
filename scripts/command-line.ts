/**
 * Every command's command line, read the same way with Node's `util.parseArgs` (strict): options
 * with a value (`--name value`, `--name=value`), flags, positionals after them or after `--`,
 * and `--help` / `-h` anywhere. What parseArgs refuses becomes one sentence a user can act on;
 * each command then checks its own values (numbers, dates, URLs) and prints its own usage.
 */
import { parseArgs } from 'node:util';

export interface CommandLine {
  /** Options with a value, by name with its dashes (`--limit`). */
  values: Map<string, string>;
  /** Flags given, by name with its dashes (`--json`). */
  flags: Set<string>;
  positionals: string[];
}

export type ReadCommandLine = { help: true } | { usageError: string } | CommandLine;

/**
 * Splits `argv` by the options a command knows (names with their dashes): an unknown option, a
 * value option without a value or given twice, or a flag given a value is a usage error.
 */
export function readCommandLine(
  argv: readonly string[],
  valueOptions: Iterable<string>,
  flagOptions: Iterable<string>,
): ReadCommandLine {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple: true }> = {
    help: { type: 'boolean', short: 'h', multiple: true },
  };
  for (const name of valueOptions) options[name.replace(/^--/, '')] = { type: 'string', multiple: true };
  for (const name of flagOptions) options[name.replace(/^--/, '')] = { type: 'boolean', multiple: true };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const optionsEnd = argv.includes('--') ? argv.indexOf('--') : argv.length;
    if (argv.slice(0, optionsEnd).some(isHelp)) return { help: true };
    return { usageError: sentence(error as Error & { code?: string }) };
  }
  if (parsed.values.help) return { help: true };
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (const [name, given] of Object.entries(parsed.values)) {
    if (name === 'help' || given === undefined) continue;
    const list = given;
    if (list.length > 1) return { usageError: `--${name} is given twice` };
    const value = list[0]!;
    if (typeof value === 'boolean') flags.add(`--${name}`);
    else if (value === '') return { usageError: `--${name} needs a value` };
    else values.set(`--${name}`, value);
  }
  return { values, flags, positionals: parsed.positionals };
}

const isHelp = (arg: string) => arg === '--help' || arg === '-h';

/** parseArgs' error as the sentence the commands have always printed. */
function sentence(error: Error & { code?: string }): string {
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option "${option.replace(/=.*$/, '')}"`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message) ? `${option} takes no value` : `${option} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument: ${error.message}`;
    default:
      return error.message;
  }
}

/**
 * For a script: reads its command line as readCommandLine does; `--help` prints `usage` and exits
 * 0, a usage error prints "<name>: <problem>" and `usage` and exits 2.
 */
export function commandLineOrExit(
  name: string,
  usage: string,
  valueOptions: Iterable<string>,
  flagOptions: Iterable<string>,
  argv: readonly string[] = process.argv.slice(2),
): CommandLine {
  const read = readCommandLine(argv, valueOptions, flagOptions);
  if ('help' in read) {
    console.log(usage);
    process.exit(0);
  }
  if ('usageError' in read) exitWithUsage(name, usage, read.usageError);
  return read;
}

/** Prints "<name>: <problem>" and the usage, and exits 2. */
export function exitWithUsage(name: string, usage: string, problem: string): never {
  console.error(`${name}: ${problem}\n\n${usage}`);
  process.exit(2);
}

/** A whole number of at least `min` from an option's value, or exits with a usage error. */
export function wholeNumber(
  line: CommandLine,
  option: string,
  fallback: number,
  usage: { name: string; text: string; min?: number },
): number {
  const raw = line.values.get(option);
  if (raw === undefined) return fallback;
  const min = usage.min ?? 1;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    exitWithUsage(usage.name, usage.text, `${option} needs a whole number of at least ${min} (got "${raw}")`);
  return Number(raw);
}
