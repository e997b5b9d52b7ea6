/** Frontmatter of `content/pages/<slug>.mdx`, published at `/<slug>` (about, contact, privacy…). */
import { z } from 'zod';
import { draft, searchPhrases, text, translation } from './fields.ts';

export const pageSchema = z.object({
  /** The page heading. */
  title: text('title', 2, 80, 'About us'),
  /** One or two sentences describing the page; used as the meta description, in llms.txt and in search. */
  description: text('description', 20, 300, 'Who we are and how we work.'),
  /** How visitors describe what this page is about, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the page out of the site and every artefact. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type PageData = z.infer<typeof pageSchema>;
