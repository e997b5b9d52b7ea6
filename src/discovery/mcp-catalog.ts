/**
 * /.well-known/mcp/catalog.json: the MCP Catalog of the MCP server-card extension's discovery text
 * (modelcontextprotocol/experimental-ext-server-card, docs/discovery.md): `specVersion` and
 * `entries`, one per MCP server, each a `urn:air:` identifier and the URL of the server's card.
 *
 * Which draft it follows. The extension defined this catalog at this path from its first draft
 * until July 2026, then dropped it: discovery now starts at the AI catalog
 * (/.well-known/ai-catalog.json, ai-catalog.ts), whose entry of type
 * `application/mcp-server-card+json` gives the card's URL. The site publishes both, as it keeps
 * the AI catalog for the readers of its older drafts: clients written against the MCP Catalog
 * drafts fetch this path. So the file satisfies every draft that defined it:
 * - `specVersion` `"draft"`, the only value those drafts gave;
 * - the card's media type as `type` (the later drafts' name) and as `mediaType` (the earlier
 *   ones'), like the AI catalog's entries;
 * - `displayName`, required by the earlier drafts; the later ones leave the name to the card's
 *   `title` and allow the member, as the AI catalog does;
 * - the identifier is the ARD manifest's (`urn:air:<domain>:mcp:<name>`, the later drafts' form;
 *   the first drafts' `urn:mcp:server:` form was replaced by it).
 * Each entry is the ARD manifest's server entry cut to these members, so the three catalogs name
 * the server by the same identifier and the same card URL, `<endpoint>/server-card`: the location
 * MCP reserves for a card (the extension advises against a card under `.well-known`; the one at
 * /.well-known/mcp/server-card.json stays for the contract and the scanners that read it there).
 */
import type { ArdEntry } from './ard.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';

/** The catalog format's version, as the drafts that define it give it. */
export const MCP_CATALOG_SPEC_VERSION = 'draft';

export interface McpCatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  mediaType: string;
  url: string;
}

/** The catalog of the MCP servers among the ARD manifest's entries (the site has one). */
export function mcpCatalog(ard: readonly ArdEntry[]): { specVersion: string; entries: McpCatalogEntry[] } {
  const cardType = DISCOVERY_FILES.serverCard.contentType;
  return {
    specVersion: MCP_CATALOG_SPEC_VERSION,
    entries: ard
      .filter((entry) => entry.type === cardType)
      .map(({ identifier, displayName, type, url }) => ({ identifier, displayName, type, mediaType: type, url })),
  };
}
