/**
 * The site's pages as MCP resources: resources/list (paginated), resources/read, the page URI
 * template and the completion of its path. A page's resource URI is its canonical URL on the
 * site (so an agent can also fetch it), its content the exact Markdown of its `.md` sibling.
 *
 * Only published pages exist here: the list is the page index (src/artefacts/schema.ts), which
 * the build writes from published content only, and a read looks the path up in the same
 * artefacts. Listing and completing read the page index (once per instance); a read reads that
 * one page's record, so no answer grows with the site: a list page holds RESOURCE_PAGE_SIZE
 * resources, a completion at most COMPLETION_MAX values.
 */
import type { ArtefactReader } from '../artefacts/reader.ts';
import type { PageIndexEntry, SiteInfo } from '../artefacts/schema.ts';
import { RESOURCE_PAGE_SIZE } from '../site/bounds.ts';
import type { Era } from './era.ts';
import { ERROR_CODES } from './jsonrpc.ts';
import type { RpcError } from './messages.ts';
import { closestMatches, resolvePagePath } from './tools/page-path.ts';
import { languageOfPath } from '../site/languages.ts';
import { toolLanguages } from './tools/site-languages.ts';

/** What every page resource is. */
export const PAGE_MIME_TYPE = 'text/markdown';

/** The most values completion/complete returns (the protocol's limit). */
export const COMPLETION_MAX = 100;

/** The longest piece of a caller's URI an error message quotes. */
const QUOTE_MAX = 300;

/** MCP `Resource` (and the fields of a `resource_link`). */
export interface PageResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: typeof PAGE_MIME_TYPE;
  size: number;
  /** On a site in more than one language: the page's language. */
  _meta?: { language: string };
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: typeof PAGE_MIME_TYPE;
}

export interface TextResourceContents {
  uri: string;
  mimeType: typeof PAGE_MIME_TYPE;
  text: string;
}

export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: RpcError };

export interface Resources {
  /** One page of resources/list: `cursor` as a previous page's nextCursor gave it. */
  list(cursor: string | undefined): Promise<Outcome<{ resources: PageResource[]; nextCursor?: string }>>;
  /** resources/read: the page's Markdown, or resource-not-found (its code depends on the era). */
  read(uri: string, era: Era): Promise<Outcome<{ contents: [TextResourceContents] }>>;
  /** The page URI template (resources/templates/list). */
  template: ResourceTemplate;
  /** Completion of the template's `path` argument. */
  completePath(value: string): Promise<Completion>;
  /** The resource of a published page path; undefined when no published page has it. */
  resourceOf(path: string): Promise<PageResource | undefined>;
  /** A published page as an embedded resource's contents; undefined when no published page has it. */
  contentsOf(path: string): Promise<TextResourceContents | undefined>;
}

/** The URI template of every page resource: the site's origin and the page path without its leading slash. */
export const pageTemplateUri = (baseUrl: string) => `${baseUrl}/{+path}`;

/** The resource URI of a page path: its canonical URL. */
export const pageUri = (site: Pick<SiteInfo, 'baseUrl'>, path: string) => `${site.baseUrl}${path}`;

const quote = (text: string) => JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

const encodeCursor = (offset: number, buildId: string) =>
  Buffer.from(`${offset}@${buildId}`, 'utf8').toString('base64url');

/** The offset a cursor names, or undefined when it is not one this build issued. */
function decodeCursor(cursor: string, buildId: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const match = /^(0|[1-9][0-9]{0,8})@(.+)$/s.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[2] !== buildId) return undefined;
  const offset = Number(match[1]);
  return offset > 0 && offset % RESOURCE_PAGE_SIZE === 0 ? offset : undefined;
}

/** Candidates that start with `value` first (in their order), then those that contain it; case is ignored. */
export function completeFrom(candidates: readonly string[], value: string): Completion {
  const wanted = value.trim().toLowerCase();
  const starting: string[] = [];
  const containing: string[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (lower.startsWith(wanted)) starting.push(candidate);
    else if (lower.includes(wanted)) containing.push(candidate);
  }
  const all = [...starting, ...containing];
  return { values: all.slice(0, COMPLETION_MAX), total: all.length, hasMore: all.length > COMPLETION_MAX };
}

/**
 * The resources of a site; `languages` (the head's, the default first) only on a site in more
 * than one language: the list then holds every language's pages, the default language's first
 * and each other language's after it, each naming its language in `_meta`.
 *
 * Long: a factory: the page index and its URI rules are shared by resources/list, read, templates and completion it returns.
 */
export function createResources(
  site: SiteInfo,
  buildId: string,
  artefacts: ArtefactReader,
  languages?: readonly string[],
): Resources {
  const list = toolLanguages({ languages: languages && [...languages] });
  const resourceFrom = ([path, title, , description, size]: PageIndexEntry): PageResource => ({
    uri: pageUri(site, path),
    name: path,
    title,
    description,
    mimeType: PAGE_MIME_TYPE,
    size,
    ...(list ? { _meta: { language: languageOfPath(list, path) } } : {}),
  });
  const byPath = async () => {
    const { pages } = await artefacts.pageIndex();
    return pages;
  };
  let entries: Map<string, PageIndexEntry> | undefined;
  const entryOf = async (path: string) => {
    entries ??= new Map((await byPath()).map((entry) => [entry[0], entry]));
    return entries.get(path);
  };

  const template: ResourceTemplate = {
    uriTemplate: pageTemplateUri(site.baseUrl),
    name: 'page',
    title: `A page of ${site.name}`,
    description:
      `Any published page of ${site.baseUrl} as Markdown: path is the page's path without the leading slash ` +
      '(empty for the home page)' +
      (list ? `; a page in another language than ${list.default} starts with its code (${list.codes[1]}/…)` : '') +
      '. completion/complete suggests paths.',
    mimeType: PAGE_MIME_TYPE,
  };

  const notFound = async (uri: string, era: Era): Promise<RpcError> => {
    const code = era === 'modern' ? ERROR_CODES.invalidParams : ERROR_CODES.resourceNotFound;
    const resolved = resolvePagePath(uri, site);
    let hint: string;
    if (resolved.ok && (await entryOf(resolved.path)))
      hint = `The page's resource URI is ${pageUri(site, resolved.path)}: read that.`;
    else {
      const paths = (await byPath()).map(([path]) => path);
      const closest = resolved.ok ? closestMatches(resolved.path, paths) : [];
      hint =
        `Resource URIs are the page URLs on ${site.baseUrl} that resources/list gives` +
        (closest.length ? ` (closest: ${closest.map((path) => pageUri(site, path)).join(', ')})` : '') +
        '; to find a page by topic, call the search_site tool.';
    }
    return {
      code,
      message: `Resource not found: ${quote(uri)} is no published page of this site. ${hint}`,
      data: { uri: uri.length > QUOTE_MAX ? uri.slice(0, QUOTE_MAX) : uri },
    };
  };

  const contentsOf = async (path: string): Promise<TextResourceContents | undefined> => {
    const page = await artefacts.page(path);
    return page ? { uri: pageUri(site, page.path), mimeType: PAGE_MIME_TYPE, text: page.markdown } : undefined;
  };

  return {
    template,

    async list(cursor) {
      let offset = 0;
      if (cursor !== undefined) {
        const decoded = decodeCursor(cursor, buildId);
        if (decoded === undefined)
          return {
            ok: false,
            error: {
              code: ERROR_CODES.invalidParams,
              message:
                'Invalid cursor: it is not a nextCursor this deployment issued (it may be from an earlier deployment). ' +
                'Call resources/list without a cursor to start again.',
            },
          };
        offset = decoded;
      }
      const pages = await byPath();
      if (offset >= pages.length && offset > 0)
        return {
          ok: false,
          error: {
            code: ERROR_CODES.invalidParams,
            message:
              'Invalid cursor: it points past the last page. Call resources/list without a cursor to start again.',
          },
        };
      const next = offset + RESOURCE_PAGE_SIZE;
      return {
        ok: true,
        value: {
          resources: pages.slice(offset, next).map(resourceFrom),
          ...(next < pages.length ? { nextCursor: encodeCursor(next, buildId) } : {}),
        },
      };
    },

    async read(uri, era) {
      // Only the canonical URL names a resource: a resource's URI is its identity.
      const prefix = `${site.baseUrl}/`;
      const path = uri.startsWith(prefix) ? uri.slice(site.baseUrl.length) : undefined;
      const contents = path !== undefined && (await entryOf(path)) ? await contentsOf(path) : undefined;
      return contents ? { ok: true, value: { contents: [contents] } } : { ok: false, error: await notFound(uri, era) };
    },

    async completePath(value) {
      const paths = (await byPath()).map(([path]) => path.slice(1)).filter((path) => path !== '');
      return completeFrom(paths, value.replace(/^\/+/, ''));
    },

    async resourceOf(path) {
      const entry = await entryOf(path);
      return entry ? resourceFrom(entry) : undefined;
    },

    contentsOf,
  };
}
