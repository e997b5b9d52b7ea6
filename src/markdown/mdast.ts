/**
 * Small builders for Markdown syntax trees and the one stringifier every generated Markdown file
 * goes through, so escaping and style (bullets, emphasis, fences) are the same everywhere.
 */
import type { Blockquote, Heading, Link, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Strong, Text } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/**
 * Escapes literal text so no character in it reads as Markdown syntax. Conservative: it escapes
 * every inline marker wherever it stands, and block markers at the start of the text or of a
 * line. The serialiser's own escaping is exact but scans every text against ~40 patterns, which
 * made it the slowest step of the build; this one is a few linear passes.
 */
export function escapeText(value: string): string {
  return value
    .replace(/[\\`*_[\]<|~]/g, '\\$&')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/(^|\n)([ \t]*)([#+=-])(?=[ \t]|$)/g, '$1$2\\$3')
    .replace(/(^|\n)([ \t]*)>/g, '$1$2\\>')
    .replace(/(^|\n)([ \t]*\d+)([.)])(?=[ \t]|$)/g, '$1$2\\$3')
    .replace(/(^|\n)([ \t]*)([=-]+[ \t]*)(?=\n|$)/g, '$1$2\\$3');
}

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

/** Serialises block nodes to Markdown ending in exactly one newline. */
export function toMarkdown(children: RootContent[]): string {
  const root: Root = { type: 'root', children };
  return String(stringifier.stringify(root)).trim() + '\n';
}

export const md = {
  text: (value: string): Text => ({ type: 'text', value }),
  strong: (value: string): Strong => ({ type: 'strong', children: [{ type: 'text', value }] }),
  link: (url: string, label: string): Link => ({ type: 'link', url, children: [{ type: 'text', value: label }] }),
  heading: (depth: 1 | 2 | 3, ...children: (PhrasingContent | string)[]): Heading => ({ type: 'heading', depth, children: children.map(phrase) }),
  paragraph: (...children: (PhrasingContent | string)[]): Paragraph => ({ type: 'paragraph', children: children.map(phrase) }),
  blockquote: (...children: RootContent[]): Blockquote => ({ type: 'blockquote', children: children as Blockquote['children'] }),
  list: (items: (PhrasingContent | string)[][]): List => ({
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item): ListItem => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: item.map(phrase) }] })),
  }),
};

function phrase(value: PhrasingContent | string): PhrasingContent {
  return typeof value === 'string' ? { type: 'text', value } : value;
}

/** Joins phrasing items with a separator, e.g. links separated by ", ". */
export function joinPhrases(items: PhrasingContent[], separator: string): PhrasingContent[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [{ type: 'text', value: separator } as Text, item]));
}
