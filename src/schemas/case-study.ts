/** Frontmatter of `content/case-studies/<slug>.mdx`, published at `/case-studies/<slug>`. */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, isoDate, nameList, personIds, searchPhrases, text, translation } from './fields.ts';

export const caseStudySchema = fieldsOf('a case study', {
  /** The headline of the story, e.g. what changed for the client. */
  title: text('title', 3, 120, 'Cutting claim processing from days to minutes'),
  /** The client, by its id: the file name of `content/clients/<id>.mdx` (e.g. `harbor-mutual`), the same in every language. Give this or `clientName`. */
  client: z
    .string({
      error: '`client` is the id of a client (its file name in content/clients/), e.g. `client: harbor-mutual`',
    })
    .trim()
    .min(2, {
      error: '`client` is the id of a client (its file name in content/clients/), e.g. `client: harbor-mutual`',
    })
    .max(80, { error: '`client` is at most 80 characters: the id (file name) of a client in content/clients/' })
    .optional(),
  /** The client as this case study names it, in free text, for a client that is not in content/clients/: e.g. "A European insurer" under NDA. Give this or `client`. */
  clientName: z
    .string({ error: '`clientName` is a text, e.g. `clientName: A European insurer`' })
    .trim()
    .min(2, { error: '`clientName` is too short, e.g. `clientName: A European insurer`' })
    .max(80, { error: '`clientName` is at most 80 characters' })
    .optional(),
  /** The client's logo, shown beside its name on the case study (optional; SVG or PNG on a transparent or white background works best). */
  clientLogo: imageField('clientLogo', { src: './images/harbor-mutual-logo.svg', alt: 'Harbor Mutual logo' }),
  /** The client's industry; case studies are filtered by it (`/case-studies/industry/<slug>`) and list_case_studies accepts it. */
  industry: text('industry', 2, 60, 'Insurance'),
  /** One or two sentences: the problem and the result. Used in listings, llms.txt, search and list_case_studies. */
  summary: text('summary', 20, 400, 'We rebuilt the claims pipeline; claims now settle in minutes.'),
  /** The picture at the top of the case study, on its card and in its share card (optional; at least 1200 x 630 pixels to be the share card). */
  cover: imageField('cover', {
    src: './images/claims-team.jpg',
    alt: 'Claims handlers reviewing a dashboard of open claims',
  }),
  /** The services delivered, each by its id: the service's file name (`data-platforms` for content/services/data-platforms.mdx), the same in every language. Pages show their titles. */
  services: nameList('services', 'data-platforms'),
  /** The people who worked on it, each by their id: the file name in content/people/ (`dana-reyes`), the same in every language (optional). Pages show their names, linking to their pages. */
  team: personIds('team', 'dana-reyes, li-wei'),
  /** When the engagement finished (YYYY-MM-DD); lists are sorted newest first. */
  date: isoDate('date'),
  /** Measurable results, one short line each (optional). */
  outcomes: z
    .array(z.string().trim().min(3).max(160), { error: '`outcomes` must be a list of short lines' })
    .optional(),
  /** A client quote shown on the page and in its Markdown (optional). */
  quote: fieldsOf(
    '`quote`',
    {
      /** The quoted words, without quotation marks. */
      text: text('quote.text', 10, 600, 'They made the hard part look easy.'),
      /** Who said it. */
      author: text('quote.author', 2, 80, 'Dana Reyes'),
      /** Their role, e.g. "CTO, Harbor Mutual" (optional). */
      role: z.string().trim().max(120).optional(),
    },
    '`quote` must have `text` and `author` (and optionally `role`)',
  ).optional(),
  /** How visitors describe what this page is about, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the case study out of the site and every artefact. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type CaseStudyData = z.infer<typeof caseStudySchema>;
