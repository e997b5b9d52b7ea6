/**
 * The docs are about the project: every relative link in README.md and docs/*.md points at a file
 * of this repository that exists, nothing points outside it, and no text names the project's
 * internal issue numbers (a reader of a clone has no issue tracker; the code and git history say
 * what changed). Links to public pages (https://…) are fine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Relative link targets of a Markdown text: `[text](target)`, without a fragment; examples in code are not links. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('/'));
}

describe.each(docs)('%s', (file) => {
  const text = readFileSync(path.join(root, file), 'utf8');

  test('its relative links point at files of this repository', () => {
    const broken = relativeLinks(text).filter((target) => {
      const resolved = path.resolve(root, path.dirname(file), decodeURIComponent(target));
      return !resolved.startsWith(`${root}${path.sep}`) || !existsSync(resolved);
    });
    expect(broken, 'links that leave the repository or name a missing file').toEqual([]);
  });

  test('it names no path outside the repository', () => {
    expect(text.match(/(?<![\w.])\.\.\/(?:\.\.\/)*(?:shared|\.library)\b[^\s)`]*/g) ?? []).toEqual([]);
  });

  test('it names no internal issue number', () => {
    expect(text.match(/\bissues?\s+#?\d+\b|(?<![\w/-])#\d{1,4}\b/gi) ?? []).toEqual([]);
  });
});

test('the link scanner finds relative links and leaves out URLs and fragments', () => {
  expect(relativeLinks('[a](docs/x.md) [b](https://example.com) [c](#top) [d](../y.md#s "t") [e](/abs)')).toEqual([
    'docs/x.md',
    '../y.md',
  ]);
});
