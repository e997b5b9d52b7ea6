import { markdownToMdast } from 'satteri';
import { describe, expect, test } from 'vitest';
import { escapeText, md, toMarkdown } from '../../src/markdown/mdast.ts';

/** The plain text a Markdown document reads as, after parsing. */
function readBack(markdown: string): string {
  const collect = (node: { type: string; value?: string; children?: unknown[] }): string =>
    node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : (node.children ?? []).map((child) => collect(child as never)).join('');
  return collect(markdownToMdast(markdown, { features: { frontmatter: false } }) as never);
}

const TRICKY = [
  'C# and F# developers',
  '# not a heading',
  '- not a list',
  '+ not a list either',
  '1. not an ordered list',
  '2) nor this',
  '> not a quote',
  '*not emphasis* and _not_ either and **not strong**',
  '[not a link](https://example.com) and ![not an image](x.png)',
  '`not code` and <not-html> and <https://not.autolink>',
  'a | b | c and ~~not struck~~',
  'AT&amp;T stays literal, &#65; too',
  'back\\slash and trailing \\',
  '===',
  '---',
  'price: $5 — 100% *guaranteed*',
];

describe('escapeText', () => {
  test.each(TRICKY)('reads back as the same text: %s', (value) => {
    expect(readBack(toMarkdown([md.paragraph(value)]))).toBe(value);
  });

  test('leaves ordinary prose alone', () => {
    expect(escapeText('We moved 40 parks to one platform, in 2025.')).toBe('We moved 40 parks to one platform, in 2025.');
  });

  test('escapes inside headings and list items too', () => {
    const markdown = toMarkdown([md.heading(2, '*Star* [title]'), md.list([['# item'], ['1. item']])]);
    const tree = markdownToMdast(markdown, { features: { frontmatter: false } }) as unknown as { children: { type: string }[] };
    expect(tree.children.map((child) => child.type)).toEqual(['heading', 'list']);
    expect(readBack(markdown)).toBe('*Star* [title]# item1. item');
  });
});
