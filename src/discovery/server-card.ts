/**
 * /.well-known/mcp/server-card.json: one MCP Server Card that satisfies both shapes in use.
 * SEP-2127 (modelcontextprotocol/experimental-ext-server-card: `$schema`, reverse-DNS `name`,
 * `version`, `description`, `title`, `websiteUrl`, `remotes[]`) and the older SEP-1649 shape
 * scanners still read (`serverInfo`, `transport`, `capabilities`, `authentication`). The SEP-2127
 * schema allows extra members, so the older ones ride along. A multilingual site adds
 * `languages`: the codes of the languages its pages and read tools speak, the default first.
 */
import { SERVER_CAPABILITIES, SERVER_VERSION } from '../mcp/server-info.ts';
import { LATEST_LEGACY_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../mcp/versions.ts';
import type { Company } from '../schemas/company.ts';
import { mcpEndpoints, mcpServerName } from '../model/identity.ts';

/** The SEP-2127 schema URI (versioned by `vN`, not by date). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';

/** SEP-2127 caps `description` and `title` at 100 characters. */
const MAX_TEXT = 100;

function clip(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1).trimEnd()}…`;
}

/**
 * Who the server is, as both the server card and the MCP Registry entry (server-json.ts) say it:
 * its reverse-DNS name, version, title and description (each within the 100 characters both
 * allow), website and the URLs it answers at (the base host's, then the agent host's).
 */
export function serverIdentity(company: Company) {
  const endpoints = mcpEndpoints(company);
  return {
    name: mcpServerName(company),
    version: SERVER_VERSION,
    title: clip(company.name),
    description: clip(`Read ${company.name}'s services, case studies and articles, search the site, request contact.`),
    websiteUrl: company.baseUrl,
    endpoints: [endpoints.base, endpoints.agent],
  };
}

/** `languages`: the site's language codes, the default first (a one-language site's card names none). */
export function serverCard(company: Company, languages: readonly string[] = []) {
  const { endpoints, ...identity } = serverIdentity(company);
  const { name } = identity;
  const remote = (url: string) => ({
    type: 'streamable-http' as const,
    url,
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
  });
  return {
    // SEP-2127
    $schema: SERVER_CARD_SCHEMA,
    ...identity,
    remotes: endpoints.map(remote),
    ...(languages.length > 1 ? { languages: [...languages] } : {}),
    // SEP-1649 (its readers initialize with one 2025 revision; `remotes` lists them all)
    protocolVersion: LATEST_LEGACY_VERSION,
    serverInfo: { name, title: company.name, version: SERVER_VERSION },
    transport: { type: 'streamable-http' as const, endpoint: endpoints[0]! },
    capabilities: SERVER_CAPABILITIES,
    authentication: { required: false, schemes: [] as string[] },
  };
}

/**
 * The card as the site serves it (indented JSON and a newline): the text the build writes to
 * /.well-known/mcp/server-card.json and hands the API function in its head, which answers the
 * same bytes at /api/mcp/server-card.
 */
export function serverCardText(company: Company, languages: readonly string[] = []): string {
  return `${JSON.stringify(serverCard(company, languages), null, 2)}\n`;
}
