/** Paths and URLs of site pages and their Markdown siblings. */
import { isAdminPath, PAGE_SEGMENT } from './routes.ts';

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
 * trailing slashes (`/services/x/`, `/services/x.html`, `/` for `/index.html`), and with any
 * character outside ASCII percent-encoded the one way (encodedPath: `/case-studies/industry/物流`
 * and `…/%e7%89%a9%e6%b5%81` are `…/%E7%89%A9%E6%B5%81`). netlify-cli answers a function's or
 * page's 404 by retrying such variants of the path, and people type them; reading them all as
 * one path makes every variant get the same answer. The edge function, the API router and the
 * page lookup all use it.
 */
export function canonicalPath(pathname: string): string {
  return encodedPath(pathname.replace(/(?:\/index)?\.html?$/, '/').replace(/\/+$/, '') || '/');
}

/**
 * The page a request path names, if it names one: `/`, `/services/x`, and the same with a
 * trailing slash or as `.html`/`index.html` (netlify-cli retries a 404 on those variants, so they
 * must negotiate the same way). Paths of files (`.css`, `.json`, `.md`…) and anything under a
 * dot-folder such as `/.well-known/` (the API catalog has no extension) name no page: no slug
 * starts with a dot. Nor does the content editor (/admin/): it is not a page of the site.
 */
export function pageOf(pathname: string): string | undefined {
  if (isAdminPath(pathname)) return undefined;
  const page = canonicalPath(pathname);
  if (page.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  return page.slice(page.lastIndexOf('/') + 1).includes('.') ? undefined : page;
}

/** A run of percent-escapes of bytes 0x80 and above: the UTF-8 of characters outside ASCII. */
const NON_ASCII_ESCAPES = /(?:%[89a-f][0-9a-f])+/gi;

/**
 * A path as it goes on the wire: every character outside ASCII as its UTF-8 bytes
 * percent-encoded with upper-case hex, in NFC (what browsers send for a link, and what a sitemap,
 * a `Link` header and a Markdown link need), whether it came written out or already encoded.
 * Escapes of ASCII characters (`%2F`, `%20`) are left as they are, so a path is never decoded
 * into something else. A path with a broken escape is returned as it is (it names no page).
 * Every page path of the site model has this form (src/model/model.ts).
 */
export function encodedPath(path: string): string {
  if (!/[^\p{ASCII}]|%[89a-fA-F]/u.test(path)) return path;
  const decoded = decodedPathOrUndefined(path);
  return decoded === undefined
    ? path
    : decoded.normalize('NFC').replace(/[^\p{ASCII}]+/gu, (run) => encodeURIComponent(run));
}

/**
 * A page path with its characters outside ASCII written out (`/case-studies/industry/物流`): the
 * name of its files in dist/ (`物流.html`, `物流.md`, what Netlify's CDN and netlify-cli serve
 * for the encoded request) and of its record among the function's artefacts. Throws on a broken
 * escape (no page path has one).
 */
export function decodedPath(path: string): string {
  return path.replace(NON_ASCII_ESCAPES, (run) => decodeURIComponent(run));
}

/** decodedPath, or undefined for a path with a broken escape (which names no page). */
export function decodedPathOrUndefined(path: string): string | undefined {
  try {
    return decodedPath(path);
  } catch {
    return undefined;
  }
}

/** An absolute URL on `origin` (no trailing slash) for a site path. */
export function absoluteUrl(origin: string, sitePath: string): string {
  return `${origin}${sitePath}`;
}

/**
 * Letters of the Latin script that carry no separable accent but fold to plain letters the way
 * accented ones do (ø is an o with a stroke), so a name in a Latin script keeps an ASCII address.
 */
const LATIN_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** Any letter of LATIN_FOLDS. */
const LATIN_FOLD_LETTERS = new RegExp(`[${Object.keys(LATIN_FOLDS).join('')}]`, 'g');

/**
 * The URL slug of a display name, in any script: "Financial services" -> "financial-services",
 * "Saúde" -> "saude", "物流" -> "物流", "Логистика" -> "логистика". Letters and digits of every
 * script are kept, lower-cased, in NFC; every other run of characters becomes one hyphen.
 * Accents on Latin letters fold away (as they always have, so the addresses of Latin names do
 * not change), and the few Latin letters with a stroke or ligature fold to plain ones; a mark on
 * a letter of another script is part of that letter (ガ, й) and stays. Compatibility forms fold
 * to their plain letters (ｶﾞ -> ガ, ﬁ -> fi), invisible format characters (a zero-width
 * non-joiner, a soft hyphen) are dropped. Used for industry and tag filters and compared
 * case-insensitively; a page path carries it percent-encoded (encodedPath).
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(LATIN_FOLD_LETTERS, (letter) => LATIN_FOLDS[letter]!)
    .replace(/&/g, ' and ')
    .replace(/\p{Cf}+/gu, '')
    .replace(/(^|[^\p{L}\p{N}\p{M}])\p{M}+/gu, '$1')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .normalize('NFC');
}

/** The path of the filter page of `name` (an industry, a tag) under `basePath`/`segment`: `/case-studies/industry/%E7%89%A9%E6%B5%81`. */
export function facetPath(basePath: string, segment: string, name: string): string {
  return `${basePath}/${segment}/${encodeURIComponent(slugify(name))}`;
}
