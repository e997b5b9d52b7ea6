/**
 * What the build hands the API function, as zod schemas: one definition for the writer
 * (src/build/agent-artefacts.ts), the reader (src/artefacts/reader.ts, which checks every file against
 * these when it reads it) and the tools, whose output schemas take their item shapes from here.
 *
 * Two parts:
 * - the head (`Head`): small and bounded whatever the site's size (the company's identity, the
 *   tool descriptors, a summary of the filters). The function imports it, so `initialize` and
 *   `tools/list` need no file;
 * - the artefacts: files proportional to the content (page Markdown, listings, the profile, the
 *   search index), shipped with the function and read on first use (layout.ts names them).
 *
 * ARTEFACT_FORMAT_VERSION changes whenever a shape here changes (tests/artefacts/format-version.test.ts
 * fails until it does, and says what to set); the head and the manifest carry it and the build's
 * id, so the reader refuses artefacts of another format or another build.
 *
 * Each schema's fields are described in its own comment (`- field: …`), not above the fields:
 * esbuild keeps comments inside object literals, and these schemas ship in the API function,
 * whose entry has a size budget (docs/performance.md, "Cold start").
 */
import * as z from '../zod.ts';
import { PAGE_KINDS } from '../site/kinds.ts';
import { imageItemSchema } from '../image-item.ts';

export const ARTEFACT_FORMAT_VERSION = 9;

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description));
const text = (description: string) => described(z.string(), description);

/** Every kind of HTML page. */
export { PAGE_KINDS };
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * One published HTML page: what get_page_markdown returns and search results are made from.
 * (Field notes are comments, not schema descriptions: nothing advertises this schema, and the
 * function builds it on its first page read.)
 * - `path`: The page path, e.g. `/services/cloud-migration`.
 * - `markdownPath`: The path of its Markdown sibling, e.g. `/services/cloud-migration.md`.
 * - `description`: Its summary or description.
 * - `date`: Publication date of case studies and insights, YYYY-MM-DD.
 * - `markdown`: The whole page as Markdown: exactly the bytes of the `.md` sibling.
 * - `language`: On a site in more than one language: the page's language...
 * - `translations`: ...and the paths of its translations, by language (absent when it has none).
 * - `image`: The entry's cover, for search results.
 */
export const pageRecordSchema = z.object({
  path: z.string(),
  markdownPath: z.string(),
  kind: z.enum(PAGE_KINDS),
  title: z.string(),
  description: z.string(),
  date: z.optional(z.string()),
  markdown: z.string(),
  language: z.optional(z.string()),
  translations: z.optional(z.record(z.string(), z.string())),
  image: z.optional(imageItemSchema),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

/** A published case study as list_case_studies returns it. */
export const caseStudyItemSchema = z.object({
  title: text('The headline of the case study.'),
  client: text("The client's name as published."),
  industry: text("The client's industry."),
  summary: text('The problem and the result, in a sentence or two.'),
  services: described(z.array(z.string()), 'Names of the services involved.'),
  date: text('Publication date, YYYY-MM-DD.'),
  outcomes: described(z.array(z.string()), 'Measured results, one sentence each.'),
  team: described(
    z.array(z.object({ name: z.string(), role: z.string(), url: z.string() })),
    'The people who worked on it: name, role and the absolute URL of their page (get_page_markdown reads it).',
  ),
  url: text('Absolute URL of the case study; get_page_markdown reads it in full.'),
  image: z.optional(imageItemSchema),
});
export type CaseStudyItem = z.infer<typeof caseStudyItemSchema>;

/** A published insight (article) as list_insights returns it. */
export const insightItemSchema = z.object({
  title: text("The article's headline."),
  date: text('Publication date, YYYY-MM-DD.'),
  summary: text('What the reader learns.'),
  tags: described(z.array(z.string()), 'Topics of the article.'),
  author: text("The author's name."),
  authorUrl: z.optional(text("Absolute URL of the author's page, when they are one of the company's people.")),
  url: text('Absolute URL of the article; get_page_markdown reads it in full.'),
  image: z.optional(imageItemSchema),
});
export type InsightItem = z.infer<typeof insightItemSchema>;

/**
 * A filter value (an industry or a tag) with how many published entries carry it; in a language
 * other than the default, the default language's name of the same one when that is another
 * (`original`: its counterpart, src/model/counterparts.ts), which the list tools also accept.
 */
export const facetSchema = z.object({
  name: z.string(),
  slug: z.string(),
  count: z.int(),
  original: z.optional(z.string()),
});
export type FacetRecord = z.infer<typeof facetSchema>;

/** Published case studies, newest first, and their industries (by name). */
export const caseStudyListingSchema = z.object({
  items: z.array(caseStudyItemSchema),
  industries: z.array(facetSchema),
});
export type CaseStudyListing = z.infer<typeof caseStudyListingSchema>;

/** Published insights, newest first, and their tags (by name). */
export const insightListingSchema = z.object({ items: z.array(insightItemSchema), tags: z.array(facetSchema) });
export type InsightListing = z.infer<typeof insightListingSchema>;

/** The company profile: `short` is exactly /llms.txt, `full` exactly /llms-full.txt. */
export const profileSchema = z.object({ short: z.string(), full: z.string() });
export type Profile = z.infer<typeof profileSchema>;

/**
 * Every published page in site order, as `[path, title, kind, description, size]` (size: the
 * byte length of its Markdown): "closest pages" when a path is unknown, and what resources/list
 * and completion answer from without reading any page's Markdown (src/mcp/resources.ts).
 */
export const pageIndexSchema = z.object({
  pages: z.array(z.tuple([z.string(), z.string(), z.enum(PAGE_KINDS), z.string(), z.int()])),
});
export type PageIndex = z.infer<typeof pageIndexSchema>;
export type PageIndexEntry = PageIndex['pages'][number];

/**
 * The search index's documents (page paths, by document number) and sorted terms; the postings
 * are binary. `stopWords`: the language's stop words for a language other than English, the ones
 * its translation file adds for English (whose own are code, src/search/query-words.ts).
 * - `language`: The language of the index: the function analyses queries as the build analysed its
 *   pages.
 * - `synonyms`: Groups of terms that match one another: the language's search vocabulary (its
 *   translation file's `search.synonyms`).
 * - `questions`: The question words of its translation file's `search.questions`, by the kind of
 *   fact they ask for (src/search/questions.ts).
 */
export const searchTermsSchema = z.object({
  language: z.string(),
  documents: z.array(z.string()),
  terms: z.array(z.string()),
  people: z.optional(z.array(z.int())),
  stopWords: z.optional(z.array(z.string())),
  synonyms: z.optional(z.array(z.array(z.string()))),
  questions: z.optional(
    z.object({
      who: z.optional(z.array(z.string())),
      where: z.optional(z.array(z.string())),
      when: z.optional(z.array(z.string())),
      count: z.optional(z.array(z.string())),
    }),
  ),
});
export type SearchTerms = z.infer<typeof searchTermsSchema>;

/**
 * What the read tools say in one language (src/schemas/strings/mcp.ts), with the language's
 * names and the labels of a case study's and an insight's facts (the `pages` strings).
 * - `language.locale`: The language's `language.locale`, whose plural rules pick a count's form.
 * - `mcp`: The `mcp` strings that are one text.
 * - `counts`: The `mcp` strings that count something: their plural forms (src/site/plural.ts).
 * - `followUp`: Who replies to a contact request, how and how soon, as a sentence in the language
 *   (the `contact` strings' followUp).
 */
export const messagesSchema = z.object({
  language: z.object({ name: z.string(), englishName: z.string(), locale: z.string() }),
  mcp: z.record(z.string(), z.string()),
  counts: z.record(
    z.string(),
    z.object({
      zero: z.optional(z.string()),
      one: z.optional(z.string()),
      two: z.optional(z.string()),
      few: z.optional(z.string()),
      many: z.optional(z.string()),
      other: z.string(),
    }),
  ),
  labels: z.record(z.string(), z.string()),
  followUp: z.string(),
});
export type Messages = z.infer<typeof messagesSchema>;

/**
 * The artefacts of one build: their format, the build, and the byte length of each named file.
 * - `files`: Byte length of every artefact but the page records, by file name (layout.ts).
 * - `pages`: How many page records there are.
 */
export const manifestSchema = z.object({
  formatVersion: z.int(),
  buildId: z.string(),
  generatedAt: z.string(),
  files: z.record(z.string(), z.int()),
  pages: z.int(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * The company as the function introduces it.
 * - `serverName`: The MCP server's reverse-DNS name (`mcpServerName` in src/model/identity.ts), as
 *   the server card publishes it.
 * - `baseUrl`: Origin of the site, no trailing slash.
 * - `agentUrl`: Origin of the alternative agent host, no trailing slash.
 * - `referencePrefix`: What the company's lead references start with (`leads.referencePrefix`, else
 *   the name's initials).
 * - `followUp`: Who answers a contact request, how and how fast (`followUp`; src/leads/follow-up.ts
 *   makes the sentences).
 */
export const siteInfoSchema = z.object({
  name: z.string(),
  serverName: z.string(),
  tagline: z.string(),
  description: z.string(),
  contactEmail: z.string(),
  baseUrl: z.string(),
  agentUrl: z.string(),
  referencePrefix: z.string(),
  followUp: z.object({ who: z.string(), how: z.string(), within: z.optional(z.string()) }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/**
 * A filter's values as the tools advertise them: all of them when there are at most
 * MAX_FACET_ENUM (then the argument is an enum), else the most used FACET_EXAMPLES (src/site/bounds.ts).
 */
export const facetSummarySchema = z.object({ total: z.int(), values: z.array(z.string()) });
export type FacetSummary = z.infer<typeof facetSummarySchema>;

/**
 * What the tools' names, descriptions and argument schemas are made from.
 * - `examplePath`: A page path to show in examples (a service page when there is one).
 * - `exampleQueries`: One or two search queries to show in examples: the company's own words (its
 *   first services' titles).
 * - `languages`: The site's languages, the default first: only on a site that publishes more than
 *   one (a one-language site's head and tools are as they were). start_conversation's `language`
 *   argument is an enum of these.
 * - `languageNames`: On the same sites: each language's name in English ("Dutch") and in itself
 *   ("Nederlands"), by code.
 */
export const toolInfoSchema = z.object({
  site: siteInfoSchema,
  examplePath: z.string(),
  exampleQueries: z.array(z.string()),
  facets: z.object({ industries: facetSummarySchema, tags: facetSummarySchema }),
  languages: z.optional(z.array(z.string())),
  languageNames: z.optional(z.record(z.string(), z.string())),
  ownLanguageNames: z.optional(z.record(z.string(), z.string())),
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;

/** Hints about a tool's behaviour (MCP's ToolAnnotations), as the tools declare them. */
export const toolAnnotationsSchema = z.object({
  title: z.optional(z.string()),
  readOnlyHint: z.boolean(),
  destructiveHint: z.optional(z.boolean()),
  idempotentHint: z.optional(z.boolean()),
  openWorldHint: z.boolean(),
});

/**
 * A tool as tools/list advertises it, made at build time (src/mcp/tools/describe.ts): JSON
 * Schemas of its arguments and result, and its annotations (src/mcp/tools/tool-descriptor.ts
 * names the inferred types).
 */
export const toolDescriptorSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()),
  annotations: toolAnnotationsSchema,
});

/**
 * The head the function imports: bounded whatever the site's size.
 * - `serverCard`: The MCP server card as text: exactly the bytes of /.well-known/mcp/server-card.json,
 *   which the function also answers at /api/mcp/server-card (one card, two addresses).
 */
export const headSchema = z.object({
  ...toolInfoSchema.shape,
  formatVersion: z.int(),
  buildId: z.string(),
  generatedAt: z.string(),
  tools: z.array(toolDescriptorSchema),
  serverCard: z.string(),
});
export type Head = z.infer<typeof headSchema>;
