/** list_insights: published articles, newest first, optionally with one tag. */
import { z } from 'zod';
import type { Catalog } from '../catalog.ts';
import { defineTool, type Tool } from './define-tool.ts';
import { createMemo } from './memo.ts';
import { facetFilterSchema, limitSchema } from './list-arguments.ts';
import { INSIGHT_LIMIT } from './limits.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';

const insightSchema = z.object({
  title: z.string().describe('The article\'s headline.'),
  date: z.string().describe('Publication date, YYYY-MM-DD.'),
  summary: z.string().describe('What the reader learns.'),
  tags: z.array(z.string()).describe('Topics of the article.'),
  author: z.string().describe('The author\'s name.'),
  url: z.string().describe('Absolute URL of the article; get_page_markdown reads it in full.'),
});

const output = z.object({
  tag: z.string().optional().describe('The tag filter applied, if any.'),
  total: z.number().int().describe('How many articles match the filter.'),
  returned: z.number().int().describe('How many are returned (at most `limit`).'),
  insights: z.array(insightSchema).describe('The articles, newest first.'),
});

export function createListInsightsTool(catalog: Catalog): Tool {
  // Exactly the advertised fields (the catalog may grow others), newest first.
  const insights: z.output<typeof insightSchema>[] = catalog.insights
    .map(({ title, date, summary, tags, author, url }) => ({ title, date, summary, tags, author, url }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'en'));
  // Every (filter, limit) pair has one answer; there are at most (values + 1) x max of them.
  const memo = createMemo<{ structured: z.output<typeof output>; text: string }>(1024);
  return defineTool({
    name: 'list_insights',
    title: 'List insights (articles)',
    description:
      `Lists articles the engineers of ${catalog.site.name} have written, newest first: date, summary, tags, author and URL of each. ` +
      "Use it when the user wants the company's views or practical advice on a topic, or to see how it thinks. " +
      `Filter with tag (one of: ${catalog.tags.join(', ')}). To read one in full, pass its URL to get_page_markdown.`,
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      tag: facetFilterSchema(catalog.tags, 'Only articles with this tag.'),
      limit: limitSchema(INSIGHT_LIMIT, 'articles'),
    }),
    output,
    run: ({ tag, limit }) =>
      memo(`${limit} ${tag ?? ''}`, () => {
        const matching = tag ? insights.filter((insight) => insight.tags.includes(tag)) : insights;
        const selected = matching.slice(0, limit);
        const heading = `# Insights${tag ? ` tagged ${tag}` : ''} (${selected.length} of ${matching.length}, newest first)`;
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
        return {
          structured: { ...(tag ? { tag } : {}), total: matching.length, returned: selected.length, insights: selected },
          text: [heading, ...blocks].join('\n\n'),
        };
      }),
  });
}
