/**
 * Content negotiation: for page URLs, does this Accept header ask for Markdown rather than HTML
 * (prefersMarkdown)? And for a resource offered in several media types, which one to send
 * (chooseMediaType). Dependency-free: the Deno edge function imports it directly.
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

/**
 * Which of `offered` (media types without parameters, the preferred first) to send for an Accept
 * header, RFC 9110 §12.5.1: each offered type takes the q-value of the most specific range that
 * matches it (`type/subtype`, then `type/*`, then `*\/*`; none matching is q=0). The highest q
 * wins; on a tie, the type matched by a more specific range (the client named it), then the one
 * offered first. No Accept header (or an empty one) takes the first. Undefined when every
 * offered type has q=0: the client accepts none of them (406).
 */
export function chooseMediaType(accept: string | null | undefined, offered: readonly string[]): string | undefined {
  if (!accept?.trim()) return offered[0];
  const ranges = parseAccept(accept);
  let chosen: { type: string; q: number; specificity: number } | undefined;
  for (const type of offered) {
    const [major = ''] = type.split('/');
    const specific: [range: string, specificity: number][] = [
      [type, 2],
      [`${major}/*`, 1],
      ['*/*', 0],
    ];
    let match: { q: number; specificity: number } | undefined;
    for (const [range, specificity] of specific) {
      const found = ranges.find((candidate) => candidate.type === range);
      if (found) {
        match = { q: found.q, specificity };
        break;
      }
    }
    if (!match || match.q <= 0) continue;
    if (!chosen || match.q > chosen.q || (match.q === chosen.q && match.specificity > chosen.specificity))
      chosen = { type, ...match };
  }
  return chosen?.type;
}
