/** get_company_profile: the company profile, exactly the bytes of /llms.txt (short) or /llms-full.txt (full). */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { ROUTES } from '../../site/routes.ts';
import { LLMS_FULL_MAX_BYTES } from '../../site/bounds.ts';
import * as z from '../../zod.ts';
import { defineTool, type ToolSpec, type ToolSuccess } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';
import { languageArgument } from './language.ts';
import { pathIn } from './site-languages.ts';

const FORMATS = ['short', 'full'] as const;
type Format = (typeof FORMATS)[number];

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = () =>
  z.object({
    format: z.enum(FORMATS).check(z.describe('Which profile this is.')),
    url: z.string().check(z.describe('Where the same Markdown is published.')),
    markdown: z.string().check(z.describe('The profile as Markdown.')),
  });

export function getCompanyProfileTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  const { name, baseUrl } = info.site;
  const urls = { short: `${baseUrl}${ROUTES.llms}`, full: `${baseUrl}${ROUTES.llmsFull}` };
  /** Where a language's profile is published: /llms.txt, /nl/llms.txt. */
  const urlOf = (format: Format, language: string | undefined) =>
    `${baseUrl}${pathIn(info, language, format === 'short' ? ROUTES.llms : ROUTES.llmsFull)}`;
  const answers = new Map<string, ToolSuccess<z.output<ReturnType<typeof output>>>>();
  return defineTool({
    name: 'get_company_profile',
    title: `${name}: company profile`,
    description:
      `Returns the profile of ${name} as Markdown: who they are, what services they offer, the industries they work in, and how to get in touch. ` +
      `Call this first when the user asks about ${name} or whether it could help them. ` +
      `format "short" (default) is ${urls.short}, a concise overview with links; ` +
      `"full" is ${urls.full}, the site's pages in one document: ` +
      `the whole site while it fits in ${LLMS_FULL_MAX_BYTES.toLocaleString('en-US')} bytes, ` +
      'else the services, company pages and newest entries (long: use it only when the short profile is not enough).',
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      format: z
        ._default(
          z.pipe(
            z.transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
            z.enum(FORMATS),
          ),
          'short',
        )
        .check(
          z.describe(
            '"short" (default): the concise llms.txt profile. "full": the site\'s pages as one Markdown document (llms-full.txt), bounded in size.',
          ),
        ),
      ...languageArgument(info, "The profile's language (each language's llms.txt and llms-full.txt)"),
    }),
    output,
    async run(args) {
      const { format } = args;
      const language = (args as { language?: string }).language;
      const key = `${format} ${language ?? ''}`;
      let answer = answers.get(key);
      if (!answer) {
        const markdown = (await artefacts.profile(language))[format];
        answer = { structured: { format, url: urlOf(format, language), markdown }, text: markdown };
        answers.set(key, answer);
      }
      return answer;
    },
  });
}
