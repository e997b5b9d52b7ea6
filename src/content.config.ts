/**
 * Connects Astro's loaders to the content collections' folders and schemas; nothing else happens
 * here. Each collection holds the default language's entries (`content/<folder>/*.mdx`, id: the
 * file name) and every other language's translations (`content/<code>/<folder>/*.mdx`, id:
 * `<code>/<file name>`), so the pages of every language render their own MDX
 * (src/model/collections.ts `renderEntry` finds an entry by its file).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { loadCompany } from './model/company.ts';
import { COLLECTION_NAMES, COLLECTIONS } from './schemas/collections.ts';
import { contentEntryId } from './model/content-ids.ts';
import { languageListOf } from './site/languages.ts';

const translated = languageListOf(loadCompany()).codes.slice(1);

/** Keeps the file name as the id, so a badly named file is reported instead of silently renamed. */
const mdx = (folder: string) =>
  glob({
    base: './content',
    pattern: [`${folder}/*.mdx`, ...translated.map((code) => `${code}/${folder}/*.mdx`)],
    generateId: ({ entry }) => contentEntryId(entry, folder),
  });

type Table = typeof COLLECTIONS;

// Made from the table, and typed as if written out so that Astro infers each collection's data.
export const collections = Object.fromEntries(
  COLLECTION_NAMES.map((name) => {
    const { folder, schema } = COLLECTIONS[name];
    return [name, defineCollection({ loader: mdx(folder), schema })];
  }),
) as { [K in keyof Table]: { loader: ReturnType<typeof mdx>; schema: Table[K]['schema'] } };
