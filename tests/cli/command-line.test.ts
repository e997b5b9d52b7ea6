/** The one command-line reader of the operator commands and benchmarks (scripts/command-line.ts). */
import { describe, expect, test } from 'vitest';
import { readCommandLine } from '../../scripts/command-line.ts';

const read = (argv: string[]) => readCommandLine(argv, ['--limit', '--since'], ['--json', '--yes']);

describe('readCommandLine', () => {
  test('values in both forms, flags and positionals, in any order', () => {
    expect(read(['list', '--limit', '5', '--since=2026-11-01', '--json', 'extra'])).toEqual({
      values: new Map([
        ['--limit', '5'],
        ['--since', '2026-11-01'],
      ]),
      flags: new Set(['--json']),
      positionals: ['list', 'extra'],
    });
    expect(read(['show', '--', '--not-an-option'])).toEqual({
      values: new Map(),
      flags: new Set(),
      positionals: ['show', '--not-an-option'],
    });
  });

  test('--help or -h anywhere is help, even beside a mistake', () => {
    expect(read(['list', '--help'])).toEqual({ help: true });
    expect(read(['-h'])).toEqual({ help: true });
    expect(read(['list', '--bogus', '--help'])).toEqual({ help: true });
  });

  test.each([
    [['--bogus'], 'unknown option "--bogus"'],
    [['--bogus=1'], 'unknown option "--bogus"'],
    [['-x'], 'unknown option "-x"'],
    [['--limit'], '--limit needs a value'],
    [['--limit', '--json'], '--limit needs a value'],
    [['--limit='], '--limit needs a value'],
    [['--limit', '1', '--limit', '2'], '--limit is given twice'],
    [['--json', '--json'], '--json is given twice'],
    [['--json=yes'], '--json takes no value'],
  ])('%j is a usage error: %s', (argv, problem) => {
    expect(read(argv)).toEqual({ usageError: problem });
  });
});
