/** list_case_studies: published case studies, newest first, optionally of one industry, a page at a time. */
import { caseStudyItemSchema, type ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { facetFilterSchema, limitSchema, matchFacet, offsetSchema, pageOf } from './list-arguments.ts';
import { CASE_STUDY_LIMIT } from './limits.ts';
import { createMemo } from '../../memo.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = () =>
  z.object({
    industry: z.optional(z.string().check(z.describe('The industry filter applied, if any (canonical spelling).'))),
    total: z.int().check(z.describe('How many case studies match the filter.')),
    offset: z.int().check(z.describe('How many were skipped (the `offset` argument).')),
    returned: z.int().check(z.describe('How many are returned (at most `limit`).')),
    nextOffset: z.optional(
      z.int().check(z.describe('Present when more remain: pass it as `offset` to get the next page.')),
    ),
    caseStudies: z.array(caseStudyItemSchema).check(z.describe('The case studies, newest first.')),
  });

export function listCaseStudiesTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  const { industries } = info.facets;
  // Every (filter, limit, offset) triple has one answer; the most recently asked are kept.
  const memo = createMemo<{ structured: z.output<ReturnType<typeof output>>; text: string } | { error: string }>(1024);
  return defineTool({
    name: 'list_case_studies',
    title: 'List case studies',
    description:
      `Lists ${info.site.name}'s published case studies, newest first: client, industry, summary, services, outcomes and URL of each. ` +
      'Use it when the user asks what the company has done, for examples of its work, or for experience in an industry. ' +
      `Filter with industry (${industries.total <= industries.values.length ? `one of: ${industries.values.join(', ')}` : `${industries.total} published, e.g. ${industries.values.join(', ')}`}). ` +
      `At most ${CASE_STUDY_LIMIT.max} per call: when nextOffset is present, call again with offset set to it for the next ones. To read one in full, pass its URL to get_page_markdown.`,
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      industry: facetFilterSchema(industries, 'Only case studies in this industry.'),
      limit: limitSchema(CASE_STUDY_LIMIT, 'case studies'),
      offset: offsetSchema('case studies'),
    }),
    output,
    run: ({ industry: requested, limit, offset }) =>
      memo(`${limit} ${offset} ${requested ?? ''}`, async () => {
        const listing = await artefacts.caseStudies();
        let industry: string | undefined;
        if (requested !== undefined) {
          const match = matchFacet(requested, listing.industries, 'industry');
          if ('error' in match) return toolError(match.error);
          industry = match.value;
        }
        const matching = industry ? listing.items.filter((study) => study.industry === industry) : listing.items;
        const { selected, nextOffset } = pageOf(matching, offset, limit);
        const range = selected.length
          ? `${offset + 1}-${offset + selected.length} of ${matching.length}`
          : `none of ${matching.length} from ${offset}`;
        const heading = `# Case studies${industry ? ` in ${industry}` : ''} (${range}, newest first)`;
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
        if (nextOffset !== undefined) blocks.push(`More: call list_case_studies with offset ${nextOffset}.`);
        return {
          structured: {
            ...(industry ? { industry } : {}),
            total: matching.length,
            offset,
            returned: selected.length,
            ...(nextOffset !== undefined ? { nextOffset } : {}),
            caseStudies: selected,
          },
          text: [heading, ...blocks].join('\n\n'),
        };
      }),
  });
}
