/**
 * The components of the OpenAPI description: the bodies' schemas (from the zod schemas the
 * function parses with), the headers, parameters and shared responses.
 */
import { apiErrorSchema, healthSchema } from '../../http/body-schemas.ts';
import {
  contactAcceptedSchemaFor,
  contactErrorSchema,
  contactFormRequestSchema,
  contactJsonRequestSchema,
} from '../../http/contact.ts';
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS } from '../../http/cors.ts';
import { COMMON_HEADERS } from '../../http/headers.ts';
import { RATE_LIMIT, RATE_LIMIT_POLICY } from '../../http/limits.ts';
import { MAX_BATCH_LENGTH } from '../../mcp/limits.ts';
import { jsonRpcRequestSchema, jsonRpcResponseSchema } from '../../mcp/schemas.ts';
import { DEFAULT_HEADER_VERSION, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../mcp/versions.ts';
import { leadReferencePrefix, type Company } from '../../schemas/company.ts';
import { allowOf, routeAt } from '../../http/routes.ts';
import { ROUTES } from '../../site/routes.ts';
import { EDGE_FIREWALL } from '../edge-firewall.ts';
import { API, headerRefs, jsonContent, jsonSchema, ref, type Json } from './refs.ts';

/** Header objects for the CORS headers, with the values the function sends as examples. */
function corsHeaderComponents(): Record<string, Json> {
  const all = { ...CORS_HEADERS, ...CORS_PREFLIGHT_HEADERS };
  return Object.fromEntries(
    Object.entries(all).map(([name, value]) => [
      name,
      {
        description: `CORS: any origin is allowed (the server is public).`,
        schema: { type: 'string', example: value },
      },
    ]),
  );
}

/** Long: a literal OpenAPI document (the components), written as data. */
export function components(company: Company, docsUrl: string): Json {
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  const MCP_METHODS = allowOf(routeAt(ROUTES.mcp)!);
  return {
    schemas: {
      JsonRpcRequest: jsonSchema(
        jsonRpcRequestSchema,
        'input',
        'A JSON-RPC 2.0 request, or a notification when `id` is omitted. `params` may carry further properties.',
      ),
      JsonRpcBatch: {
        description: 'A JSON-RPC batch: an array of requests and notifications.',
        type: 'array',
        minItems: 1,
        maxItems: MAX_BATCH_LENGTH,
        items: ref('schemas', 'JsonRpcRequest'),
      },
      JsonRpcResponse: jsonSchema(
        jsonRpcResponseSchema,
        'output',
        'A JSON-RPC 2.0 response: `result`, or `error` with a numeric code. `id` echoes the request (null when it could not be read).',
      ),
      JsonRpcBatchResponse: {
        description: 'Responses to a batch, one per request with an id.',
        type: 'array',
        items: ref('schemas', 'JsonRpcResponse'),
      },
      ApiError: jsonSchema(
        apiErrorSchema,
        'output',
        'A non-JSON-RPC HTTP error: what went wrong (`code`, `message`) and what to do next (`hint`, `docs`).',
      ),
      Health: jsonSchema(healthSchema, 'output', 'The liveness body.'),
      ServerCard: {
        description:
          'An MCP Server Card (SEP-2127): who the server is and where it answers. ' +
          'It also carries the older SEP-1649 members (`serverInfo`, `transport`, `capabilities`, `authentication`).',
        type: 'object',
        required: ['$schema', 'name', 'version', 'remotes'],
        properties: {
          $schema: { type: 'string', format: 'uri' },
          name: { type: 'string', description: 'Reverse-DNS name with one slash.' },
          version: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          websiteUrl: { type: 'string', format: 'uri' },
          remotes: {
            type: 'array',
            items: {
              type: 'object',
              required: ['type', 'url'],
              properties: {
                type: { const: 'streamable-http' },
                url: { type: 'string', format: 'uri' },
                supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      ContactFormRequest: jsonSchema(
        contactFormRequestSchema,
        'input',
        'The contact form as a form post: the lead fields, the consent box and the (empty) honeypot; other fields are ignored.',
      ),
      ContactJsonRequest: jsonSchema(
        contactJsonRequestSchema,
        'input',
        'The contact form as JSON: the lead fields, the consent box and the (empty) honeypot; other fields are ignored.',
      ),
      ContactAccepted: jsonSchema(
        contactAcceptedSchemaFor(leadReferencePrefix(company)),
        'output',
        'The contact request was stored: its reference.',
      ),
      ContactError: jsonSchema(contactErrorSchema, 'output', 'The contact request was not sent: why and what to do.'),
    },
    parameters: {
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An `ETag` of an earlier answer: 304 without a body when the card is unchanged.',
        schema: { type: 'string' },
      },
      McpProtocolVersion: {
        name: 'MCP-Protocol-Version',
        in: 'header',
        required: false,
        description:
          `The protocol version negotiated in initialize (2025 revisions) or declared in \`_meta\` (${modern}). ` +
          `Without it a 2025-era request is treated as ${DEFAULT_HEADER_VERSION}.`,
        schema: { type: 'string', enum: [...SUPPORTED_PROTOCOL_VERSIONS] },
      },
      McpMethod: {
        name: 'Mcp-Method',
        in: 'header',
        required: false,
        description: `${modern} requests: mirrors the body's \`method\`. A mismatch gets 400.`,
        schema: { type: 'string' },
      },
      McpName: {
        name: 'Mcp-Name',
        in: 'header',
        required: false,
        description: `${modern} tools/call requests: mirrors \`params.name\`. A mismatch gets 400.`,
        schema: { type: 'string' },
      },
    },
    headers: {
      'MCP-Protocol-Version': {
        description: 'The protocol version of this response.',
        schema: { type: 'string', enum: [...SUPPORTED_PROTOCOL_VERSIONS] },
      },
      'RateLimit-Policy': {
        description: '`<limit>;w=<window seconds>`.',
        schema: { type: 'string', example: RATE_LIMIT_POLICY },
      },
      'RateLimit-Limit': {
        description: 'Requests allowed per window for this client.',
        schema: { type: 'integer', example: RATE_LIMIT.limit },
      },
      'RateLimit-Remaining': {
        description: 'Requests left in the current window.',
        schema: { type: 'integer', minimum: 0, maximum: RATE_LIMIT.limit },
      },
      'RateLimit-Reset': {
        description: 'Seconds until the window resets.',
        schema: { type: 'integer', minimum: 0, maximum: RATE_LIMIT.windowSeconds },
      },
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
      ETag: {
        description: 'Validator of this representation: send it back in `If-None-Match`.',
        schema: { type: 'string', pattern: '^"[^"]+"$' },
      },
      Allow: { description: 'Methods the endpoint supports.', schema: { type: 'string', example: MCP_METHODS } },
      Link: {
        description: 'Relations describedby (this document), api-catalog (RFC 9727) and privacy-policy (RFC 6903).',
        schema: { type: 'string', example: COMMON_HEADERS.Link },
      },
      Vary: {
        description: 'Responses vary by `Accept` (pages negotiate Markdown).',
        schema: { type: 'string', example: COMMON_HEADERS.Vary },
      },
      ...corsHeaderComponents(),
      [EDGE_FIREWALL.header]: {
        description: `Set by ${EDGE_FIREWALL.vendor}'s edge firewall when it throttles a client.`,
        schema: { type: 'string', enum: [EDGE_FIREWALL.value] },
      },
    },
    responses: {
      RateLimited: {
        description: `Too many requests: more than ${RATE_LIMIT.limit} in ${RATE_LIMIT.windowSeconds} seconds from this client. Wait \`Retry-After\` seconds.`,
        headers: headerRefs('Retry-After', ...API),
        content: jsonContent('ApiError', {
          rateLimited: {
            summary: 'Rate limited',
            value: {
              error: {
                code: 'rate_limited',
                message: 'Too many requests.',
                hint: 'Wait for the number of seconds in Retry-After, then retry.',
                docs: docsUrl,
              },
            },
          },
        }),
      },
      EdgeThrottled: {
        description:
          `Throttled by ${EDGE_FIREWALL.vendor}'s edge firewall before reaching the function. ` +
          `Retry when the window rolls over (up to ${EDGE_FIREWALL.retryWithinSeconds} seconds).`,
        headers: headerRefs(EDGE_FIREWALL.header),
        content: { [EDGE_FIREWALL.contentType]: { schema: { type: 'string' } } },
      },
      NotFound: {
        description: `Any unknown path under ${ROUTES.apiPrefix}.`,
        headers: headerRefs(...API),
        content: jsonContent('ApiError'),
      },
    },
  };
}
