/**
 * Frontmatter of `content/clients/<id>.mdx`: a client the company has worked for, named once and
 * referenced by its id (the file name) from case studies (`client: <id>`). A client has no page of
 * its own: the home page's logo wall shows the clients that may be named, each linking to its
 * newest case study, and agents read them in the case studies and the profile.
 */
import { z } from 'zod';
import { imageField } from './image.ts';
import { draft, fieldsOf, text, translation } from './fields.ts';

export const clientSchema = fieldsOf('a client', {
  /** The client's name, e.g. "Harbor Mutual" (never shown while `anonymous` is true). */
  name: text('name', 2, 80, 'Harbor Mutual'),
  /** `true` when the client may not be named in public: the site shows `anonymousAs` instead, and no logo. */
  anonymous: z
    .boolean({ error: '`anonymous` must be true or false (without quotes), or left out (false)' })
    .default(false),
  /** How the site refers to a client that may not be named, e.g. "A regional water authority" (required with `anonymous: true`; each language writes its own). */
  anonymousAs: z.string().trim().max(80).optional(),
  /** The client's logo (optional; SVG or PNG on a transparent or white background works best): on the home page's logo wall and beside the client's name on its case studies. */
  logo: imageField('logo', { src: './images/harbor-mutual.svg', alt: 'Harbor Mutual' }),
  /** The client's industry, in this file's language, e.g. "Logistics" (optional). */
  industry: z.string().trim().max(60).optional(),
  /** The country the client is based in, in this file's language, e.g. "Netherlands" (optional). */
  country: z.string().trim().max(80).optional(),
  /** The client's website, a full URL (optional; named clients only). */
  website: z.url({ error: '`website` must be a full URL, e.g. https://www.harbormutual.example' }).optional(),
  /** `true` keeps the client out of the site: a case study naming it stops the build. */
  draft,
  /** In a translation only: when it was last brought up to date with its original (written by `npm run content -- mark`, never by hand). */
  translation,
}).superRefine((client, context) => {
  if (client.anonymous && !client.anonymousAs)
    context.addIssue({
      code: 'custom',
      path: ['anonymousAs'],
      message:
        '`anonymousAs` is required with `anonymous: true`: how the site refers to the client instead, e.g. `anonymousAs: A regional water authority`',
    });
});

export type ClientData = z.infer<typeof clientSchema>;
