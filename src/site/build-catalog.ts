/** Builds the MCP function's catalog from the site model and the generated profile files. */
import type { Catalog } from '../mcp/catalog.ts';
import { buildSearchIndex, searchDocuments } from '../search/build-index.ts';
import { mcpServerName } from './identity.ts';
import type { SiteModel } from './model.ts';

export function buildCatalog(model: SiteModel, profile: Catalog['profile'], generatedAt = new Date().toISOString()): Catalog {
  const { company } = model;
  return {
    formatVersion: 1,
    generatedAt,
    site: {
      name: company.name,
      serverName: mcpServerName(company),
      tagline: company.tagline,
      description: company.description,
      contactEmail: company.contactEmail,
      baseUrl: company.baseUrl,
      agentUrl: company.agentUrl,
    },
    profile,
    pages: model.sitePages.map((page) => ({
      kind: page.kind,
      path: page.path,
      markdownPath: page.markdownPath,
      title: page.title,
      description: page.description,
      markdown: page.markdown,
    })),
    caseStudies: model.caseStudies.map(({ data, url }) => ({
      title: data.title,
      client: data.client,
      industry: data.industry,
      summary: data.summary,
      services: data.services,
      date: data.date,
      outcomes: data.outcomes ?? [],
      url,
    })),
    insights: model.insights.map(({ data, url }) => ({
      title: data.title,
      date: data.date,
      summary: data.summary,
      tags: data.tags,
      author: data.author,
      url,
    })),
    industries: model.industries.map((facet) => facet.name),
    tags: model.tags.map((facet) => facet.name),
    searchIndex: buildSearchIndex(searchDocuments(model)),
  };
}
