/** The method table (src/mcp/methods.ts) decides what the server answers, in each era. */
import { describe, expect, test } from 'vitest';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { ERROR_CODES, httpStatusOf } from '../../src/mcp/jsonrpc.ts';
import { METHODS, type MethodName } from '../../src/mcp/methods.ts';
import { mcpRequest, modernHeaders, modernMeta, sampleAgent, send } from './fixtures.ts';

const handler = createMcpHandler(sampleAgent());
const PARAMS: Partial<Record<MethodName, Record<string, unknown>>> = {
  initialize: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  'tools/call': { name: 'get_company_profile', arguments: {} },
  'resources/read': { uri: `${sampleAgent().head.site.baseUrl}/` },
  'prompts/get': { name: 'company_brief' },
  'completion/complete': { ref: { type: 'ref/prompt', name: 'relevant_work' }, argument: { name: 'topic', value: '' } },
};

/** One request for `method` in `era`, as a client of that era sends it. */
function ask(method: string, era: 'legacy' | 'modern') {
  const params = PARAMS[method as MethodName] ?? {};
  if (era === 'legacy') return send(handler, mcpRequest({ jsonrpc: '2.0', id: 1, method, params }, {}));
  const name = (params.name ?? params.uri) as string | undefined;
  return send(
    handler,
    mcpRequest(
      { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: modernMeta() } },
      modernHeaders(method, name),
    ),
  );
}

describe('the method table', () => {
  for (const era of ['legacy', 'modern'] as const) {
    for (const method of Object.keys(METHODS) as MethodName[]) {
      // server/discover always speaks 2026-07-28 (era.ts), so a 2025 client that calls it gets the modern answer.
      if (era === 'legacy' && method === 'server/discover') continue;
      const served = (METHODS[method].eras as readonly string[]).includes(era);
      test(`${era}: ${method} is ${served ? 'answered' : 'an unknown method'}`, async () => {
        const answer = await ask(method, era);
        if (served) {
          expect(answer.status).toBe(200);
          expect(answer.json.result, JSON.stringify(answer.json)).toBeDefined();
        } else {
          expect(answer.status).toBe(httpStatusOf(ERROR_CODES.methodNotFound, era));
          expect(answer.json.error.code).toBe(ERROR_CODES.methodNotFound);
        }
      });
    }
    test(`${era}: a method the table does not list is unknown, and the error lists the table's methods`, async () => {
      const answer = await ask('widgets/list', era);
      expect(answer.status).toBe(httpStatusOf(ERROR_CODES.methodNotFound, era));
      expect(answer.json.error.code).toBe(ERROR_CODES.methodNotFound);
      for (const [method, row] of Object.entries(METHODS))
        if ((row.eras as readonly string[]).includes(era)) expect(answer.json.error.message).toContain(method);
    });
  }
});
