/**
 * The unit files share their modules within a worker (vitest.config.ts, `isolate: false`), which
 * holds only while no file replaces a module for the others: every unit file that calls vi.mock
 * or vi.doMock is one of MOCKING_FILES, which run with modules of their own, and every one of
 * those still does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MOCKING_FILES } from '../support/mocking-files.ts';
import { ROOT } from '../support/sample-site.ts';

const unitFiles = (readdirSync(path.join(ROOT, 'tests'), { recursive: true }) as string[])
  .map((file) => `tests/${file.split(path.sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('tests/integration/'));

test('the unit files that replace a module are exactly the ones that run isolated', () => {
  const mocking = unitFiles.filter((file) =>
    /\bvi\.(?:mock|doMock)\(/.test(readFileSync(path.join(ROOT, file), 'utf8')),
  );
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
});
