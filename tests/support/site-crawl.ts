/**
 * A crawl of a site for dead links: from some start paths, every same-site link of every page,
 * Markdown file and text file it reaches is followed, once, until nothing new is found. One
 * crawler, two ways to fetch:
 * - `crawlDist`: a built dist/ folder, each path resolved as the CDN (Netlify) would serve it
 *   (the file, `<path>.html`, `<path>/index.html`; the rules of dist/_redirects and netlify.toml;
 *   the `Link` headers of dist/_headers and netlify.toml), the function paths answered by the
 *   caller's table. No server, so it runs over any fixture's build in a second or two.
 * - `crawlServer`: a running site (netlify-cli, a deploy), with the headers it really sends.
 *
 * What counts as a link: `href`, `src` and `action` attributes and sitemap `<loc>`s in HTML and
 * XML (Atom feeds included: their entries' links, and the images in their content), Markdown links and autolinks in `.md` and text files, `Sitemap:` lines of robots.txt, and
 * the targets of `Link` response headers. Same-site means a relative path or an absolute URL on
 * one of `origins` (the company's `baseUrl` and `agentUrl`: canonical and hreflang links are
 * absolute). A link is dead when its target answers 404 or 410, or, outside the function's paths,
 * any other 4xx or 5xx.
 *
 * One more rule for HTML: an `<a>` from a page in one language (`<html lang>`) to an HTML page in
 * another must say so with `hreflang` naming the target's language (the language switcher, the
 * listing notes, a layout link to the default language's page where a language has none).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../../src/site/routes.ts';
import { routeAt } from '../../src/http/routes.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { languageListOf, localizedPath } from '../../src/site/languages.ts';

/** A path as the site answered it. */
export interface Fetched {
  status: number;
  contentType: string;
  /** The body, for the types links are read from (HTML, XML, Markdown, text); '' otherwise. */
  body: string;
  /** The targets of the response's `Link` header and of a redirect's `Location`. */
  headerLinks: readonly string[];
}

/** How the crawl fetches a same-site path (with its query, without its fragment). */
type FetchPath = (path: string) => Promise<Fetched>;

/** A link whose target is missing, or an `<a>` into another language without `hreflang`. */
export interface CrawlProblem {
  from: string;
  to: string;
  problem: string;
}

export interface CrawlReport {
  /** Every path fetched, with its status. */
  visited: ReadonlyMap<string, number>;
  problems: CrawlProblem[];
}

export interface CrawlOptions {
  /** Origins whose absolute URLs are this site (the company's baseUrl and agentUrl). */
  origins: readonly string[];
  /** Paths served by a function (`/api/*`): fetched and checked for 404, never read for links. */
  isFunctionPath?: (path: string) => boolean;
  /** Requests at once (a server); 1 by default. */
  concurrency?: number;
}

/** One link found in a document. */
interface FoundLink {
  url: string;
  /** For an HTML `<a>`: its `hreflang`, '' when it has none. */
  hreflang?: string;
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const unescapeHtml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => HTML_ENTITIES[name]!);

/** The start tags of an HTML or XML document: each name (lower case) and its attributes (names lower case, values unescaped). */
export function htmlTags(body: string): { name: string; attributes: Map<string, string> }[] {
  return [...body.matchAll(/<([a-zA-Z][\w:-]*)\b([^>]*)>/g)].map(([, name, attributes]) => ({
    name: name!.toLowerCase(),
    attributes: new Map(
      [...attributes!.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((match) => [
        match[1]!.toLowerCase(),
        unescapeHtml(match[2] ?? match[3] ?? ''),
      ]),
    ),
  }));
}

/** The links of an HTML or XML document: attributes that hold URLs, and sitemap `<loc>`s. */
function htmlLinks(body: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const { name, attributes: values } of htmlTags(body)) {
    for (const attribute of ['href', 'src', 'action']) {
      const url = values.get(attribute);
      if (url === undefined) continue;
      links.push(name === 'a' ? { url, hreflang: values.get('hreflang') ?? '' } : { url });
    }
  }
  for (const match of body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) links.push({ url: unescapeHtml(match[1]!) });
  return links;
}

/** The links of Markdown or plain text: `[text](url)`, `<https://…>` autolinks, robots.txt's `Sitemap:`. */
function textLinks(body: string): FoundLink[] {
  return [
    ...[...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...body.matchAll(/<(https?:\/\/[^>\s]+)>/g)].map((match) => match[1]!),
    ...[...body.matchAll(/^Sitemap:\s*(\S+)/gim)].map((match) => match[1]!),
  ].map((url) => ({ url }));
}

const isHtmlType = (type: string) => /^(text\/html|application\/(xhtml\+|atom\+)?xml|text\/xml)/.test(type);
const isTextType = (type: string) => /^text\/(markdown|plain)/.test(type);

/** The page's language (`<html lang>`), for HTML only. */
const languageOf = (fetched: Fetched) =>
  fetched.contentType.startsWith('text/html') ? /<html\b[^>]*\blang="([^"]+)"/i.exec(fetched.body)?.[1] : undefined;

/** `url` as a path of this site (query kept, fragment dropped), or undefined when it is elsewhere or not a URL. */
function sitePath(url: string, from: string, origins: readonly string[]): string | undefined {
  if (/^(mailto|tel|data|javascript):/i.test(url)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(url, `https://crawl.invalid${from}`);
  } catch {
    return undefined;
  }
  if (resolved.origin !== 'https://crawl.invalid' && !origins.includes(resolved.origin)) return undefined;
  return `${resolved.pathname}${resolved.search}`;
}

/**
 * Crawls from `start` with `fetchPath`: every same-site link of every document reached, each
 * path fetched once. Returns what it fetched and every problem, with the page that linked.
 *
 * Long: one breadth-first loop (fetch, read links, queue the new, then check the `<a>`s into
 * other languages against the languages the fetched pages declare); split, it would hand its
 * queue and maps from function to function.
 */
async function crawl(start: readonly string[], fetchPath: FetchPath, options: CrawlOptions): Promise<CrawlReport> {
  const visited = new Map<string, number>();
  const languages = new Map<string, string>();
  const problems: CrawlProblem[] = [];
  /** `<a>` links between pages, checked once every page's language is known. */
  const anchors: { from: string; to: string; hreflang: string }[] = [];
  const queue: { path: string; from: string }[] = start.map((item) => ({ path: item, from: '(start)' }));
  const seen = new Set(start);
  const isFunction = options.isFunctionPath ?? (() => false);

  const visit = async ({ path: target, from }: { path: string; from: string }) => {
    const fetched = await fetchPath(target);
    visited.set(target, fetched.status);
    const pathname = target.replace(/\?.*$/, '');
    const dead = fetched.status === 404 || fetched.status === 410 || (!isFunction(pathname) && fetched.status >= 400);
    if (dead) problems.push({ from, to: target, problem: `answers ${fetched.status}` });
    if (dead || isFunction(pathname)) return;
    const language = languageOf(fetched);
    if (language) languages.set(target, language);
    const found: FoundLink[] = [
      ...fetched.headerLinks.map((url) => ({ url })),
      ...(isHtmlType(fetched.contentType) ? htmlLinks(fetched.body) : []),
      ...(isTextType(fetched.contentType) ? textLinks(fetched.body) : []),
    ];
    for (const link of found) {
      const next = sitePath(link.url, pathname, options.origins);
      if (next === undefined) continue;
      if (link.hreflang !== undefined) anchors.push({ from: target, to: next, hreflang: link.hreflang });
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push({ path: next, from: target });
    }
  };

  let active = 0;
  const workers = Array.from({ length: options.concurrency ?? 1 }, async () => {
    // Each worker takes the next path; a worker that finds the queue empty while others still
    // fetch waits for them, since their pages may queue more.
    while (queue.length || active > 0) {
      const next = queue.shift();
      if (!next) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      active += 1;
      try {
        await visit(next);
      } finally {
        active -= 1;
      }
    }
  });
  await Promise.all(workers);

  for (const anchor of anchors) {
    const from = languages.get(anchor.from);
    const to = languages.get(anchor.to);
    if (from && to && from !== to && anchor.hreflang !== to)
      problems.push({
        from: anchor.from,
        to: anchor.to,
        problem: `links from a page in ${from} to a page in ${to} without hreflang="${to}"${anchor.hreflang ? ` (it says "${anchor.hreflang}")` : ''}`,
      });
  }
  return { visited, problems };
}

/** A redirect or rewrite rule of dist/_redirects or netlify.toml. */
interface RedirectRule {
  from: RegExp;
  /** The names of `from`'s placeholders, in order (`splat` for `*`). */
  names: string[];
  to: string;
  status: number;
  force: boolean;
}

/** A header rule of dist/_headers or netlify.toml: the `Link` targets it sends on the paths it matches. */
interface HeaderRule {
  for: RegExp;
  links: string[];
  contentType?: string;
}

/** A Netlify path pattern (`/*`, `/*.md`, `/blog/:slug`) as a regular expression, and its placeholders. */
function pattern(value: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = value
    .split(/(\*|:[a-zA-Z]\w*)/)
    .map((part) => {
      if (part === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (/^:[a-zA-Z]\w*$/.test(part)) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`), names };
}

const linkTargets = (value: string) => [...value.matchAll(/<([^>]*)>/g)].map((match) => match[1]!);

/** The rules of a `_redirects` file: `from to [status][!]`, comments and blank lines skipped. */
function redirectsFile(text: string): RedirectRule[] {
  return text.split('\n').flatMap((line) => {
    const [from, to, code] = line.replace(/#.*$/, '').trim().split(/\s+/);
    if (!from || !to) return [];
    const { regex, names } = pattern(from);
    return [
      { from: regex, names, to, status: Number.parseInt(code ?? '301', 10), force: code?.endsWith('!') ?? false },
    ];
  });
}

/** The rules of a `_headers` file: a path line, then its indented `Name: value` lines. */
function headersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: pattern(line.trim()).regex, links: [] });
      continue;
    }
    const rule = rules.at(-1);
    const header = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (!rule || !header) continue;
    if (header[1]!.toLowerCase() === 'link') rule.links.push(...linkTargets(header[2]!));
    if (header[1]!.toLowerCase() === 'content-type') rule.contentType = header[2]!.trim();
  }
  return rules;
}

/**
 * The `[[redirects]]` and `[[headers]]` tables of netlify.toml. Only the forms Netlify documents
 * for them with single-line values are read (`from = "/a"`, `status = 301`, `force = true`,
 * `[headers.values]` with `Link = "<…>"`); anything else in those tables fails, so a rule the
 * crawl cannot read is never skipped in silence.
 */
function netlifyToml(text: string): { redirects: RedirectRule[]; headers: HeaderRule[] } {
  const redirects: RedirectRule[] = [];
  const headers: HeaderRule[] = [];
  let table = '';
  let entry: Record<string, string> = {};
  const close = () => {
    if (table === 'redirects' && entry.from && entry.to) {
      const { regex, names } = pattern(entry.from);
      redirects.push({
        from: regex,
        names,
        to: entry.to,
        status: Number(entry.status ?? 301),
        force: entry.force === 'true',
      });
    }
    if ((table === 'headers' || table === 'headers.values') && entry.for)
      headers.push({
        for: pattern(entry.for).regex,
        links: linkTargets(entry.Link ?? ''),
        ...(entry['Content-Type'] ? { contentType: entry['Content-Type'] } : {}),
      });
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+|\s+#.*$/g, '');
    if (!line || line.startsWith('#')) continue;
    const heading = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (heading) {
      if (heading[1] !== 'headers.values') {
        close();
        entry = {};
      }
      table = heading[1]!;
      continue;
    }
    if (!['redirects', 'headers', 'headers.values'].includes(table)) continue;
    const pair = /^"?([\w.-]+)"?\s*=\s*(?:"([^"]*)"|'([^']*)'|(true|false|\d+))$/.exec(line);
    if (!pair) throw new Error(`netlify.toml: the crawl cannot read this line of [[${table}]]: ${raw.trim()}`);
    entry[pair[1]!] = pair[2] ?? pair[3] ?? pair[4]!;
  }
  close();
  return { redirects, headers };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

/** The file dist/ serves at `pathname`, as Netlify looks for it (trailing slash dropped: the site's rule). */
function staticFile(dist: string, pathname: string): string | undefined {
  const clean = pathname.replace(/(.)\/+$/, '$1');
  const candidates =
    clean === '/' ? ['index.html'] : [clean.slice(1), `${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`];
  return candidates
    .map((candidate) => path.join(dist, candidate))
    .find((file) => file.startsWith(dist) && existsSync(file) && statSync(file).isFile());
}

export interface DistOptions extends Omit<CrawlOptions, 'concurrency'> {
  /** The project folder holding netlify.toml, when its rules apply (none read when absent). */
  project?: string;
  /** The status a function answers at a path `isFunctionPath` accepts (a GET). */
  functionStatus?: (path: string) => number;
}

/**
 * Crawls a built dist/ folder from `start` (page paths: `/`, `/nl`, `/404`), resolving each path
 * as the CDN would. Returns every path reached with its status and every problem found.
 */
export async function crawlDist(dist: string, start: readonly string[], options: DistOptions): Promise<CrawlReport> {
  const root = path.resolve(dist);
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const toml = options.project ? netlifyToml(read(path.join(options.project, 'netlify.toml'))) : undefined;
  const redirects = [...redirectsFile(read(path.join(root, '_redirects'))), ...(toml?.redirects ?? [])];
  const headerRules = [...headersFile(read(path.join(root, '_headers'))), ...(toml?.headers ?? [])];
  const isFunction = options.isFunctionPath ?? (() => false);

  const redirectOf = (pathname: string, forced: boolean) => {
    for (const rule of redirects) {
      if (rule.force !== forced) continue;
      const match = rule.from.exec(pathname);
      if (!match) continue;
      const target = rule.names.reduce((to, name, index) => to.replaceAll(`:${name}`, match[index + 1] ?? ''), rule.to);
      return { target, status: rule.status };
    }
    return undefined;
  };

  const serve = (target: string, hops = 0): Fetched => {
    const pathname = decodeURIComponent(target.replace(/\?.*$/, ''));
    const rules = headerRules.filter((rule) => rule.for.test(pathname));
    const headerLinks = rules.flatMap((rule) => rule.links);
    const redirect =
      redirectOf(pathname, true) ?? (staticFile(root, pathname) ? undefined : redirectOf(pathname, false));
    if (redirect && hops < 10) {
      if (redirect.status === 200) return serve(redirect.target, hops + 1);
      if (redirect.status >= 300 && redirect.status < 400)
        return { status: redirect.status, contentType: '', body: '', headerLinks: [...headerLinks, redirect.target] };
      return { ...serve(redirect.target, hops + 1), status: redirect.status };
    }
    if (isFunction(pathname))
      return { status: options.functionStatus?.(pathname) ?? 200, contentType: '', body: '', headerLinks: [] };
    const file = staticFile(root, pathname);
    if (!file) return { status: 404, contentType: 'text/html', body: '', headerLinks: [] };
    const contentType =
      rules.findLast((rule) => rule.contentType)?.contentType ??
      CONTENT_TYPES[path.extname(file)] ??
      'application/octet-stream';
    const readable = isHtmlType(contentType) || isTextType(contentType);
    return { status: 200, contentType, body: readable ? readFileSync(file, 'utf8') : '', headerLinks };
  };

  return crawl(start, (target) => Promise.resolve(serve(target)), options);
}

/**
 * Crawls a running site at `baseUrl` from `start`, GET by GET (redirects not followed: their
 * `Location` is a link of its own), `concurrency` at a time (4 by default), with `fetch` (the
 * global one by default; a test passes one sending from its own address, as the API's rate
 * limit counts per address).
 */
export function crawlServer(
  baseUrl: string,
  start: readonly string[],
  options: CrawlOptions & { fetch?: typeof fetch },
): Promise<CrawlReport> {
  const base = baseUrl.replace(/\/$/, '');
  const get = options.fetch ?? fetch;
  const fetchPath: FetchPath = async (target) => {
    const response = await get(`${base}${target}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const contentType = response.headers.get('content-type') ?? '';
    const readable = response.ok && (isHtmlType(contentType) || isTextType(contentType));
    const body = readable ? await response.text() : '';
    if (!readable) await response.body?.cancel();
    const location = response.headers.get('location');
    return {
      status: response.status,
      contentType,
      body,
      headerLinks: [...linkTargets(response.headers.get('link') ?? ''), ...(location ? [location] : [])],
    };
  };
  return crawl(start, fetchPath, { concurrency: 4, ...options, origins: [...options.origins, base] });
}

/** The search page's paths (`/search`, `/<code>/search`), which the API function answers. */
const SEARCH_PAGE = new RegExp(`^(/[^/]+)?${ROUTES.search}$`);

/**
 * The API function's paths (functions/api.mts `config.path`: `/api`, `/api/*`, `/search`,
 * `/:lang/search`): what it answers a GET there is a route's answer or the search page, or 404
 * where it has no route.
 */
export const API_FUNCTION = {
  isFunctionPath: (pathname: string) =>
    pathname === '/api' || pathname.startsWith('/api/') || SEARCH_PAGE.test(pathname),
  functionStatus: (pathname: string) =>
    routeAt(pathname.replace(/(.)\/+$/, '$1')) || SEARCH_PAGE.test(pathname) ? 200 : 404,
};

/** Where a crawl of the project's site starts: every language's home page, and the 404 page. */
export function siteStart(project: string): { start: string[]; origins: string[] } {
  const { company } = loadSources(project);
  const languages = languageListOf(company);
  return {
    start: [...languages.codes.map((code) => localizedPath(languages, code, '/')), '/404'],
    origins: [new URL(company.baseUrl).origin, new URL(company.agentUrl).origin],
  };
}

/**
 * Crawls the build of the project at `project` (its dist/, after `astro build`) from every
 * language's home page and the 404 page, with its netlify.toml and the API function's paths.
 */
export async function crawlBuild(project: string): Promise<CrawlReport> {
  const { start, origins } = siteStart(project);
  return crawlDist(path.join(project, 'dist'), start, { origins, project, ...API_FUNCTION });
}

/** The problems of a report, one line each, for a test's failure message. */
export function describeProblems(report: CrawlReport): string {
  return report.problems.map((item) => `${item.from} -> ${item.to}: ${item.problem}`).join('\n');
}
