/**
 * Writes what the API function answers from (build time): the head it imports, and the artefact
 * files it reads on first use (layout.ts names them, schema.ts says what each holds). Pure: the
 * build hook (src/integrations/site-files.ts) writes the result to disk; the tests read it from
 * memory through the same reader as the function.
 */
import { leadReferencePrefix } from '../schemas/company.ts';
import { mcpServerName } from '../model/identity.ts';
import type { Facet, MarkdownPage, SiteModel } from '../model/types.ts';
import { FACET_EXAMPLES, MAX_FACET_ENUM } from '../site/bounds.ts';
import { buildSearchIndex, searchDocuments } from './search-index.ts';
import { encodePostings } from '../search/index-format.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { ARTEFACT_FILES, pageRecordFile } from '../artefacts/layout.ts';
import {
  ARTEFACT_FORMAT_VERSION,
  caseStudyListingSchema,
  insightListingSchema,
  pageRecordSchema,
  type FacetSummary,
  type Head,
  type Manifest,
  type PageIndex,
  type PageRecord,
  type Profile,
  type SearchTerms,
  type ToolInfo,
} from '../artefacts/schema.ts';

/** One artefact file: its name relative to the artefacts' folder, and its bytes or text. */
export interface ArtefactFile {
  file: string;
  body: string | Uint8Array;
}

export interface AgentArtefacts {
  head: Head;
  files: ArtefactFile[];
}

function facetSummary(facets: readonly Facet[]): FacetSummary {
  if (facets.length <= MAX_FACET_ENUM) return { total: facets.length, values: facets.map((facet) => facet.name) };
  const mostUsed = [...facets]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en'))
    .slice(0, FACET_EXAMPLES);
  return { total: facets.length, values: mostUsed.map((facet) => facet.name) };
}

/** Search examples in the company's own words: the titles of its first two services (else pages), lower-cased. */
function exampleQueries(model: SiteModel): string[] {
  const titles = model.services.length
    ? model.services.map((service) => service.data.title)
    : model.pages.map((page) => page.data.title);
  return titles.slice(0, 2).map((title) => title.toLowerCase());
}

/** What the tool descriptors are made from: the company, an example page, example searches, the filters. */
export function toolInfoOf(model: SiteModel): ToolInfo {
  const { company } = model;
  return {
    site: {
      name: company.name,
      serverName: mcpServerName(company),
      tagline: company.tagline,
      description: company.description,
      contactEmail: company.contactEmail,
      baseUrl: company.baseUrl,
      agentUrl: company.agentUrl,
      referencePrefix: leadReferencePrefix(company),
      followUp: company.followUp,
    },
    examplePath: model.services[0]?.path ?? model.sitePages[0]?.path ?? '/',
    exampleQueries: exampleQueries(model),
    facets: { industries: facetSummary(model.industries), tags: facetSummary(model.tags) },
    ...(model.languages.codes.length > 1 ? { languages: [...model.languages.codes] } : {}),
  };
}

const json = (value: unknown) => JSON.stringify(value);

export interface AgentArtefactInput {
  info: ToolInfo;
  tools: ToolDescriptor[];
  /** Every page with its Markdown: one page record each. */
  pages: readonly MarkdownPage[];
  profile: Profile;
  buildId: string;
  generatedAt: string;
}

export function agentArtefacts(model: SiteModel, input: AgentArtefactInput): AgentArtefacts {
  const { info, tools, profile, buildId, generatedAt } = input;
  // The schemas pick each item's fields from the model (in their order, dropping the rest) and
  // check them: what the function reads is written with the same definition.
  const caseStudies = caseStudyListingSchema.parse({
    items: model.caseStudies.map(({ data, url }) => ({ ...data, outcomes: data.outcomes ?? [], url })),
    industries: model.industries,
  });
  const insights = insightListingSchema.parse({
    items: model.insights.map(({ data, url }) => ({ ...data, url })),
    tags: model.tags,
  });
  const pages: PageRecord[] = input.pages.map((page) =>
    pageRecordSchema.parse(page.entry && 'date' in page.entry.data ? { ...page, date: page.entry.data.date } : page),
  );
  const encoder = new TextEncoder();
  const pageIndex: PageIndex = {
    pages: pages.map((page) => [
      page.path,
      page.title,
      page.kind,
      page.description,
      encoder.encode(page.markdown).byteLength,
    ]),
  };
  const index = buildSearchIndex(searchDocuments(model));
  const searchTerms: SearchTerms = { documents: index.documents, terms: index.terms };

  const named: ArtefactFile[] = [
    { file: ARTEFACT_FILES.profile, body: json(profile) },
    { file: ARTEFACT_FILES.caseStudies, body: json(caseStudies) },
    { file: ARTEFACT_FILES.insights, body: json(insights) },
    { file: ARTEFACT_FILES.pageIndex, body: json(pageIndex) },
    { file: ARTEFACT_FILES.searchTerms, body: json(searchTerms) },
    { file: ARTEFACT_FILES.searchPostings, body: encodePostings(index) },
  ];
  const byteLength = (body: string | Uint8Array) =>
    typeof body === 'string' ? encoder.encode(body).byteLength : body.byteLength;
  const manifest: Manifest = {
    formatVersion: ARTEFACT_FORMAT_VERSION,
    buildId,
    generatedAt,
    files: Object.fromEntries(named.map(({ file, body }) => [file, byteLength(body)])),
    pages: pages.length,
  };
  const head: Head = {
    formatVersion: ARTEFACT_FORMAT_VERSION,
    buildId,
    generatedAt,
    ...info,
    tools,
  };
  return {
    head,
    files: [
      { file: ARTEFACT_FILES.manifest, body: json(manifest) },
      ...named,
      ...pages.map((page) => ({ file: pageRecordFile(page.path), body: json(page) })),
    ],
  };
}
