/** The general serialiser with the project's settings, bypassing the fast path, for comparisons. */
import type { RootContent, Text } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { escapeText } from '../../src/markdown/mdast.ts';

const stringifier = unified()
  .use(remarkStringify, {
    bullet: '-',
    emphasis: '_',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    handlers: { text: (node: Text) => escapeText(node.value) },
  })
  .use(remarkGfm)
  .freeze();

export function generalMarkdown(children: RootContent[]): string {
  return String(stringifier.stringify({ type: 'root', children })).trim() + '\n';
}
