import { markdownToMdast } from 'satteri';
import { describe, expect, test } from 'vitest';
import { escapeText, md, simpleMarkdown, toMarkdown } from '../../src/markdown/mdast.ts';

/** The plain text a Markdown document reads as, after parsing. */
function readBack(markdown: string): string {
  const collect = (node: { type: string; value?: string; children?: unknown[] }): string =>
    node.type === 'text' || node.type === 'inlineCode'
      ? (node.value ?? '')
      : (node.children ?? []).map((child) => collect(child as never)).join('');
  return collect(markdownToMdast(markdown, { features: { frontmatter: false } }));
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
    expect(escapeText('We moved 40 parks to one platform, in 2025.')).toBe(
      'We moved 40 parks to one platform, in 2025.',
    );
  });

  test('escapes inside headings and list items too', () => {
    const markdown = toMarkdown([md.heading(2, '*Star* [title]'), md.list([['# item'], ['1. item']])]);
    const tree = markdownToMdast(markdown, { features: { frontmatter: false } }) as unknown as {
      children: { type: string }[];
    };
    expect(tree.children.map((child) => child.type)).toEqual(['heading', 'list']);
    expect(readBack(markdown)).toBe('*Star* [title]# item1. item');
  });
});

describe('simpleMarkdown', () => {
  test('writes exactly what the general serialiser writes, for every page of the site', async () => {
    const { loadSources } = await import('../../src/model/load-sources.ts');
    const { buildSiteModel } = await import('../../src/model/model.ts');
    const { generalMarkdown } = await import('../../src/markdown/mdast.ts');
    const blocksSeen: string[] = [];
    const spy = (children: Parameters<typeof toMarkdown>[0]) => {
      const fast = simpleMarkdown(children);
      if (fast !== undefined) {
        expect(fast).toBe(generalMarkdown(children));
        blocksSeen.push(fast);
      }
    };
    // The page heads and listings the generators build, fed through both serialisers.
    const model = buildSiteModel(loadSources(process.cwd()));
    for (const page of model.sitePages)
      spy([
        md.heading(1, page.title),
        md.blockquote(md.paragraph(page.description)),
        md.list([[md.link(page.path, page.title), `: ${page.description}`]]),
      ]);
    expect(blocksSeen.length).toBe(model.sitePages.length);
  });

  test('falls back for shapes it does not handle', () => {
    expect(simpleMarkdown([{ type: 'code', value: 'x', lang: 'ts' }])).toBeUndefined();
    expect(simpleMarkdown([md.paragraph(' leading space')])).toBeUndefined();
    expect(simpleMarkdown([md.paragraph(md.link('/a (b)', 'x'))])).toBeUndefined();
  });

  test('leaves a link whose text is its URL to the general serialiser, which writes <url>', () => {
    for (const link of [
      md.link('https://a.example/x', 'https://a.example/x'),
      md.link('mailto:a@b.example', 'a@b.example'),
    ])
      expect(simpleMarkdown([md.paragraph('See ', link)])).toBeUndefined();
    expect(toMarkdown([md.paragraph('See ', md.link('https://a.example/x', 'https://a.example/x'))])).toBe(
      'See <https://a.example/x>\n',
    );
  });

  test('escapes a "!" before a link so it stays a link', () => {
    const markdown = toMarkdown([md.paragraph('Wow!', md.link('/x', 'see'))]);
    expect(markdown).toBe('Wow\\![see](/x)\n');
    const tree = markdownToMdast(markdown, { features: { frontmatter: false } }) as unknown as {
      children: { children: { type: string }[] }[];
    };
    expect(tree.children[0]!.children.map((node) => node.type)).toEqual(['text', 'link']);
  });
});
