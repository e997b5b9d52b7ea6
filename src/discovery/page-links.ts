/**
 * The `Link` header of a page's two representations, so an agent that reads only headers finds
 * the other one: an HTML page points to its Markdown sibling (`rel="alternate";
 * type="text/markdown"`), and the Markdown (the `.md` file, or the page negotiated with
 * `Accept: text/markdown`) points back to the HTML page (`rel="alternate"; type="text/html"`).
 * Both keep the contract's three relations (LINK_HEADER). The edge function (functions/edge/)
 * sets them, as it sets every static response's headers; `_headers` keeps the common value,
 * since a rule per page would be a second copy of the page list.
 */
import { LINK_HEADER } from '../http/headers.ts';
import { ROUTES } from '../site/routes.ts';
import { canonicalPath, markdownPath, pagePathOfMarkdown } from '../site/urls.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';

/** Astro's not-found page (src/pages/404.astro): an HTML file at /404 with no Markdown sibling. */
export const NOT_FOUND_PAGE = '/404';

/**
 * The page a request path names, if it names one: `/`, `/services/x`, and the same with a
 * trailing slash or as `.html`/`index.html` (netlify-cli retries a 404 on those variants, so they
 * must negotiate the same way). Paths of files (`.css`, `.json`, `.md`…) and anything under a
 * dot-folder such as `/.well-known/` (the API catalog has no extension) name no page: no slug
 * starts with a dot.
 */
export function pageOf(pathname: string): string | undefined {
  const page = canonicalPath(pathname);
  if (page.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  return page.slice(page.lastIndexOf('/') + 1).includes('.') ? undefined : page;
}

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

/**
 * The `Link` header a successful static response at a page path gets, if it is a page's: an HTML
 * response (`contentType` text/html) at `pagePath` links its sibling, except the not-found page.
 * Empty otherwise, leaving the common headers as they are.
 */
export function htmlResponseLinks(pagePath: string | undefined, contentType: string | null): Record<string, string> {
  if (pagePath === undefined || pagePath === NOT_FOUND_PAGE) return {};
  if (!contentType?.toLowerCase().startsWith('text/html')) return {};
  return { Link: htmlPageLink(pagePath) };
}

/** The `Link` header of a Markdown response for the file at `mdPath`, if it is a page's sibling. */
export function markdownResponseLinks(mdPath: string): Record<string, string> {
  if (isDiscoveryMarkdown(mdPath) || pagePathOfMarkdown(mdPath) === NOT_FOUND_PAGE) return {};
  return { Link: markdownPageLink(pagePathOfMarkdown(mdPath)) };
}
