/**
 * One list of tools (src/mcp/tools/registry.ts): a throwaway tool added to it, and to nothing
 * else, appears everywhere the tools are named: tools/list and tools/call over the MCP endpoint,
 * the server's instructions, /mcp.md, llms.txt, the agent skill and the pages' WebMCP tools. If a
 * place kept a list of its own, the tool would be missing there and this test would say where.
 */
import { describe, expect, test, vi } from 'vitest';

const THROWAWAY = 'count_published_pages';

vi.mock('../../src/mcp/tools/registry.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/mcp/tools/registry.ts')>();
  const z = await import('../../src/zod.ts');
  const { defineTool } = await import('../../src/mcp/tools/define-tool.ts');
  const { READ_ONLY_ANNOTATIONS } = await import('../../src/mcp/tools/read-only.ts');
  const factory: import('../../src/mcp/tools/registry.ts').ToolFactory = (info) =>
    defineTool({
      name: THROWAWAY,
      title: `${info.site.name}: how many pages`,
      description: 'Returns how many pages the site publishes (a throwaway tool of a test).',
      annotations: READ_ONLY_ANNOTATIONS,
      input: z.strictObject({}),
      output: () => z.object({ pages: z.number() }),
      run: () => ({ structured: { pages: 42 }, text: '42 pages' }),
    });
  return { ...real, TOOLS: [...real.TOOLS, { name: THROWAWAY, load: () => Promise.resolve(factory) }] };
});

const { createMcpHandler } = await import('../../src/http/mcp-endpoint.ts');
const { createMemoryLeadStore } = await import('../../src/leads/memory-store.ts');
const { mcpDocsMarkdown } = await import('../../src/discovery/mcp-docs.ts');
const { webmcpTools } = await import('../../src/discovery/webmcp-tools.ts');
const { TOOL_NAMES } = await import('../../src/mcp/tools/index.ts');
const { callTool, mcpRequest, pipeline, sampleAgent, sampleArtefacts, sampleModel, send } =
  await import('../mcp/fixtures.ts');

const artefacts = sampleArtefacts();
const agent = sampleAgent();

describe('a tool added to the registry alone', () => {
  test('is on the list every other module reads', () => {
    expect(TOOL_NAMES.at(-1)).toBe(THROWAWAY);
    expect(artefacts.tools.map((tool) => tool.name)).toContain(THROWAWAY);
    expect(agent.head.tools.map((tool) => tool.name)).toContain(THROWAWAY);
  });

  test('is listed and called over the MCP endpoint, and named in the instructions', async () => {
    const handler = createMcpHandler({ ...agent, leads: pipeline({ store: createMemoryLeadStore() }) });
    const listed = await send(handler, mcpRequest({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    expect(listed.json.result.tools.map((tool: { name: string }) => tool.name)).toEqual(TOOL_NAMES);
    const called = await send(handler, mcpRequest(callTool(2, THROWAWAY)));
    expect(called.json.result).toMatchObject({ structuredContent: { pages: 42 } });
    expect(called.json.result.isError).toBeUndefined();
    const initialized = await send(
      handler,
      mcpRequest({
        jsonrpc: '2.0',
        id: 3,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    );
    expect(initialized.json.result.instructions).toContain(THROWAWAY);
  });

  test('is documented in /mcp.md, llms.txt and the agent skill, and offered to WebMCP as a read tool', () => {
    expect(mcpDocsMarkdown(sampleModel(), artefacts.tools)).toContain(THROWAWAY);
    expect(artefacts.profile.short).toContain(THROWAWAY);
    expect(artefacts.skills[0]!.markdown).toContain(THROWAWAY);
    expect(webmcpTools(artefacts.tools).tools.map((tool) => tool.name)).toContain(THROWAWAY);
  });
});
