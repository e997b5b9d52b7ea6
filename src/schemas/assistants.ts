/**
 * The AI assistants a page offers to open itself in (company.yaml `assistants`): each page's
 * actions menu links to every one of them with a question about the page, in the page's
 * language (strings.yaml `actions.prompt`), put into the assistant's address where `{prompt}`
 * stands (src/components/page-actions.ts). One list for every page and language.
 */
import { z } from 'zod';
import { fieldsOf } from './fields.ts';

/** Where the question goes in an assistant's `url`, URL-encoded. */
export const PROMPT_PLACEHOLDER = '{prompt}';

/** At most this many assistants: a menu longer than this is a list nobody reads. */
export const MAX_ASSISTANTS = 8;

/**
 * The assistants a company.yaml without `assistants` gets: the addresses that start a new
 * conversation with a question in each (ChatGPT's `hints=search` has it read the page's address
 * from the web rather than answer from memory).
 */
export const DEFAULT_ASSISTANTS: readonly Assistant[] = [
  { name: 'ChatGPT', url: 'https://chatgpt.com/?hints=search&q={prompt}' },
  { name: 'Claude', url: 'https://claude.ai/new?q={prompt}' },
  { name: 'Perplexity', url: 'https://www.perplexity.ai/search?q={prompt}' },
];

const EXAMPLE = '`url: https://claude.ai/new?q={prompt}`';

/** What is wrong with an assistant's address template, or undefined when nothing is. */
export function assistantUrlProblem(url: string): string | undefined {
  const placeholders = [...url.matchAll(/\{([^{}]*)\}/g)].map((match) => match[0]);
  const others = placeholders.filter((placeholder) => placeholder !== PROMPT_PLACEHOLDER);
  if (others.length)
    return `\`url\` uses ${others.join(', ')}, which is not a placeholder: the only one is {prompt}, where the question goes, e.g. ${EXAMPLE}`;
  const count = placeholders.length;
  if (count === 0) return `\`url\` must contain {prompt} where the question about the page goes, e.g. ${EXAMPLE}`;
  if (count > 1)
    return `\`url\` contains {prompt} ${count} times: write it once, where the question goes, e.g. ${EXAMPLE}`;
  if (/\s/.test(url)) return `\`url\` must not contain spaces: write it as one address, e.g. ${EXAMPLE}`;
  let parsed: URL;
  try {
    parsed = new URL(url.replace(PROMPT_PLACEHOLDER, 'question'));
  } catch {
    return `\`url\` must be a full address starting with https://, e.g. ${EXAMPLE}`;
  }
  if (parsed.protocol !== 'https:') return `\`url\` must start with https://, e.g. ${EXAMPLE}`;
  return undefined;
}

/** One assistant of the actions menu. */
const assistantSchema = fieldsOf(
  'an assistant',
  {
    /** The assistant's name as the menu shows it, e.g. "Claude" ("Open in Claude"). */
    name: z
      .string({ error: 'each assistant needs a `name`, e.g. `- name: Claude`' })
      .trim()
      .min(1, { error: 'each assistant needs a `name`, e.g. `- name: Claude`' })
      .max(40, { error: 'an assistant `name` is at most 40 characters, e.g. `name: Claude`' }),
    /**
     * The address that starts a conversation with a question, with {prompt} where the question
     * goes (it is URL-encoded there), e.g. `https://claude.ai/new?q={prompt}`. Must start with
     * https://.
     */
    url: z
      .string({ error: `each assistant needs a \`url\` with {prompt} where the question goes, e.g. ${EXAMPLE}` })
      .trim()
      .superRefine((url, context) => {
        const problem = assistantUrlProblem(url);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  },
  'each assistant is a `name` and a `url`, e.g. `- name: Claude` with `url: https://claude.ai/new?q={prompt}`',
);

export type Assistant = z.output<typeof assistantSchema>;

export const assistantsSchema = z
  .array(assistantSchema, {
    error: `\`assistants\` must be a list of assistants, each with \`name\` and \`url\`, e.g. \`- name: Claude\` with ${EXAMPLE}`,
  })
  .max(MAX_ASSISTANTS, {
    error: `\`assistants\` lists more than ${MAX_ASSISTANTS}: keep the ones your readers use`,
  })
  .superRefine((assistants, context) => {
    const seen = new Map<string, number>();
    assistants.forEach((assistant, index) => {
      const key = assistant.name.toLocaleLowerCase('en');
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `the assistant "${assistant.name}" is listed twice (also as number ${first + 1}): list each assistant once`,
        });
    });
  })
  .default(() => DEFAULT_ASSISTANTS.map((assistant) => ({ ...assistant })));
