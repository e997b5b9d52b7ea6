/**
 * The alternative agent host ({agent_url}) serves the same deployment: the same MCP server
 * (initialize, the same tools), the same files (llms.txt byte for byte), health and Markdown.
 */
import { PATHS, isObject, jsonOf, mediaType, shown, type Audit } from '../context.ts';
import { initializeParams, post, request, resultOf } from '../mcp.ts';
import { sha256 } from './discovery.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';

async function toolNames(audit: Audit, host: URL): Promise<string[] | undefined> {
  const { body } = await post(
    audit,
    request(1, 'tools/list'),
    { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0] },
    host,
  );
  const tools = resultOf(body)?.tools;
  return Array.isArray(tools) ? tools.map((tool) => (isObject(tool) ? String(tool.name) : '?')).sort() : undefined;
}

/** Other hosts the server card names for the MCP endpoint (a hint for --agent-url). */
async function namedHosts(audit: Audit): Promise<string[]> {
  const card = jsonOf(await audit.getOnce(PATHS.serverCard));
  const remotes = isObject(card) && Array.isArray(card.remotes) ? card.remotes : [];
  const origins = remotes
    .map((remote) =>
      isObject(remote) && typeof remote.url === 'string' && URL.canParse(remote.url)
        ? new URL(remote.url).origin
        : undefined,
    )
    .filter((origin): origin is string => origin !== undefined);
  return [...new Set(origins)];
}

export async function checkAgentHost(audit: Audit): Promise<void> {
  const area = 'agent-host';
  const agent = audit.options.agent;
  if (!agent) {
    const hosts = await namedHosts(audit);
    audit.skip(
      area,
      'agent-host',
      'the alternative agent host serves the same deployment',
      `no --agent-url given${hosts.length > 1 ? ` (the server card names ${hosts.join(' and ')})` : ''}`,
    );
    return;
  }
  const health = await audit.fetch(PATHS.health, {}, agent);
  const healthBody = jsonOf(health);
  audit.check(
    area,
    'agent-host.health',
    `${agent.origin}/api/health: 200, status ok`,
    health.status === 200 && isObject(healthBody) && healthBody.status === 'ok',
    {
      expected: 'HTTP 200, {"status": "ok"}',
      got: shown(health),
      fix: "Route the agent host to the same deployment (DNS and the platform's domain settings).",
    },
  );
  const version = LEGACY_PROTOCOL_VERSIONS[0];
  const init = await post(audit, request(1, 'initialize', initializeParams(version)), {}, agent);
  audit.check(
    area,
    'agent-host.initialize',
    `${agent.origin}/api/mcp: initialize ${version}`,
    init.response.status === 200 && resultOf(init.body)?.protocolVersion === version,
    {
      expected: `HTTP 200, result.protocolVersion ${version}`,
      got: shown(init.response),
      fix: 'Serve the MCP endpoint on the agent host too.',
    },
  );
  const [baseTools, agentTools] = [await toolNames(audit, audit.base), await toolNames(audit, agent)];
  audit.check(
    area,
    'agent-host.tools',
    'the same tools on both hosts',
    agentTools !== undefined && JSON.stringify(baseTools) === JSON.stringify(agentTools),
    {
      expected: `tools ${baseTools?.join(', ') ?? '(none on the base host)'}`,
      got: agentTools?.join(', ') ?? 'no tools/list result',
      fix: 'Both hosts must serve the same deployment.',
    },
  );
  const [baseLlms, agentLlms] = [await audit.getOnce(PATHS.llms), await audit.fetch(PATHS.llms, {}, agent)];
  audit.check(
    area,
    'agent-host.files',
    'the same llms.txt on both hosts (same build)',
    agentLlms.status === 200 && baseLlms.status === 200 && sha256(agentLlms.body) === sha256(baseLlms.body),
    {
      expected: `HTTP 200 and the base host's bytes (sha256 ${sha256(baseLlms.body).slice(0, 16)}…)`,
      got: agentLlms.status === 200 ? `sha256 ${sha256(agentLlms.body).slice(0, 16)}…` : shown(agentLlms, false),
      fix: 'Point the agent host at the same deployment (not an older one).',
    },
  );
  const markdown = await audit.fetch('/', { headers: { accept: 'text/markdown' } }, agent);
  audit.check(
    area,
    'agent-host.markdown',
    `${agent.origin}/ with Accept: text/markdown gets Markdown`,
    markdown.status === 200 && mediaType(markdown) === 'text/markdown',
    {
      expected: 'HTTP 200, text/markdown',
      got: shown(markdown, false),
      fix: 'The edge function must run on the agent host too.',
    },
  );
}
