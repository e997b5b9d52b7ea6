/**
 * /.well-known/ard.json: the Agentic Resource Discovery (ARD) manifest, the file agent
 * directories and registries read to find what a domain offers agents. It lists only ARD's
 * discovery types: the MCP server (by its server card, at /api/mcp/server-card: the place beside
 * the endpoint MCP reserves for it) and each agent skill (by its SKILL.md, with the skills
 * profile). Every entry has a domain-anchored identifier
 * (`urn:air:<domain>:<namespace>:<name>`, the same as in the AI catalog) and 2-5 representative
 * queries written from the site's content in its default language: what a buyer would ask that
 * the resource answers, which registries embed to find it.
 *
 * The older /.well-known/ai-catalog.json (ai-catalog.ts) stays for its readers: it lists these
 * entries with the same identifiers, types and queries, and every other machine-readable file
 * besides. Every page announces this manifest (`<link rel="ard ai-catalog">`), and so does the
 * `Link` header of every response (`rel="ard"`); robots.txt too (`Agentmap:`) when company.yaml
 * asks for it. No nested catalog: one publisher with one server has nothing to nest
 * (docs/architecture.md).
 */
import { SERVER_VERSION } from '../mcp/server-info.ts';
import { dnsZone, mcpServerName } from '../model/identity.ts';
import type { SiteModel } from '../model/model.ts';
import type { Company } from '../schemas/company.ts';
import { fill } from '../site/languages.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import type { AgentSkill } from './agent-skills.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';

/** The manifest format this file follows (ARD's `specVersion`). */
export const ARD_SPEC_VERSION = '1.0';

/** ARD's media type of an agent skill published as a SKILL.md. */
export const SKILL_MEDIA_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** What ARD asks of `representativeQueries`: between two and five. */
export const REPRESENTATIVE_QUERIES = { min: 2, max: 5 } as const;

export interface ArdEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  tags: string[];
  capabilities?: string[];
  representativeQueries: string[];
  version?: string;
  updatedAt: string;
  metadata?: Record<string, string>;
}

/** The identifier of an entry, here and in the AI catalog: `urn:air:<domain>:<namespace>:<name>`. */
export function ardIdentifier(company: Company, namespace: string, name: string): string {
  return `urn:air:${dnsZone(company)}:${namespace}:${name}`;
}

/** The MCP server's identifier: named after the server (`site`) in the `mcp` namespace. */
export function serverIdentifier(company: Company): string {
  return ardIdentifier(company, 'mcp', mcpServerName(company).split('/')[1]!);
}

/**
 * What a buyer would ask that the MCP server answers, from the content: what the company offers,
 * its first two services, the industry it has most case studies in, and how to reach it.
 */
export function serverQueries(model: SiteModel): string[] {
  const text = model.strings.llms;
  const company = model.company.name;
  const industry = [...model.industries].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))[0];
  const queries = [
    fill(text.queryServices, { company }),
    ...model.services.slice(0, 2).map((service) => fill(text.queryService, { company, service: service.data.title })),
    ...(industry ? [fill(text.queryIndustry, { company, industry: industry.name })] : []),
    fill(text.queryContact, { company }),
  ];
  return queries.slice(0, REPRESENTATIVE_QUERIES.max);
}

/** What an agent's user would ask that the skill teaches it to answer. */
export function skillQueries(model: SiteModel): string[] {
  const text = model.strings.llms;
  const company = model.company.name;
  return [fill(text.querySkill, { company }), fill(text.querySkillContact, { company })];
}

/** The manifest's entries: the MCP server, then each skill. `updatedAt` is when the build made them. */
export function ardEntries(
  model: SiteModel,
  skills: readonly AgentSkill[],
  tools: readonly string[],
  updatedAt: string,
): ArdEntry[] {
  const { company } = model;
  const card = DISCOVERY_FILES.serverCard;
  const languages = model.languages.codes;
  return [
    {
      identifier: serverIdentifier(company),
      displayName: `${company.name} MCP server`,
      type: card.contentType,
      // The card beside the endpoint (`<endpoint>/server-card`), where MCP's discovery text
      // reserves it, rather than its copy under .well-known, which that text advises against.
      url: absoluteUrl(company.baseUrl, ROUTES.mcpServerCard),
      description: DISCOVERY_FILES.mcpEndpoint.description,
      tags: [...card.tags],
      capabilities: [...tools],
      representativeQueries: serverQueries(model),
      version: SERVER_VERSION,
      updatedAt,
      ...(languages.length > 1 ? { metadata: { languages: languages.join(' ') } } : {}),
    },
    ...skills.map((skill): ArdEntry => ({
      identifier: ardIdentifier(company, 'skills', skill.name),
      displayName: `Agent skill: ${skill.name}`,
      type: SKILL_MEDIA_TYPE,
      url: absoluteUrl(company.baseUrl, skill.path),
      description: skill.description,
      tags: ['agent-skills', 'skill-md'],
      representativeQueries: skillQueries(model),
      updatedAt,
    })),
  ];
}

/** The manifest: the host (the company, on its own domain) and its entries. */
export function ardManifest(
  model: SiteModel,
  skills: readonly AgentSkill[],
  tools: readonly string[],
  updatedAt: string,
) {
  const { company } = model;
  return {
    specVersion: ARD_SPEC_VERSION,
    host: {
      displayName: company.name,
      identifier: dnsZone(company),
      documentationUrl: absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path),
    },
    entries: ardEntries(model, skills, tools, updatedAt),
  };
}
