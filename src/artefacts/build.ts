/**
 * Writes what the API function answers from (build time): the head it imports, and the artefact
 * files it reads on first use (layout.ts names them, schema.ts says what each holds). Pure: the
 * build hook (src/integrations/site-files.ts) writes the result to disk; the tests read it from
 * memory through the same reader as the function.
 */
import { leadReferencePrefix } from '../schemas/company.ts';
import { mcpServerName } from '../site/identity.ts';
import type { Facet, SiteModel } from '../site/model.ts';
import { FACET_EXAMPLES, MAX_FACET_ENUM } from '../site/bounds.ts';
import { buildSearchIndex, searchDocuments } from '../search/build-index.ts';
import { encodePostings } from '../search/index-format.ts';
import type { ToolDescriptor } from '../mcp/tool-descriptor.ts';
import { ARTEFACT_FILES, pageRecordFile } from './layout.ts';
import {
  ARTEFACT_FORMAT_VERSION,
  type CaseStudyListing,
  type FacetSummary,
  type Head,
  type InsightListing,
  type Manifest,
  type PageIndex,
  type PageRecord,
  type Profile,
  type SearchTerms,
  type ToolInfo,
} from './schema.ts';

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
  };
}

const json = (value: unknown) => JSON.stringify(value);

export interface AgentArtefactInput {
  info: ToolInfo;
  tools: ToolDescriptor[];
  profile: Profile;
  buildId: string;
  generatedAt: string;
}

export function agentArtefacts(model: SiteModel, input: AgentArtefactInput): AgentArtefacts {
  const { info, tools, profile, buildId, generatedAt } = input;
  const facet = ({ name, slug, count }: Facet) => ({ name, slug, count });
  const caseStudies: CaseStudyListing = {
    items: model.caseStudies.map(({ data, url }) => ({
      title: data.title,
      client: data.client,
      industry: data.industry,
      summary: data.summary,
      services: data.services,
      date: data.date,
      outcomes: data.outcomes ?? [],
      url,
    })),
    industries: model.industries.map(facet),
  };
  const insights: InsightListing = {
    items: model.insights.map(({ data, url }) => ({
      title: data.title,
      date: data.date,
      summary: data.summary,
      tags: data.tags,
      author: data.author,
      url,
    })),
    tags: model.tags.map(facet),
  };
  const pages: PageRecord[] = model.sitePages.map((page) => ({
    path: page.path,
    markdownPath: page.markdownPath,
    kind: page.kind,
    title: page.title,
    description: page.description,
    ...(page.entry && 'date' in page.entry.data ? { date: page.entry.data.date } : {}),
    markdown: page.markdown,
  }));
  const pageIndex: PageIndex = { pages: pages.map((page) => [page.path, page.title]) };
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
  const encoder = new TextEncoder();
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
    tools: tools as unknown as Head['tools'],
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
