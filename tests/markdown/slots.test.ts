/** The slot filler of the generated Markdown documents (src/markdown/slots.ts). */
import { describe, expect, test } from 'vitest';
import { fillSlots, markdown } from '../../src/markdown/slots.ts';

describe('fillSlots', () => {
  test('text is escaped, {{{…}}} is inserted as it is, and an empty block line is dropped', () => {
    const template =
      '# {{name}}\n\nSee `{{{path}}}` and <{{{url}}}>.\n\n{{{table}}}\n\n{{{empty}}}\n\nEnd: {{count}}.\n';
    expect(
      fillSlots(
        template,
        {
          name: 'A*B [Co]',
          path: '/api/*',
          url: 'https://example.com/a_b',
          table: markdown('| a | b |\n| - | - |\n| 1 | 2 |'),
          empty: markdown(''),
          count: 3,
        },
        'doc.md',
      ),
    ).toBe(
      '# A\\*B \\[Co\\]\n\nSee `/api/*` and <https://example.com/a_b>.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nEnd: 3.\n',
    );
  });

  test('a slot without a value, an unused value and Markdown in a text slot fail, naming the file and line', () => {
    expect(() => fillSlots('a\n{{missing}}\n', {}, 'doc.md')).toThrow('doc.md:2: {{missing}} has no value');
    expect(() => fillSlots('{{a}}\n', { a: 'x', b: 'y' }, 'doc.md')).toThrow('doc.md has no slot for b');
    expect(() => fillSlots('{{a}}\n', { a: markdown('**x**') }, 'doc.md')).toThrow('a Markdown value goes in {{{a}}}');
  });
});
