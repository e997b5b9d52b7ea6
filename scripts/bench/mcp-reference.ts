/**
 * The reference server of `npm run bench:mcp`: what an engineer would reach for. The SDK's
 * high-level `McpServer` registers the project's tools, served by the SDK's web-standard
 * Streamable HTTP transport in stateless mode with JSON responses, a new server and transport
 * per request as the SDK's stateless examples do (the SDK refuses to reuse a stateless
 * transport).
 *
 * Only the protocol layer differs from the core: each tool's callback is the project's own tool
 * (`createTools`), so the work per call is the same. The project's zod/mini schemas live inside
 * the tool modules and are not exported, so the input and output schemas registered here are zod
 * schemas rebuilt from each tool's advertised JSON Schema (`z.fromJSONSchema`), which holds the
 * same constraints (types, lengths, enums, strictness, defaults). The SDK validates the
 * arguments with them, then the project tool validates them again with its own schema (about a
 * microsecond, the same call the core makes). The SDK also validates `structuredContent`
 * against the output schema on every call, as it does for any tool that declares one.
 *
 * Schemas are built once per process, not per request (the SDK examples build them inside the
 * per-request factory; doing it once is the favourable choice for the reference).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import type { ArtefactReader } from '../../src/artefacts/reader.ts';
import type { Head } from '../../src/artefacts/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { logArtefactError } from '../../src/mcp/server.ts';
import { serverInfo, serverInstructions } from '../../src/mcp/server-info.ts';
import { createTools } from '../../src/mcp/tools/index.ts';

export type WebHandler = (request: Request) => Promise<Response>;

export function createReferenceHandler(head: Head, artefacts: ArtefactReader, leads?: LeadStore): WebHandler {
  const tools = createTools(
    head,
    { artefacts, ...(leads ? { leads: () => Promise.resolve({ store: leads }) } : {}) },
    logArtefactError,
  );
  const info = serverInfo(head.site);
  const instructions = serverInstructions(head.site, head, head.tools);
  const now = () => new Date();
  const registrations = tools.map((tool) => {
    const { name, title, description, annotations, inputSchema, outputSchema } = tool.descriptor;
    return {
      name,
      config: {
        title,
        description,
        annotations,
        inputSchema: z.fromJSONSchema(inputSchema) as z.ZodObject,
        outputSchema: z.fromJSONSchema(outputSchema) as z.ZodObject,
      },
      call: (args: Record<string, unknown>) => tool.call(args, { now }),
    };
  });

  const getServer = () => {
    const server = new McpServer(info, { instructions });
    for (const tool of registrations) {
      server.registerTool(
        tool.name,
        tool.config,
        async (args: Record<string, unknown>) => (await tool.call(args)) as never,
      );
    }
    return server;
  };

  return async (request) => {
    const server = getServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      // The response body is a complete string already (JSON mode); closing frees both objects.
      void transport.close();
      void server.close();
    }
  };
}
