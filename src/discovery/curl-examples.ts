/**
 * Example requests against the MCP endpoint as curl commands, for /mcp.md and the agent skill.
 * Bodies are built as objects and serialised, versions come from src/mcp/versions.ts, and a
 * tools/call example is only produced when the tool and its argument exist in the descriptors,
 * so an example never shows a call the server would reject.
 */
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { LATEST_LEGACY_VERSION, MODERN_PROTOCOL_VERSIONS } from '../mcp/versions.ts';
import { mcpEndpoints } from '../model/identity.ts';
import type { SiteModel } from '../model/model.ts';

export type ExampleId = 'initialize' | 'toolsList' | 'searchSite' | 'getPageMarkdown' | 'discover' | 'modernToolsCall';

export interface CurlExample {
  id: ExampleId;
  title: string;
  command: string;
}

/** The example tool calls: which tool, which argument carries the sample value. */
const TOOL_EXAMPLES = {
  searchSite: { tool: 'search_site', argument: 'query' },
  getPageMarkdown: { tool: 'get_page_markdown', argument: 'path' },
} as const;

const CLIENT_INFO = { name: 'example-client', version: '1.0.0' };

/** Single-quotes a value for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function curl(url: string, headers: Record<string, string>, body: unknown): string {
  const allHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers };
  return [
    `curl -sS ${url}`,
    ...Object.entries(allHeaders).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
    `-d ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n  ');
}

function hasArgument(tool: ToolDescriptor | undefined, argument: string): tool is ToolDescriptor {
  const properties = tool?.inputSchema.properties as Record<string, unknown> | undefined;
  return Boolean(properties && argument in properties);
}

/** Sample argument values taken from the site, so the examples return something real. */
function samples(model: SiteModel) {
  const page = model.sitePages.find((candidate) => candidate.kind === 'service') ?? model.sitePages[0];
  return {
    query: (model.services[0]?.data.title ?? model.company.name).toLowerCase(),
    path: page?.path ?? '/',
  };
}

export function curlExamples(model: SiteModel, tools: readonly ToolDescriptor[]): CurlExample[] {
  const url = mcpEndpoints(model.company).base;
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  const legacyHeader = { 'MCP-Protocol-Version': LATEST_LEGACY_VERSION };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': modern,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const values = samples(model);

  const examples: CurlExample[] = [
    {
      id: 'initialize',
      title: `initialize (${LATEST_LEGACY_VERSION})`,
      command: curl(
        url,
        {},
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: LATEST_LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
        },
      ),
    },
    {
      id: 'toolsList',
      title: 'tools/list',
      command: curl(url, legacyHeader, { jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    },
  ];

  let id = 3;
  for (const exampleId of ['searchSite', 'getPageMarkdown'] as const) {
    const { tool: name, argument } = TOOL_EXAMPLES[exampleId];
    const tool = tools.find((candidate) => candidate.name === name);
    if (!hasArgument(tool, argument)) continue;
    examples.push({
      id: exampleId,
      title: `tools/call ${name}`,
      command: curl(url, legacyHeader, {
        jsonrpc: '2.0',
        id: id++,
        method: 'tools/call',
        params: { name, arguments: { [argument]: values[argument] } },
      }),
    });
  }

  examples.push({
    id: 'discover',
    title: `server/discover (${modern})`,
    command: curl(
      url,
      { 'MCP-Protocol-Version': modern, 'Mcp-Method': 'server/discover' },
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
    ),
  });
  const search = tools.find((candidate) => candidate.name === TOOL_EXAMPLES.searchSite.tool);
  if (hasArgument(search, TOOL_EXAMPLES.searchSite.argument)) {
    examples.push({
      id: 'modernToolsCall',
      title: `tools/call ${search.name} (${modern})`,
      command: curl(
        url,
        { 'MCP-Protocol-Version': modern, 'Mcp-Method': 'tools/call', 'Mcp-Name': search.name },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: search.name, arguments: { [TOOL_EXAMPLES.searchSite.argument]: values.query }, _meta: meta },
        },
      ),
    });
  }
  return examples;
}
