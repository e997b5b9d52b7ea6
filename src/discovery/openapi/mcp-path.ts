/**
 * The /api/mcp path item: POST (JSON-RPC, every status of the contract), GET (405) and the
 * preflight. Methods and errors come from the server's tables (src/mcp/methods.ts, jsonrpc.ts).
 */
import { MAX_BODY_BYTES } from '../../http/limits.ts';
import { allowOf } from '../../http/routes.ts';
import type { Era } from '../../mcp/era.ts';
import { ERROR_CODES, RPC_ERRORS } from '../../mcp/jsonrpc.ts';
import { MAX_BATCH_LENGTH } from '../../mcp/limits.ts';
import { methodsOf, NOTIFICATIONS } from '../../mcp/methods.ts';
import { LATEST_LEGACY_VERSION, MODERN_PROTOCOL_VERSIONS } from '../../mcp/versions.ts';
import { responseBounds } from '../response-bounds.ts';
import { API, headerRefs, jsonContent, preflightOperation, ref, type Json, type PathContext } from './refs.ts';

/** The JSON-RPC errors (RPC_ERRORS) that travel with HTTP `status` in `era`, as a sentence each. */
function errorsWithStatus(status: number, era: Era = 'legacy'): string {
  return Object.values(RPC_ERRORS)
    .filter((row) => row.status[era] === status)
    .map((row) => `${row.code}: ${row.when}`)
    .join(' ');
}

function rpcError(code: number, message: string, id: number | null = null) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** Long: a literal OpenAPI path item with its examples, written as data. */
export function mcpPathItem({ docsUrl, route }: PathContext): Json {
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  const MCP_METHODS = allowOf(route);
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
    post: {
      tags: ['mcp'],
      operationId: 'postMcpMessage',
      summary: 'Send a JSON-RPC message or batch to the MCP server',
      description:
        `Methods of the 2025 revisions: ${methodsOf('legacy').join(', ')}; of ${modern}: ${methodsOf('modern').join(', ')}. ` +
        `Notifications (${NOTIFICATIONS.join(', ')}, or any other message without an id) are accepted with 202. ` +
        `Requests of the ${modern} revision carry the version ` +
        `in \`params._meta["io.modelcontextprotocol/protocolVersion"]\` instead of calling initialize, ` +
        `and may call server/discover. ` +
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
              resourcesList: {
                summary: 'resources/list (every page)',
                value: { jsonrpc: '2.0', id: 4, method: 'resources/list' },
              },
              promptsGet: {
                summary: 'prompts/get',
                value: { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'company_brief' } },
              },
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
                resourceNotFound: {
                  summary: `resources/read of a URI that is no published page (2025 revisions; ${ERROR_CODES.invalidParams} in ${modern})`,
                  value: rpcError(ERROR_CODES.resourceNotFound, 'Resource not found', 6),
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
            `A JSON-RPC error in \`error\`: ${errorsWithStatus(400)} ` +
            'A batch in which no message is a valid request gets an array of such errors, one per message.',
          headers: headerRefs(...API),
          content: {
            'application/json': {
              schema: { oneOf: [ref('schemas', 'JsonRpcResponse'), ref('schemas', 'JsonRpcBatchResponse')] },
              examples: {
                parseError: { summary: 'Unparseable body', value: rpcError(ERROR_CODES.parseError, 'Parse error') },
                invalidRequest: {
                  summary: 'Invalid request',
                  value: rpcError(ERROR_CODES.invalidRequest, 'Invalid request'),
                },
                invalidBatch: {
                  summary: 'A batch of invalid messages',
                  value: [rpcError(ERROR_CODES.invalidRequest, 'Invalid request')],
                },
              },
            },
          },
        },
        '404': {
          description:
            `Only for ${modern} requests, a JSON-RPC error in \`error\`: ${errorsWithStatus(404, 'modern')} ` +
            `Requests of the 2025 revisions get this error with status ${RPC_ERRORS.methodNotFound.status.legacy}.`,
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
          description: `A JSON-RPC error in \`error\`: ${errorsWithStatus(500)}`,
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
    options: preflightOperation('mcp', 'preflightMcp'),
  };
}
