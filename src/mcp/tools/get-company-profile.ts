/** get_company_profile: the company profile, exactly the bytes of /llms.txt (short) or /llms-full.txt (full). */
import { z } from 'zod';
import { ROUTES } from '../../site/routes.ts';
import type { Catalog } from '../catalog.ts';
import { defineTool, type Tool, type ToolSuccess } from './define-tool.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

const FORMATS = ['short', 'full'] as const;

const output = z.object({
  format: z.enum(FORMATS).describe('Which profile this is.'),
  url: z.string().describe('Where the same Markdown is published.'),
  markdown: z.string().describe('The profile as Markdown.'),
});

export function createGetCompanyProfileTool(catalog: Catalog): Tool {
  const { name, baseUrl } = catalog.site;
  const urls = { short: `${baseUrl}${ROUTES.llms}`, full: `${baseUrl}${ROUTES.llmsFull}` };
  const answers = Object.fromEntries(
    FORMATS.map((format) => [format, { structured: { format, url: urls[format], markdown: catalog.profile[format] }, text: catalog.profile[format] }]),
  ) as Record<(typeof FORMATS)[number], ToolSuccess<z.output<typeof output>>>;
  return defineTool({
    name: 'get_company_profile',
    title: `${name}: company profile`,
    description:
      `Returns the profile of ${name} as Markdown: who they are, what services they offer, the industries they work in, and how to get in touch. ` +
      `Call this first when the user asks about ${name} or whether it could help them. ` +
      `format "short" (default) is ${urls.short}, a concise overview with links; "full" is ${urls.full}, the whole site in one document (long: use it only when the short profile is not enough).`,
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      format: z
        .preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(FORMATS))
        .default('short')
        .describe('"short" (default): the concise llms.txt profile. "full": the whole site as one Markdown document (llms-full.txt).'),
    }),
    output,
    run: ({ format }) => answers[format],
  });
}
