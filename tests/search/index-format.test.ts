/** The postings' binary format (src/search/index-format.ts): a round trip, from aligned and unaligned bytes. */
import { describe, expect, test } from 'vitest';
import { buildSearchIndex, headingsOf, searchDocuments } from '../../src/build/search-index.ts';
import { decodePostings, encodePostings, PostingsFormatError } from '../../src/search/index-format.ts';
import { sampleModel } from '../support/sample-site.ts';

const index = buildSearchIndex(searchDocuments(sampleModel()));
const bytes = encodePostings(index);
const decode = (view: Uint8Array) => decodePostings(view, index.terms.length, index.documents.length);

describe('decodePostings', () => {
  test('reads the same postings from a Node Buffer at an unaligned offset (as a pooled read may give)', () => {
    const pool = Buffer.alloc(bytes.byteLength + 1);
    pool.set(bytes, 1);
    const unaligned = pool.subarray(1);
    expect(unaligned.byteOffset % 4).not.toBe(0);
    const expected = decode(bytes);
    const actual = decode(unaligned);
    expect(Array.from(actual.offsets)).toEqual(Array.from(expected.offsets));
    expect(Array.from(actual.docs)).toEqual(Array.from(expected.docs));
    expect(Array.from(actual.scores)).toEqual(Array.from(expected.scores));
    expect(expected.docs.length).toBeGreaterThan(0);
  });

  test('refuses postings of another index, format or length', () => {
    expect(() => decodePostings(bytes, index.terms.length + 1, index.documents.length)).toThrow(PostingsFormatError);
    expect(() => decode(bytes.slice(0, bytes.byteLength - 4))).toThrow(/its header says/);
    expect(() => decode(bytes.slice(0, 8))).toThrow(/less than its header/);
  });
});

describe('headingsOf', () => {
  test("a page's headings and the bold words its points begin with, outside code", () => {
    const markdown = [
      '## How we work',
      '- **Fixed teams, transparent rates.** We work on time and materials.',
      '1. **A first conversation**, free of charge.',
      '**Lead paragraph.** Then the rest.',
      'A sentence with **bold** inside is no heading.',
      '```',
      '## not a heading',
      '- **not a point**',
      '```',
    ].join('\n');
    expect(headingsOf(markdown)).toBe(
      'How we work · Fixed teams, transparent rates. · A first conversation · Lead paragraph.',
    );
  });

  test("the about page's points are among its headings", () => {
    const about = searchDocuments(sampleModel()).find((doc) => doc.id === '/about')!;
    expect(about.headings).toContain('Fixed teams, transparent rates.');
  });
});
