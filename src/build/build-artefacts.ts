/**
 * The build's artefacts that depend on each other, made in one place from the site model: the
 * tool descriptors (from the company's facts and filters), the company profile (llms.txt and
 * llms-full.txt, which name the tools), the agent skill, and what the API function answers
 * from (its head and artefact files, src/build/agent-artefacts.ts). Pure apart from the build id.
 */
import { randomBytes } from 'node:crypto';
import type { AgentSkill } from '../discovery/agent-skills.ts';
import { agentSkill } from '../discovery/agent-skills.ts';
import { llmsFullTxt } from '../discovery/llms-full-txt.ts';
import { llmsTxt } from '../discovery/llms-txt.ts';
import { agentArtefacts, toolInfoOf, type AgentArtefacts } from './agent-artefacts.ts';
import type { Profile } from '../artefacts/schema.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { describeTools } from '../mcp/tools/describe.ts';
import type { MarkdownPage, SiteModel } from '../model/types.ts';
import { markdownPages } from './page-markdown.ts';

export interface Artefacts {
  /** When the build made them (ISO date-time): the head's and manifest's generatedAt and the AI catalog's updatedAt. */
  generatedAt: string;
  /** Identifies this build: the function refuses artefacts whose manifest carries another. */
  buildId: string;
  tools: ToolDescriptor[];
  /** Every page with its Markdown: the siblings, the page records and llms-full.txt are made from these. */
  pages: MarkdownPage[];
  profile: Profile;
  skills: AgentSkill[];
  /** What the API function imports (head) and reads (files). */
  agent: AgentArtefacts;
}

/** A new build id: the build time and 8 random hex digits. */
export function newBuildId(generatedAt: string): string {
  return `${generatedAt.replace(/[^0-9]/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
}

export function buildArtefacts(
  model: SiteModel,
  generatedAt = new Date().toISOString(),
  buildId = newBuildId(generatedAt),
): Artefacts {
  const info = toolInfoOf(model);
  const tools = describeTools(info);
  const pages = markdownPages(model);
  const profile = { short: llmsTxt(model, tools), full: llmsFullTxt(model, tools, pages) };
  const agent = agentArtefacts(model, { info, tools, pages, profile, buildId, generatedAt });
  return { generatedAt, buildId, tools, pages, profile, skills: [agentSkill(model, tools)], agent };
}
