/**
 * Small builders for Markdown syntax trees and the one stringifier every generated Markdown file
 * goes through, so escaping and style (bullets, emphasis, fences) are the same everywhere.
 */
import type {
  Blockquote,
  Heading,
  Image,
  Link,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast';
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
  return simpleMarkdown(children) ?? generalMarkdown(children);
}

/** The general serialiser alone, without the fast path (the tests compare the two). */
export function generalMarkdown(children: RootContent[]): string {
  const root: Root = { type: 'root', children };
  return String(stringifier.stringify(root)).trim() + '\n';
}

/**
 * The serialiser's output for the few shapes the generators build (headings, paragraphs,
 * blockquotes and tight lists of text, strong text and links), written directly: the general
 * serialiser's per-node bookkeeping was the largest cost of a 1,000-page build. Returns
 * undefined for anything else, which then goes through the general serialiser. Tests check both
 * give the same text for every page of the site.
 */
export function simpleMarkdown(children: readonly RootContent[]): string | undefined {
  const blocks: string[] = [];
  for (const node of children) {
    const block = simpleBlock(node);
    if (block === undefined) return undefined;
    blocks.push(block);
  }
  return `${blocks.join('\n\n')}\n`;
}

function simpleBlock(node: RootContent): string | undefined {
  switch (node.type) {
    case 'heading': {
      const text = simplePhrasing(node.children);
      return text === undefined ? undefined : `${'#'.repeat(node.depth)} ${text}`;
    }
    case 'paragraph':
      return simplePhrasing(node.children);
    case 'blockquote': {
      const inner = simpleMarkdown(node.children);
      return inner === undefined
        ? undefined
        : inner
            .trimEnd()
            .split('\n')
            .map((line) => (line ? `> ${line}` : '>'))
            .join('\n');
    }
    case 'list': {
      if (node.ordered || node.spread) return undefined;
      const items: string[] = [];
      for (const item of node.children) {
        const only = item.children[0];
        if (item.spread || item.checked != null || item.children.length !== 1 || only?.type !== 'paragraph')
          return undefined;
        const text = simplePhrasing(only.children);
        if (text === undefined) return undefined;
        items.push(`- ${text}`);
      }
      return items.join('\n');
    }
    default:
      return undefined;
  }
}

function simplePhrasing(nodes: readonly PhrasingContent[]): string | undefined {
  let out = '';
  for (const node of nodes) {
    let piece: string | undefined;
    if (node.type === 'text') piece = node.value.includes('\n') ? undefined : escapeText(node.value);
    else if (node.type === 'strong') piece = wrap(simplePhrasing(node.children), '**');
    else if (node.type === 'link') {
      const label = simplePhrasing(node.children);
      piece =
        label === undefined || node.title || !node.url || /[\s()<>\\]/.test(node.url) || isAutolink(node)
          ? undefined
          : `[${label}](${node.url})`;
    } else if (node.type === 'image')
      piece =
        node.title || !node.url || /[\s()<>\\]/.test(node.url) || escapeText(node.alt ?? '') !== (node.alt ?? '')
          ? undefined
          : `![${node.alt ?? ''}](${node.url})`;
    if (piece === undefined) return undefined;
    // A `!` right before a link would turn it into an image.
    if (piece.startsWith('[') && out.endsWith('!')) out = `${out.slice(0, -1)}\\!`;
    out += piece;
  }
  // Leading or trailing whitespace needs the general serialiser's encoding.
  return out === '' || out !== out.trim() ? undefined : out;
}

/** A link the general serialiser writes as `<url>` (its text is its URL), not as `[text](url)`. */
function isAutolink(node: Link): boolean {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  return (
    only?.type === 'text' &&
    (only.value === node.url || `mailto:${only.value}` === node.url) &&
    /^[a-z][a-z+.-]+:/i.test(node.url)
  );
}

function wrap(inner: string | undefined, marker: string): string | undefined {
  return inner === undefined || inner === '' || inner !== inner.trim() ? undefined : `${marker}${inner}${marker}`;
}

export const md = {
  text: (value: string): Text => ({ type: 'text', value }),
  strong: (value: string): Strong => ({ type: 'strong', children: [{ type: 'text', value }] }),
  link: (url: string, label: string): Link => ({ type: 'link', url, children: [{ type: 'text', value: label }] }),
  image: (url: string, alt: string): Image => ({ type: 'image', url, alt }),
  heading: (depth: 1 | 2 | 3, ...children: (PhrasingContent | string)[]): Heading => ({
    type: 'heading',
    depth,
    children: children.map(phrase),
  }),
  paragraph: (...children: (PhrasingContent | string)[]): Paragraph => ({
    type: 'paragraph',
    children: children.map(phrase),
  }),
  blockquote: (...children: RootContent[]): Blockquote => ({
    type: 'blockquote',
    children: children as Blockquote['children'],
  }),
  list: (items: (PhrasingContent | string)[][]): List => ({
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item): ListItem => ({
      type: 'listItem',
      spread: false,
      children: [{ type: 'paragraph', children: item.map(phrase) }],
    })),
  }),
};

function phrase(value: PhrasingContent | string): PhrasingContent {
  return typeof value === 'string' ? { type: 'text', value } : value;
}

/** Joins phrasing items with a separator, e.g. links separated by ", ". */
export function joinPhrases(items: PhrasingContent[], separator: string): PhrasingContent[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [{ type: 'text', value: separator }, item]));
}
