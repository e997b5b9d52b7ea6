/**
 * The entry digest (src/translations/digest.ts): the same for every way of writing the same entry
 * (what a re-save by the CMS or an editor's tidy-up changes), different as soon as a word does.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readContentFile } from '../../src/model/load-sources.ts';
import { entryDigest } from '../../src/translations/digest.ts';

/** The digest of a whole content file, read as the command reads it. */
async function digestOf(source: string): Promise<string> {
  const { raw, body } = readContentFile(source, 'content/services/x.mdx');
  return entryDigest(raw as Record<string, unknown>, body);
}

const ORIGINAL = `---
title: Cloud migration
summary: We move applications and data out of data centres in planned waves, with rehearsed cutovers.
order: 2
tags: [cloud, delivery]
date: 2025-03-14
quote:
  text: They made the hard part look easy.
  author: Dana Reyes
---

## What we do

A cloud migration is a logistics problem first.
Hundreds of applications have to move.
`;

describe('entryDigest', () => {
  test('is the first 12 hex characters of the SHA-256 of the canonical form, written out here', async () => {
    // Pinned: a change to the canonical form would make every translation record stale.
    const data = {
      title: '  Cloud migration ',
      order: 2,
      quote: { text: 'Easy.', author: 'Dana' },
      date: new Date('2025-03-14T00:00:00Z'),
      draft: true,
      translation: { source: '1a2b3c4d5e6f', text: '9f8e7d6c5b4a' },
    };
    const canonical =
      '{"date":"2025-03-14","order":2,"quote":{"author":"Dana","text":"Easy."},"title":"Cloud migration"}\nA b c';
    const expected = createHash('sha256').update(canonical).digest('hex').slice(0, 12);
    expect(await entryDigest(data, '\n  A\r\n b\t\tc \n')).toBe(expected);
    expect(await digestOf(ORIGINAL)).toMatch(/^[0-9a-f]{12}$/);
  });

  test.each([
    [
      'other quotes',
      ORIGINAL.replace('title: Cloud migration', `title: 'Cloud migration'`).replace('order: 2', 'order: 2 # second'),
    ],
    [
      'double quotes and a quoted date',
      ORIGINAL.replace('title: Cloud migration', 'title: "Cloud migration"').replace(
        'date: 2025-03-14',
        'date: "2025-03-14"',
      ),
    ],
    [
      'another key order, nested too',
      ORIGINAL.replace('order: 2\n', '')
        .replace('title: Cloud migration\n', 'order: 2\ntitle: Cloud migration\n')
        .replace(
          '  text: They made the hard part look easy.\n  author: Dana Reyes\n',
          '  author: Dana Reyes\n  text: They made the hard part look easy.\n',
        ),
    ],
    [
      'a long value wrapped, as a block list',
      ORIGINAL.replace(
        'summary: We move applications and data out of data centres in planned waves, with rehearsed cutovers.',
        'summary: We move applications and data out of data centres\n  in planned waves, with rehearsed cutovers.',
      ).replace('tags: [cloud, delivery]', 'tags:\n  - cloud\n  - delivery'),
    ],
    ['a folded block scalar', ORIGINAL.replace('summary: We move', 'summary: >\n  We move')],
    [
      'trailing spaces and blank lines',
      ORIGINAL.replace('title: Cloud migration', 'title: Cloud migration   ')
        .replace('## What we do', '\n\n## What we do  ')
        .concat('\n\n'),
    ],
    ['CRLF line ends', ORIGINAL.replace(/\n/g, '\r\n')],
    ['the body re-wrapped', ORIGINAL.replace('first.\nHundreds', 'first. Hundreds')],
    ['a draft flag', ORIGINAL.replace('order: 2', 'order: 2\ndraft: false')],
    [
      "search phrases (each language's own, not translated)",
      ORIGINAL.replace('order: 2', 'order: 2\nsearchPhrases:\n  - get out of our own server room'),
    ],
    [
      'a translation record',
      ORIGINAL.replace('order: 2', 'order: 2\ntranslation:\n  source: "1a2b3c4d5e6f"\n  text: "9f8e7d6c5b4a"'),
    ],
  ])('is the same with %s', async (_, variant) => {
    expect(variant).not.toBe(ORIGINAL);
    expect(await digestOf(variant)).toBe(await digestOf(ORIGINAL));
  });

  test('takes a date as a Date (as Astro parses it) or as a string (as the yaml package does) alike', async () => {
    const { raw, body } = readContentFile(ORIGINAL, 'x.mdx');
    const data = raw as Record<string, unknown>;
    expect(data.date).toBe('2025-03-14');
    expect(await entryDigest({ ...data, date: new Date('2025-03-14T00:00:00Z') }, body)).toBe(
      await entryDigest(data, body),
    );
  });

  test.each([
    ['a word of the body', ORIGINAL.replace('logistics problem', 'logistic problem')],
    ['a heading level', ORIGINAL.replace('## What we do', '### What we do')],
    ['a word of the frontmatter', ORIGINAL.replace('rehearsed cutovers', 'tested cutovers')],
    ['a number', ORIGINAL.replace('order: 2', 'order: 3')],
    ['a number written as text', ORIGINAL.replace('order: 2', 'order: "2"')],
    ['a date', ORIGINAL.replace('date: 2025-03-14', 'date: 2025-03-15')],
    ['the order of a list', ORIGINAL.replace('[cloud, delivery]', '[delivery, cloud]')],
    ['a nested value', ORIGINAL.replace('author: Dana Reyes', 'author: Dana Reyes-Smith')],
    ['a field added', ORIGINAL.replace('order: 2', 'order: 2\noutcomes: [Faster]')],
    [
      'a word moved from the frontmatter to the body',
      ORIGINAL.replace('order: 2\n', '').replace('## What', 'order: 2 ## What'),
    ],
  ])('changes with %s', async (_, variant) => {
    expect(await digestOf(variant)).not.toBe(await digestOf(ORIGINAL));
  });
});
