/**
 * /.well-known/ai-catalog.json (Agent-Card/ai-catalog 1.0): a manifest of everything
 * machine-readable on the site. Each entry carries its media type both as `mediaType` (the AI
 * Catalog draft) and as `type` (the name the MCP discovery extension uses), so readers of
 * either draft find the server card. Identifiers follow the `urn:air:{publisher}:{namespace}:{name}`
 * convention of the MCP discovery extension. A multilingual site also lists each other
 * language's llms.txt and llms-full.txt, and states its languages (`languages`, the default first).
 */
import { MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import type { Company } from '../schemas/company.ts';
import { dnsZone, mcpServerName } from '../model/identity.ts';
import { absoluteUrl } from '../site/urls.ts';
import type { AgentSkill } from './agent-skills.ts';
import type { LlmsLanguage } from './llms-languages.ts';
import { DISCOVERY_FILES, mediaTypeOf, type DiscoveryFileKey } from './discovery-files.ts';

export const AI_CATALOG_SPEC_VERSION = '1.0';

export interface AiCatalogEntry {
  identifier: string;
  displayName: string;
  mediaType: string;
  type: string;
  url: string;
  description: string;
  tags: string[];
  updatedAt: string;
}

/** Namespace of each file's identifier; the server card uses `mcp` like the extension's examples. */
const NAMESPACE: Record<DiscoveryFileKey, string> = {
  llms: 'llms',
  llmsFull: 'llms',
  mcpDocs: 'docs',
  openapi: 'api',
  serverCard: 'mcp',
  apiCatalog: 'api',
  aiCatalog: 'catalog',
  agentSkills: 'skills',
  sitemap: 'site',
  robots: 'site',
  mcpEndpoint: 'mcp',
};

/** The name part of each identifier: the server card is named after the server (`site`). */
function entryName(company: Company, key: DiscoveryFileKey): string {
  if (key === 'serverCard') return mcpServerName(company).split('/')[1]!;
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Builds the catalog. `updatedAt` is when the build made the files (ISO date-time);
 * `skills` are the published agent skills, listed beside their index; `languages` the site's
 * languages (src/discovery/llms-languages.ts), the default first.
 */
export function aiCatalog(
  company: Company,
  skills: readonly AgentSkill[],
  updatedAt: string,
  languages: readonly LlmsLanguage[] = [],
) {
  const publisher = dnsZone(company);
  const urn = (namespace: string, name: string) => `urn:air:${publisher}:${namespace}:${name}`;
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

  const files = (Object.keys(DISCOVERY_FILES) as DiscoveryFileKey[]).map((key) =>
    entry(urn(NAMESPACE[key], entryName(company, key)), DISCOVERY_FILES[key]),
  );
  const skillEntries = skills.map((skill) =>
    entry(urn('skills', skill.name), {
      title: `Agent skill: ${skill.name}`,
      contentType: MARKDOWN_CONTENT_TYPE,
      path: skill.path,
      description: skill.description,
      tags: ['agent-skills', 'skill-md'],
    }),
  );

  // Each other language's profiles: `llms-nl`, `llms-full-nl`.
  const languageEntries = languages.slice(1).flatMap((language) =>
    (['llms', 'llmsFull'] as const).map((key) => {
      const file = DISCOVERY_FILES[key];
      return entry(urn(NAMESPACE[key], `${entryName(company, key)}-${language.code}`), {
        title: `${file.title} (${language.name})`,
        contentType: file.contentType,
        path: new URL(key === 'llms' ? language.llms : language.llmsFull).pathname,
        description: `${file.description} In ${language.englishName} (${language.code}).`,
        tags: [...file.tags, language.code],
      });
    }),
  );

  return {
    specVersion: AI_CATALOG_SPEC_VERSION,
    host: {
      displayName: company.name,
      identifier: publisher,
      documentationUrl: absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path),
    },
    ...(languages.length > 1 ? { languages: languages.map((language) => language.code) } : {}),
    entries: [...files, ...languageEntries, ...skillEntries],
  };
}
