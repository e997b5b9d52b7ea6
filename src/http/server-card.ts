/**
 * GET and HEAD /api/mcp/server-card: the MCP server card at `<streamable-http-url>/server-card`,
 * the location MCP's server-card extension reserves for it (its discovery text, "Hosted Server
 * Card Location"). The card is the build's: the text the head carries, byte for byte the file at
 * /.well-known/mcp/server-card.json, so the two addresses cannot disagree.
 *
 * - Media type by the request's Accept (chooseMediaType, src/site/negotiate.ts): the card's own type,
 *   `application/mcp-server-card+json`, which the extension asks clients to name and servers to
 *   echo, for no Accept, `*\/*`, `application/*` or the type itself; `application/json` (the same
 *   bytes) for a client that names `application/json` and not the card's type, such as a generic
 *   HTTP library sending `application/json, *\/*`; 406 for an Accept that allows neither.
 * - Validators, as the extension's "Caching" asks: a strong ETag per representation (the first
 *   64 bits of the bytes' SHA-256, and the type), and `If-None-Match` answered 304 without a body.
 *
 * - CORS as the discovery text asks of a discovery document (revalidation with If-None-Match, the
 *   ETag readable): DISCOVERY_CORS_HEADERS with the route's methods, and the API's exposed
 *   headers besides.
 *
 * The router (api.ts) adds the common, rate-limit, security and cache headers, and drops the body
 * of a HEAD answer.
 */
import { ROUTES } from '../site/routes.ts';
import { apiErrorResponse } from './api-error.ts';
import { CORS_HEADERS, DISCOVERY_CORS_HEADERS } from './cors.ts';
import { SERVER_CARD_CONTENT_TYPE } from './headers.ts';
import { chooseMediaType } from '../site/negotiate.ts';
import { allowOf, routeAt } from './routes.ts';

/** The media types the card is sent as, the preferred first. */
export const SERVER_CARD_TYPES = [SERVER_CARD_CONTENT_TYPE, 'application/json'] as const;

/** The card's answer to one request (GET, or HEAD, whose body the router drops). */
export type ServerCardHandler = (request: Request) => Promise<Response>;

/** The card's CORS headers: the discovery document's, with the route's methods and every exposed header of the API. */
const CARD_CORS_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  ...DISCOVERY_CORS_HEADERS,
  'Access-Control-Allow-Methods': allowOf(routeAt(ROUTES.mcpServerCard)!),
  'Access-Control-Expose-Headers': `${CORS_HEADERS['Access-Control-Expose-Headers']}, ${DISCOVERY_CORS_HEADERS['Access-Control-Expose-Headers']}`,
};

/** Whether an If-None-Match value matches `etag` (RFC 9110 §13.1.2: weak comparison, `*` matches any). */
export function noneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The first 16 hex digits of the SHA-256 of `text` (Web Crypto: no package, no node:crypto at start). */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...bytes.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The handler of the card `text` (the head's `serverCard`); `docs` is the URL of /mcp.md. */
export function createServerCardHandler(text: string, docs: string): ServerCardHandler {
  let hash: Promise<string> | undefined;
  return async (request) => {
    const type = chooseMediaType(request.headers.get('accept'), SERVER_CARD_TYPES);
    if (!type) {
      return apiErrorResponse(
        {
          code: 'not_acceptable',
          message: `The server card is served as ${SERVER_CARD_TYPES.join(' or ')}; this request's Accept header allows neither.`,
          hint: `Send Accept: ${SERVER_CARD_CONTENT_TYPE} (or no Accept header).`,
          docs,
        },
        CARD_CORS_HEADERS,
      );
    }
    hash ??= digest(text);
    const etag = `"${await hash}${type === SERVER_CARD_CONTENT_TYPE ? '' : '-json'}"`;
    if (noneMatch(request.headers.get('if-none-match'), etag))
      return new Response(null, { status: 304, headers: { ...CARD_CORS_HEADERS, ETag: etag } });
    return new Response(text, { status: 200, headers: { 'Content-Type': type, ETag: etag, ...CARD_CORS_HEADERS } });
  };
}
