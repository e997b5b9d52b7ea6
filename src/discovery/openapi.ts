/**
 * /openapi.json: the OpenAPI 3.1 description of the HTTP surface (the MCP endpoint, the contact
 * form's endpoint and the health check), with every status of the contract's Endpoints tables. Bodies come from the zod
 * schemas the function parses with, headers from the one definition of each value (protocol
 * versions, rate limit, Link/Vary), so the description cannot drift from the code.
 */
import { apiErrorSchema, healthSchema } from '../http/body-schemas.ts';
import {
  contactAcceptedSchemaFor,
  contactErrorSchema,
  contactFormRequestSchema,
  contactJsonRequestSchema,
  MAX_CONTACT_BODY_BYTES,
} from '../http/contact.ts';
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS } from '../http/cors.ts';
import { COMMON_HEADERS } from '../http/headers.ts';
import { MAX_BATCH_LENGTH, MAX_BODY_BYTES, RATE_LIMIT, RATE_LIMIT_POLICY } from '../http/limits.ts';
import { LEAD_LIMITS } from '../leads/limits.ts';
import { responseBounds } from './response-bounds.ts';
import { DUPLICATE_WINDOW_MS } from '../leads/submit.ts';
import { ERROR_CODES, MCP_ERROR_CODES } from '../mcp/jsonrpc.ts';
import { jsonRpcRequestSchema, jsonRpcResponseSchema } from '../mcp/schemas.ts';
import {
  DEFAULT_HEADER_VERSION,
  LATEST_LEGACY_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../mcp/versions.ts';
import { leadReferencePrefix, type Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import * as z from '../zod.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';
import { EDGE_FIREWALL } from './edge-firewall.ts';

/** Version of this HTTP interface description (the contract's "version 1.0.0"), not of the server. */
export const API_DESCRIPTION_VERSION = '1.0.0';

type Json = Record<string, unknown>;

/** A zod schema as a JSON Schema 2020-12 object (the dialect of OpenAPI 3.1), without `$schema`. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output', description: string): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  return { description, ...rest };
}

const ref = (kind: 'schemas' | 'headers' | 'responses' | 'parameters', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
const headerRefs = (...names: string[]) => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

const COMMON = Object.keys(COMMON_HEADERS);
const RATE = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
/** Headers on every answer of the API function but the preflight: rate limit, CORS, the common ones. */
const API = [...RATE, ...Object.keys(CORS_HEADERS), ...COMMON];
/** The methods the MCP endpoint allows (its 405 `Allow` and the preflight's allowed methods). */
const MCP_METHODS = CORS_PREFLIGHT_HEADERS['Access-Control-Allow-Methods']!;

function jsonContent(schemaName: string, examples?: Record<string, { summary: string; value: unknown }>) {
  return { 'application/json': { schema: ref('schemas', schemaName), ...(examples ? { examples } : {}) } };
}

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

/** The HTML answers to a form post (no JavaScript): a page of the site. */
const HTML_PAGE = { 'text/html': { schema: { type: 'string', description: 'A page of the site (HTML).' } } };

const HOUR_MS = 3_600_000;

function rpcError(code: number, message: string, id: number | null = null) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

export function openApiDocument(company: Company): Json {
  const docsUrl = absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path);
  const modern = MODERN_PROTOCOL_VERSIONS[0];

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: LATEST_LEGACY_VERSION,
      capabilities: {},
      clientInfo: { name: 'example-client', version: '1.0.0' },
    },
  };
  const toolsList = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

  return {
    openapi: '3.1.0',
    info: {
      title: `${company.name} agent API`,
      version: API_DESCRIPTION_VERSION,
      summary: `The public MCP server of ${company.name}, its contact form's endpoint and a liveness check.`,
      description: [
        `A public, unauthenticated MCP server (Streamable HTTP, stateless, JSON responses only) at ${ROUTES.mcp}, the contact form's endpoint at ${ROUTES.contactApi} (the same lead pipeline as the MCP tool start_conversation), and a liveness check at ${ROUTES.health}. Full documentation: ${docsUrl}.`,
        `Unknown paths under ${ROUTES.apiPrefix} answer 404 with an ApiError body (error.code, error.message, error.hint, error.docs).`,
        `Every HTML page of the site is also available as Markdown with the request header \`Accept: text/markdown\`, or at the page URL plus \`.md\`.`,
        `Rate limit: ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} seconds per client IP. The function enforces it best-effort per instance and reports it in RateLimit-* headers; ${EDGE_FIREWALL.vendor}'s edge firewall enforces the same limit globally and answers ${EDGE_FIREWALL.status} \`${EDGE_FIREWALL.contentType}\` with \`${EDGE_FIREWALL.header}: ${EDGE_FIREWALL.value}\`.`,
      ].join('\n\n'),
      contact: { name: company.name, email: company.contactEmail, url: company.baseUrl },
    },
    externalDocs: { description: 'MCP server documentation (Markdown)', url: docsUrl },
    servers: [
      { url: company.baseUrl, description: 'Base host' },
      { url: company.agentUrl, description: 'Agent host (the same deployment)' },
    ],
    security: [],
    tags: [
      { name: 'mcp', description: 'Model Context Protocol endpoint (JSON-RPC 2.0)' },
      { name: 'contact', description: 'The contact form (the same lead pipeline as the MCP tool start_conversation)' },
      { name: 'health', description: 'Liveness' },
    ],
    paths: {
      [ROUTES.mcp]: {
        post: {
          tags: ['mcp'],
          operationId: 'postMcpMessage',
          summary: 'Send a JSON-RPC message or batch to the MCP server',
          description:
            `Methods: initialize, ping, tools/list, tools/call, resources/list, prompts/list; notifications/initialized and notifications/cancelled are accepted with 202. ` +
            `Requests of the ${modern} revision carry the version in \`params._meta["io.modelcontextprotocol/protocolVersion"]\` instead of calling initialize, and may call server/discover. ` +
            `A tool failure is a 200 result with \`isError: true\`; protocol errors come back in \`error\`. A batch holds at most ${MAX_BATCH_LENGTH} messages. ` +
            `Answers stay bounded however large the site grows: ${responseBounds().join(' ')}`,
          parameters: [
            ref('parameters', 'McpProtocolVersion'),
            ref('parameters', 'McpMethod'),
            ref('parameters', 'McpName'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { oneOf: [ref('schemas', 'JsonRpcRequest'), ref('schemas', 'JsonRpcBatch')] },
                examples: {
                  initialize: { summary: 'initialize (2025 revisions)', value: initialize },
                  toolsList: { summary: 'tools/list', value: toolsList },
                  batch: { summary: 'A batch', value: [toolsList, { jsonrpc: '2.0', id: 3, method: 'ping' }] },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'A JSON-RPC response for a request with an id, or an array of responses for a batch.',
              headers: headerRefs('MCP-Protocol-Version', ...API),
              content: {
                'application/json': {
                  schema: { oneOf: [ref('schemas', 'JsonRpcResponse'), ref('schemas', 'JsonRpcBatchResponse')] },
                  examples: {
                    single: { summary: 'One response', value: { jsonrpc: '2.0', id: 2, result: { tools: [] } } },
                    batch: {
                      summary: 'A batch of responses',
                      value: [
                        { jsonrpc: '2.0', id: 2, result: { tools: [] } },
                        { jsonrpc: '2.0', id: 3, result: {} },
                      ],
                    },
                    toolError: {
                      summary: 'A tool failure',
                      value: {
                        jsonrpc: '2.0',
                        id: 4,
                        result: {
                          isError: true,
                          content: [{ type: 'text', text: 'What went wrong and what to do next.' }],
                        },
                      },
                    },
                  },
                },
              },
            },
            '202': {
              description: 'A notification (a message without id) was accepted. No body.',
              headers: headerRefs(...API),
            },
            '400': {
              description:
                `The body cannot be parsed (${ERROR_CODES.parseError}) or is not a valid request (${ERROR_CODES.invalidRequest}); ` +
                `the MCP headers do not match the body (${MCP_ERROR_CODES.headerMismatch}); the protocol version is not supported (${MCP_ERROR_CODES.unsupportedProtocolVersion}, with the supported ones in \`error.data\`).`,
              headers: headerRefs(...API),
              content: jsonContent('JsonRpcResponse', {
                parseError: { summary: 'Unparseable body', value: rpcError(ERROR_CODES.parseError, 'Parse error') },
                invalidRequest: {
                  summary: 'Invalid request',
                  value: rpcError(ERROR_CODES.invalidRequest, 'Invalid request'),
                },
              }),
            },
            '404': {
              description: `Only for ${modern} requests: the method does not exist (JSON-RPC ${ERROR_CODES.methodNotFound}). Requests of the 2025 revisions get this error with status 200.`,
              headers: headerRefs(...API),
              content: jsonContent('JsonRpcResponse', {
                methodNotFound: {
                  summary: 'Unknown method',
                  value: rpcError(ERROR_CODES.methodNotFound, 'Method not found', 5),
                },
              }),
            },
            '406': {
              description:
                'The `Accept` header allows neither `application/json` nor `*/*`: this server answers with JSON only.',
              headers: headerRefs(...API),
              content: jsonContent('ApiError'),
            },
            '413': {
              description: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
              headers: headerRefs(...API),
              content: jsonContent('ApiError'),
            },
            '415': {
              description: 'The request body is not `application/json`.',
              headers: headerRefs(...API),
              content: jsonContent('ApiError'),
            },
            '500': {
              description: `An unexpected error (JSON-RPC ${ERROR_CODES.internalError}). Try again later.`,
              headers: headerRefs(...API),
              content: jsonContent('JsonRpcResponse', {
                internalError: {
                  summary: 'Internal error',
                  value: rpcError(ERROR_CODES.internalError, 'Internal error. Try again later.', 6),
                },
              }),
            },
            '429': ref('responses', 'RateLimited'),
            '403': ref('responses', 'EdgeThrottled'),
          },
        },
        get: {
          tags: ['mcp'],
          operationId: 'getMcp',
          summary: 'Not supported: there is no server-initiated stream',
          responses: {
            '405': {
              description: `GET is not supported on the MCP endpoint; use POST. The \`Allow\` header lists ${MCP_METHODS}.`,
              headers: headerRefs('Allow', ...API),
              content: jsonContent('ApiError', {
                methodNotAllowed: {
                  summary: 'GET on the MCP endpoint',
                  value: {
                    error: {
                      code: 'method_not_allowed',
                      message: 'Use POST to send JSON-RPC messages.',
                      docs: docsUrl,
                    },
                  },
                },
              }),
            },
            '429': ref('responses', 'RateLimited'),
            '403': ref('responses', 'EdgeThrottled'),
          },
        },
        options: {
          tags: ['mcp'],
          operationId: 'preflightMcp',
          summary: 'CORS preflight',
          description: 'Any origin is allowed on purpose: the server is public and returns public content only.',
          responses: {
            '204': {
              description: 'Preflight accepted.',
              headers: headerRefs(...Object.keys(CORS_PREFLIGHT_HEADERS), ...COMMON),
            },
          },
        },
      },
      [ROUTES.contactApi]: {
        post: {
          tags: ['contact'],
          operationId: 'postContact',
          summary: 'Send the contact form',
          description:
            `Files a contact request with the same validation, store, limits and duplicate suppression as the MCP tool start_conversation. ` +
            `A JSON request (\`Content-Type: application/json\`, what the form's JavaScript sends) gets JSON answers; a form post (\`application/x-www-form-urlencoded\`, the form without JavaScript) gets an HTML page: the confirmation with the reference, or the form again with the errors next to the fields. ` +
            `The same e-mail address and message again within ${DUPLICATE_WINDOW_MS / HOUR_MS} hours stores nothing new and returns the first reference (\`duplicate: true\`). ` +
            `Limits on new leads, shared with start_conversation: ${LEAD_LIMITS.email.max} per e-mail address per ${LEAD_LIMITS.email.windowMs / HOUR_MS} hours, ${LEAD_LIMITS.ip.max} per client IP per ${LEAD_LIMITS.ip.windowMs / HOUR_MS === 1 ? 'hour' : `${LEAD_LIMITS.ip.windowMs / HOUR_MS} hours`}. ` +
            `Bodies of at most ${MAX_CONTACT_BODY_BYTES} bytes.`,
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: ref('schemas', 'ContactFormRequest') },
              'application/json': {
                schema: ref('schemas', 'ContactJsonRequest'),
                examples: {
                  contact: {
                    summary: 'A contact request',
                    value: {
                      name: 'Jane Doe',
                      email: 'jane@example.com',
                      company: 'Example Ltd',
                      message: 'We would like to talk about our data platform.',
                      consent: true,
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description:
                'The request was stored (or had been already: `duplicate`). JSON for a JSON request; the confirmation page with the reference for a form post.',
              headers: headerRefs(...API),
              content: { ...jsonContent('ContactAccepted'), ...HTML_PAGE },
            },
            '400': {
              description:
                'Not sent: the JSON body is not an object (`invalid_json`) or fields need correcting (`invalid_fields`, a message per field). A form post gets the form again with the errors next to the fields.',
              headers: headerRefs(...API),
              content: { ...jsonContent('ContactError'), ...HTML_PAGE },
            },
            '413': {
              description: `The body is larger than ${MAX_CONTACT_BODY_BYTES} bytes (\`payload_too_large\`).`,
              headers: headerRefs(...API),
              content: jsonContent('ContactError'),
            },
            '415': {
              description:
                'The body is neither `application/x-www-form-urlencoded` nor `application/json` (`unsupported_media_type`).',
              headers: headerRefs(...API),
              content: jsonContent('ContactError'),
            },
            '429': {
              description:
                `Not sent: a limit on new leads was reached (\`lead_limit\`; the message says which, when to try again and the address to write to instead), ` +
                `or the request rate limit (\`rate_limited\`, an ApiError). Wait \`Retry-After\` seconds. A form post over a lead limit gets the form again with the message.`,
              headers: headerRefs('Retry-After', ...API),
              content: {
                'application/json': { schema: { oneOf: [ref('schemas', 'ContactError'), ref('schemas', 'ApiError')] } },
                ...HTML_PAGE,
              },
            },
            '503': {
              description: `Not sent: the lead store is unavailable (\`store_unavailable\`). Try again in a few minutes, or write to ${company.contactEmail}. A form post gets the form again with the message.`,
              headers: headerRefs(...API),
              content: { ...jsonContent('ContactError'), ...HTML_PAGE },
            },
            '403': ref('responses', 'EdgeThrottled'),
          },
        },
        options: {
          tags: ['contact'],
          operationId: 'preflightContact',
          summary: 'CORS preflight',
          responses: {
            '204': {
              description: 'Preflight accepted.',
              headers: headerRefs(...Object.keys(CORS_PREFLIGHT_HEADERS), ...COMMON),
            },
          },
        },
      },
      [ROUTES.health]: {
        get: {
          tags: ['health'],
          operationId: 'getHealth',
          summary: 'Liveness',
          responses: {
            '200': {
              description: 'The function answers.',
              headers: headerRefs(...API),
              content: jsonContent('Health'),
            },
            '429': ref('responses', 'RateLimited'),
            '403': ref('responses', 'EdgeThrottled'),
          },
        },
      },
    },
    components: {
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
        McpProtocolVersion: {
          name: 'MCP-Protocol-Version',
          in: 'header',
          required: false,
          description: `The protocol version negotiated in initialize (2025 revisions) or declared in \`_meta\` (${modern}). Without it a 2025-era request is treated as ${DEFAULT_HEADER_VERSION}.`,
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
          description: `Throttled by ${EDGE_FIREWALL.vendor}'s edge firewall before reaching the function. Retry when the window rolls over (up to ${EDGE_FIREWALL.retryWithinSeconds} seconds).`,
          headers: headerRefs(EDGE_FIREWALL.header),
          content: { [EDGE_FIREWALL.contentType]: { schema: { type: 'string' } } },
        },
        NotFound: {
          description: `Any unknown path under ${ROUTES.apiPrefix}.`,
          headers: headerRefs(...API),
          content: jsonContent('ApiError'),
        },
      },
    },
  };
}
