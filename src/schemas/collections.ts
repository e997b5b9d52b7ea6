/**
 * The content collections, once: for each, its key (Astro's collection name and the field of the
 * site's sources), its folder under `content/`, the schema its frontmatter must match and the
 * kind of entry it publishes. src/content.config.ts connects Astro's loaders to this table, and
 * the site model's loader (src/model/load-sources.ts) and renderer (src/model/collections.ts)
 * read it; a new collection is a row here, then its pages in the site model.
 */
import type { z } from 'zod';
import { caseStudySchema } from './case-study.ts';
import { clientSchema } from './client.ts';
import { insightSchema } from './insight.ts';
import { pageSchema } from './page.ts';
import { personSchema } from './person.ts';
import { serviceSchema } from './service.ts';

export const COLLECTIONS = {
  /** What the company sells: `content/services/<slug>.mdx`, published at `/services/<slug>`. */
  services: { folder: 'services', schema: serviceSchema, kind: 'service' },
  /** Work done for clients: `content/case-studies/<slug>.mdx`, at `/case-studies/<slug>`. */
  caseStudies: { folder: 'case-studies', schema: caseStudySchema, kind: 'case-study' },
  /** Articles: `content/insights/<slug>.mdx`, at `/insights/<slug>`. */
  insights: { folder: 'insights', schema: insightSchema, kind: 'insight' },
  /** Standalone pages (about, contact, privacy…): `content/pages/<slug>.mdx`, at `/<slug>`. */
  pages: { folder: 'pages', schema: pageSchema, kind: 'page' },
  /** The company's people: `content/people/<id>.mdx`, at `/team/<id>`; case studies, services and insights name them by id. */
  people: { folder: 'people', schema: personSchema, kind: 'person' },
  /** The company's clients, named once and referenced by case studies by id: `content/clients/<id>.mdx`, no page of their own. */
  clients: { folder: 'clients', schema: clientSchema, kind: 'client' },
} as const;

/** A collection's key, e.g. `caseStudies`. */
export type CollectionName = keyof typeof COLLECTIONS;

/** The collection keys, in the table's order. */
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/** The kind of entry a collection holds, e.g. `case-study`. */
export type CollectionKind = (typeof COLLECTIONS)[CollectionName]['kind'];

/** The kinds of entry that have a page of their own (a client has none). */
export type EntryKind = Exclude<CollectionKind, 'client'>;

/** The validated frontmatter of a collection's entries. */
export type CollectionData<C extends CollectionName> = z.output<(typeof COLLECTIONS)[C]['schema']>;

/** The collection that publishes entries of `kind`. */
export function collectionOfKind(kind: CollectionKind): CollectionName {
  const name = COLLECTION_NAMES.find((key) => COLLECTIONS[key].kind === kind);
  if (!name) throw new Error(`No collection publishes entries of kind "${kind}" (src/schemas/collections.ts).`);
  return name;
}
