/** Connects the content folders to their schemas; nothing else happens here. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { caseStudySchema } from './schemas/case-study.ts';
import { insightSchema } from './schemas/insight.ts';
import { pageSchema } from './schemas/page.ts';
import { serviceSchema } from './schemas/service.ts';

/** Keeps the file name as the id, so a badly named file is reported instead of silently renamed. */
const mdx = (folder: string) =>
  glob({ base: `./content/${folder}`, pattern: '*.mdx', generateId: ({ entry }) => entry.replace(/\.mdx$/, '') });

export const collections = {
  services: defineCollection({ loader: mdx('services'), schema: serviceSchema }),
  caseStudies: defineCollection({ loader: mdx('case-studies'), schema: caseStudySchema }),
  insights: defineCollection({ loader: mdx('insights'), schema: insightSchema }),
  pages: defineCollection({ loader: mdx('pages'), schema: pageSchema }),
};
