import { describe, expect, test } from 'vitest';
import { table } from '../../src/discovery/doc-blocks.ts';
import { toMarkdown } from '../../src/markdown/mdast.ts';
import { fillTemplate, markdown, tableRows, TemplateError } from '../../src/markdown/template.ts';

const fill = (template: string, values: Parameters<typeof fillTemplate>[1]) =>
  fillTemplate(template, values, 'docs/x.md');

/** The error `run` throws, for assertions on its fields. */
function errorOf(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error('expected a TemplateError');
}

describe('fillTemplate', () => {
  test('joins wrapped prose into one line per paragraph, list item and blockquote', () => {
    const template = [
      '# {{name}} docs',
      '',
      '> A quote',
      '> on two lines.',
      '',
      'A paragraph',
      'wrapped in the template.',
      '',
      '- One item',
      '  continued.',
      '- Two.',
      '',
    ].join('\n');
    expect(fill(template, { name: 'Acme' })).toBe(
      '# Acme docs\n\n> A quote on two lines.\n\nA paragraph wrapped in the template.\n\n- One item continued.\n- Two.\n',
    );
  });

  test('escapes text values, and gives values in code, autolinks and link destinations as they are', () => {
    const values = { name: 'a_b *c*', url: 'https://x.example/a_b', version: '2025_1' };
    expect(fill('{{name}} `{{version}}` <{{url}}> [here]({{url}})', values)).toBe(
      'a\\_b \\*c\\* `2025_1` <https://x.example/a_b> [here](https://x.example/a_b)\n',
    );
  });

  test('puts a block slot in place, and drops the block when it is empty', () => {
    const values = { table: markdown('| a |\n| - |'), nothing: markdown('') };
    expect(fill('Before.\n\n{{table}}\n\n{{nothing}}\n\nAfter.', values)).toBe('Before.\n\n| a |\n| - |\n\nAfter.\n');
  });

  test('keeps fenced code line for line, with plain values', () => {
    const template = '```sh\ncurl {{url}} \\\n  -d x\n```';
    expect(fill(template, { url: 'https://x.example/a_b' })).toBe(
      '```sh\ncurl https://x.example/a_b \\\n  -d x\n```\n',
    );
  });

  test('fills a table, adds rows from a row slot, and pads the columns as the serialiser does', () => {
    const template = ['| Code | Meaning |', '| --- | --- |', '{{rows}}', '| {{status}} | `{{header}}` or a\\|b |'].join(
      '\n',
    );
    const values = {
      rows: tableRows([
        ['-32700', 'parse error'],
        ['-1', markdown('`x`')],
      ]),
      status: 429,
      header: 'A|B',
    };
    expect(fill(template, values).split('\n')).toEqual([
      '| Code   | Meaning        |',
      '| ------ | -------------- |',
      '| -32700 | parse error    |',
      '| -1     | `x`            |',
      '| 429    | `A\\|B` or a\\|b |',
      '',
    ]);
  });

  test('writes a table exactly as the Markdown serialiser writes the same table', () => {
    const rows = [
      ['Host', 'URL'],
      ['a', 'b|c'],
      ['Agent host', 'x'],
    ];
    const template = ['| Host | URL |', '| --- | --- |', '{{rows}}'].join('\n');
    expect(fill(template, { rows: tableRows(rows.slice(1)) })).toBe(toMarkdown([table(rows[0]!, rows.slice(1))]));
  });

  test('fails on an unknown slot, naming the slot, the file and the line', () => {
    const error = errorOf(() => fill('# Title\n\nHello {{compnay.name}}.', { 'company.name': 'Acme' }));
    expect(error.message).toContain('docs/x.md:3: unknown slot {{compnay.name}}');
    expect(error.hint).toContain('{{company.name}}');
  });

  test('fails on a slot whose value is missing', () => {
    expect(() => fill('Hello {{name}}.', { name: undefined })).toThrow('docs/x.md:1: slot {{name}} has no value');
  });

  test('fails on a value the template never uses', () => {
    expect(() => fill('Hello.', { 'routes-table': markdown('| a |') })).toThrow(
      'docs/x.md:1: {{routes-table}} is filled but never used',
    );
  });

  test('fails on an unclosed slot and on a block value inside a sentence', () => {
    expect(() => fill('Hello {{name}.', { name: 'x' })).toThrow(/docs\/x\.md:1: an unclosed slot/);
    expect(() => fill('See {{table}} here.', { table: markdown('a\nb') })).toThrow(
      'docs/x.md:1: slot {{table}} holds several lines',
    );
    expect(() => fill('`{{table}}`', { table: markdown('a') })).toThrow(/stands in code or a URL/);
  });

  test('fails on a table whose rows do not match its header', () => {
    expect(() => fill('| a | b |\n| --- | --- |\n| 1 |', {})).toThrow('docs/x.md:3: a table row has 1 cells, not 2');
  });
});
