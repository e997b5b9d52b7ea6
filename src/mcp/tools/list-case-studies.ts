/** list_case_studies: published case studies, newest first, optionally of one industry. */
import { z } from 'zod';
import type { Catalog } from '../catalog.ts';
import { defineTool, type Tool } from './define-tool.ts';
import { createMemo } from './memo.ts';
import { facetFilterSchema, limitSchema } from './list-arguments.ts';
import { CASE_STUDY_LIMIT } from './limits.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

const caseStudySchema = z.object({
  title: z.string().describe('The headline of the case study.'),
  client: z.string().describe('The client\'s name as published.'),
  industry: z.string().describe('The client\'s industry.'),
  summary: z.string().describe('The problem and the result, in a sentence or two.'),
  services: z.array(z.string()).describe('Names of the services involved.'),
  date: z.string().describe('Publication date, YYYY-MM-DD.'),
  outcomes: z.array(z.string()).describe('Measured results, one sentence each.'),
  url: z.string().describe('Absolute URL of the case study; get_page_markdown reads it in full.'),
});

const output = z.object({
  industry: z.string().optional().describe('The industry filter applied, if any (canonical spelling).'),
  total: z.number().int().describe('How many case studies match the filter.'),
  returned: z.number().int().describe('How many are returned (at most `limit`).'),
  caseStudies: z.array(caseStudySchema).describe('The case studies, newest first.'),
});

export function createListCaseStudiesTool(catalog: Catalog): Tool {
  // Exactly the advertised fields (the catalog may grow others), newest first.
  const studies: z.output<typeof caseStudySchema>[] = catalog.caseStudies
    .map(({ title, client, industry, summary, services, date, outcomes, url }) => ({ title, client, industry, summary, services, date, outcomes, url }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'en'));
  // Every (filter, limit) pair has one answer; there are at most (values + 1) x max of them.
  const memo = createMemo<{ structured: z.output<typeof output>; text: string }>(1024);
  return defineTool({
    name: 'list_case_studies',
    title: 'List case studies',
    description:
      `Lists ${catalog.site.name}'s published case studies, newest first: client, industry, summary, services, outcomes and URL of each. ` +
      'Use it when the user asks what the company has done, for examples of its work, or for experience in an industry. ' +
      `Filter with industry (one of: ${catalog.industries.join(', ')}). To read one in full, pass its URL to get_page_markdown.`,
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      industry: facetFilterSchema(catalog.industries, 'Only case studies in this industry.'),
      limit: limitSchema(CASE_STUDY_LIMIT, 'case studies'),
    }),
    output,
    run: ({ industry, limit }) =>
      memo(`${limit} ${industry ?? ''}`, () => {
        const matching = industry ? studies.filter((study) => study.industry === industry) : studies;
        const selected = matching.slice(0, limit);
        const heading = `# Case studies${industry ? ` in ${industry}` : ''} (${selected.length} of ${matching.length}, newest first)`;
        const blocks = selected.map((study) =>
          [
            `## ${study.title}`,
            `- Client: ${study.client}`,
            `- Industry: ${study.industry}`,
            `- Services: ${study.services.join(', ')}`,
            `- Date: ${study.date}`,
            `- URL: ${study.url}`,
            '',
            study.summary,
            ...(study.outcomes.length ? ['', 'Outcomes:', ...study.outcomes.map((outcome) => `- ${outcome}`)] : []),
          ].join('\n'),
        );
        return {
          structured: { ...(industry ? { industry } : {}), total: matching.length, returned: selected.length, caseStudies: selected },
          text: [heading, ...blocks].join('\n\n'),
        };
      }),
  });
}
