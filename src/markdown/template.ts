/**
 * Markdown templates with named slots: a generated document's prose is written as Markdown
 * (e.g. src/discovery/mcp-docs/mcp.md) and the code fills `{{slot}}`s with what only the code
 * knows: names, numbers, versions, generated tables. Pure: template text and values in, Markdown
 * out; the caller reads the file.
 *
 * What the template may hold, block by block (blocks are separated by blank lines):
 * - a line that is only `{{slot}}`: replaced by the slot's Markdown (a table, a list, whole
 *   sections); an empty value drops the block;
 * - a fenced code block: kept line for line;
 * - a GFM table: each cell filled, a line that is only `{{slot}}` adds the slot's rows, and the
 *   columns are padded as the Markdown serialiser pads them (src/markdown/mdast.ts);
 * - prose (a heading, a paragraph, a one-paragraph blockquote, a list of `- ` items): a line that
 *   does not start a heading or an item continues the one before, so prose can be wrapped in the
 *   template and still comes out one line per paragraph or item, as the serialiser writes it.
 *
 * A slot inside a code span, an autolink (`<…>`) or a link destination (`](…)`) gets its value as
 * it is; anywhere else a text value is escaped so no character of it reads as Markdown. A slot
 * the template names but the code does not fill, a value that is missing, and a value the
 * template never uses all fail with the file, the line and the slot.
 */
import { escapeText } from './mdast.ts';

/** Markdown the code has already written (a table, a list, a link); inserted as it is. */
export interface MarkdownValue {
  readonly markdown: string;
}

/** Rows for a `{{slot}}` line inside a template's table; a string cell is text (escaped). */
export interface TableRowsValue {
  readonly rows: readonly (readonly (string | MarkdownValue)[])[];
}

export type SlotValue = string | number | MarkdownValue | TableRowsValue;

export type SlotValues = Readonly<Record<string, SlotValue | undefined>>;

export function markdown(text: string): MarkdownValue {
  return { markdown: text.trim() };
}

export function tableRows(rows: TableRowsValue['rows']): TableRowsValue {
  return { rows };
}

/** A template that cannot be filled: `message` names the file, line and slot; `hint` says what to change. */
export class TemplateError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(`${message}\n${hint}`);
    this.name = 'TemplateError';
    this.hint = hint;
  }
}

const SLOT = /\{\{([^{}]*)\}\}/g;
const ONLY_SLOT = /^\{\{([^{}]*)\}\}$/;
const DELIMITER_CELL = /^:?-+:?$/;

interface Block {
  /** 1-based line number of the block's first line in the template. */
  line: number;
  lines: string[];
}

/** Fills `template` (read from `source`, named in errors) with `values`. */
export function fillTemplate(template: string, values: SlotValues, source: string): string {
  const used = new Set<string>();
  const fail = (line: number, message: string, hint: string): never => {
    throw new TemplateError(`${source}:${line}: ${message}`, hint);
  };

  const valueOf = (rawName: string, line: number): SlotValue => {
    const name = rawName.trim();
    if (!Object.hasOwn(values, name))
      fail(
        line,
        `unknown slot {{${name}}}`,
        `Slots this template can use: ${Object.keys(values)
          .map((known) => `{{${known}}}`)
          .join(', ')}. Correct the name, or give the slot a value in the code that fills the template.`,
      );
    const value = values[name];
    if (value === undefined || value === null)
      fail(line, `slot {{${name}}} has no value`, 'The code that fills the template gave it undefined.');
    used.add(name);
    return value as SlotValue;
  };

  /** Fills the slots of one logical line; `table` for a table cell, where `|` must be escaped. */
  const fillInline = (text: string, line: number, table: boolean): string => {
    const literal = literalRanges(text);
    const filled = text.replace(SLOT, (match, name: string, offset: number) => {
      const value = valueOf(name, line);
      const inLiteral = literal.some(([start, end]) => offset >= start && offset < end);
      if (inLiteral) {
        if (typeof value !== 'string' && typeof value !== 'number')
          return fail(
            line,
            `slot ${match} stands in code or a URL, where only a plain value fits`,
            'Move the slot out of the code span or link, or give it a string.',
          );
        const plain = String(value);
        if (/[\n`]/.test(plain))
          return fail(line, `the value of ${match} holds a line break or a backtick`, 'It cannot stand in code.');
        return table ? plain.replace(/\|/g, '\\|') : plain;
      }
      if (typeof value === 'string' || typeof value === 'number') return escapeText(String(value));
      if ('rows' in value)
        return fail(line, `slot ${match} holds table rows`, 'Put it on a line of its own inside a table.');
      if (value.markdown.includes('\n'))
        return fail(line, `slot ${match} holds several lines`, 'Put it on a line of its own, between blank lines.');
      return value.markdown;
    });
    if (text.replace(SLOT, '').includes('{{'))
      fail(line, `an unclosed slot in "${text.trim()}"`, 'Write slots as {{name}}.');
    return filled;
  };

  const renderTable = (block: Block): string => {
    const rows: string[][] = [];
    const rowLines: number[] = [];
    let columns = 0;
    block.lines.forEach((text, index) => {
      const line = block.line + index;
      const slot = ONLY_SLOT.exec(text.trim());
      if (slot) {
        const value = valueOf(slot[1]!, line);
        if (typeof value !== 'object' || !('rows' in value))
          return fail(
            line,
            `slot {{${slot[1]!.trim()}}} stands for table rows but holds no rows`,
            'Give it tableRows(…).',
          );
        for (const row of value.rows) {
          rows.push(row.map((cell) => (typeof cell === 'string' ? escapeText(cell) : cell.markdown)));
          rowLines.push(line);
        }
        return;
      }
      if (!text.trim().startsWith('|') || !text.trim().endsWith('|'))
        return fail(line, 'a table row must start and end with "|"', 'Keep each row of a table on one line.');
      const cells = splitRow(text);
      if (index === 1) {
        if (!cells.every((cell) => DELIMITER_CELL.test(cell)))
          return fail(line, 'the second line of a table must be its delimiter row', 'Write | --- | --- |.');
        if (cells.some((cell) => cell.includes(':')))
          return fail(line, 'column alignment is not supported', 'Write the delimiter row without colons.');
        columns = cells.length;
        return;
      }
      rows.push(cells.map((cell) => fillInline(cell, line, true)));
      rowLines.push(line);
    });
    if (columns === 0) fail(block.line, 'a table without a delimiter row', 'The second line must be | --- | --- |.');
    rows.forEach((row, index) => {
      if (row.length !== columns)
        fail(
          rowLines[index]!,
          `a table row has ${row.length} cells, not ${columns}`,
          'Give every row the same cells; write a | inside a cell as \\|.',
        );
    });
    const widths = Array.from({ length: columns }, (_, column) =>
      Math.max(3, ...rows.map((row) => row[column]!.length)),
    );
    const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    const [header, ...body] = rows;
    return [format(header!), format(widths.map((width) => '-'.repeat(width))), ...body.map(format)].join('\n');
  };

  const renderProse = (block: Block): string => {
    const first = block.lines[0]!;
    if (first.startsWith('>')) {
      const parts = block.lines.map((text, index) => {
        if (!text.startsWith('>'))
          fail(block.line + index, 'every line of a blockquote must start with ">"', 'Add the ">".');
        return text.replace(/^>\s?/, '').trim();
      });
      return `> ${fillInline(parts.join(' '), block.line, false)}`;
    }
    const logical: { text: string; line: number }[] = [];
    block.lines.forEach((text, index) => {
      const line = block.line + index;
      const previous = logical.at(-1);
      if (!previous || /^(#{1,6} |- )/.test(text)) logical.push({ text: text.trimEnd(), line });
      else if (previous.text.startsWith('#'))
        fail(line, 'a heading must be one line', 'Put a blank line after the heading.');
      else previous.text += ` ${text.trim()}`;
    });
    return logical.map(({ text, line }) => fillInline(text, line, false)).join('\n');
  };

  const rendered: string[] = [];
  for (const block of blocksOf(template, fail)) {
    const first = block.lines[0]!;
    const slot = block.lines.length === 1 ? ONLY_SLOT.exec(first.trim()) : null;
    if (slot) {
      const value = valueOf(slot[1]!, block.line);
      const text =
        typeof value !== 'object'
          ? escapeText(String(value))
          : 'markdown' in value
            ? value.markdown
            : fail(block.line, `slot {{${slot[1]!.trim()}}} holds table rows`, 'Put it inside a table.');
      if (text !== '') rendered.push(text);
    } else if (first.startsWith('```'))
      rendered.push(
        block.lines.map((text, index) => (index === 0 ? text : fillLiteral(text, block.line + index))).join('\n'),
      );
    else if (first.startsWith('|')) rendered.push(renderTable(block));
    else rendered.push(renderProse(block));
  }

  /** A line of a fenced code block: every slot is a plain value, as it is. */
  function fillLiteral(text: string, line: number): string {
    return text.replace(SLOT, (match, name: string) => {
      const value = valueOf(name, line);
      if (typeof value !== 'string' && typeof value !== 'number')
        return fail(line, `slot ${match} stands in a code block, where only a plain value fits`, 'Give it a string.');
      return String(value);
    });
  }

  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length)
    fail(
      1,
      `${unused.map((name) => `{{${name}}}`).join(', ')} ${unused.length === 1 ? 'is' : 'are'} filled but never used`,
      'Every value the code fills in belongs somewhere in the document: add the slot to the template, or stop filling it.',
    );
  return `${rendered.join('\n\n')}\n`;
}

/** The template's blocks: runs of lines between blank lines; a fenced code block is one block. */
function blocksOf(template: string, fail: (line: number, message: string, hint: string) => never): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let fence: Block | undefined;
  template
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      if (fence) {
        fence.lines.push(text);
        if (/^```\s*$/.test(text)) fence = undefined;
        return;
      }
      if (text.trim() === '') {
        current = undefined;
        return;
      }
      if (text.startsWith('```')) {
        if (current) fail(line, 'a code block must follow a blank line', 'Add a blank line before the fence.');
        fence = { line, lines: [text] };
        blocks.push(fence);
        current = fence;
        return;
      }
      if (!current) {
        current = { line, lines: [] };
        blocks.push(current);
      }
      current.lines.push(text);
    });
  if (fence) fail(fence.line, 'a code block is never closed', 'End it with a line of ```.');
  return blocks;
}

/** The cells of a table row: split at every `|` that is not escaped, without the outer pipes. */
function splitRow(text: string): string[] {
  return text
    .trim()
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Where a line holds code spans, autolinks and link destinations: [start, end) offsets. */
function literalRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const ticks = [...text.matchAll(/`+/g)];
  for (let open = 0; open < ticks.length; open++) {
    const start = ticks[open]!;
    const close = ticks.findIndex((candidate, index) => index > open && candidate[0] === start[0]);
    if (close === -1) continue;
    ranges.push([start.index, ticks[close]!.index + ticks[close]![0].length]);
    open = close;
  }
  for (const match of text.matchAll(/<[^<>\s]+>|\]\([^()\s]*\)/g))
    ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}
