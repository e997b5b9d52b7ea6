/**
 * The MCP handshake of every protocol revision the contract names (initialize, the
 * notifications/initialized notification, ping, the listed methods), the response header
 * MCP-Protocol-Version, and the stateless 2026-07-28 era (server/discover) when the deployment
 * advertises it: optional in the contract, so checked only when offered.
 */
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';
import { isObject, shown, type Audit } from '../context.ts';
import { checkResources } from './resources.ts';
import { errorOf, initializeParams, notification, post, request, requireMcp, resultOf, CLIENT_INFO } from '../mcp.ts';

/** The protocol revisions the contract names ("Versioning"). */
export const CONTRACT_VERSIONS: readonly string[] = LEGACY_PROTOCOL_VERSIONS;

const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const FIX_VERSIONS = `The contract supports MCP ${CONTRACT_VERSIONS.join(', ')}: answer initialize with the requested version when it is one of them.`;

/** Long: a list of independent checks run in the order the report prints them. */
export async function checkMcp(audit: Audit): Promise<void> {
  const area = 'mcp';
  if (!(await requireMcp(audit, area))) return;
  for (const version of CONTRACT_VERSIONS) {
    const id = `mcp.initialize.${version}`;
    const { response, body } = await post(audit, request(1, 'initialize', initializeParams(version)));
    const result = resultOf(body);
    const ok =
      response.status === 200 &&
      result?.protocolVersion === version &&
      isObject(result.serverInfo) &&
      typeof result.serverInfo.name === 'string' &&
      typeof result.serverInfo.version === 'string' &&
      isObject(result.capabilities) &&
      isObject(result.capabilities.tools);
    audit.check(area, id, `initialize ${version}: same version back, serverInfo, tools capability`, ok, {
      expected: `HTTP 200, result.protocolVersion "${version}", serverInfo {name, version}, capabilities.tools`,
      got: shown(response),
      fix: FIX_VERSIONS,
    });
    const header = response.headers.get('mcp-protocol-version');
    audit.check(
      area,
      `mcp.initialize.${version}.header`,
      `initialize ${version}: MCP-Protocol-Version response header`,
      header === version,
      {
        expected: `MCP-Protocol-Version: ${version}`,
        got: header ?? '(no header)',
        fix: 'Send the negotiated version in the MCP-Protocol-Version response header (contract, "Versioning").',
      },
    );
    const headers = { 'mcp-protocol-version': version };
    const initialized = await post(audit, notification('notifications/initialized'), headers);
    audit.check(
      area,
      `mcp.initialized.${version}`,
      `notifications/initialized ${version}: 202, no body`,
      initialized.response.status === 202 && initialized.response.body.length === 0,
      {
        expected: 'HTTP 202 with an empty body',
        got: shown(initialized.response),
        fix: 'Accept notifications with 202 and no body.',
      },
    );
    const ping = await post(audit, request(2, 'ping'), headers);
    audit.check(
      area,
      `mcp.ping.${version}`,
      `ping ${version}`,
      ping.response.status === 200 && isObject(resultOf(ping.body)),
      {
        expected: 'HTTP 200 with an (empty) result object',
        got: shown(ping.response),
        fix: 'Answer ping with {"result": {}}.',
      },
    );
    const pingHeader = ping.response.headers.get('mcp-protocol-version');
    audit.check(
      area,
      `mcp.ping.${version}.header`,
      `ping ${version}: MCP-Protocol-Version response header`,
      pingHeader === version,
      {
        expected: `MCP-Protocol-Version: ${version} (the version the request sent)`,
        got: pingHeader ?? '(no header)',
        fix: "Echo the request's MCP-Protocol-Version in the response.",
      },
    );
  }

  const latest = CONTRACT_VERSIONS[0]!;
  const headers = { 'mcp-protocol-version': latest };
  const unknownVersion = await post(audit, request(3, 'initialize', initializeParams('1999-01-01')));
  const offered = resultOf(unknownVersion.body)?.protocolVersion;
  audit.check(
    area,
    'mcp.initialize.unknown-version',
    'initialize with an unknown version: the server offers one it supports',
    unknownVersion.response.status === 200 && CONTRACT_VERSIONS.includes(String(offered)),
    {
      expected: `HTTP 200, result.protocolVersion one of ${CONTRACT_VERSIONS.join(', ')}`,
      got: shown(unknownVersion.response),
      fix: 'MCP lifecycle: when the requested version is not supported, answer with the latest supported one.',
    },
  );
  const badHeader = await post(audit, request(4, 'ping'), { 'mcp-protocol-version': '1999-01-01' });
  audit.check(
    area,
    'mcp.header.unsupported',
    'an unsupported MCP-Protocol-Version header gets HTTP 400',
    badHeader.response.status === 400,
    {
      expected: 'HTTP 400 with a JSON-RPC error',
      got: shown(badHeader.response),
      fix: 'MCP transports (2025-06-18+): a request with an unsupported MCP-Protocol-Version gets 400 Bad Request.',
    },
  );

  for (const method of ['resources/list', 'prompts/list']) {
    const { response, body } = await post(audit, request(5, method), headers);
    audit.check(
      area,
      `mcp.${method.replace('/', '-')}`,
      `${method} answers with a result`,
      response.status === 200 && isObject(resultOf(body)),
      {
        expected: 'HTTP 200 with a result object (the contract lists it as a supported method)',
        got: shown(response),
        fix: `Answer ${method}; an empty list is a valid answer.`,
      },
    );
  }

  await checkModernEra(audit);
  await checkResources(audit);
}

/**
 * The 2026-07-28 revision: checked when server/discover or the server card advertises a version the contract does not name.
 *
 * Long: a list of independent checks run in the order the report prints them.
 */
async function checkModernEra(audit: Audit): Promise<void> {
  const area = 'mcp';
  const probe = await post(audit, request(10, 'server/discover'));
  const supported = resultOf(probe.body)?.supportedVersions;
  const modern = Array.isArray(supported)
    ? supported.filter(
        (version): version is string => typeof version === 'string' && !CONTRACT_VERSIONS.includes(version),
      )
    : [];
  if (modern.length === 0) {
    audit.skip(
      area,
      'mcp.modern',
      'stateless MCP revisions (2026-07-28 and later)',
      `not offered (server/discover: ${errorOf(probe.body) ? 'JSON-RPC error' : shown(probe.response, false)}); optional in the contract`,
    );
    return;
  }
  audit.check(
    area,
    'mcp.discover',
    "server/discover lists the contract's versions too",
    CONTRACT_VERSIONS.every((version) => modern.length > 0 && (supported as unknown[]).includes(version)),
    {
      expected: `supportedVersions including ${CONTRACT_VERSIONS.join(', ')}`,
      got: JSON.stringify(supported),
      fix: "A dual-era server keeps serving the contract's revisions.",
    },
  );
  for (const version of modern) {
    const meta = {
      [META_VERSION]: version,
      'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const modernHeaders = { 'mcp-protocol-version': version };
    const discover = await post(audit, request(11, 'server/discover', { _meta: meta }), {
      ...modernHeaders,
      'mcp-method': 'server/discover',
    });
    const discovered = resultOf(discover.body);
    audit.check(
      area,
      `mcp.discover.${version}`,
      `server/discover ${version}`,
      discover.response.status === 200 &&
        Array.isArray(discovered?.supportedVersions) &&
        isObject(discovered.capabilities),
      {
        expected: 'HTTP 200, result with supportedVersions and capabilities',
        got: shown(discover.response),
        fix: `MCP ${version}: server/discover is mandatory and advertises versions, capabilities and identity.`,
      },
    );
    const list = await post(audit, request(12, 'tools/list', { _meta: meta }), {
      ...modernHeaders,
      'mcp-method': 'tools/list',
    });
    const tools = resultOf(list.body)?.tools;
    audit.check(
      area,
      `mcp.tools-list.${version}`,
      `tools/list ${version} (version in _meta and header)`,
      list.response.status === 200 && Array.isArray(tools) && tools.length > 0,
      {
        expected: 'HTTP 200 with result.tools',
        got: shown(list.response),
        fix: `Serve ${version} requests (version, client info and capabilities in params._meta) or stop advertising ${version}.`,
      },
    );
    const mismatch = await post(audit, request(13, 'tools/list', { _meta: meta }), {
      ...modernHeaders,
      'mcp-method': 'prompts/list',
    });
    audit.check(
      area,
      `mcp.mirrored-headers.${version}`,
      `${version}: Mcp-Method that does not match the body gets 400`,
      mismatch.response.status === 400 && isObject(errorOf(mismatch.body)),
      {
        expected: 'HTTP 400 with a JSON-RPC error (-32020)',
        got: shown(mismatch.response),
        fix: `MCP ${version} transports: reject a request whose Mcp-Method header differs from its body.`,
      },
    );
  }
}
