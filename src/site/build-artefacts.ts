/**
 * The build's artefacts that depend on each other, made in one place from the site model:
 * the tool descriptors, the company profile (llms.txt / llms-full.txt), the MCP catalog and the
 * agent skill. Pure apart from hashing; src/site/artefacts.ts memoizes it for the endpoints.
 *
 * The order matters: the descriptors are made from a catalog, and the profile names the tools
 * and goes into the catalog. So the catalog is built once without the profile, the descriptors
 * are taken from it, the profile is made from them and put in. That the descriptors do not
 * depend on the profile is checked, not assumed.
 */
import type { AgentSkill } from '../discovery/agent-skills.ts';
import { agentSkill } from '../discovery/agent-skills.ts';
import { llmsFullTxt } from '../discovery/llms-full-txt.ts';
import { llmsTxt } from '../discovery/llms-txt.ts';
import type { Catalog } from '../mcp/catalog.ts';
import type { ToolDescriptor } from '../mcp/tool-descriptor.ts';
import { listToolDescriptors } from '../mcp/tools/index.ts';
import { buildCatalog } from './build-catalog.ts';
import type { SiteModel } from './model.ts';

export interface Artefacts {
  /** When the build made them (ISO date-time): the catalog's generatedAt and the AI catalog's updatedAt. */
  generatedAt: string;
  tools: ToolDescriptor[];
  profile: Catalog['profile'];
  catalog: Catalog;
  skills: AgentSkill[];
}

export function buildArtefacts(model: SiteModel, generatedAt = new Date().toISOString()): Artefacts {
  const withoutProfile = buildCatalog(model, { short: '', full: '' }, generatedAt);
  const tools = listToolDescriptors(withoutProfile);
  const profile = { short: llmsTxt(model, tools), full: llmsFullTxt(model, tools) };
  const catalog: Catalog = { ...withoutProfile, profile };
  if (JSON.stringify(listToolDescriptors(catalog)) !== JSON.stringify(tools)) {
    throw new Error(
      'The MCP tool descriptors changed once the company profile was added to the catalog, so llms.txt would describe different tools than tools/list. ' +
        'Make the descriptors in src/mcp/tools/ independent of catalog.profile (read the profile only when a tool is called).',
    );
  }
  return { generatedAt, tools, profile, catalog, skills: [agentSkill(model, tools)] };
}
