/**
 * Language alternates as a deployment declares them, read from its own files: the sitemap's
 * `<xhtml:link rel="alternate" hreflang href>` per `<url>`, an HTML page's `<link rel="alternate"
 * hreflang href>` in its head, and `Link: <url>; rel="alternate"; hreflang="…"` headers; and what
 * the audit concludes from them (which language a page is in, whether every alternate links back).
 * Pure functions over text, so the checks' unit tests feed them fixtures.
 *
 * Pages are compared by path: a sitemap names the public host while the audit may be looking at
 * another (a local server, a deploy preview), and a Markdown response's alternates may name the
 * `.md` siblings; `pagePath` maps all of these onto one page path.
 */

/** One declared alternate: a language (BCP 47 code, or `x-default`) and the page's path. */
export interface Alternate {
  hreflang: string;
  path: string;
}

/** A sitemap `<url>`: its page and the alternates listed with it. */
export interface SitemapEntry {
  path: string;
  alternates: Alternate[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of one tag's source (`rel="alternate" hreflang='nl' href=…`), names lower-cased. */
export function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/g))
    found[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  return found;
}

/**
 * The page path an address stands for, resolved against `base`: the path and query, with a
 * Markdown sibling (`/x.md`, `/index.md`) mapped to its page (`/x`, `/`). Undefined when it is
 * not an address.
 */
export function pagePath(href: string, base: URL | string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  let path = url.pathname;
  if (path === '/index.md') path = '/';
  else if (path.endsWith('/index.md')) path = path.slice(0, -'/index.md'.length);
  else if (path.endsWith('.md')) path = path.slice(0, -'.md'.length);
  return `${path}${url.search}`;
}

function isAlternate(attrs: Record<string, string>): boolean {
  return (attrs.rel ?? '').toLowerCase().split(/\s+/).includes('alternate') && attrs.hreflang !== undefined;
}

function alternatesOf(tags: Iterable<string>, base: URL | string): Alternate[] {
  const alternates: Alternate[] = [];
  for (const tag of tags) {
    const attrs = attributes(tag);
    if (!isAlternate(attrs) || attrs.href === undefined) continue;
    const path = pagePath(attrs.href, base);
    if (path !== undefined) alternates.push({ hreflang: attrs.hreflang!.toLowerCase(), path });
  }
  return alternates;
}

/** The `<url>` entries of a sitemap (`<urlset>`), each with its `hreflang` alternates. */
export function sitemapEntries(xml: string, base: URL | string): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const block of xml.matchAll(/<url\b[^>]*>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>\s*([^<\s]+)\s*<\/loc>/.exec(block[1]!)?.[1];
    const path = loc === undefined ? undefined : pagePath(decodeEntities(loc), base);
    if (path === undefined) continue;
    const links = [...block[1]!.matchAll(/<(?:[\w-]+:)?link\b([^>]*)>/g)].map((match) => match[1]!);
    entries.push({ path, alternates: alternatesOf(links, base) });
  }
  return entries;
}

/** An HTML page's language alternates: `<link rel="alternate" hreflang href>` in its head. */
export function htmlAlternates(html: string, base: URL | string): Alternate[] {
  const head = html.split(/<\/head\s*>/i)[0]!;
  return alternatesOf(
    [...head.matchAll(/<link\b([^>]*)>/gi)].map((match) => match[1]!),
    base,
  );
}

/** The language an HTML page declares with `<html lang>`, lower-cased, or undefined. */
export function htmlLang(html: string): string | undefined {
  const tag = /<html\b([^>]*)>/i.exec(html)?.[1];
  const lang = tag === undefined ? undefined : attributes(tag).lang;
  return lang ? lang.toLowerCase() : undefined;
}

/** The language alternates of a Link header (`<url>; rel="alternate"; hreflang="nl"`). */
export function linkAlternates(
  links: readonly { href: string; params: Record<string, string> }[],
  base: URL | string,
): Alternate[] {
  const alternates: Alternate[] = [];
  for (const link of links) {
    if (!(link.params.rel ?? '').toLowerCase().split(/\s+/).includes('alternate') || !link.params.hreflang) continue;
    const path = pagePath(link.href, base);
    if (path !== undefined) alternates.push({ hreflang: link.params.hreflang.toLowerCase(), path });
  }
  return alternates;
}

/** Whether a declared language tag (`nl`, `nl-NL`) is the code `code`. */
export function sameLanguage(tag: string | null | undefined, code: string): boolean {
  const value = (tag ?? '').trim().toLowerCase();
  return value === code.toLowerCase() || value.startsWith(`${code.toLowerCase()}-`);
}

/**
 * The language of a page: the hreflang under which its own alternates list it, else the first
 * path segment when it is one of `codes` (not the default), else the default language.
 */
export function languageOf(path: string, alternates: readonly Alternate[], codes: readonly string[]): string {
  const own = alternates.find((alternate) => alternate.path === path && alternate.hreflang !== 'x-default');
  if (own && codes.includes(own.hreflang)) return own.hreflang;
  const segment = path.split('/')[1] ?? '';
  return codes.slice(1).includes(segment) ? segment : codes[0]!;
}

/** "en /services/x, nl /nl/services/x" for a report line. */
export function describe(alternates: readonly Alternate[]): string {
  return alternates.length ? alternates.map((item) => `${item.hreflang} ${item.path}`).join(', ') : '(none)';
}

/**
 * What breaks reciprocity among `subjects` in a graph of pages and their declared alternates:
 * a page that does not list itself, an alternate that is not in the graph (not published), an
 * alternate that calls itself another language than the page calls it, and an alternate whose own
 * alternates do not list the page back under the page's language.
 * `x-default` is not a language and is left out.
 */
export function reciprocityProblems(
  graph: ReadonlyMap<string, readonly Alternate[]>,
  subjects: Iterable<string> = graph.keys(),
): string[] {
  const problems: string[] = [];
  for (const page of subjects) {
    const alternates = (graph.get(page) ?? []).filter((item) => item.hreflang !== 'x-default');
    if (alternates.length === 0) continue;
    const self = alternates.find((item) => item.path === page);
    if (!self) {
      problems.push(`${page} does not list itself among its alternates (${describe(alternates)})`);
      continue;
    }
    for (const other of alternates) {
      if (other.path === page) continue;
      const back = graph.get(other.path);
      if (back === undefined) {
        problems.push(`${page} lists ${other.path} (${other.hreflang}), which is not published`);
        continue;
      }
      const backSelf = back.find((item) => item.path === other.path && item.hreflang !== 'x-default');
      if (backSelf && backSelf.hreflang !== other.hreflang)
        problems.push(
          `${page} lists ${other.path} as ${other.hreflang}, but ${other.path} lists itself as ${backSelf.hreflang}`,
        );
      const linked = back.some((item) => item.path === page && item.hreflang === self.hreflang);
      if (!linked)
        problems.push(
          `${page} lists ${other.path} (${other.hreflang}), which does not link back to it as ${self.hreflang} (its alternates: ${describe(back)})`,
        );
    }
  }
  return problems;
}

/** The same set of language alternates (order and x-default aside)? */
export function sameAlternates(a: readonly Alternate[], b: readonly Alternate[]): boolean {
  const key = (items: readonly Alternate[]) =>
    [...new Set(items.filter((item) => item.hreflang !== 'x-default').map((item) => `${item.hreflang} ${item.path}`))]
      .sort()
      .join('|');
  return key(a) === key(b);
}
