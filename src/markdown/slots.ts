/**
 * Markdown with named slots: a generated document's prose is written as Markdown (e.g.
 * src/discovery/mcp-docs/mcp.md, one line per paragraph, list item or table row) and the code
 * fills its slots with what only the code knows. `{{name}}` takes text, escaped so that no
 * character of it reads as Markdown; `{{{name}}}` takes Markdown as it is (a table, a list, a
 * link, or a value inside a code span, an autolink or a link destination, where escaping would
 * show). A line that held only a slot whose value is empty is dropped. A slot the template names
 * and the code does not fill, and a value the template never uses, fail with the file and line.
 */
import { escapeText } from './mdast.ts';

/** Markdown the code has already written; inserted as it is (only into `{{{name}}}`). */
export interface MarkdownValue {
  readonly markdown: string;
}

export type SlotValue = string | number | MarkdownValue;

export function markdown(text: string): MarkdownValue {
  return { markdown: text.trim() };
}

const SLOT = /\{\{(\{?)([^{}]+)\}?\}\}/g;

/** Fills `template` (read from `source`, named in errors) with `values`. */
export function fillSlots(
  template: string,
  values: Readonly<Record<string, SlotValue | undefined>>,
  source: string,
): string {
  const used = new Set<string>();
  const lines = template.split('\n').flatMap((line, index) => {
    const filled = line.replace(SLOT, (_match, brace: string, name: string) => {
      const value = values[name];
      const where = `${source}:${index + 1}: {{${brace}${name}${brace ? '}' : ''}}}`;
      if (value === undefined) throw new Error(`${where} has no value: give it one in the code that fills ${source}.`);
      used.add(name);
      if (typeof value === 'object') {
        if (!brace) throw new Error(`${where}: a Markdown value goes in {{{${name}}}}.`);
        return value.markdown;
      }
      return brace ? String(value) : escapeText(String(value));
    });
    return filled.trim() === '' && line.trim() !== '' ? [] : [filled];
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`${source} has no slot for ${unused.join(', ')}: use them or leave them out.`);
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
