/** Connects Astro's loaders to the content collections' folders and schemas; nothing else happens here. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { COLLECTION_NAMES, COLLECTIONS } from './schemas/collections.ts';

/** Keeps the file name as the id, so a badly named file is reported instead of silently renamed. */
const mdx = (folder: string) =>
  glob({ base: `./content/${folder}`, pattern: '*.mdx', generateId: ({ entry }) => entry.replace(/\.mdx$/, '') });

type Table = typeof COLLECTIONS;

// Made from the table, and typed as if written out so that Astro infers each collection's data.
export const collections = Object.fromEntries(
  COLLECTION_NAMES.map((name) => {
    const { folder, schema } = COLLECTIONS[name];
    return [name, defineCollection({ loader: mdx(folder), schema })];
  }),
) as { [K in keyof Table]: { loader: ReturnType<typeof mdx>; schema: Table[K]['schema'] } };
