/**
 * Content negotiation for page URLs: does this Accept header ask for Markdown rather than HTML?
 * Dependency-free: the Deno edge function imports it directly.
 *
 * Rules: Markdown wins when `text/markdown` is named explicitly with a q-value above zero that
 * is higher than HTML's (HTML's q comes from `text/html`, else `text/*`, else `*\/*`), or equal to
 * it and listed first. A browser's usual header (`text/html,…,*\/*;q=0.8`) therefore gets HTML,
 * and `Accept: text/markdown` or `text/markdown, text/html;q=0.9` gets Markdown.
 */

interface MediaRange {
  type: string;
  q: number;
  order: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      let q = 1;
      for (const param of params) {
        const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
        if (match) q = Math.min(1, Math.max(0, Number.parseFloat(match[1] ?? '1') || 0));
      }
      return { type, q, order };
    })
    .filter((range) => range.type.length > 0);
}

function best(ranges: MediaRange[], types: string[]): MediaRange | undefined {
  for (const type of types) {
    const found = ranges.find((range) => range.type === type);
    if (found) return found;
  }
  return undefined;
}

export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const markdown = best(ranges, ['text/markdown', 'text/x-markdown']);
  if (!markdown || markdown.q <= 0) return false;
  const html = best(ranges, ['text/html', 'application/xhtml+xml', 'text/*', '*/*']);
  if (!html || html.q < markdown.q) return true;
  return html.q === markdown.q && markdown.order < html.order;
}
