/** Frontmatter of `content/pages/<slug>.mdx`, published at `/<slug>` (about, contact, privacy…). */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, searchPhrases, text, translation } from './fields.ts';

export const pageSchema = fieldsOf('a page', {
  /** The page heading. */
  title: text('title', 2, 80, 'About us'),
  /** One or two sentences describing the page; used as the meta description, in llms.txt and in search. */
  description: text('description', 20, 300, 'Who we are and how we work.'),
  /** The picture at the top of the page and in its share card (optional; at least 1200 x 630 pixels to be the share card). */
  cover: imageField('cover', { src: './images/office.jpg', alt: 'The team at work in the Rotterdam office' }),
  /** How visitors describe what this page is about, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the page out of the site and every artefact. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type PageData = z.infer<typeof pageSchema>;
