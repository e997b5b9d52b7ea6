/**
 * The Netlify `_headers` file for static responses (pages, Markdown siblings, discovery files,
 * Astro's assets). Every path gets the common headers (Link relations, `Vary: Accept`) and the
 * security headers every response shares (src/http/security-headers.ts); the discovery files get
 * the Content-Type of src/discovery/discovery-files.ts, Markdown files `text/markdown`, and the
 * discovery files `Access-Control-Allow-Origin: *` (public, read-only) with the CORS lines MCP's
 * discovery text asks for (GET, If-None-Match, a readable ETag). The assets under
 * `/_astro/`, the Markdown files and the discovery files get their Content-Security-Policy,
 * Cross-Origin-Resource-Policy and cache lifetimes (src/http/cache-headers.ts). Pages have no
 * path pattern of their own (`/about` is a page, `/about.md` is not): the edge function gives
 * them theirs (staticResponseHeaders below). Functions set their own headers: on Netlify these
 * rules do not reach function responses.
 *
 * Each header name is set by at most one rule per path: Netlify's handling of one header from
 * several matching rules is not something to rely on.
 */
import { ASSET_PREFIX, CACHE_HEADERS } from '../http/cache-headers.ts';
import { DISCOVERY_CORS_HEADERS } from '../http/cors.ts';
import { COMMON_HEADERS, MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import {
  ADMIN_CSP,
  ADMIN_OPENER_POLICY,
  BASE_SECURITY_HEADERS,
  isHtml,
  RESOURCE_CSP,
  securityHeaders,
} from '../http/security-headers.ts';
import { markdownPath } from '../site/urls.ts';
import { CARD_PREFIX, IMAGE_PREFIX } from '../site/images.ts';
import { WEB_MANIFEST } from '../site/icons.ts';
import { ADMIN_PREFIX, isAdminPath, ROUTES } from '../site/routes.ts';
import { ATOM_CONTENT_TYPE, DISCOVERY_FILES, FEEDS } from './discovery-files.ts';

/** The content editor's files (src/build/admin-files.ts). */
const ADMIN_RULE = `${ADMIN_PREFIX}*`;
/**
 * The editor is for the company's editors only: never indexed, and revalidated on every visit
 * (its files are not fingerprinted, and a deploy may change its configuration).
 */
const ADMIN_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', ...CACHE_HEADERS.page };

/** Every Markdown file: the page siblings, /mcp.md and the agent skills' SKILL.md. */
const MARKDOWN_RULE = '/*.md';
/** Astro's fingerprinted assets. */
const ASSET_RULE = `${ASSET_PREFIX}*`;
/**
 * The content's images and the share cards (src/site/images.ts): named by their digest, so kept
 * for a year like the assets; public to any origin (CORP `cross-origin`), since other sites'
 * link previews and agents embed them; an SVG opened on its own runs and loads nothing.
 */
const IMAGE_RULES = [`${IMAGE_PREFIX}*`, `${CARD_PREFIX}*`];
const IMAGE_HEADERS = {
  'Content-Security-Policy': RESOURCE_CSP,
  'Cross-Origin-Resource-Policy': 'cross-origin',
  ...CACHE_HEADERS.asset,
};

/** A file that is not a page: no script or style of its own, cached as a file. */
const FILE_HEADERS = { 'Content-Security-Policy': RESOURCE_CSP, ...CACHE_HEADERS.file };
/**
 * A discovery file's CORS: any origin, with the methods, the revalidation header and the readable
 * ETag that MCP's discovery text asks of its documents (src/http/cors.ts).
 */
const DISCOVERY_CORS = { 'Access-Control-Allow-Origin': '*', ...DISCOVERY_CORS_HEADERS };
/** Public to any origin (CORS `*`), so embeddable anywhere too. */
const PUBLIC_FILE_HEADERS = {
  ...FILE_HEADERS,
  ...DISCOVERY_CORS,
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

type Rules = [path: string, headers: Record<string, string>][];

/**
 * The Atom feeds (src/discovery/atom-feed.ts), the default language's and, under a language's
 * prefix, every other's (`/:language/insights/feed.xml`: a Netlify placeholder, one segment).
 */
const FEED_RULES = Object.values(FEEDS).flatMap(({ route }) => [ROUTES[route], `/:language${ROUTES[route]}`]);
const FEED_HEADERS = { 'Content-Type': ATOM_CONTENT_TYPE, ...PUBLIC_FILE_HEADERS };
/** A rule's path with `:placeholder` segments, as the expression Netlify matches it with. */
const placeholderPath = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`);

export function staticHeaderRules(): Rules {
  const rules: Rules = [
    ['/*', { ...COMMON_HEADERS, ...BASE_SECURITY_HEADERS }],
    [
      ASSET_RULE,
      {
        'Content-Security-Policy': RESOURCE_CSP,
        'Cross-Origin-Resource-Policy': 'same-origin',
        ...CACHE_HEADERS.asset,
      },
    ],
    // Markdown is public content for agents: embeddable from any origin (CORP), like the
    // discovery files; only the listed discovery files also open CORS.
    [
      MARKDOWN_RULE,
      { 'Content-Type': MARKDOWN_CONTENT_TYPE, ...FILE_HEADERS, 'Cross-Origin-Resource-Policy': 'cross-origin' },
    ],
    ...IMAGE_RULES.map((rule): [string, Record<string, string>] => [rule, IMAGE_HEADERS]),
    [ADMIN_RULE, ADMIN_HEADERS],
    // The web app manifest's own media type (src/discovery/web-manifest.ts); a file like the
    // favicon and the icons, which keep the types of their extensions.
    [WEB_MANIFEST.path, { 'Content-Type': WEB_MANIFEST.contentType, ...FILE_HEADERS }],
  ];
  for (const file of Object.values(DISCOVERY_FILES)) {
    if (!file.isStatic) continue;
    // The `/*.md` rule already sets the type, policy and lifetimes of Markdown files.
    const headers: Record<string, string> = file.path.endsWith('.md')
      ? { ...DISCOVERY_CORS }
      : { 'Content-Type': file.contentType, ...PUBLIC_FILE_HEADERS };
    rules.push([file.path, headers]);
  }
  for (const rule of FEED_RULES) rules.push([rule, FEED_HEADERS]);
  return rules;
}

/**
 * The headers the rules give one path, later rules overriding earlier ones: what Netlify does
 * with `_headers` for a static file. The edge function applies the same to the responses it
 * passes through, so static files carry these headers even where `_headers` is not applied
 * (netlify-cli ignores its Content-Type lines for static files).
 */
export function staticHeadersFor(pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [pattern, values] of staticHeaderRules()) {
    const matches =
      pattern === '/*' ||
      pattern === pathname ||
      (pattern === MARKDOWN_RULE && pathname.endsWith('.md')) ||
      (pattern === ASSET_RULE && pathname.startsWith(ASSET_PREFIX)) ||
      (IMAGE_RULES.includes(pattern) && pathname.startsWith(pattern.slice(0, -1))) ||
      (pattern === ADMIN_RULE && isAdminPath(pathname)) ||
      (FEED_RULES.includes(pattern) && placeholderPath(pattern).test(pathname));
    if (matches) Object.assign(headers, values);
  }
  return headers;
}

/**
 * What the edge function answers for a static path:
 * - `page`: a page as HTML;
 * - `page-markdown`: a page's Markdown variant, negotiated at the page's own URL;
 * - `file`: any other static file (Markdown, discovery files, the favicon…);
 * - `error`: a 404 or any other error.
 */
export type StaticResponseKind = 'page' | 'page-markdown' | 'file' | 'error';

/**
 * Every header the edge function sets on a static response: the rules' headers for the path,
 * the security headers for its type (the page policy for HTML), and its cache lifetimes.
 * A page and its Markdown variant share one URL, so both are cached as a page (browsers
 * revalidate, the CDN keeps each variant apart by `Vary: Accept`); errors are never stored, by
 * browsers or the CDN (`no-store` rather than no header: netlify-cli applies the `_headers`
 * rules beneath a response's own headers, and a `.md` rule's lifetimes must not reach a 404).
 */
export function staticResponseHeaders(
  kind: StaticResponseKind,
  pathname: string,
  contentType: string | null,
): Record<string, string> {
  switch (kind) {
    case 'page':
      // A path without an extension that is not HTML is a file (`/.well-known/api-catalog`).
      if (!isHtml(contentType)) return staticResponseHeaders('file', pathname, contentType);
      return { ...staticHeadersFor(pathname), ...securityHeaders({ contentType: 'text/html' }), ...CACHE_HEADERS.page };
    case 'page-markdown':
      return { ...staticHeadersFor(markdownPath(pathname)), ...CACHE_HEADERS.page };
    case 'file': {
      const rules = staticHeadersFor(pathname);
      if (isAdminPath(pathname))
        return {
          ...securityHeaders({ contentType }),
          ...rules,
          ...(isHtml(contentType)
            ? { 'Content-Security-Policy': ADMIN_CSP, 'Cross-Origin-Opener-Policy': ADMIN_OPENER_POLICY }
            : {}),
        };
      const open = rules['Access-Control-Allow-Origin'] === '*';
      return { ...securityHeaders({ contentType, public: open }), ...CACHE_HEADERS.file, ...rules };
    }
    case 'error':
      return {
        ...COMMON_HEADERS,
        ...securityHeaders({ contentType }),
        ...CACHE_HEADERS.error,
        'Netlify-CDN-Cache-Control': 'no-store',
      };
  }
}

/** The text of `dist/_headers`. */
export function staticHeadersFile(): string {
  const blocks = staticHeaderRules().map(([path, headers]) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return `# Generated by src/discovery/static-headers.ts at build time. Do not edit.\n\n${blocks.join('\n\n')}\n`;
}
