/** Builds the search index from the site model at build time; the result is serialized into the MCP catalog. */
import MiniSearch from 'minisearch';
import type { AnyEntry, SiteModel } from '../site/model.ts';
import { INDEX_OPTIONS, type SearchDocument } from './options.ts';
import { markdownToPlainText } from './plain-text.ts';

function facetsOf(entry: AnyEntry): string {
  switch (entry.kind) {
    case 'case-study':
      return [entry.data.client, entry.data.industry, ...entry.data.services].join(' · ');
    case 'insight':
      return [...entry.data.tags, entry.data.author].join(' · ');
    default:
      return '';
  }
}

/** The documents of the index: every published service, case study, insight and page. */
export function searchDocuments(model: SiteModel): SearchDocument[] {
  const entries: AnyEntry[] = [...model.services, ...model.caseStudies, ...model.insights, ...model.pages];
  return entries.map((entry) => ({
    id: entry.path,
    kind: entry.kind,
    title: entry.data.title,
    summary: 'summary' in entry.data ? entry.data.summary : entry.data.description,
    facets: facetsOf(entry),
    text: markdownToPlainText(entry.bodyMarkdown),
    ...('date' in entry.data ? { date: entry.data.date } : {}),
  }));
}

/** Indexes the documents and returns the index as plain JSON-able data (MiniSearch's own format). */
export function buildSearchIndex(documents: SearchDocument[]): unknown {
  const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
  index.addAll(documents);
  return index.toJSON();
}
