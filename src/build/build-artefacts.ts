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

/** What one language publishes: its model, its pages with their Markdown and its profile (llms.txt, llms-full.txt). */
export interface LanguageArtefacts {
  language: string;
  model: SiteModel;
  pages: MarkdownPage[];
  profile: Profile;
}

export interface Artefacts {
  /** When the build made them (ISO date-time): the head's and manifest's generatedAt and the AI catalog's updatedAt. */
  generatedAt: string;
  /** Identifies this build: the function refuses artefacts whose manifest carries another. */
  buildId: string;
  tools: ToolDescriptor[];
  /** Every page of every language with its Markdown: the siblings and the page records are made from these. */
  pages: MarkdownPage[];
  /** The default language's profile: /llms.txt and /llms-full.txt. */
  profile: Profile;
  /** Each language's pages and profile, the default language first. */
  languages: LanguageArtefacts[];
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
  const languages = model.languages.codes.map((code): LanguageArtefacts => {
    const languageModel = model.languages.models.get(code)!;
    const pages = markdownPages(languageModel);
    const profile = { short: llmsTxt(languageModel, tools), full: llmsFullTxt(languageModel, tools, pages) };
    return { language: code, model: languageModel, pages, profile };
  });
  const pages = languages.flatMap((language) => language.pages);
  const { profile } = languages[0]!;
  const agent = agentArtefacts(model, { info, tools, pages, languages, buildId, generatedAt });
  return { generatedAt, buildId, tools, pages, profile, languages, skills: [agentSkill(model, tools)], agent };
}
