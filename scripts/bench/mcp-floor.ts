/**
 * The floor of `npm run bench:mcp`: a minimal hand-written handler that does no validation at
 * all. It parses the JSON body, switches on the method, calls the project's tool function and
 * JSON.stringifies the result: no envelope checks (Content-Type, Accept, size, versions,
 * headers), no JSON-RPC shape check, no params checks, no CORS/Link/RateLimit headers, no
 * rate limiter, nothing serialized ahead. The tools are the project's own (`createTools`), so a
 * tools/call does the same work as in the core, including the tool's own argument parse, which
 * lives inside the tool function and cannot be skipped without rewriting the tools.
 */
import type { ArtefactReader } from '../../src/artefacts/reader.ts';
import type { Head } from '../../src/artefacts/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { logArtefactError } from '../../src/mcp/server.ts';
import { SERVER_CAPABILITIES, serverInfo, serverInstructions } from '../../src/mcp/server-info.ts';
import { createTools } from '../../src/mcp/tools/index.ts';
import type { WebHandler } from './mcp-reference.ts';

/** The message as the floor assumes it to be: it checks nothing. */
interface AssumedMessage {
  id: string | number;
  method: string;
  params?: { protocolVersion?: string; name?: string; arguments?: Record<string, unknown> };
}

export function createFloorHandler(head: Head, artefacts: ArtefactReader, leads?: LeadStore): WebHandler {
  const tools = createTools(
    head,
    { artefacts, ...(leads ? { leads: () => Promise.resolve({ store: leads }) } : {}) },
    logArtefactError,
  );
  const byName = new Map(tools.map((tool) => [tool.descriptor.name, tool]));
  const descriptors = tools.map((tool) => tool.descriptor);
  const info = serverInfo(head.site);
  const instructions = serverInstructions(head.site, head, head.tools);
  const now = () => new Date();
  const headers = { 'Content-Type': 'application/json' };

  return async (request) => {
    const message = JSON.parse(await request.text()) as AssumedMessage;
    const params = message.params ?? {};
    let result: unknown;
    switch (message.method) {
      case 'initialize':
        result = {
          protocolVersion: params.protocolVersion,
          capabilities: SERVER_CAPABILITIES,
          serverInfo: info,
          instructions,
        };
        break;
      case 'tools/list':
        result = { tools: descriptors };
        break;
      case 'tools/call':
        result = await byName.get(params.name!)!.call(params.arguments ?? {}, { now });
        break;
      default:
        return new Response(
          JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }),
          { headers },
        );
    }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), { headers });
  };
}
