/** list_insights: published articles, newest first, optionally with one tag, a page at a time. */
import { insightItemSchema, type ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { facetFilterSchema, limitSchema, matchFacet, offsetSchema, pageOf } from './list-arguments.ts';
import { INSIGHT_LIMIT } from './limits.ts';
import { createMemo } from '../../memo.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = () =>
  z.object({
    tag: z.optional(z.string().check(z.describe('The tag filter applied, if any.'))),
    total: z.int().check(z.describe('How many articles match the filter.')),
    offset: z.int().check(z.describe('How many were skipped (the `offset` argument).')),
    returned: z.int().check(z.describe('How many are returned (at most `limit`).')),
    nextOffset: z.optional(
      z.int().check(z.describe('Present when more remain: pass it as `offset` to get the next page.')),
    ),
    insights: z.array(insightItemSchema).check(z.describe('The articles, newest first.')),
  });

export function listInsightsTool(info: ToolInfo, { artefacts }: ToolDependencies): ToolSpec {
  const { tags } = info.facets;
  // Every (filter, limit, offset) triple has one answer; the most recently asked are kept.
  const memo = createMemo<{ structured: z.output<ReturnType<typeof output>>; text: string } | { error: string }>(1024);
  return defineTool({
    name: 'list_insights',
    title: 'List insights (articles)',
    description:
      `Lists articles ${info.site.name} has published, newest first: date, summary, tags, author and URL of each. ` +
      "Use it when the user wants the company's views or practical advice on a topic, or to see how it thinks. " +
      `Filter with tag (${tags.total <= tags.values.length ? `one of: ${tags.values.join(', ')}` : `${tags.total} published, e.g. ${tags.values.join(', ')}`}). ` +
      `At most ${INSIGHT_LIMIT.max} per call: when nextOffset is present, call again with offset set to it for the next ones. To read one in full, pass its URL to get_page_markdown.`,
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      tag: facetFilterSchema(tags, 'Only articles with this tag.'),
      limit: limitSchema(INSIGHT_LIMIT, 'articles'),
      offset: offsetSchema('articles'),
    }),
    output,
    run: ({ tag: requested, limit, offset }) =>
      memo(`${limit} ${offset} ${requested ?? ''}`, async () => {
        const listing = await artefacts.insights();
        let tag: string | undefined;
        if (requested !== undefined) {
          const match = matchFacet(requested, listing.tags, 'tag');
          if ('error' in match) return toolError(match.error);
          tag = match.value;
        }
        const matching = tag ? listing.items.filter((insight) => insight.tags.includes(tag)) : listing.items;
        const { selected, nextOffset } = pageOf(matching, offset, limit);
        const range = selected.length
          ? `${offset + 1}-${offset + selected.length} of ${matching.length}`
          : `none of ${matching.length} from ${offset}`;
        const heading = `# Insights${tag ? ` tagged ${tag}` : ''} (${range}, newest first)`;
        const blocks = selected.map((insight) =>
          [
            `## ${insight.title}`,
            `- Date: ${insight.date}`,
            `- Author: ${insight.author}`,
            `- Tags: ${insight.tags.join(', ')}`,
            `- URL: ${insight.url}`,
            '',
            insight.summary,
          ].join('\n'),
        );
        if (nextOffset !== undefined) blocks.push(`More: call list_insights with offset ${nextOffset}.`);
        return {
          structured: {
            ...(tag ? { tag } : {}),
            total: matching.length,
            offset,
            returned: selected.length,
            ...(nextOffset !== undefined ? { nextOffset } : {}),
            insights: selected,
          },
          text: [heading, ...blocks].join('\n\n'),
        };
      }),
  });
}
