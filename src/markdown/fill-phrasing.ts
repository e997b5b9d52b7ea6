/**
 * A translation's text with its `{placeholders}` filled by Markdown phrasing (links, code) as
 * well as by plain values, for the generators that build Markdown trees from strings.yaml:
 * `fillPhrasing('Docs at {docs}.', { docs: md.link('/mcp.md', '/mcp.md') })` gives
 * `['Docs at ', link, '.']`, ready for `md.paragraph(...)`. Like `fill` (src/site/languages.ts),
 * a placeholder without a value stays as written.
 */
import type { PhrasingContent } from 'mdast';

export function fillPhrasing(
  template: string,
  values: Readonly<Record<string, string | number | PhrasingContent>>,
): (PhrasingContent | string)[] {
  const parts: (PhrasingContent | string)[] = [];
  let text = '';
  let last = 0;
  for (const match of template.matchAll(/\{([a-zA-Z]+)\}/g)) {
    text += template.slice(last, match.index);
    last = match.index + match[0].length;
    const value = match[1]! in values ? values[match[1]!]! : match[0];
    if (typeof value === 'string' || typeof value === 'number') {
      text += String(value);
    } else {
      if (text) parts.push(text);
      text = '';
      parts.push(value);
    }
  }
  text += template.slice(last);
  if (text) parts.push(text);
  return parts;
}
