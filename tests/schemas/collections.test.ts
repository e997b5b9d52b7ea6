import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS, collectionOfKind, type EntryKind } from '../../src/schemas/collections.ts';
import { contentEntryId } from '../../src/model/content-ids.ts';
import { ENTRY_KINDS } from '../../src/site/kinds.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';

// content.config.ts imports Astro's virtual module; these stand-ins record what it asks for.
vi.mock('astro:content', () => ({ defineCollection: (config: unknown) => config }));
vi.mock('astro/loaders', () => ({ glob: (options: unknown) => ({ glob: options }) }));

const root = process.cwd();

describe('COLLECTIONS', () => {
  test('every collection has its own folder under content/, a schema and its own kind', () => {
    const folders = COLLECTION_NAMES.map((name) => COLLECTIONS[name].folder);
    const kinds = COLLECTION_NAMES.map((name) => COLLECTIONS[name].kind);
    expect(new Set(folders).size).toBe(folders.length);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const name of COLLECTION_NAMES) {
      const { folder, schema } = COLLECTIONS[name];
      expect(existsSync(path.join(root, 'content', folder)), `content/${folder}`).toBe(true);
      expect(typeof schema.safeParse, name).toBe('function');
    }
  });

  test('collectionOfKind finds the collection of each kind', () => {
    for (const name of COLLECTION_NAMES) expect(collectionOfKind(COLLECTIONS[name].kind)).toBe(name);
    expect(() => collectionOfKind('nothing' as EntryKind)).toThrow('No collection publishes entries of kind "nothing"');
  });
});

describe('content.config', () => {
  test("connects a glob loader on each folder and on each other language's copy of it to its schema, and nothing else", async () => {
    const { collections } = await import('../../src/content.config.ts');
    expect(Object.keys(collections)).toEqual(COLLECTION_NAMES);
    for (const name of COLLECTION_NAMES) {
      const config = collections[name] as unknown as {
        loader: { glob: { base: string; pattern: string[]; generateId: (options: { entry: string }) => string } };
        schema: unknown;
      };
      const { folder } = COLLECTIONS[name];
      expect(config.schema).toBe(COLLECTIONS[name].schema);
      expect(config.loader.glob).toMatchObject({
        base: './content',
        pattern: [`${folder}/*.mdx`, `nl/${folder}/*.mdx`, `pt/${folder}/*.mdx`],
      });
      expect(config.loader.glob.generateId({ entry: `${folder}/some-entry.mdx` })).toBe('some-entry');
      expect(config.loader.glob.generateId({ entry: `nl/${folder}/some-entry.mdx` })).toBe('nl/some-entry');
    }
  });
});

describe('contentEntryId', () => {
  test('is the file name for the default language and <code>/<file name> for a translation, from either kind of path', () => {
    expect(contentEntryId('services/cloud-migration.mdx', 'services')).toBe('cloud-migration');
    expect(contentEntryId('content/services/cloud-migration.mdx', 'services')).toBe('cloud-migration');
    expect(contentEntryId('content/nl/services/cloud-migration.mdx', 'services')).toBe('nl/cloud-migration');
    expect(contentEntryId('pt-br/case-studies/x.mdx', 'case-studies')).toBe('pt-br/x');
  });

  test("names every sample entry the way renderEntry looks it up: unique within its collection, a translation's id prefixed by its language", () => {
    const model = buildSiteModel(loadSources(root));
    for (const [code, languageModel] of model.languages.models) {
      for (const name of COLLECTION_NAMES) {
        const { folder, kind } = COLLECTIONS[name];
        const entries = [
          ...languageModel.services,
          ...languageModel.caseStudies,
          ...languageModel.insights,
          ...languageModel.pages,
        ].filter((entry) => entry.kind === kind && entry.path.startsWith(languageModel.prefix));
        for (const entry of entries)
          expect(contentEntryId(entry.file, folder)).toBe(
            code === model.languages.default ? entry.slug : `${code}/${entry.slug}`,
          );
      }
    }
  });
});

describe('loadSources', () => {
  test('loads every collection in the table from its folder', () => {
    const sources = loadSources(root);
    for (const name of COLLECTION_NAMES) {
      const { folder } = COLLECTIONS[name];
      const files = readdirSync(path.join(root, 'content', folder)).filter((file) => file.endsWith('.mdx'));
      expect(sources[name].map((entry) => entry.file)).toEqual(files.sort().map((file) => `content/${folder}/${file}`));
    }
  });

  test("publishes each collection's entries as its kind", () => {
    const model = buildSiteModel(loadSources(root));
    for (const name of COLLECTION_NAMES) {
      for (const entry of model[name]) expect(entry.kind).toBe(COLLECTIONS[name].kind);
    }
  });

  test("checks each folder's files against the collection's schema", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'collections-'));
    try {
      mkdirSync(path.join(dir, 'content'));
      copyFileSync(path.join(root, 'content/company.yaml'), path.join(dir, 'content/company.yaml'));
      for (const name of COLLECTION_NAMES) {
        const folder = path.join(dir, 'content', COLLECTIONS[name].folder);
        mkdirSync(folder);
        writeFileSync(path.join(folder, 'x.mdx'), '---\ndraft: true\n---\n');
        expect(() => loadSources(dir)).toThrow(
          `content/${COLLECTIONS[name].folder}/x.mdx: the frontmatter does not match the schema`,
        );
        rmSync(path.join(folder, 'x.mdx'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the collections publish exactly the entry kinds the run time knows (src/site/kinds.ts), in their order', () => {
  // Clients have no page of their own: case studies name them.
  const published = COLLECTION_NAMES.map((name) => COLLECTIONS[name].kind).filter((kind) => kind !== 'client');
  expect(published).toEqual([...ENTRY_KINDS]);
});
