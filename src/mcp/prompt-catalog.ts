/**
 * The prompts as prompts/list advertises them: one definition for the server (prompts.ts, which
 * answers prompts/get) and /mcp.md (src/discovery/mcp-docs.ts). Every word about the company
 * comes from its name and its published industries and services. No zod here: prompts/list is
 * answered from this alone, and prompts.ts (with the argument schemas) loads on the first
 * prompts/get or completion of a prompt.
 */
import type { Head } from '../artefacts/schema.ts';
import { languageLabel } from './tools/site-languages.ts';

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

/**
 * The `language` argument every prompt takes on a site in more than one language (`languages`:
 * "en (English)", the default first): the language of the pages it brings and of the answer.
 */
function languageArguments(languages: readonly string[] | undefined): PromptArgument[] {
  if (!languages || languages.length < 2) return [];
  return [
    {
      name: 'language',
      description: `The language of the pages and of the answer: one of ${languages.join(', ')} (optional; default ${languages[0]}).`,
      required: false,
    },
  ];
}

/**
 * The prompts of a company called `company`; `examples` are topics relevant_work's argument
 * names as examples; `languages` the site's languages when it has more than one.
 */
export function promptCatalog(
  company: string,
  examples: readonly string[],
  languages?: readonly string[],
): Record<PromptName, Prompt> {
  const language = languageArguments(languages);
  return {
    company_brief: {
      name: 'company_brief',
      title: `Brief on ${company}`,
      description: `A short brief on ${company}: what it does, its services, its work and how to get in touch, from the published pages.`,
      arguments: [...language],
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
        ...language,
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
        ...language,
      ],
    },
  };
}

/** The prompts' names, in prompts/list's order. */
export const PROMPT_NAMES = Object.keys(promptCatalog('', [])) as readonly PromptName[];

/** The catalog of a build, from its head: relevant_work's examples are two industries and a service. */
export function headPromptCatalog(
  head: Pick<Head, 'site' | 'facets' | 'exampleQueries' | 'languages' | 'languageNames'>,
): Record<PromptName, Prompt> {
  const examples = [...head.facets.industries.values.slice(0, 2), ...head.exampleQueries.slice(0, 1)];
  const languages = head.languages?.map((code) => languageLabel(head, code));
  return promptCatalog(head.site.name, examples, languages);
}
