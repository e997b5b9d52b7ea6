/** Paths and URLs of site pages and their Markdown siblings. */
import { PAGE_SEGMENT } from './routes.ts';

/** Page `number` (from 1) of the listing at `basePath`: the listing itself, then `<basePath>/page/<number>`. */
export function listingPagePath(basePath: string, number: number): string {
  return number === 1 ? basePath : `${basePath}/${PAGE_SEGMENT}/${number}`;
}

/** `/` -> `/index.md`, `/services/x` -> `/services/x.md`. */
export function markdownPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath.replace(/\/$/, '')}.md`;
}

/** The page path a Markdown sibling belongs to: `/index.md` -> `/`, `/x.md` -> `/x`. */
export function pagePathOfMarkdown(mdPath: string): string {
  if (mdPath === '/index.md') return '/';
  return mdPath.replace(/\.md$/, '');
}

/**
 * The path a request names, whichever way it is written: without `.html`, `/index.html` or
 * trailing slashes (`/services/x/`, `/services/x.html`, `/` for `/index.html`). netlify-cli
 * answers a function's or page's 404 by retrying such variants of the path, and people type
 * them; reading them all as one path makes every variant get the same answer. The edge
 * function, the API router and the page lookup all use it.
 */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/(?:\/index)?\.html?$/, '/').replace(/\/+$/, '') || '/';
}

/** An absolute URL on `origin` (no trailing slash) for a site path. */
export function absoluteUrl(origin: string, sitePath: string): string {
  return `${origin}${sitePath}`;
}

/**
 * The URL slug of a display name: "Financial services" -> "financial-services".
 * Used for industry and tag filters and compared case-insensitively.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
