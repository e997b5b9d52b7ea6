/** Frontmatter of `content/insights/<slug>.mdx`, published at `/insights/<slug>`. */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, isoDate, nameList, personId, searchPhrases, text, translation } from './fields.ts';

export const insightSchema = fieldsOf('an insight', {
  /** The article's headline. */
  title: text('title', 3, 120, 'Why your platform team needs a product manager'),
  /** Publication date (YYYY-MM-DD); lists are sorted newest first. */
  date: isoDate('date'),
  /** One or two sentences on what the reader learns; used in listings, llms.txt, search and list_insights. */
  summary: text('summary', 20, 400, 'What changes when the platform is run like a product.'),
  /** The picture at the top of the article, in lists and in its share card (optional; at least 1200 x 630 pixels to be the share card). */
  cover: imageField('cover', { src: './images/platform-team.jpg', alt: 'A team planning a roadmap on a whiteboard' }),
  /** Topics; articles are filtered by tag (`/insights/tag/<slug>`) and list_insights accepts them. */
  tags: nameList('tags', '"platform", "teams"'),
  /** The author, by their id: the file name in content/people/ (`dana-reyes`), the same in every language. Give this or `guestAuthor`. (A name here, the older form, is read with a warning.) */
  author: personId('author', 'dana-reyes'),
  /** The author's name as shown, for an author who is not one of content/people/, e.g. a guest: "Priya Natarajan". Give this or `author`. */
  guestAuthor: z
    .string({ error: '`guestAuthor` is a name, e.g. `guestAuthor: Priya Natarajan`' })
    .trim()
    .min(2, { error: '`guestAuthor` is too short, e.g. `guestAuthor: Priya Natarajan`' })
    .max(80, { error: '`guestAuthor` is at most 80 characters' })
    .optional(),
  /** How visitors describe what this page is about, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the article out of the site and every artefact. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type InsightData = z.infer<typeof insightSchema>;
