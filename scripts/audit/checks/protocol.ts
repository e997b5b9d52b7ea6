/**
 * Batches, notifications and every error of the contract's "Errors" table that a client can
 * provoke without harm (the 429 and the edge firewall's 403 need a flood, which an audit must not
 * send; the integration tests cover them).
 */
import { ERROR_CODES } from '../../../src/mcp/jsonrpc.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';
import { isObject, shown, type Audit } from '../context.ts';
import { errorOf, notification, post, request, requireMcp, resultOf, toolText } from '../mcp.ts';

const headers = { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0] };

export async function checkBatches(audit: Audit): Promise<void> {
  const area = 'batches';
  if (!(await requireMcp(audit, area))) return;
  const batch = await post(audit, [request('a', 'ping'), request('b', 'tools/list')], headers);
  const answers = Array.isArray(batch.body) ? batch.body : [];
  const ids = answers.map((answer) => (isObject(answer) ? answer.id : undefined));
  audit.check(
    area,
    'batches.requests',
    'a batch of two requests gets an array of two responses',
    batch.response.status === 200 &&
      answers.length === 2 &&
      ids.includes('a') &&
      ids.includes('b') &&
      answers.every((answer) => resultOf(answer)),
    {
      expected: 'HTTP 200, a JSON array with a result for id "a" and id "b"',
      got: shown(batch.response),
      fix: 'The contract accepts a JSON array of requests and answers with an array of responses.',
    },
  );
  const mixed = await post(audit, [notification('notifications/initialized'), request('c', 'ping')], headers);
  const mixedAnswers = Array.isArray(mixed.body) ? mixed.body : [];
  audit.check(
    area,
    'batches.mixed',
    'a batch of a notification and a request gets one response',
    mixed.response.status === 200 &&
      mixedAnswers.length === 1 &&
      isObject(mixedAnswers[0]) &&
      mixedAnswers[0].id === 'c',
    {
      expected: 'HTTP 200, an array holding only the response to id "c"',
      got: shown(mixed.response),
      fix: 'Notifications get no response, also inside a batch.',
    },
  );
  const onlyNotifications = await post(
    audit,
    [
      notification('notifications/initialized'),
      notification('notifications/cancelled', { requestId: 'x', reason: 'audit' }),
    ],
    headers,
  );
  audit.check(
    area,
    'batches.notifications',
    'a batch of notifications only gets 202 and no body',
    onlyNotifications.response.status === 202 && onlyNotifications.response.body.length === 0,
    {
      expected: 'HTTP 202, empty body',
      got: shown(onlyNotifications.response),
      fix: 'MCP 2025-03-26: a batch holding only notifications is accepted with 202.',
    },
  );
  for (const method of ['notifications/initialized', 'notifications/cancelled']) {
    const params = method === 'notifications/cancelled' ? { requestId: 'audit', reason: 'audit' } : undefined;
    const { response } = await post(audit, notification(method, params), headers);
    audit.check(
      area,
      `batches.${method.replace('/', '-')}`,
      `${method} gets 202 and no body`,
      response.status === 202 && response.body.length === 0,
      {
        expected: 'HTTP 202, empty body',
        got: shown(response),
        fix: 'The contract accepts these notifications with 202 and no body ("Events").',
      },
    );
  }
}

/** Long: a list of independent checks run in the order the report prints them. */
export async function checkErrors(audit: Audit): Promise<void> {
  const area = 'errors';
  const rpcError = async (
    id: string,
    title: string,
    body: unknown,
    code: number,
    status: number | undefined,
    fix: string,
  ): Promise<void> => {
    const answer = await post(audit, body, headers);
    const error = errorOf(answer.body);
    const idOk = isObject(answer.body) && 'id' in answer.body;
    audit.check(
      area,
      id,
      title,
      error?.code === code &&
        typeof error.message === 'string' &&
        idOk &&
        (status === undefined || answer.response.status === status),
      {
        expected: `${status ? `HTTP ${status}, ` : ''}a JSON-RPC response with error.code ${code}, error.message and id`,
        got: shown(answer.response),
        fix,
      },
    );
  };
  const getMcp = await audit.fetch('/api/mcp', { headers: { accept: 'application/json' } });
  const allow = (getMcp.headers.get('allow') ?? '').split(',').map((method) => method.trim().toUpperCase());
  audit.check(
    area,
    'errors.get-mcp',
    'GET /api/mcp: 405, Allow: POST, OPTIONS, ApiError body',
    getMcp.status === 405 && allow.includes('POST') && allow.includes('OPTIONS') && isApiError(getMcp.text),
    {
      expected: 'HTTP 405, Allow listing POST and OPTIONS, JSON {"error": {"code", "message"}}',
      got: `${shown(getMcp)}; Allow: ${getMcp.headers.get('allow') ?? '(none)'}`,
      fix: 'The MCP endpoint offers no SSE stream: answer GET with 405, an Allow header and an ApiError.',
    },
  );
  const unknown = await audit.fetch('/api/no-such-endpoint-from-the-audit', {
    headers: { accept: 'application/json' },
  });
  const apiError = parseApiError(unknown.text);
  const docsOk = typeof apiError?.docs === 'string' && URL.canParse(apiError.docs);
  audit.check(
    area,
    'errors.api-404',
    'an unknown /api/* path: 404 ApiError with code, message, hint, docs',
    unknown.status === 404 && apiError !== undefined && typeof apiError.hint === 'string' && docsOk,
    {
      expected: 'HTTP 404, JSON {"error": {"code", "message", "hint", "docs" (a URI)}}',
      got: shown(unknown),
      fix: 'Answer unknown /api/* paths with the ApiError body the contract describes (all four fields).',
    },
  );
  if (await requireMcp(audit, area)) {
    await rpcError(
      'errors.parse-error',
      'an unparseable body: -32700, HTTP 400',
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      ERROR_CODES.parseError,
      400,
      'Answer a body that is not JSON with -32700 and HTTP 400 (id null).',
    );
    await rpcError(
      'errors.invalid-request',
      'an invalid request: -32600, HTTP 400',
      { jsonrpc: '2.0', id: 1, method: 42 },
      ERROR_CODES.invalidRequest,
      400,
      'Answer a message that is not a JSON-RPC request with -32600 and HTTP 400.',
    );
    await rpcError(
      'errors.method-not-found',
      'an unknown method: -32601',
      request(1, 'no/such-method'),
      ERROR_CODES.methodNotFound,
      undefined,
      'Answer unknown methods with -32601.',
    );
    await rpcError(
      'errors.unknown-tool',
      'an unknown tool: -32602',
      request(2, 'tools/call', { name: 'no_such_tool_from_the_audit', arguments: {} }),
      ERROR_CODES.invalidParams,
      undefined,
      'The contract reports an unknown tool as a protocol error -32602 (invalid params), not as result.isError.',
    );

    const toolFailure = await post(
      audit,
      request(3, 'tools/call', { name: 'get_page_markdown', arguments: { path: '/no-such-page-from-the-audit' } }),
      headers,
    );
    const failed = resultOf(toolFailure.body);
    audit.check(
      area,
      'errors.tool-fails',
      'a tool that fails: HTTP 200, result.isError with a message',
      toolFailure.response.status === 200 && failed?.isError === true && toolText(failed).length > 0,
      {
        expected:
          'HTTP 200, result.isError true, text saying what to do (get_page_markdown of a page that does not exist)',
        got: shown(toolFailure.response),
        fix: 'Report tool failures inside result.isError with a message, not as a JSON-RPC error.',
      },
    );
  }
  audit.skip(
    area,
    'errors.rate-limit-429',
    'rate limit exceeded: 429 with Retry-After',
    'not provoked: it takes more requests than the limit allows; the audit stays under it (tests/integration cover the 429)',
  );
}

export function parseApiError(text: string): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    const error = isObject(body) ? body.error : undefined;
    return isObject(error) && typeof error.code === 'string' && typeof error.message === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}

export const isApiError = (text: string) => parseApiError(text) !== undefined;
