/**
 * Which surface a request for a static path is (model.ts), for the edge function that counts
 * them: a page (HTML, or its Markdown when asked for with `Accept: text/markdown`), a `.md` file,
 * llms.txt / llms-full.txt of any language, or another discovery file. Assets (scripts, styles,
 * images, fonts) are not counted: undefined. A path that is not found is counted under its
 * surface with the outcome `not-found`, so the report shows what agents looked for and missed
 * (a /.well-known/ file the site does not have, an old page). The content editor (/admin/) is
 * not counted either.
 */
import { isAdminPath } from '../site/routes.ts';
import { pageOf } from '../site/urls.ts';
import type { Outcome, Surface } from './model.ts';
import { looksPersonal } from './normalise.ts';

/** Files that are never counted: the build's assets and the usual binary files. */
const ASSET = /^\/_astro\/|\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|pdf|mp4|webm)$/i;
const LLMS = /^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8})*)?\/llms(?:-full)?\.txt$/i;

/** The longest path the record keeps; a longer one is cut (with "…"), as no page of the site is that long. */
export const MAX_TARGET_LENGTH = 120;

/** A path as a target: without its query string, cut to MAX_TARGET_LENGTH. */
export function targetPath(pathname: string): string {
  const path = pathname.split('?')[0]!.split('#')[0]!;
  return path.length > MAX_TARGET_LENGTH ? `${path.slice(0, MAX_TARGET_LENGTH - 1)}…` : path;
}

/**
 * The target of a path the site did not answer with its own content (not found, refused, rate
 * limited): a stranger can put anything in it, so each segment shaped like personal data (an
 * e-mail address, a phone number, a long number: normalise.ts), also percent-encoded, is kept as
 * "…" ("/contact/jan%40example.nl" -> "/contact/…"). The site's own paths are kept as they are.
 */
export function strangersPath(pathname: string): string {
  const scrubbed = pathname
    .split('?')[0]!
    .split('#')[0]!
    .split('/')
    .map((segment) => {
      let text = segment;
      try {
        text = decodeURIComponent(segment);
      } catch {
        // not valid percent-encoding: looked at as it is
      }
      return looksPersonal(text) ? '…' : segment;
    })
    .join('/');
  return targetPath(scrubbed);
}

/** The surface of a GET or HEAD of a static path, undefined for assets. */
export function staticSurface(pathname: string, wantsMarkdown: boolean): Surface | undefined {
  // The content editor is the company's own tool, not part of what visitors and agents read.
  if (ASSET.test(pathname) || isAdminPath(pathname)) return undefined;
  const page = pageOf(pathname);
  if (page !== undefined) return wantsMarkdown ? 'markdown' : 'page';
  if (LLMS.test(pathname)) return 'llms';
  if (pathname.endsWith('.md')) {
    // A page's sibling is Markdown; /mcp.md and the skills' SKILL.md are discovery files.
    return pathname === '/mcp.md' || pathname.includes('/.well-known/') ? 'discovery' : 'markdown';
  }
  return 'discovery';
}

/** The outcome of an HTTP status. */
export function outcomeOfStatus(status: number): Outcome {
  if (status === 404 || status === 410) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'protocol-error';
  return 'ok';
}
