/** The artefact item schemas (src/artefacts/schema.ts) as the one definition the build writes and the tools advertise. */
import { describe, expect, test } from 'vitest';
import {
  caseStudyItemSchema,
  caseStudyListingSchema,
  facetSchema,
  insightItemSchema,
  insightListingSchema,
  pageRecordSchema,
} from '../../src/artefacts/schema.ts';
import { ARTEFACT_FILES, languageFile, PAGES_DIR } from '../../src/artefacts/layout.ts';
import { jsonSchemaOf } from '../../src/mcp/tools/describe.ts';
import { searchResultSchema } from '../../src/search/result.ts';
import { sampleArtefacts } from '../support/sample-site.ts';

const { agent, tools } = sampleArtefacts();
const fileText = (name: string) => {
  const file = agent.files.find((candidate) => candidate.file === name);
  if (!file || typeof file.body !== 'string') throw new Error(`no ${name}`);
  return file.body;
};
const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);
/** A facet's keys: the schema's, `original` only where the default language names it another way. */
const facetKeys = (facet: Record<string, unknown>) =>
  keysOf(facetSchema).filter((key) => key !== 'original' || 'original' in facet);
const outputOf = (name: string) =>
  tools.find((tool) => tool.name === name)!.outputSchema as {
    properties: Record<string, { items?: unknown }>;
  };

describe("the build writes items with exactly the schemas' fields, in their order", () => {
  test('case studies and their industries', () => {
    const listing = caseStudyListingSchema.parse(JSON.parse(fileText(ARTEFACT_FILES.caseStudies)));
    expect(listing.items.length).toBeGreaterThan(0);
    // `image` only where the entry has a cover.
    for (const item of JSON.parse(fileText(ARTEFACT_FILES.caseStudies)).items)
      expect(Object.keys(item)).toEqual(
        keysOf(caseStudyItemSchema).filter((key) => key !== 'image' || 'image' in item),
      );
    for (const facet of JSON.parse(fileText(ARTEFACT_FILES.caseStudies)).industries)
      expect(Object.keys(facet)).toEqual(facetKeys(facet));
    const dutch = JSON.parse(fileText(languageFile('caseStudies', 'nl', 'en'))).industries as Record<string, unknown>[];
    for (const facet of dutch) expect(Object.keys(facet)).toEqual(facetKeys(facet));
    expect(dutch).toContainEqual({ name: 'Zorg', slug: 'zorg', count: 2, original: 'Healthcare' });
  });

  test('insights and their tags', () => {
    const raw = JSON.parse(fileText(ARTEFACT_FILES.insights));
    expect(insightListingSchema.parse(raw).items.length).toBeGreaterThan(0);
    for (const item of raw.items)
      expect(Object.keys(item)).toEqual(keysOf(insightItemSchema).filter((key) => key !== 'image' || 'image' in item));
    for (const facet of raw.tags) expect(Object.keys(facet)).toEqual(facetKeys(facet));
  });

  test('page records, with a date only where the entry has one', () => {
    const records = agent.files
      .filter((file) => file.file.startsWith(`${PAGES_DIR}/`))
      .map((file) => JSON.parse(file.body as string) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      // A date only on dated entries, an image only on entries with a cover; on this multilingual
      // sample a language on every record and translations on the translated ones.
      expect(Object.keys(record)).toEqual(
        keysOf(pageRecordSchema).filter((key) => !['date', 'translations', 'image'].includes(key) || key in record),
      );
      expect(record.language).toMatch(/^(en|nl|pt)$/);
    }
    expect(records.some((record) => 'date' in record)).toBe(true);
    expect(records.some((record) => 'translations' in record)).toBe(true);
  });
});

describe("the tools' output schemas take their items from the same schemas", () => {
  test('list_case_studies, list_insights and search_site', () => {
    expect(outputOf('list_case_studies').properties.caseStudies!.items).toEqual(
      jsonSchemaOf(caseStudyItemSchema, 'output'),
    );
    expect(outputOf('list_insights').properties.insights!.items).toEqual(jsonSchemaOf(insightItemSchema, 'output'));
    expect(outputOf('search_site').properties.results!.items).toEqual(jsonSchemaOf(searchResultSchema(), 'output'));
  });
});
