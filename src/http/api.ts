/**
 * Everything under /api/, as one `(Request, { clientIp }) -> Response` function: the Netlify
 * function that owns `/api/*` is a shell around it (one function, because netlify-cli gives a
 * request to the first function whose path matches, so siblings on /api/mcp and /api/* would
 * not route the same locally and in production).
 *
 * The routes, their methods and handlers are the table in routes.ts: a route answers its methods,
 * OPTIONS with the CORS preflight (204, any origin, `Allow`), and any other method with 405 and
 * `Allow`; a path no route has gets a 404 ApiError pointing at the docs. Paths are read with
 * canonicalPath (src/site/urls.ts), so `/api/health/` is `/api/health` and `/api/` is `/api`.
 *
 * A local request (loopback client IP) to /api/mcp with a foreign Host gets 403 (DNS-rebinding
 * protection, see host-guard.ts). Every response carries Link and Vary: Accept (COMMON_HEADERS),
 * the CORS headers, the security headers (security-headers.ts) and `Cache-Control: no-store`
 * (cache-headers.ts), but the server card's answers (/api/mcp/server-card, server-card.ts), which
 * are cached like a discovery file. Every request but a preflight counts against the client IP's
 * rate limit and gets RateLimit-* headers; over the limit, 429 with Retry-After.
 */
import type { WaitUntil } from '../leads/after-lead.ts';
import { logError } from '../log.ts';
import { once } from '../once.ts';
import { MAX_NOTE_TEXT, NETLIFY_CLI_404_RETRY, type ApiFacts, type MessageNote } from '../traffic/notes.ts';
import type { ContactHandler } from './contact.ts';
import type { LeadPath } from './lead-path.ts';
import { createMcpHandler, type McpRequestContext } from './mcp-endpoint.ts';
import type { McpServerOptions } from '../mcp/server.ts';
import { ROUTES } from '../site/routes.ts';
import { canonicalPath } from '../site/urls.ts';
import { apiErrorResponse } from './api-error.ts';
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS, DISCOVERY_CORS_HEADERS } from './cors.ts';
import { applyCacheHeaders } from './cache-headers.ts';
import { COMMON_HEADERS } from './headers.ts';
import { healthBody } from './health.ts';
import { isRebindingAttempt } from './host-guard.ts';
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { allowOf, endpointList, routeAt, type ApiRoute } from './routes.ts';
import { createServerCardHandler } from './server-card.ts';
import { messageNotes } from './traffic-notes.ts';
import type { LoadSearchResources } from '../search/page-resources.ts';
import type { SearchEngine } from '../mcp/tools/search-engine.ts';
import { toolLanguages, pathIn } from '../mcp/tools/site-languages.ts';
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

/** Long: a factory: the router, the limiter and the lead pipeline loader are shared by the handler it returns and its small route handlers. */
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
  const base = { ...COMMON_HEADERS, ...CORS_HEADERS };
  const serverCard = createServerCardHandler(head.serverCard, docs);
  // The card's CORS as MCP's discovery text asks (revalidation with If-None-Match, ETag readable).
  const cardCors = {
    ...DISCOVERY_CORS_HEADERS,
    'Access-Control-Allow-Methods': allowOf(routeAt(ROUTES.mcpServerCard)!),
    'Access-Control-Expose-Headers': `${CORS_HEADERS['Access-Control-Expose-Headers']}, ${DISCOVERY_CORS_HEADERS['Access-Control-Expose-Headers']}`,
  };
  /** A contact post without the lead path (none given, or it could not be loaded): nothing was sent. */
  const contactUnavailable = (headers: Record<string, string>) =>
    new Response(
      JSON.stringify({
        error: {
          code: 'store_unavailable',
          message: `The contact form is not available right now: nothing was sent. Please write to ${site.contactEmail}.`,
        },
      }),
      { status: 503, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } },
    );
  // The search page's path in each language (`/search`, `/nl/search`) and its answers, loaded on its first request.
  const languages = toolLanguages(head);
  const searchPaths = new Map(
    (languages?.codes ?? ['']).map((code) => [pathIn(head, code || undefined, ROUTES.search), code]),
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
  const withoutBody = (response: Response) =>
    new Response(null, { status: response.status, headers: response.headers });

  /** Each route's handler (routes.ts names them), for a method the route answers. */
  const handlers: Record<
    ApiRoute['handler'],
    (request: Request, context: ApiRequestContext, limits: Record<string, string>) => Promise<Response>
  > = {
    mcp: (request, context, limits) =>
      mcp(request, {
        clientIp: context.clientIp,
        responseHeaders: limits,
        ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
        ...(context.onOutcomes ? { onOutcomes: context.onOutcomes } : {}),
      }),
    serverCard: (request, _context, limits) => serverCard(request, { ...base, ...cardCors, ...limits }),
    contact: async (request, context, limits) => {
      let handler: ContactHandler | undefined;
      try {
        handler = await contactHandler();
      } catch (error) {
        onError(error);
      }
      if (!handler) return contactUnavailable({ ...base, ...limits });
      return handler(request, {
        clientIp: context.clientIp,
        headers: { ...base, ...limits },
        ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
      });
    },
    health: (request, _context, limits) =>
      Promise.resolve(
        new Response(request.method.toUpperCase() === 'HEAD' ? null : JSON.stringify(healthBody(service, now())), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...base, ...limits },
        }),
      ),
  };

  /** GET and HEAD of the search page (src/http/search-page.ts); any other method 405. */
  const searchAnswer = async (
    request: Request,
    method: string,
    language: string,
    context: ApiRequestContext,
    limits: Record<string, string>,
  ): Promise<Response> => {
    if (method !== 'GET' && method !== 'HEAD') {
      const response = apiErrorResponse(
        {
          code: 'method_not_allowed',
          message: 'The search page answers GET only.',
          hint: `Search with GET ${ROUTES.search}?q=<words>, or with the search_site tool of ${ROUTES.mcp}.`,
          docs,
        },
        { ...base, ...limits, Allow: 'GET, HEAD' },
      );
      return method === 'HEAD' ? withoutBody(response) : response;
    }
    let page: SearchPage | undefined;
    try {
      page = await searchPage();
    } catch (error) {
      onError(error);
    }
    if (!page) {
      // A deployment without the build's search file: nothing to search with here.
      const body = JSON.stringify({
        error: {
          code: 'search_unavailable',
          message: 'The search page is not available on this deployment right now.',
          hint: `Search with the search_site tool of ${ROUTES.mcp}, or read ${ROUTES.llms}.`,
          docs,
        },
      });
      return new Response(method === 'HEAD' ? null : body, {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '60', ...base, ...limits },
      });
    }
    const { response, search } = await page(request, language || languages?.default || '', site.name, {
      ...base,
      ...limits,
    });
    if (search) context.onSearch?.(search);
    return response;
  };

  const answer = async (request: Request, context: ApiRequestContext): Promise<Response> => {
    const path = canonicalPath(new URL(request.url).pathname);
    const method = request.method.toUpperCase();
    const route = routeAt(path);

    if (route?.handler === 'mcp' && isRebindingAttempt(request, context.clientIp, siteHosts)) {
      const response = apiErrorResponse(
        {
          code: 'forbidden_host',
          message:
            "This local server only answers requests addressed to localhost or to the site's own hosts (DNS-rebinding protection).",
          hint: `Send the request to http://localhost:<port>${ROUTES.mcp}.`,
          docs,
        },
        base,
      );
      return method === 'HEAD' ? withoutBody(response) : response;
    }

    if (route && method === 'OPTIONS') {
      const allow = allowOf(route);
      return new Response(null, {
        status: 204,
        headers: { ...COMMON_HEADERS, ...CORS_PREFLIGHT_HEADERS, 'Access-Control-Allow-Methods': allow, Allow: allow },
      });
    }

    const decision = limiter.take(context.clientIp || 'unknown', now().getTime());
    const limits = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const response = apiErrorResponse(
        {
          code: 'rate_limited',
          message: `Too many requests: the limit is ${decision.limit} requests per minute per client IP.`,
          hint: `Wait ${decision.resetSeconds} seconds (Retry-After) before sending more requests.`,
          docs,
        },
        { ...base, ...limits },
      );
      // A HEAD answer never has a body (RFC 9110 §9.3.2), whatever its status.
      return method === 'HEAD' ? withoutBody(response) : response;
    }

    const searchLanguage = searchPaths.get(path);
    if (searchLanguage !== undefined) return searchAnswer(request, method, searchLanguage, context, limits);
    // `/<segment>/search` for a segment that is no language of the site (functions/api.mts routes
    // every one here): not found, with the default language's search form.
    if (OTHER_SEARCH_PATH.test(path)) {
      const response = await searchAnswer(request, method, '', context, limits);
      return response.status === 200
        ? new Response(response.body, { status: 404, headers: response.headers })
        : response;
    }

    if (!route) {
      const response = apiErrorResponse(
        {
          code: 'not_found',
          message: `There is no API endpoint at ${path}.`,
          hint: `The API's endpoints are ${endpointList()}. See the docs.`,
          docs,
        },
        { ...base, ...limits },
      );
      return method === 'HEAD' ? withoutBody(response) : response;
    }
    if ((route.methods as readonly string[]).includes(method)) return handlers[route.handler](request, context, limits);
    const response = apiErrorResponse(
      {
        code: 'method_not_allowed',
        message: `${route.title} does not support this method.`,
        hint: route.otherMethods(site.baseUrl),
        docs,
      },
      { ...base, ...limits, Allow: allowOf(route) },
    );
    return method === 'HEAD' ? withoutBody(response) : response;
  };

  // Every answer, errors included, gets the security headers for its type (the contact form's
  // HTML answers the page policy) and is never stored by any cache, but the server card, which
  // browsers and agents may keep like a discovery file (cache-headers.ts).
  return async (request, context) => {
    let notes: MessageNote[] | undefined;
    let search: PageSearchNote | undefined;
    const response = await answer(
      request,
      options.traffic
        ? {
            ...context,
            // The record's notes, made once from the protocol's outcomes (traffic-notes.ts).
            onOutcomes: (messages, outcomes) => (notes = messageNotes(messages, outcomes)),
            onSearch: (searched) => (search = searched),
          }
        : context,
    );
    const url = new URL(request.url);
    const card =
      routeAt(canonicalPath(url.pathname))?.handler === 'serverCard' &&
      (response.status === 200 || response.status === 304);
    applySecurityHeaders(response.headers);
    applyCacheHeaders(response.headers, card ? 'api-file' : 'api');
    if (options.traffic && !(response.status === 404 && NETLIFY_CLI_404_RETRY.test(url.pathname))) {
      try {
        options.traffic(
          {
            p: canonicalPath(url.pathname),
            h: request.method.toUpperCase(),
            s: response.status,
            u: (request.headers.get('user-agent') ?? '').slice(0, MAX_NOTE_TEXT),
            ...(notes ? { n: notes } : {}),
            ...(search
              ? { q: { q: search.query.slice(0, MAX_NOTE_TEXT), r: search.results, l: search.language } }
              : {}),
          },
          context.waitUntil,
        );
      } catch (error) {
        // The record never changes an answer.
        (options.onError ?? ((thrown: unknown) => logError('traffic', thrown)))(error);
      }
    }
    return response;
  };
}
