/**
 * The `Link` header of a page's two representations, so an agent that reads only headers finds
 * the other one: an HTML page points to its Markdown sibling (`rel="alternate";
 * type="text/markdown"`), and the Markdown (the `.md` file, or the page negotiated with
 * `Accept: text/markdown`) points back to the HTML page (`rel="alternate"; type="text/html"`).
 * Both keep the relations every response has (LINK_HEADER). The edge function (functions/edge/)
 * sets them, as it sets every static response's headers; `_headers` keeps the common value,
 * since a rule per page would be a second copy of the page list.
 *
 * On a multilingual site both also name the page's language (`Content-Language`) and its
 * versions in every language that has it, itself included (`<url>; rel="alternate";
 * hreflang="nl"`), and the default language's version as `hreflang="x-default"`: the same
 * absolute URLs as the pages' `<link hreflang>` and the sitemap's `xhtml:link`s
 * (src/discovery/sitemap-xml.ts; hreflang wants absolute URLs, and Lighthouse fails relative
 * ones), from the map the build makes for the edge function (src/discovery/page-languages.ts).
 */
import { LINK_HEADER } from '../http/headers.ts';
import { languageOfPath, localizedPath, unlocalizedPath, type LanguageList } from '../site/languages.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl, canonicalPath, markdownPath, pagePathOfMarkdown } from '../site/urls.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';

/** Astro's not-found page (src/pages/404.astro): an HTML file at /404 with no Markdown sibling. */
export const NOT_FOUND_PAGE = '/404';

/** The parameters of the Link entry an HTML page points to its Markdown sibling with. */
export const MARKDOWN_ALTERNATE = 'rel="alternate"; type="text/markdown"';
/** The parameters of the Link entry a page's Markdown points back to the HTML page with. */
export const HTML_ALTERNATE = 'rel="alternate"; type="text/html"';

/** Markdown files that are not a page's sibling: /mcp.md and the agent skills' SKILL.md files. */
function isDiscoveryMarkdown(mdPath: string): boolean {
  return (
    mdPath.startsWith(`${ROUTES.agentSkillsDir}/`) ||
    Object.values(DISCOVERY_FILES).some((file) => file.path === mdPath)
  );
}

/** `Link` of an HTML page at `pagePath` (canonical, e.g. `/insights/page/2`): the common relations and its Markdown sibling. */
export function htmlPageLink(pagePath: string): string {
  return `${LINK_HEADER}, <${markdownPath(pagePath)}>; ${MARKDOWN_ALTERNATE}`;
}

/** `Link` of the Markdown of the page at `pagePath`: the common relations and the HTML page. */
export function markdownPageLink(pagePath: string): string {
  return `${LINK_HEADER}, <${pagePath}>; ${HTML_ALTERNATE}`;
}

/** Which pages exist in more than one language: made by the build (src/discovery/page-languages.ts). */
export interface PageLanguages {
  /** Every language of the site, the default first. */
  languages: string[];
  /** The site's origin (company.yaml `baseUrl`), which makes the hreflang links absolute. */
  origin: string;
  /** A set of languages (codes joined by `,`, in site order) -> the pages in exactly those languages, as default-language paths. Pages in one language only are not listed. */
  translated: Record<string, string[]>;
  /**
   * Pages whose path is not the same in each language (an industry or tag page and its
   * counterparts): one row per page, its path in each language of `languages` (`''` where there
   * is none). Absent when there are none.
   */
  renamed?: string[][];
}

/** The versions of a page: its path in each language that has it, site order. */
type Versions = readonly (readonly [code: string, path: string])[];

/** The versions of each translated page, by path: default-language paths of `translated`, every path of `renamed`. Built once per map. */
const LOOKUPS = new WeakMap<
  PageLanguages,
  { translated: ReadonlyMap<string, readonly string[]>; renamed: ReadonlyMap<string, Versions> }
>();

function lookupOf(map: PageLanguages) {
  let lookup = LOOKUPS.get(map);
  if (!lookup) {
    const translated = new Map<string, readonly string[]>();
    for (const [set, paths] of Object.entries(map.translated)) {
      const codes = set.split(',');
      for (const path of paths) translated.set(path, codes);
    }
    const renamed = new Map<string, Versions>();
    for (const row of map.renamed ?? []) {
      const versions = row.flatMap((path, index) => (path ? [[map.languages[index]!, path] as const] : []));
      for (const [, path] of versions) renamed.set(path, versions);
    }
    lookup = { translated, renamed };
    LOOKUPS.set(map, lookup);
  }
  return lookup;
}

/** The `hreflang` value of the version to show when no language matches the reader's. */
export const X_DEFAULT_HREFLANG = 'x-default';

/**
 * The language headers of the page at `pagePath` (canonical, any language's): its
 * `Content-Language`, and the Link entries naming its version in each language that has it
 * (itself included, site order) and, as x-default, the default language's version, or where the
 * page has none its first (the sitemap's rule, src/discovery/sitemap-xml.ts). Nothing on a
 * one-language site.
 */
export function pageLanguageHeaders(
  pagePath: string,
  map: PageLanguages | undefined,
): { contentLanguage: string; alternates: string } | undefined {
  if (!map || map.languages.length < 2) return undefined;
  const list: LanguageList = { default: map.languages[0]!, codes: map.languages };
  const page = canonicalPath(pagePath);
  const language = languageOfPath(list, page);
  const lookup = lookupOf(map);
  const path = unlocalizedPath(list, page);
  const versions: Versions =
    lookup.renamed.get(page) ??
    (lookup.translated.get(path) ?? [language]).map((code) => [code, localizedPath(list, code, path)] as const);
  const entry = (href: string, hreflang: string) =>
    `<${absoluteUrl(map.origin, href)}>; rel="alternate"; hreflang="${hreflang}"`;
  const links = versions.map(([code, href]) => entry(href, code));
  const fallback = versions.find(([code]) => code === list.default) ?? versions[0]!;
  links.push(entry(fallback[1], X_DEFAULT_HREFLANG));
  return { contentLanguage: language, alternates: links.join(', ') };
}

/** A Link value with the page's language alternates after it, and its Content-Language, when the site has languages. */
function withLanguages(link: string, pagePath: string, languages: PageLanguages | undefined): Record<string, string> {
  const headers = pageLanguageHeaders(pagePath, languages);
  return headers
    ? { Link: `${link}, ${headers.alternates}`, 'Content-Language': headers.contentLanguage }
    : { Link: link };
}

/**
 * The `Link` header a successful static response at a page path gets, if it is a page's: an HTML
 * response (`contentType` text/html) at `pagePath` links its sibling, except the not-found page.
 * Empty otherwise, leaving the common headers as they are.
 */
export function htmlResponseLinks(
  pagePath: string | undefined,
  contentType: string | null,
  languages?: PageLanguages,
): Record<string, string> {
  if (pagePath === undefined || pagePath === NOT_FOUND_PAGE) return {};
  if (!contentType?.toLowerCase().startsWith('text/html')) return {};
  return withLanguages(htmlPageLink(pagePath), pagePath, languages);
}

/**
 * The `Link` header (and on a multilingual site `Content-Language`) of a Markdown response for
 * the file at `mdPath`, if it is a page's sibling.
 */
export function markdownResponseLinks(mdPath: string, languages?: PageLanguages): Record<string, string> {
  if (isDiscoveryMarkdown(mdPath) || pagePathOfMarkdown(mdPath) === NOT_FOUND_PAGE) return {};
  const pagePath = canonicalPath(pagePathOfMarkdown(mdPath));
  return withLanguages(markdownPageLink(pagePath), pagePath, languages);
}
