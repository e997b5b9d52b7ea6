/**
 * Everything under /api/, as one `(Request, { clientIp }) -> Response` function: the Netlify
 * function that owns `/api/*` is a shell around it (one function, because netlify-cli gives a
 * request to the first function whose path matches, so siblings on /api/mcp and /api/* would
 * not route the same locally and in production). It answers the search page for people too
 * (`/search`, `/<code>/search`: search-page.ts).
 *
 * A request goes through steps (steps.ts), one concern each, in the order of the one list at the
 * end of createApiHandler; each answers, or passes the request on and sees the answer come back:
 *
 * 1. the record: every answer's facts go to the traffic record (src/traffic/notes.ts);
 * 2. the contract's headers on every answer: Link and Vary: Accept (COMMON_HEADERS) and the CORS
 *    headers where the answer has none of its own, the security headers for its type
 *    (security-headers.ts) and `Cache-Control: no-store` (cache-headers.ts), but the server card's
 *    answers (/api/mcp/server-card, server-card.ts), which are cached like a discovery file;
 * 3. HEAD: the answer to GET without its body (RFC 9110 §9.3.2), whatever its status;
 * 4. the host guard: a local request (loopback client IP) to /api/mcp with a foreign Host gets
 *    403 (DNS-rebinding protection, host-guard.ts);
 * 5. the CORS preflight: OPTIONS of a route is 204 (any origin, `Allow`), not counted;
 * 6. the rate limit: every other request counts against the client IP's limit and its answer
 *    gets RateLimit-* headers; over the limit, 429 with Retry-After;
 * 7. the search page, in each of the site's languages (search-page.ts);
 * 8. routing: the routes, their methods and handlers are the table in routes.ts; a route answers
 *    its methods, and any other with 405 and `Allow`; a path no route has gets a 404 ApiError
 *    pointing at the docs.
 *
 * Paths are read with canonicalPath (src/site/urls.ts), so `/api/health/` is `/api/health` and
 * `/api/` is `/api`. Every ApiError comes with its code's status from API_ERRORS (api-error.ts).
 */
import type { WaitUntil } from '../leads/after-lead.ts';
import { logError } from '../log.ts';
import { once } from '../once.ts';
import { MAX_NOTE_TEXT, NETLIFY_CLI_404_RETRY, type ApiFacts, type MessageNote } from '../traffic/notes.ts';
import type { ContactHandler } from './contact.ts';
import type { LeadPath } from './lead-path.ts';
import { createMcpHandler, type McpRequestContext } from './mcp-endpoint.ts';
import type { McpServerOptions } from '../mcp/server.ts';
import { ROUTES, searchPathOf } from '../site/routes.ts';
import { canonicalPath } from '../site/urls.ts';
import { apiErrorResponse } from './api-error.ts';
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS } from './cors.ts';
import { applyCacheHeaders } from './cache-headers.ts';
import { COMMON_HEADERS } from './headers.ts';
import { healthBody } from './health.ts';
import { isRebindingAttempt } from './host-guard.ts';
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { allowOf, endpointList, routeAt, type ApiRoute } from './routes.ts';
import { createServerCardHandler } from './server-card.ts';
import { compose, type Step } from './steps.ts';
import { messageNotes } from './traffic-notes.ts';
import type { LoadSearchResources } from '../search/page-resources.ts';
import type { SearchEngine } from '../mcp/tools/search-engine.ts';
import { toolLanguages, prefixOf } from '../mcp/tools/site-languages.ts';
import type { PageSearchNote, SearchPage, SearchPageModule } from './search-page.ts';

/**
 * What the API function answers from: the MCP server's own options (the head, the artefacts,
 * the lead path and pipeline, which the contact form files into too, the contact resources, the
 * stemmers, the clock, the error reports), and the HTTP layer's.
 */
export interface ApiHandlerOptions extends McpServerOptions {
  /**
   * The lead path (lead-path.ts): the contact form's handler and start_conversation, loaded once,
   * by whichever of the two a request reaches first. Without it a contact post is answered 503
   * and start_conversation with a tool error, both with the contact address.
   */
  leadPath?: () => Promise<LeadPath>;
  /**
   * The search page's strings and frame in every language (.generated/search-shell.json), read
   * on the first request of /search. Without them /search answers 503.
   */
  search?: LoadSearchResources;
  /**
   * The search page's answers (src/http/search-page.ts), loaded on the first request of /search:
   * the function imports them from beside its entry (src/lazy/search-page.ts), in-process callers
   * from the source. Without them /search answers 503.
   */
  searchPage?: () => Promise<SearchPageModule>;
  /** Defaults to 120 requests per 60 s per IP with bounded memory. */
  rateLimiter?: RateLimiter;
  /**
   * Told about every answer, after it is made, for the traffic record (src/traffic/notes.ts): its
   * facts and the request's waitUntil.
   */
  traffic?: (facts: ApiFacts, waitUntil: WaitUntil | undefined) => void;
}

export interface ApiRequestContext {
  /** The client IP as the platform saw it (Netlify: `context.ip`), the rate-limit key. */
  clientIp: string;
  /** Keeps the function alive for work after the answer (Netlify: `context.waitUntil`). */
  waitUntil?: WaitUntil;
  /** Told how each message of an MCP request ended, with the message as read (mcp-endpoint.ts). */
  onOutcomes?: McpRequestContext['onOutcomes'];
  /** Told what the search page searched for (the traffic record). */
  onSearch?: (search: PageSearchNote) => void;
}

export type ApiHandler = (request: Request, context: ApiRequestContext) => Promise<Response>;

/**
 * `/<segment>/search` outside /api: functions/api.mts routes every such path to the function
 * (`/:lang/search`); one whose segment is no language of the site is not found.
 */
const OTHER_SEARCH_PATH = new RegExp(`^/(?!api/)[^/]+${ROUTES.search}$`);

/** The headers of every answer that has no value of its own for them: Link, Vary and CORS. */
const EVERY_ANSWER = Object.entries({ ...COMMON_HEADERS, ...CORS_HEADERS });

/** What every step of one request reads (steps.ts): the request, its caller's context, and what its URL names. */
interface Exchange {
  request: Request;
  /** The caller's; the record's step hands the steps after it one that also tells the record. */
  context: ApiRequestContext;
  url: URL;
  /** The URL's path, canonical (canonicalPath). */
  path: string;
  /** The request's method, upper-case. */
  method: string;
  /** The API route at `path`, if any. */
  route: ApiRoute | undefined;
}

/** Long: a factory: the steps, the limiter and the lazily loaded handlers are shared by the handler it returns; the steps are listed in order at its end. */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const { head } = options;
  const { site } = head;
  const now = options.now ?? (() => new Date());
  const limiter = options.rateLimiter ?? createRateLimiter();
  // The lead path and the lead pipeline are loaded once, by whichever of the two endpoints needs them first.
  const leadPath = options.leadPath ? once(options.leadPath) : undefined;
  const leads = options.leads ? once(options.leads) : undefined;
  const contact = options.contact ? once(options.contact) : undefined;
  const onError = options.onError ?? ((error: unknown) => logError('contact endpoint: unexpected error', error));
  const shared = {
    now,
    ...(leadPath ? { leadPath } : {}),
    ...(leads ? { leads } : {}),
    ...(contact ? { contact } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  };
  // One search engine for search_site and the search page: each language's index is read once.
  const searchEngine = once(async (): Promise<SearchEngine> =>
    (await import('../mcp/tools/search-engine.ts')).createSearchEngine(head, options.artefacts, options.stemmers),
  );
  const mcp = createMcpHandler({
    head,
    artefacts: options.artefacts,
    searchEngine,
    ...(options.stemmers ? { stemmers: options.stemmers } : {}),
    ...shared,
    ...(options.onArtefactError ? { onArtefactError: options.onArtefactError } : {}),
  });
  // The contact form's handler (and its HTML) comes with the lead path, on the first form post.
  const contactHandler = once(async () => {
    if (!leadPath) return undefined;
    return (await leadPath()).createContactHandler({ site, ...shared });
  });
  const docs = `${site.baseUrl}${ROUTES.mcpDocs}`;
  const service = `${site.name} agent API`;
  const serverCard = createServerCardHandler(head.serverCard, docs);
  // The search page's path in each language (`/search`, `/nl/search`) and its answers, loaded on its first request.
  const languages = toolLanguages(head);
  const searchPaths = new Map(
    (languages?.codes ?? ['']).map((code) => [searchPathOf(prefixOf(head, code || undefined)), code]),
  );
  const searchPage = once(async (): Promise<SearchPage | undefined> => {
    if (!options.search || !options.searchPage) return undefined;
    const [{ createSearchPage }, resources, engine] = await Promise.all([
      options.searchPage(),
      options.search(),
      searchEngine(),
    ]);
    return createSearchPage({ engine, resources, baseUrl: site.baseUrl });
  });
  const siteHosts = new Set([new URL(site.baseUrl).hostname, new URL(site.agentUrl).hostname]);

  /** Each route's handler (routes.ts names them), for a method the route answers. */
  const handlers: Record<ApiRoute['handler'], (request: Request, context: ApiRequestContext) => Promise<Response>> = {
    mcp: (request, context) =>
      mcp(request, {
        clientIp: context.clientIp,
        ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
        ...(context.onOutcomes ? { onOutcomes: context.onOutcomes } : {}),
      }),
    serverCard: (request) => serverCard(request),
    contact: async (request, context) => {
      let handler: ContactHandler | undefined;
      try {
        handler = await contactHandler();
      } catch (error) {
        onError(error);
      }
      // Without the lead path (none given, or it could not be loaded) nothing was sent.
      if (!handler)
        return apiErrorResponse({
          code: 'store_unavailable',
          message: `The contact form is not available right now: nothing was sent. Please write to ${site.contactEmail}.`,
        });
      return handler(request, {
        clientIp: context.clientIp,
        ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
      });
    },
    health: () =>
      Promise.resolve(
        new Response(JSON.stringify(healthBody(service, now())), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
  };

  /** GET and HEAD of the search page (src/http/search-page.ts) in `language` (the default's for ''); any other method 405. */
  const searchAnswer = async ({ request, context, method }: Exchange, language: string): Promise<Response> => {
    if (method !== 'GET' && method !== 'HEAD') {
      return apiErrorResponse(
        {
          code: 'method_not_allowed',
          message: 'The search page answers GET only.',
          hint: `Search with GET ${ROUTES.search}?q=<words>, or with the search_site tool of ${ROUTES.mcp}.`,
          docs,
        },
        { Allow: 'GET, HEAD' },
      );
    }
    let page: SearchPage | undefined;
    try {
      page = await searchPage();
    } catch (error) {
      onError(error);
    }
    // A deployment without the build's search file: nothing to search with here.
    if (!page) {
      return apiErrorResponse(
        {
          code: 'search_unavailable',
          message: 'The search page is not available on this deployment right now.',
          hint: `Search with the search_site tool of ${ROUTES.mcp}, or read ${ROUTES.llms}.`,
          docs,
        },
        { 'Retry-After': '60' },
      );
    }
    const { response, search } = await page(request, language || languages?.default || '', site.name);
    if (search) context.onSearch?.(search);
    return response;
  };

  /** Tells the traffic record the facts of every answer, as the client gets it; the record never changes an answer. */
  const record: Step<Exchange> = async (exchange, next) => {
    if (!options.traffic) return next();
    const { request, context, url, path, method } = exchange;
    let notes: MessageNote[] | undefined;
    let search: PageSearchNote | undefined;
    exchange.context = {
      ...context,
      // The record's notes, made once from the protocol's outcomes (traffic-notes.ts).
      onOutcomes: (messages, outcomes) => (notes = messageNotes(messages, outcomes)),
      onSearch: (searched) => (search = searched),
    };
    const response = await next();
    if (response.status === 404 && NETLIFY_CLI_404_RETRY.test(url.pathname)) return response;
    try {
      options.traffic(
        {
          p: path,
          h: method,
          s: response.status,
          u: (request.headers.get('user-agent') ?? '').slice(0, MAX_NOTE_TEXT),
          ...(notes ? { n: notes } : {}),
          ...(search ? { q: { q: search.query.slice(0, MAX_NOTE_TEXT), r: search.results, l: search.language } } : {}),
        },
        context.waitUntil,
      );
    } catch (error) {
      (options.onError ?? ((thrown: unknown) => logError('traffic', thrown)))(error);
    }
    return response;
  };

  /**
   * The headers the contract puts on every answer, errors included, whichever step made it: Link,
   * Vary and CORS unless the answer has its own (the preflight's, the server card's), the security
   * headers for its type (the contact form's and the search page's HTML get the page policy), and
   * never stored by any cache, but the server card, which browsers and agents may keep like a
   * discovery file (cache-headers.ts).
   */
  const contractHeaders: Step<Exchange> = async ({ route }, next) => {
    const response = await next();
    const { headers } = response;
    for (const [name, value] of EVERY_ANSWER) if (!headers.has(name)) headers.set(name, value);
    applySecurityHeaders(headers);
    const card = route?.handler === 'serverCard' && (response.status === 200 || response.status === 304);
    applyCacheHeaders(headers, card ? 'api-file' : 'api');
    return response;
  };

  /** A HEAD answer never has a body (RFC 9110 §9.3.2), whatever its status: the steps after this one answer HEAD as GET. */
  const headWithoutBody: Step<Exchange> = async ({ method }, next) => {
    const response = await next();
    if (method !== 'HEAD' || response.body === null) return response;
    await response.body.cancel();
    return new Response(null, { status: response.status, headers: response.headers });
  };

  /** 403 to a possible DNS-rebinding attempt on the MCP endpoint (host-guard.ts). */
  const hostGuard: Step<Exchange> = async ({ request, context, route }, next) => {
    if (route?.handler !== 'mcp' || !isRebindingAttempt(request, context.clientIp, siteHosts)) return next();
    return apiErrorResponse({
      code: 'forbidden_host',
      message:
        "This local server only answers requests addressed to localhost or to the site's own hosts (DNS-rebinding protection).",
      hint: `Send the request to http://localhost:<port>${ROUTES.mcp}.`,
      docs,
    });
  };

  /** The CORS preflight of a route: 204 with its methods; it does not count against the rate limit. */
  const preflight: Step<Exchange> = async ({ method, route }, next) => {
    if (!route || method !== 'OPTIONS') return next();
    const allow = allowOf(route);
    return new Response(null, {
      status: 204,
      headers: { ...CORS_PREFLIGHT_HEADERS, 'Access-Control-Allow-Methods': allow, Allow: allow },
    });
  };

  /** Counts the request against its client IP's limit: 429 over it; RateLimit-* on every answer. */
  const rateLimit: Step<Exchange> = async ({ context }, next) => {
    const decision = limiter.take(context.clientIp || 'unknown', now().getTime());
    const response = decision.allowed
      ? await next()
      : apiErrorResponse({
          code: 'rate_limited',
          message: `Too many requests: the limit is ${decision.limit} requests per minute per client IP.`,
          hint: `Wait ${decision.resetSeconds} seconds (Retry-After) before sending more requests.`,
          docs,
        });
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
    return response;
  };

  /**
   * The search page in each of the site's languages; `/<segment>/search` for a segment that is no
   * language of the site (functions/api.mts routes every one here): not found, with the default
   * language's search form.
   */
  const searchPages: Step<Exchange> = async (exchange, next) => {
    const language = searchPaths.get(exchange.path);
    if (language !== undefined) return searchAnswer(exchange, language);
    if (!OTHER_SEARCH_PATH.test(exchange.path)) return next();
    const response = await searchAnswer(exchange, '');
    return response.status === 200 ? new Response(response.body, { status: 404, headers: response.headers }) : response;
  };

  /** The last step: a route's handler for its methods, 405 for any other, 404 where no route is. */
  const routing: Step<Exchange> = async ({ request, context, path, method, route }) => {
    if (!route) {
      return apiErrorResponse({
        code: 'not_found',
        message: `There is no API endpoint at ${path}.`,
        hint: `The API's endpoints are ${endpointList()}. See the docs.`,
        docs,
      });
    }
    if ((route.methods as readonly string[]).includes(method)) return handlers[route.handler](request, context);
    return apiErrorResponse(
      {
        code: 'method_not_allowed',
        message: `${route.title} does not support this method.`,
        hint: route.otherMethods(site.baseUrl),
        docs,
      },
      { Allow: allowOf(route) },
    );
  };

  // The order of the steps, in one place: each sees the answers of the steps after it.
  const answer = compose<Exchange>([
    record,
    contractHeaders,
    headWithoutBody,
    hostGuard,
    preflight,
    rateLimit,
    searchPages,
    routing,
  ]);

  return (request, context) => {
    const url = new URL(request.url);
    const path = canonicalPath(url.pathname);
    return answer({ request, context, url, path, method: request.method.toUpperCase(), route: routeAt(path) });
  };
}
