/**
 * list_case_studies and list_insights: a collection's published entries, newest first, optionally
 * only those with one value of its filter (an industry, a tag), a page at a time. One
 * implementation; each tool is a row of what differs: its words, its filter, the shape of its
 * items (src/artefacts/schema.ts) and how an item reads in the text answer. On a site in more
 * than one language, `language` lists that language's entries (only the translated ones: an
 * entry not translated is not published in that language), with its words (the `mcp` strings),
 * and the filter takes that language's values or the default language's (list-arguments.ts).
 */
import {
  caseStudyItemSchema,
  insightItemSchema,
  type FacetRecord,
  type FacetSummary,
  type ToolInfo,
} from '../../artefacts/schema.ts';
import { createMemo } from '../../memo.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolFailure, type ToolSpec, type ToolSuccess } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { facetFilterSchema, limitSchema, matchFacet, offsetSchema, pageOf } from './list-arguments.ts';
import { CASE_STUDY_LIMIT, INSIGHT_LIMIT } from './limits.ts';
import { READ_ONLY_ANNOTATIONS } from './read-only.ts';
import { languageArgument } from './language.ts';
import type { Messages } from '../../artefacts/schema.ts';
import { fill } from '../../site/languages.ts';

/** What one list tool is made of. `F` names its filter, `K` its list of items, `S` is an item's schema. */
interface ListTool<F extends string, K extends string, S extends z.ZodMiniType> {
  name: string;
  title: string;
  /** The description's opening sentences: what the tool lists and when to use it. */
  about: (siteName: string) => string;
  /** What it lists, in argument and result descriptions, e.g. `case studies`. */
  noun: string;
  /** The text answer's heading, without and with the filter's value (`mcp` strings, src/schemas/strings/mcp.ts). */
  heading: (messages: Messages, value: string | undefined) => string;
  limit: { default: number; max: number };
  filter: {
    /** The argument, and the result's field saying which value was applied, e.g. `industry`. */
    name: F;
    /** Its values as the head summarises them (what the argument advertises). */
    summary: (info: ToolInfo) => FacetSummary;
    /** The argument's description and the result field's. */
    argument: string;
    applied: string;
    matches: (item: z.output<S>, value: string) => boolean;
  };
  /** The result's field holding the items, and an item's schema. */
  items: { name: K; schema: S };
  /** Reads the published items in a language (the default language's without one), newest first, and the filter's values. */
  read: (
    artefacts: ToolDependencies['artefacts'],
    language: string | undefined,
  ) => Promise<{ items: readonly z.output<S>[]; facets: readonly FacetRecord[] }>;
  /** An item as Markdown lines in the text answer, its facts labelled in the answer's language. */
  lines: (item: z.output<S>, labels: Messages['labels']) => string[];
}

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
function outputOf<F extends string, K extends string, S extends z.ZodMiniType>(list: ListTool<F, K, S>) {
  return z.object({
    ...({ [list.filter.name]: z.optional(z.string().check(z.describe(list.filter.applied))) } as Record<
      F,
      z.ZodMiniOptional<z.ZodMiniString>
    >),
    total: z.int().check(z.describe(`How many ${list.noun} match the filter.`)),
    offset: z.int().check(z.describe('How many were skipped (the `offset` argument).')),
    returned: z.int().check(z.describe('How many are returned (at most `limit`).')),
    nextOffset: z.optional(
      z.int().check(z.describe('Present when more remain: pass it as `offset` to get the next page.')),
    ),
    ...({
      [list.items.name]: z.array(list.items.schema).check(z.describe(`The ${list.noun}, newest first.`)),
    } as Record<K, z.ZodMiniArray<S>>),
  });
}

function listTool<F extends string, K extends string, S extends z.ZodMiniType>(
  list: ListTool<F, K, S>,
  info: ToolInfo,
  { artefacts }: ToolDependencies,
): ToolSpec {
  const output = () => outputOf(list);
  type Structured = z.output<ReturnType<typeof output>>;
  const summary = list.filter.summary(info);
  const filter = list.filter.name;
  const values =
    summary.total <= summary.values.length
      ? `one of: ${summary.values.join(', ')}`
      : `${summary.total} published, e.g. ${summary.values.join(', ')}`;
  // Every (filter, limit, offset) triple has one answer; the most recently asked are kept.
  const memo = createMemo<ToolSuccess<Structured> | ToolFailure>(1024);
  return defineTool({
    name: list.name,
    title: list.title,
    description:
      `${list.about(info.site.name)} Filter with ${filter} (${values}). ` +
      `At most ${list.limit.max} per call: ` +
      'when nextOffset is present, call again with offset set to it for the next ones. ' +
      'To read one in full, pass its URL to get_page_markdown.',
    annotations: READ_ONLY_ANNOTATIONS,
    input: z.strictObject({
      [filter]: facetFilterSchema(summary, list.filter.argument, (info.languages?.length ?? 0) > 1),
      limit: limitSchema(list.limit, list.noun),
      offset: offsetSchema(list.noun),
      ...languageArgument(info, `The language of the ${list.noun} listed (only those published in it)`),
    }),
    output,
    run: (args) => {
      const requested = (args as Record<string, unknown>)[filter] as string | undefined;
      const { limit, offset, language } = args as { limit: number; offset: number; language?: string };
      return memo(`${limit} ${offset} ${language ?? ''} ${requested ?? ''}`, async () => {
        const [{ items, facets }, messages] = await Promise.all([
          list.read(artefacts, language),
          artefacts.messages(language),
        ]);
        const { mcp, labels } = messages;
        let value: string | undefined;
        if (requested !== undefined) {
          const match = matchFacet(requested, facets, filter, mcp.unknownFilter!);
          if ('error' in match) return toolError(match.error);
          value = match.value;
        }
        const matching = value ? items.filter((item) => list.filter.matches(item, value)) : items;
        const { selected, nextOffset } = pageOf(matching, offset, limit);
        const range = selected.length
          ? fill(mcp.range!, { first: offset + 1, last: offset + selected.length, total: matching.length })
          : fill(mcp.rangeNone!, { total: matching.length, offset });
        const heading = `# ${list.heading(messages, value)} (${range})`;
        const blocks = selected.map((item) => list.lines(item, labels).join('\n'));
        if (nextOffset !== undefined) blocks.push(fill(mcp.more!, { tool: list.name, offset: nextOffset }));
        return {
          structured: {
            ...(value ? { [filter]: value } : {}),
            total: matching.length,
            offset,
            returned: selected.length,
            ...(nextOffset !== undefined ? { nextOffset } : {}),
            [list.items.name]: selected,
          } as Structured,
          text: [heading, ...blocks].join('\n\n'),
        };
      });
    },
  });
}

/** An item's picture in the text answer, as Markdown writes an image. */
const pictureLines = (image: { url: string; alt: string } | undefined): string[] =>
  image ? ['', `![${image.alt.replace(/[[\]\\]/g, '\\$&')}](${image.url})`] : [];

const CASE_STUDIES: ListTool<'industry', 'caseStudies', typeof caseStudyItemSchema> = {
  name: 'list_case_studies',
  title: 'List case studies',
  about: (siteName) =>
    `Lists ${siteName}'s published case studies, newest first: client, industry, summary, services, outcomes, team (who worked on it, with their pages), URL and cover picture (image: URL and alt text) of each. ` +
    'Use it when the user asks what the company has done, for examples of its work, or for experience in an industry.',
  noun: 'case studies',
  heading: ({ mcp }, industry) => (industry ? fill(mcp.caseStudiesIn!, { industry }) : mcp.caseStudies!),
  limit: CASE_STUDY_LIMIT,
  filter: {
    name: 'industry',
    summary: (info) => info.facets.industries,
    argument: 'Only case studies in this industry.',
    applied: 'The industry filter applied, if any (canonical spelling).',
    matches: (study, industry) => study.industry === industry,
  },
  items: { name: 'caseStudies', schema: caseStudyItemSchema },
  read: async (artefacts, language) => {
    const { items, industries } = await artefacts.caseStudies(language);
    return { items, facets: industries };
  },
  lines: (study, labels) => [
    `## ${study.title}`,
    `- ${labels.client}: ${study.client}`,
    `- ${labels.industry}: ${study.industry}`,
    `- ${labels.services}: ${study.services.join(', ')}`,
    ...(study.team.length
      ? [`- ${labels.team}: ${study.team.map((person) => `${person.name} (${person.role}, ${person.url})`).join(', ')}`]
      : []),
    `- ${labels.date}: ${study.date}`,
    `- URL: ${study.url}`,
    ...pictureLines(study.image),
    '',
    study.summary,
    ...(study.outcomes.length ? ['', `${labels.outcomes}:`, ...study.outcomes.map((outcome) => `- ${outcome}`)] : []),
  ],
};

const INSIGHTS: ListTool<'tag', 'insights', typeof insightItemSchema> = {
  name: 'list_insights',
  title: 'List insights (articles)',
  about: (siteName) =>
    `Lists articles ${siteName} has published, newest first: date, summary, tags, author (with their page's URL), URL and cover picture (image: URL and alt text) of each. ` +
    "Use it when the user wants the company's views or practical advice on a topic, or to see how it thinks.",
  noun: 'articles',
  heading: ({ mcp }, tag) => (tag ? fill(mcp.insightsTagged!, { tag }) : mcp.insights!),
  limit: INSIGHT_LIMIT,
  filter: {
    name: 'tag',
    summary: (info) => info.facets.tags,
    argument: 'Only articles with this tag.',
    applied: 'The tag filter applied, if any.',
    matches: (insight, tag) => insight.tags.includes(tag),
  },
  items: { name: 'insights', schema: insightItemSchema },
  read: async (artefacts, language) => {
    const { items, tags } = await artefacts.insights(language);
    return { items, facets: tags };
  },
  lines: (insight, labels) => [
    `## ${insight.title}`,
    `- ${labels.date}: ${insight.date}`,
    `- ${labels.author}: ${insight.author}${insight.authorUrl ? ` (${insight.authorUrl})` : ''}`,
    `- ${labels.tags}: ${insight.tags.join(', ')}`,
    `- URL: ${insight.url}`,
    ...pictureLines(insight.image),
    '',
    insight.summary,
  ],
};

/** list_case_studies: published case studies, newest first, optionally of one industry. */
export const listCaseStudiesTool = (info: ToolInfo, dependencies: ToolDependencies): ToolSpec =>
  listTool(CASE_STUDIES, info, dependencies);

/** list_insights: published articles, newest first, optionally with one tag. */
export const listInsightsTool = (info: ToolInfo, dependencies: ToolDependencies): ToolSpec =>
  listTool(INSIGHTS, info, dependencies);
