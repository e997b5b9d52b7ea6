/** Frontmatter of `content/services/<slug>.mdx`, published at `/services/<slug>`. */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, personId, searchPhrases, text, translation } from './fields.ts';

export const serviceSchema = fieldsOf('a service', {
  /** The service's name, shown as the page heading and in every list (case studies name the service by its file name, so the title may change). */
  title: text('title', 3, 80, 'Platform engineering'),
  /** One or two sentences on what the client gets; used in listings, llms.txt, search results and the page description. */
  summary: text('summary', 20, 300, 'We build the internal platform your teams ship on.'),
  /** The picture at the top of the service's page and in its share card (optional; at least 1200 x 630 pixels to be the share card). */
  cover: imageField('cover', {
    src: './images/platform.jpg',
    alt: 'Developers shipping services onto a shared platform',
  }),
  /** Position in the services list: lower numbers come first. */
  order: z
    .number({ error: '`order` is required: a whole number such as `order: 1` (lower comes first)' })
    .int({ error: '`order` must be a whole number, e.g. `order: 1`' })
    .min(0, { error: '`order` must be 0 or more' }),
  /** Who leads the service, by their id: the file name in content/people/ (`dana-reyes`), the same in every language (optional). */
  lead: personId('lead', 'dana-reyes'),
  /** How visitors describe what this page is about, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the service out of the site and every artefact. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type ServiceData = z.infer<typeof serviceSchema>;
