/**
 * /.well-known/ai-catalog.json (Agent-Card/ai-catalog 1.0): a manifest of everything
 * machine-readable on the site, kept for the readers of the older drafts; the ARD manifest
 * (ard.ts, /.well-known/ard.json) is the primary one. Each entry carries its media type both as
 * `mediaType` (the AI Catalog draft) and as `type` (the name ARD uses), so readers of either
 * draft find the server card. Identifiers follow the `urn:air:{publisher}:{namespace}:{name}`
 * convention. The MCP server and the agent skills are the ARD manifest's own entries (same
 * identifier, type, URL and representative queries), so the two files cannot disagree; the
 * server's entry, of type `application/mcp-server-card+json`, is what the MCP server-card
 * extension's discovery text now has clients look for here, and its URL is the card beside the
 * endpoint (/api/mcp/server-card), where the other catalogs point too (mcp-catalog.ts); the same
 * card at the contract's path (/.well-known/mcp/server-card.json) is an entry of its own. A
 * multilingual site also lists each other language's llms.txt and llms-full.txt, and states its
 * languages (`languages`, the default first). Every language's Atom feeds follow
 * (src/discovery/atom-feed.ts): a site or language without insights has no insights feed.
 */
import type { Company } from '../schemas/company.ts';
import { dnsZone } from '../model/identity.ts';
import { absoluteUrl } from '../site/urls.ts';
import { ardIdentifier, serverIdentifier, type ArdEntry } from './ard.ts';
import type { LlmsLanguage } from './llms-languages.ts';
import type { SiteFeed } from './atom-feed.ts';
import { ATOM_CONTENT_TYPE, DISCOVERY_FILES, FEEDS, mediaTypeOf, type DiscoveryFileKey } from './discovery-files.ts';
import { ROUTES } from '../site/routes.ts';

export const AI_CATALOG_SPEC_VERSION = '1.0';

export interface AiCatalogEntry extends Omit<ArdEntry, 'representativeQueries'> {
  mediaType: string;
  representativeQueries?: string[];
}

/** Namespace of each file's identifier; the server card uses `mcp` like the extension's examples. */
const NAMESPACE: Record<DiscoveryFileKey, string> = {
  llms: 'llms',
  llmsFull: 'llms',
  mcpDocs: 'docs',
  openapi: 'api',
  serverCard: 'mcp',
  serverJson: 'mcp',
  mcpCatalog: 'catalog',
  apiCatalog: 'api',
  ard: 'catalog',
  aiCatalog: 'catalog',
  agentSkills: 'skills',
  sitemap: 'site',
  robots: 'site',
  mcpEndpoint: 'mcp',
};

/** The name part of each identifier: `llmsFull` -> `llms-full`. */
function entryName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Builds the catalog. `ard` are the ARD manifest's entries (the MCP server first, then the
 * skills), listed as they are there, the server in place of its card; `updatedAt` is when the
 * build made the files (ISO date-time); `languages` the site's languages
 * (src/discovery/llms-languages.ts), the default first; `feeds` every language's feeds.
 */
export function aiCatalog(
  company: Company,
  ard: readonly ArdEntry[],
  updatedAt: string,
  languages: readonly LlmsLanguage[] = [],
  feeds: readonly Pick<SiteFeed, 'key' | 'language' | 'path' | 'title'>[] = [],
) {
  const urn = (namespace: string, name: string) => ardIdentifier(company, namespace, name);
  const entry = (
    identifier: string,
    fields: { title: string; contentType: string; path: string; description: string; tags: readonly string[] },
  ): AiCatalogEntry => {
    const mediaType = mediaTypeOf(fields.contentType);
    return {
      identifier,
      displayName: fields.title,
      mediaType,
      type: mediaType,
      url: absoluteUrl(company.baseUrl, fields.path),
      description: fields.description,
      tags: [...fields.tags],
      updatedAt,
    };
  };

  const fromArd = (ardEntry: ArdEntry): AiCatalogEntry => ({ ...ardEntry, mediaType: ardEntry.type });
  const [server, ...skills] = ard;
  // The server card has two entries, one per address of the same card: the ARD manifest's MCP
  // server (the card beside the endpoint, the server's identifier), then the card at the path the
  // contract gives (/.well-known/mcp/server-card.json), under the file's own identifier.
  const files = (Object.keys(DISCOVERY_FILES) as DiscoveryFileKey[]).flatMap((key) => {
    const file = entry(urn(NAMESPACE[key], entryName(key)), DISCOVERY_FILES[key]);
    if (key !== 'serverCard') return [file];
    const beside = server
      ? fromArd(server)
      : entry(serverIdentifier(company), { ...DISCOVERY_FILES[key], path: ROUTES.mcpServerCard });
    return [beside, file];
  });

  // Each other language's profiles: `llms-nl`, `llms-full-nl`.
  const languageEntries = languages.slice(1).flatMap((language) =>
    (['llms', 'llmsFull'] as const).map((key) => {
      const file = DISCOVERY_FILES[key];
      return entry(urn(NAMESPACE[key], `${entryName(key)}-${language.code}`), {
        title: `${file.title} (${language.name})`,
        contentType: file.contentType,
        path: new URL(key === 'llms' ? language.llms : language.llmsFull).pathname,
        description: `${file.description} In ${language.englishName} (${language.code}).`,
        tags: [...file.tags, language.code],
      });
    }),
  );

  // The feeds: `insights-feed`, and `insights-feed-nl` for another language's (under its prefix).
  const feedEntries = feeds.map((feed) => {
    const { description, route, tags } = FEEDS[feed.key];
    const own = feed.path === ROUTES[route];
    const language = languages.find((item) => item.code === feed.language);
    return entry(urn('feeds', `${entryName(feed.key)}-feed${own ? '' : `-${feed.language}`}`), {
      title: feed.title,
      contentType: ATOM_CONTENT_TYPE,
      path: feed.path,
      description: own || !language ? description : `${description} In ${language.englishName} (${language.code}).`,
      tags: [...tags, feed.language],
    });
  });

  return {
    specVersion: AI_CATALOG_SPEC_VERSION,
    host: {
      displayName: company.name,
      identifier: dnsZone(company),
      documentationUrl: absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path),
    },
    ...(languages.length > 1 ? { languages: languages.map((language) => language.code) } : {}),
    entries: [...files, ...languageEntries, ...feedEntries, ...skills.map(fromArd)],
  };
}
