/**
 * The prompts as prompts/list advertises them: one definition for the server (prompts.ts, which
 * answers prompts/get) and /mcp.md (src/discovery/mcp-docs.ts). Every word about the company
 * comes from its name and its published industries and services. No zod here: prompts/list is
 * answered from this alone, and prompts.ts (with the argument schemas) loads on the first
 * prompts/get or completion of a prompt.
 */
import type { Head } from '../artefacts/schema.ts';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

/** MCP `Prompt` as prompts/list gives it. */
export interface Prompt {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgument[];
}

export type PromptName = 'company_brief' | 'relevant_work' | 'contact_request';

/** The prompts of a company called `company`; `examples` are topics relevant_work's argument names as examples. */
export function promptCatalog(company: string, examples: readonly string[]): Record<PromptName, Prompt> {
  return {
    company_brief: {
      name: 'company_brief',
      title: `Brief on ${company}`,
      description: `A short brief on ${company}: what it does, its services, its work and how to get in touch, from the published pages.`,
      arguments: [],
    },
    relevant_work: {
      name: 'relevant_work',
      title: `${company}'s work for an industry or service`,
      description: `Case studies of ${company} relevant to an industry or one of its services, with their outcomes.`,
      arguments: [
        {
          name: 'topic',
          description:
            `An industry or a service of ${company}` +
            (examples.length ? `, e.g. ${examples.map((example) => JSON.stringify(example)).join(', ')}` : '') +
            '. completion/complete suggests the published ones.',
          required: true,
        },
      ],
    },
    contact_request: {
      name: 'contact_request',
      title: `Contact ${company}`,
      description:
        `Prepares a contact request to ${company}: walks you through what is sent and asks for your consent ` +
        'before anything is sent with start_conversation.',
      arguments: [
        {
          name: 'topic',
          description: 'What you would like to talk about (optional; you will be asked otherwise).',
          required: false,
        },
      ],
    },
  };
}

/** The catalog of a build, from its head: relevant_work's examples are two industries and a service. */
export function headPromptCatalog(head: Pick<Head, 'site' | 'facets' | 'exampleQueries'>): Record<PromptName, Prompt> {
  const examples = [...head.facets.industries.values.slice(0, 2), ...head.exampleQueries.slice(0, 1)];
  return promptCatalog(head.site.name, examples);
}
