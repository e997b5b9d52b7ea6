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
import { buildAnalysis } from './search-analyzers.ts';
import { encodePostings } from '../search/index-format.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { ARTEFACT_FILES, languageFile, pageRecordFile, type LanguageFile } from '../artefacts/layout.ts';
import { pageAlternates } from '../model/model.ts';
import { followUpSentence } from '../leads/contact-language.ts';
import { serverCardText } from '../discovery/server-card.ts';
import type { PluralForms } from '../site/plural.ts';
import type { ImageUse } from '../site/images.ts';
import { absoluteUrl } from '../site/urls.ts';
import {
  ARTEFACT_FORMAT_VERSION,
  caseStudyListingSchema,
  insightListingSchema,
  pageRecordSchema,
  type FacetSummary,
  type Head,
  type Manifest,
  type Messages,
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

/**
 * Each filter's values in every language, the default language's first: a translated site's
 * filter arguments accept the values of every language (list_case_studies checks a value against
 * the listing of the language asked for).
 */
function facetsOfEveryLanguage(model: SiteModel, of: (model: SiteModel) => readonly Facet[]): Facet[] {
  const seen = new Map<string, Facet>();
  for (const code of model.languages.codes)
    for (const facet of of(model.languages.models.get(code) ?? model))
      if (!seen.has(facet.name)) seen.set(facet.name, facet);
  return [...seen.values()];
}

/** A name of each language (from its translation file), by code. */
function namesOf(model: SiteModel, name: (strings: SiteModel['strings']) => string): Record<string, string> {
  return Object.fromEntries(
    model.languages.codes.map((code) => [code, name((model.languages.models.get(code) ?? model).strings)]),
  );
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
    facets: {
      industries: facetSummary(facetsOfEveryLanguage(model, (language) => language.industries)),
      tags: facetSummary(facetsOfEveryLanguage(model, (language) => language.tags)),
    },
    ...(model.languages.codes.length > 1
      ? {
          languages: [...model.languages.codes],
          languageNames: namesOf(model, (strings) => strings.language.englishName),
          ownLanguageNames: namesOf(model, (strings) => strings.language.name),
        }
      : {}),
  };
}

const json = (value: unknown) => JSON.stringify(value);

export interface AgentArtefactInput {
  info: ToolInfo;
  tools: ToolDescriptor[];
  /** Every page of every language with its Markdown: one page record each. */
  pages: readonly MarkdownPage[];
  /** Each language's model and profile, the default language first: its own listings, search index and messages. */
  languages: readonly { language: string; model: SiteModel; profile: Profile }[];
  buildId: string;
  generatedAt: string;
}

/** What the read tools say in `model`'s language (its translation file's `mcp` strings and the facts' labels). */
function messagesOf(model: SiteModel): Messages {
  const { language, pages, mcp, contact } = model.strings;
  const { client, industry, services, date, outcomes, author, tags } = pages;
  const entries = Object.entries(mcp);
  return {
    language: { name: language.name, englishName: language.englishName, locale: language.locale },
    mcp: Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    counts: Object.fromEntries(entries.filter((entry): entry is [string, PluralForms] => typeof entry[1] !== 'string')),
    labels: { client, industry, services, date, outcomes, author, tags, team: model.strings.team.title },
    followUp: followUpSentence({ strings: contact, followUp: model.company.followUp }),
  };
}

/** An entry's cover as the tools return it (imageItemSchema), or nothing. */
function imageItemOf(model: SiteModel, entry: { cover?: ImageUse | undefined } | undefined) {
  const cover = entry?.cover;
  return cover
    ? {
        image: {
          url: absoluteUrl(model.company.baseUrl, cover.asset.path),
          alt: cover.alt,
          width: cover.asset.width,
          height: cover.asset.height,
        },
      }
    : {};
}

/** A facet as the list tools read it: with the default language's name of it, where that is another. */
function facetRecordOf(model: SiteModel, facet: Facet): Facet & { original?: string } {
  const original = facet.counterparts.get(model.languages.default);
  return original && original.name !== facet.name ? { ...facet, original: original.name } : facet;
}

/** One language's own artefacts: its profile, listings, search index and messages, by file. */
function languageArtefacts(model: SiteModel, profile: Profile): Record<LanguageFile, string | Uint8Array> {
  // The schemas pick each item's fields from the model (in their order, dropping the rest) and
  // check them: what the function reads is written with the same definition.
  const caseStudies = caseStudyListingSchema.parse({
    items: model.caseStudies.map((study) => ({
      ...study.data,
      // The services by the title this language shows (the frontmatter names them by id).
      client: study.client.name,
      services: study.services.map((service) => service.data.title),
      outcomes: study.data.outcomes ?? [],
      team: study.team.map((person) => ({ name: person.data.name, role: person.data.role, url: person.url })),
      url: study.url,
      ...imageItemOf(model, study),
    })),
    industries: model.industries.map((facet) => facetRecordOf(model, facet)),
  });
  const insights = insightListingSchema.parse({
    items: model.insights.map((insight) => ({
      ...insight.data,
      author: insight.author.name,
      ...(insight.author.person ? { authorUrl: insight.author.person.url } : {}),
      url: insight.url,
      ...imageItemOf(model, insight),
    })),
    tags: model.tags.map((facet) => facetRecordOf(model, facet)),
  });
  const { analyzer, stopWords, synonyms, questions } = buildAnalysis(model.language, model.strings.search);
  const index = buildSearchIndex(searchDocuments(model), analyzer);
  const searchTerms: SearchTerms = {
    language: model.language,
    documents: index.documents,
    terms: index.terms,
    ...(index.people.length ? { people: index.people } : {}),
    ...(stopWords.length ? { stopWords } : {}),
    ...(synonyms.length ? { synonyms } : {}),
    ...(Object.keys(questions).length ? { questions } : {}),
  };
  return {
    profile: json(profile),
    caseStudies: json(caseStudies),
    insights: json(insights),
    searchTerms: json(searchTerms),
    searchPostings: encodePostings(index),
    messages: json(messagesOf(model)),
  };
}

/**
 * A page record: on a site in more than one language, with its language and the paths of its
 * translations (search results and get_page_markdown link them).
 */
function pageRecordOf(model: SiteModel, page: MarkdownPage): PageRecord {
  const dated = {
    ...page,
    ...(page.entry && 'date' in page.entry.data ? { date: page.entry.data.date } : {}),
    ...imageItemOf(model, page.entry),
  };
  if (model.languages.codes.length < 2) return pageRecordSchema.parse(dated);
  const alternates = pageAlternates(model, page);
  const own = alternates.find((alternate) => alternate.path === page.path);
  const translations = alternates.filter((alternate) => alternate !== own);
  return pageRecordSchema.parse({
    ...dated,
    language: own?.language ?? model.languages.default,
    ...(translations.length
      ? { translations: Object.fromEntries(translations.map((alternate) => [alternate.language, alternate.path])) }
      : {}),
  });
}

export function agentArtefacts(model: SiteModel, input: AgentArtefactInput): AgentArtefacts {
  const { info, tools, buildId, generatedAt } = input;
  const pages: PageRecord[] = input.pages.map((page) => pageRecordOf(model, page));
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
  const named: ArtefactFile[] = [{ file: ARTEFACT_FILES.pageIndex, body: json(pageIndex) }];
  for (const { language, model: languageModel, profile } of input.languages) {
    const files = languageArtefacts(languageModel, profile);
    for (const [name, body] of Object.entries(files))
      named.push({ file: languageFile(name as LanguageFile, language, model.languages.default), body });
  }
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
    // The one card: site-files.ts writes these bytes to /.well-known/mcp/server-card.json, and the
    // function answers them at /api/mcp/server-card.
    serverCard: serverCardText(model.company, model.languages.codes),
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
