/**
 * docs/architecture.md's recipes ("How to make the common changes") name real files: every path
 * in backticks there (with `<name>`-style placeholders left out) exists in the repository, so a
 * file moved or renamed takes its recipe along.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const docs = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const section = /^## How to make the common changes\n([\s\S]*?)^## /m.exec(docs)?.[1] ?? '';

test('the recipes section exists and names files', () => {
  expect(section, 'docs/architecture.md has a "## How to make the common changes" section').not.toBe('');
  for (const recipe of [
    'Add a tool',
    'Add a prompt',
    'Add a content field',
    'Add a collection',
    'Add a discovery file',
    'Add a language',
  ])
    expect(section).toContain(`### ${recipe}`);
});

test('every file a recipe names exists', () => {
  const named = new Set(
    [...section.matchAll(/`?((?:src|tests|scripts|content|docs|functions)\/[\w./[\]-]*[\w\]])`?/g)]
      .map((match) => match[1]!)
      .filter((file) => !file.includes('<')),
  );
  expect(named.size).toBeGreaterThan(15);
  const missing = [...named].filter((file) => !existsSync(path.join(root, file)));
  expect(missing, 'files docs/architecture.md names in its recipes that do not exist').toEqual([]);
});
