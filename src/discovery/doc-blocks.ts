/**
 * Markdown syntax-tree builders the generated documentation needs beyond `md` in
 * src/markdown/mdast.ts: inline code, fenced code blocks and tables. The output still goes
 * through the one stringifier (`toMarkdown`), so escaping and style stay the same everywhere.
 */
import type { Code, InlineCode, Link, PhrasingContent, Table, TableCell, Text } from 'mdast';

export function inlineCode(value: string): InlineCode {
  return { type: 'inlineCode', value };
}

/** A fenced code block, e.g. `codeBlock('sh', 'curl …')`. */
export function codeBlock(lang: string, value: string): Code {
  return { type: 'code', lang, value };
}

/** A GFM table; a cell is a string (plain text, escaped) or phrasing nodes. */
export function table(header: string[], rows: (string | PhrasingContent | PhrasingContent[])[][]): Table {
  const cell = (value: string | PhrasingContent | PhrasingContent[]): TableCell => ({
    type: 'tableCell',
    children: typeof value === 'string' ? [{ type: 'text', value }] : Array.isArray(value) ? value : [value],
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [header, ...rows].map((row) => ({ type: 'tableRow', children: row.map(cell) })),
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)]/g;

/**
 * Plain text whose bare URLs become links, so they serialise as `<https://…>` instead of being
 * escaped (`https\://www\.…`) as literal text. For prose written elsewhere, e.g. tool descriptions.
 */
export function textWithLinks(value: string): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(URL_PATTERN)) {
    if (match.index > last) nodes.push({ type: 'text', value: value.slice(last, match.index) } satisfies Text);
    nodes.push({ type: 'link', url: match[0], children: [{ type: 'text', value: match[0] }] } satisfies Link);
    last = match.index + match[0].length;
  }
  if (last < value.length) nodes.push({ type: 'text', value: value.slice(last) });
  return nodes;
}
