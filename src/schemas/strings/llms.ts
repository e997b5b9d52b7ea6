/**
 * The sentences and headings of each language's llms.txt and llms-full.txt (src/discovery/llms-txt.ts,
 * llms-full-txt.ts). The tools' own descriptions come from their descriptors; the llmstxt.org
 * section name `Optional` and the form of each `## Languages` line are fixed, since readers parse them.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const llmsStrings = z.strictObject({
  /** The facts line: where the company is based. */
  basedIn: phrase(['location'], 200),
  /** The facts line: the year it was founded. */
  founded: phrase(['year'], 80),
  /** The facts line: its team size as company.yaml writes it. */
  team: phrase(['size'], 80),
  /** The facts line: the label before the contact address. */
  contact: phrase([], 40),
  /** The company's offices, `{offices}` each "name, address" joined by "; ". */
  offices: phrase(['offices'], 120),
  /** The label before the company's profiles elsewhere. */
  elsewhere: phrase([], 40),
  /** Heading of the section on the MCP server (llms.txt and llms-full.txt). */
  whenToUse: phrase([], 80),
  /** What the MCP server is and when to use it, ending before the list of its tools. `{endpoint}` and `{agentEndpoint}` are links. */
  mcpServer: phrase(['company', 'endpoint', 'agentEndpoint']),
  /** The consent rule of the acting tool, after its name: `{fields}` the fields it sends. */
  consent: phrase(['company', 'fields']),
  /** Where the documentation is and how to get any page as Markdown. `{docs}` is a link; `{suffix}`, `{home}`, `{accept}` are code. */
  documentation: phrase(['docs', 'suffix', 'home', 'accept']),
  /** The link to the whole case studies listing when llms.txt lists only the newest; plural forms by {total}. */
  allCaseStudies: pluralPhrase(['total'], 80),
  /** The same for the insights listing. */
  allInsights: pluralPhrase(['total'], 80),
  /** After that link: what the list above holds; plural forms by {shown}. */
  newestAbove: pluralPhrase(['shown'], 200),
  /** Heading of the section listing the machine-readable files. */
  machineReadable: phrase([], 60),
  /** What /llms-full.txt is, in one sentence; plural forms by {bytes}. */
  llmsFullFile: pluralPhrase(['bytes'], 300),
  /** What /mcp.md is. */
  mcpDocsFile: phrase([], 300),
  /** What /openapi.json is. */
  openapiFile: phrase([], 300),
  /** What the MCP server card is. */
  serverCardFile: phrase([], 300),
  /** What the MCP catalog (/.well-known/mcp/catalog.json) is. */
  mcpCatalogFile: phrase([], 300),
  /** What the API catalog is. */
  apiCatalogFile: phrase([], 300),
  /** What the ARD manifest is. */
  ardFile: phrase([], 300),
  /** What the AI catalog is. */
  aiCatalogFile: phrase([], 300),
  /** What the agent skills index is. */
  agentSkillsFile: phrase([], 300),
  /**
   * The ARD manifest's representative queries (src/discovery/ard.ts): what a buyer would ask that
   * the MCP server answers. `{service}` is a service's title, `{industry}` the industry with most
   * case studies.
   */
  queryServices: phrase(['company'], 200),
  queryService: phrase(['company', 'service'], 200),
  queryIndustry: phrase(['company', 'industry'], 200),
  queryContact: phrase(['company'], 200),
  /** The same for the agent skill: what a user asks an agent that the skill teaches it to answer. */
  querySkill: phrase(['company'], 200),
  querySkillContact: phrase(['company'], 200),
  /** Heading of the section listing every language's llms.txt (multilingual sites only). */
  languages: phrase([], 60),
  /** Heading of llms-full.txt's closing section on a site too large for one file. */
  notInFile: phrase([], 80),
  /**
   * That section's text: how many pages the file holds of how many, and where the rest are
   * (`{llms}`, `{caseStudies}`, `{insights}` are links). Plural forms by {total}, the pages of
   * the site; write {held} and {bytes} so they read with any number.
   */
  notInFileText: pluralPhrase(['held', 'total', 'bytes', 'llms', 'caseStudies', 'insights'], 1000),
});
