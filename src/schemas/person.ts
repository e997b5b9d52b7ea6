/**
 * Frontmatter of `content/people/<id>.mdx`, published at `/team/<id>`: one of the company's
 * people, with the bio as the body. Other entries name a person by the id (the file name): a case
 * study's `team`, a service's `lead`, an insight's `author`. Nothing personal goes here beyond
 * what the person agreed to publish (docs/content.md, "People").
 */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, nameList, searchPhrases, text, translation } from './fields.ts';

/** A language as a BCP 47 code: `en`, `nl`, `pt-BR`, `zh-Hant`. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export const personSchema = fieldsOf('a person', {
  /** The person's name as the site shows it, e.g. "Dana Reyes". */
  name: text('name', 2, 80, 'Dana Reyes'),
  /** Their role or job title, in this file's language, e.g. "Solutions architect". */
  role: text('role', 2, 80, 'Solutions architect'),
  /** A portrait (optional; square works best, at least 400 x 400 pixels). Without one the site shows their initials. */
  photo: imageField('photo', { src: './images/dana-reyes.jpg', alt: 'Portrait of Dana Reyes' }),
  /** The office they work from: the `name` of one of company.yaml's `offices`, as written there (optional). The team page filters by it. */
  office: z
    .string({ error: "`office` is the name of one of company.yaml's `offices`, e.g. `office: Ghent`" })
    .trim()
    .min(1, { error: "`office` is empty: write the name of one of company.yaml's `offices`, or leave it out" })
    .max(60, { error: "`office` is at most 60 characters: the name of one of company.yaml's `offices`" })
    .optional(),
  /** What they know, a few short names in this file's language, e.g. "Kubernetes", "Data contracts". The team page filters by them and search finds people by them. */
  expertise: nameList('expertise', '"Kubernetes", "Data contracts"'),
  /** The languages they speak, as language codes (BCP 47), e.g. `[nl, en]` (optional). Pages show each language's name. */
  languages: z
    .array(
      z.string({ error: '`languages` holds language codes, e.g. `languages: [nl, en]`' }).trim().regex(LANGUAGE_CODE, {
        error: '`languages` holds language codes (BCP 47) such as `en`, `nl` or `pt-BR`, e.g. `languages: [nl, en]`',
      }),
      { error: '`languages` must be a list of language codes, e.g. `languages: [nl, en]`' },
    )
    .optional(),
  /** A work address to publish, only if the person asked for it (optional; the site shows none otherwise). */
  email: z.email({ error: '`email` must be an e-mail address, e.g. `email: dana@harbormutual.example`' }).optional(),
  /** Their profiles and work elsewhere (optional): LinkedIn, GitHub, a talk. Search engines read them as the person's other pages. */
  links: z
    .array(
      fieldsOf(
        'a link',
        {
          /** What the link is, e.g. "LinkedIn" or "Talk at a conference". */
          label: text('links.label', 2, 60, 'LinkedIn'),
          /** The full address, e.g. https://www.linkedin.com/in/dana-reyes. */
          url: z.url({
            protocol: /^https?$/,
            error: "a link's `url` must be a full web address, e.g. `url: https://www.linkedin.com/in/dana-reyes`",
          }),
        },
        'each of `links` has a `label` and a `url`, e.g. `- { label: LinkedIn, url: https://www.linkedin.com/in/dana-reyes }`',
      ),
      { error: '`links` must be a list of `label` and `url` pairs' },
    )
    .max(8, { error: '`links` has more than 8 links: keep the ones that matter most' })
    .optional(),
  /** How visitors ask for this person, in their own words: site search matches them; shown nowhere (optional). */
  searchPhrases,
  /** `true` keeps the person out of the site and every artefact; an entry naming them stops the build. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
});

export type PersonData = z.infer<typeof personSchema>;
