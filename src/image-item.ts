/**
 * An entry's picture as the MCP tools return it (list_case_studies, list_insights, search_site):
 * the schema the artefacts are written and read with and the tools' output schemas describe.
 * Here, beneath both the artefacts and the search, which use it.
 */
import * as z from './zod.ts';

export const imageItemSchema = z
  .object({
    url: z
      .string()
      .check(z.describe('Absolute URL of the image file as the site publishes it (the original, full size).')),
    alt: z
      .string()
      .check(z.describe("What the image shows, written for someone who cannot see it, in the entry's language.")),
    width: z.int().check(z.describe('Its width in pixels.')),
    height: z.int().check(z.describe('Its height in pixels.')),
  })
  .check(z.describe("The entry's cover picture; absent when it has none."));
