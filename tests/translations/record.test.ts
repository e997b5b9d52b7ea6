/**
 * The translation record as `npm run content -- mark` writes it (src/translations/record.ts):
 * the `translation` block and nothing else changes, byte for byte, whatever the file looks like.
 */
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { readContentFile } from '../../src/model/load-sources.ts';
import { withTranslationRecord } from '../../src/translations/record.ts';

const RECORD = { source: '1a2b3c4d5e6f', text: '9f8e7d6c5b4a' };
/** Plain, as the editor at /admin/ writes a string that needs no quotes. */
const BLOCK = 'translation:\n  source: 1a2b3c4d5e6f\n  text: 9f8e7d6c5b4a';

/** A translation as editors write them: quotes of every kind, a comment, a long line, a list. */
const TRANSLATION = `---
title: "Cloudmigratie: in golven"
summary: We verhuizen applicaties en data van datacenters naar AWS, Azure of Google Cloud in geplande golven, met geoefende omschakelingen.
order: 2 # na platform
tags:
  - cloud
  - 'levering'
draft: false
---

## Wat we doen

Een cloudmigratie is eerst een logistiek vraagstuk.   
`;

const mark = (source: string, record = RECORD) => withTranslationRecord(source, 'content/nl/services/x.mdx', record);

describe('withTranslationRecord', () => {
  test('adds the block at the end of the frontmatter and changes no other byte', () => {
    const marked = mark(TRANSLATION);
    const end = TRANSLATION.indexOf('\n---\n');
    expect(marked).toBe(`${TRANSLATION.slice(0, end)}\n${BLOCK}${TRANSLATION.slice(end)}`);
    const { raw, body } = readContentFile(marked, 'x.mdx');
    expect(raw).toEqual({ ...(parse(TRANSLATION.slice(4, end)) as object), translation: RECORD });
    expect(body).toBe(readContentFile(TRANSLATION, 'x.mdx').body);
  });

  test('replaces a record where it stands, however it was written, and leaves what follows alone', () => {
    const old = [
      'translation:\n  source: "000000000000"\n  text: "111111111111"\n',
      "'translation': { source: '000000000000', text: '111111111111' }\n",
      'translation:\n    text: "111111111111"   # by hand\n\n    source: "000000000000"\n',
    ];
    for (const record of old) {
      const source = TRANSLATION.replace('order: 2', `${record}order: 2`);
      expect(mark(source)).toBe(TRANSLATION.replace('order: 2', `${BLOCK}\norder: 2`));
    }
    // The blank line and the comment after the block are the next field's.
    const spaced = TRANSLATION.replace('order: 2', `${old[0]}\n# the order\norder: 2`);
    expect(mark(spaced)).toBe(TRANSLATION.replace('order: 2', `${BLOCK}\n\n# the order\norder: 2`));
  });

  test('a digest of digits only is quoted, so it stays a string', () => {
    const marked = mark(TRANSLATION, { source: '123456789012', text: RECORD.text });
    expect(marked).toContain("translation:\n  source: '123456789012'\n");
    expect(readContentFile(marked, 'x.mdx').raw).toMatchObject({ translation: { source: '123456789012' } });
  });

  test('marking again with the same digests changes nothing', () => {
    const once = mark(TRANSLATION);
    expect(mark(once)).toBe(once);
    expect(mark(once, { source: 'aaaaaaaaaaaa', text: RECORD.text })).toBe(once.replace(RECORD.source, 'aaaaaaaaaaaa'));
  });

  test('keeps CRLF line ends and writes its own lines with them', () => {
    const crlf = TRANSLATION.replace(/\n/g, '\r\n');
    expect(mark(crlf)).toBe(mark(TRANSLATION).replace(/\n/g, '\r\n'));
    const replaced = mark(crlf, { source: 'aaaaaaaaaaaa', text: 'bbbbbbbbbbbb' });
    expect(mark(replaced)).toBe(mark(TRANSLATION).replace(/\n/g, '\r\n'));
  });

  test('writes digests of digits only in quotes, so they stay text', () => {
    const marked = mark(TRANSLATION, { source: '123456789012', text: '120000000000' });
    expect((readContentFile(marked, 'x.mdx').raw as { translation: unknown }).translation).toEqual({
      source: '123456789012',
      text: '120000000000',
    });
  });

  test('refuses to guess when the record cannot be found where YAML has it', () => {
    const indented = TRANSLATION.replace(
      'order: 2 # na platform\n',
      'order: 2 # na platform\n? translation\n: {source: x}\n',
    );
    expect(() => mark(indented)).toThrow(/content\/nl\/services\/x\.mdx: could not add the translation record/);
    expect(() => mark('no frontmatter')).toThrow(/no frontmatter/);
  });
});
