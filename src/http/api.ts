/**
 * Everything under /api/, as one `(Request, { clientIp }) -> Response` function: the Netlify
 * function that owns `/api/*` is a shell around it (one function, because netlify-cli gives a
 * request to the first function whose path matches, so siblings on /api/mcp and /api/* would
 * not route the same locally and in production).
 *
 * - POST /api/mcp: the MCP handler; OPTIONS: CORS preflight (204, any origin); any other
 *   method: 405 with `Allow: POST, OPTIONS`.
 * - GET/HEAD /api/health: liveness; OPTIONS: 204; other methods: 405.
 * - POST /api/contact: the contact form (contact.ts), JSON or a form post; OPTIONS: 204; other
 *   methods: 405 with `Allow: POST, OPTIONS`.
 * - anything else: 404 ApiError pointing at the docs.
 *
 * A local request (loopback client IP) to /api/mcp with a foreign Host gets 403 (DNS-rebinding
 * protection, see host-guard.ts). Every response carries Link and Vary: Accept (COMMON_HEADERS)
 * and the CORS headers. Every
 * request but a preflight counts against the client IP's rate limit and gets RateLimit-*
 * headers; over the limit, 429 with Retry-After.
 */
import type { ArtefactReader } from '../artefacts/reader.ts';
import type { Head } from '../artefacts/schema.ts';
import type { WaitUntil } from '../leads/after-lead.ts';
import type { LeadPipeline } from '../leads/pipeline.ts';
import { once } from '../once.ts';
import { createMcpHandler } from './mcp-endpoint.ts';
import type { ArtefactErrorReporter } from '../mcp/tools/define-tool.ts';
import { ROUTES } from '../site/routes.ts';
import { apiErrorResponse } from './api-error.ts';
import type { ContactShell } from './contact-html.ts';
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS } from './cors.ts';
import { COMMON_HEADERS } from './headers.ts';
import { healthBody } from './health.ts';
import { isRebindingAttempt } from './host-guard.ts';
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from './rate-limit.ts';

export interface ApiHandlerOptions {
  /** The build's head: the company, the tool descriptors, the filters (src/artefacts/schema.ts). */
  head: Head;
  /** The build's artefacts, read on first use. */
  artefacts: ArtefactReader;
  /**
   * Where start_conversation and the contact form file leads: loaded on the first request that
   * files one, once (netlifyLeadPipeline in production). Without it both answer "unavailable".
   */
  leads?: () => Promise<LeadPipeline>;
  /** The built /contact page around its <main>, for the HTML answers to form posts. */
  contactShell?: ContactShell;
  /** The clock (tests inject one). */
  now?: () => Date;
  /** Defaults to 120 requests per 60 s per IP with bounded memory. */
  rateLimiter?: RateLimiter;
  /** Told about unexpected errors (default: logError, src/log.ts: no message, no data). */
  onError?: (error: unknown) => void;
  /** Told when a tool cannot read an artefact (default: one line naming the tool, the file and the problem). */
  onArtefactError?: ArtefactErrorReporter;
}

export interface ApiRequestContext {
  /** The client IP as the platform saw it (Netlify: `context.ip`), the rate-limit key. */
  clientIp: string;
  /** Keeps the function alive for work after the answer (Netlify: `context.waitUntil`). */
  waitUntil?: WaitUntil;
}

export type ApiHandler = (request: Request, context: ApiRequestContext) => Promise<Response>;

/**
 * The endpoint a path names. netlify-cli (not Netlify itself) answers a function's 404 or 403 by
 * sending the same request again to `/x/`, `/x.html`, `/x.htm`, `/x/index.html` and
 * `/x/index.htm`, and returns the last answer; reading those variants as `/x` makes every retry
 * give the same answer, so a local run shows what production shows.
 */
export function apiPath(pathname: string): string {
  return pathname.replace(/(?:\/index)?\.html?$/, '').replace(/(.)\/+$/, '$1');
}

export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const { head } = options;
  const { site } = head;
  const now = options.now ?? (() => new Date());
  const limiter = options.rateLimiter ?? createRateLimiter();
  // The lead pipeline is loaded once, by whichever of the two endpoints files a lead first.
  const leads = options.leads ? once(options.leads) : undefined;
  const shared = { now, ...(leads ? { leads } : {}), ...(options.onError ? { onError: options.onError } : {}) };
  const mcp = createMcpHandler({
    head,
    artefacts: options.artefacts,
    ...shared,
    ...(options.onArtefactError ? { onArtefactError: options.onArtefactError } : {}),
  });
  // The contact form's handler (and its HTML) is loaded on the first form post.
  const contactHandler = once(async () => {
    const { createContactHandler } = await import('./contact.ts');
    return createContactHandler({ site, ...shared, ...(options.contactShell ? { shell: options.contactShell } : {}) });
  });
  const docs = `${site.baseUrl}${ROUTES.mcpDocs}`;
  const service = `${site.name} agent API`;
  const base = { ...COMMON_HEADERS, ...CORS_HEADERS };
  const siteHosts = new Set([new URL(site.baseUrl).hostname, new URL(site.agentUrl).hostname]);

  const preflight = (allow: string) =>
    new Response(null, {
      status: 204,
      headers: { ...COMMON_HEADERS, ...CORS_PREFLIGHT_HEADERS, 'Access-Control-Allow-Methods': allow, Allow: allow },
    });

  const methodNotAllowed = (
    allow: string,
    what: string,
    hint: string,
    limits: Record<string, string>,
    head: boolean,
  ) => {
    const response = apiErrorResponse(
      405,
      { code: 'method_not_allowed', message: `${what} does not support this method.`, hint, docs },
      { ...base, ...limits, Allow: allow },
    );
    return head ? new Response(null, { status: 405, headers: response.headers }) : response;
  };

  return async (request, context) => {
    const path = apiPath(new URL(request.url).pathname);
    const method = request.method.toUpperCase();
    const isMcp = path === ROUTES.mcp;
    const isHealth = path === ROUTES.health;
    const isContact = path === ROUTES.contactApi;

    if (isMcp && isRebindingAttempt(request, context.clientIp, siteHosts)) {
      return apiErrorResponse(
        403,
        {
          code: 'forbidden_host',
          message:
            "This local server only answers requests addressed to localhost or to the site's own hosts (DNS-rebinding protection).",
          hint: 'Send the request to http://localhost:<port>/api/mcp.',
          docs,
        },
        base,
      );
    }

    if (method === 'OPTIONS' && (isMcp || isHealth || isContact))
      return preflight(isHealth ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS');

    const decision = limiter.take(context.clientIp || 'unknown', now().getTime());
    const limits = rateLimitHeaders(decision);
    if (!decision.allowed) {
      return apiErrorResponse(
        429,
        {
          code: 'rate_limited',
          message: `Too many requests: the limit is ${decision.limit} requests per minute per client IP.`,
          hint: `Wait ${decision.resetSeconds} seconds (Retry-After) before sending more requests.`,
          docs,
        },
        { ...base, ...limits },
      );
    }

    if (isMcp) {
      if (method === 'POST')
        return mcp(request, {
          clientIp: context.clientIp,
          responseHeaders: limits,
          ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
        });
      return methodNotAllowed(
        'POST, OPTIONS',
        'The MCP endpoint',
        'Send MCP JSON-RPC messages with POST and Content-Type: application/json. This server is stateless and offers no SSE stream to GET.',
        limits,
        method === 'HEAD',
      );
    }
    if (isContact) {
      if (method === 'POST')
        return (await contactHandler())(request, {
          clientIp: context.clientIp,
          headers: { ...base, ...limits },
          ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
        });
      return methodNotAllowed(
        'POST, OPTIONS',
        'The contact endpoint',
        `Send the contact form with POST, as application/x-www-form-urlencoded or application/json; the form is at ${site.baseUrl}${ROUTES.contact}.`,
        limits,
        method === 'HEAD',
      );
    }
    if (isHealth) {
      if (method === 'GET' || method === 'HEAD') {
        return new Response(method === 'HEAD' ? null : JSON.stringify(healthBody(service, now())), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...base, ...limits },
        });
      }
      return methodNotAllowed('GET, HEAD, OPTIONS', 'The health endpoint', 'Use GET /api/health.', limits, false);
    }
    const response = apiErrorResponse(
      404,
      {
        code: 'not_found',
        message: `There is no API endpoint at ${path}.`,
        hint: `The API has three endpoints: POST ${ROUTES.mcp} (the MCP server), POST ${ROUTES.contactApi} (the contact form) and GET ${ROUTES.health}. See the docs.`,
        docs,
      },
      { ...base, ...limits },
    );
    return method === 'HEAD' ? new Response(null, { status: 404, headers: response.headers }) : response;
  };
}
