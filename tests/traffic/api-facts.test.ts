/**
 * What the API function tells the traffic record about its own answers (src/traffic/notes.ts):
 * every answer's path, method, status and User-Agent, and for MCP each message's outcome with what
 * it asked for, cut, never a start_conversation argument; a record that throws changes no answer.
 */
import { describe, expect, test } from 'vitest';
import { createApiHandler } from '../../src/http/api.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import type { ApiFacts } from '../../src/traffic/notes.ts';
import { mcpRequest, pipeline, sampleAgent, send } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const BASE = agent.head.site.baseUrl;

function setup(traffic?: (facts: ApiFacts) => void) {
  const told: ApiFacts[] = [];
  const api = createApiHandler({
    ...agent,
    leads: pipeline({ store: createMemoryLeadStore() }),
    traffic: traffic ?? ((facts) => told.push(facts)),
    onError: () => {},
  });
  return { api, told };
}

describe("the API function's facts for the traffic record", () => {
  test('a plain endpoint, an unknown path, and an MCP batch with its messages', async () => {
    const { api, told } = setup();
    await send(api, new Request(`${BASE}/api/health`, { headers: { 'User-Agent': 'curl/8.5.0' } }));
    await send(api, new Request(`${BASE}/api/nothing/`));
    await send(
      api,
      mcpRequest(
        [
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'search_site',
              arguments: { query: 'quantum teleportation for hospitals' },
              _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'claude-code', version: '2.0.31' } },
            },
          },
          {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'get_page_markdown', arguments: { path: '/nope' } },
          },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
        ],
        { 'user-agent': 'node' },
      ),
    );
    expect(told[0]).toEqual({ p: '/api/health', h: 'GET', s: 200, u: 'curl/8.5.0' });
    expect(told[1]).toEqual({ p: '/api/nothing', h: 'GET', s: 404, u: '' });
    const [search, missing, notification] = told[2]!.n!;
    expect(told[2]).toMatchObject({ p: '/api/mcp', h: 'POST', s: 200, u: 'node' });
    expect(search).toMatchObject({
      o: 'ok',
      m: 'tools/call',
      t: 'search_site',
      c: 'claude-code\n2.0.31',
      q: 'quantum teleportation for hospitals',
      l: expect.any(String),
    });
    expect(search!.r).toEqual(expect.any(Number));
    expect(missing).toEqual({ o: 'tool-error', m: 'tools/call', t: 'get_page_markdown' });
    expect(notification).toEqual({ o: 'ok', m: 'notifications/initialized' });
  });

  test('initialize gives the client; a start_conversation call gives nothing it carried', async () => {
    const { api, told } = setup();
    await send(
      api,
      mcpRequest({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cursor', version: '1.7.2' } },
      }),
    );
    await send(
      api,
      mcpRequest({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'start_conversation',
          arguments: { name: 'Jan de Vries', email: 'jan@example.nl', message: 'We want to move to the cloud soon.' },
        },
      }),
    );
    expect(told[0]!.n).toEqual([{ o: 'ok', m: 'initialize', c: 'cursor\n1.7.2' }]);
    const text = JSON.stringify(told[1]);
    expect(text).not.toMatch(/Jan de Vries|jan@example\.nl|move to the cloud/);
    expect(told[1]!.n![0]).toMatchObject({ m: 'tools/call', t: 'start_conversation' });
  });

  test('a record that throws changes no answer', async () => {
    const { api } = setup(() => {
      throw new Error('record down');
    });
    const answer = await send(api, new Request(`${BASE}/api/health`));
    expect(answer.status).toBe(200);
  });
});
