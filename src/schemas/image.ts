/**
 * An image field of the frontmatter (a cover, a client's logo, the home page's picture): the file
 * and the words that stand for it. The file itself is checked when the site model is built
 * (src/model/images.ts): that it exists, is an image of a format the build takes, and stays
 * within IMAGE_LIMITS.
 */
import { z } from 'zod';

/** What the build accepts of an image file (docs/content.md, "Images"). */
export const IMAGE_LIMITS = {
  /** The largest file: 10 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** The most pixels (width times height): 50 megapixels, e.g. 8,660 x 5,773. */
  maxPixels: 50_000_000,
  /** The longest side in pixels. */
  maxSide: 12_000,
} as const;

/** The media types the build accepts, as the editor's upload dialog takes them. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml';

/** An image field named `field` (`cover`, `clientLogo`), with an example of each part for the messages. */
export function imageField(field: string, example: { src: string; alt: string }) {
  const sample = `\`${field}: { src: ${example.src}, alt: "${example.alt}" }\``;
  return z
    .strictObject(
      {
        /**
         * The image file, as a path from this file (`./images/harbour.jpg`): JPEG, PNG, WebP,
         * AVIF, GIF or SVG, at most 10 MB. A translation may leave it out to show its original's
         * image.
         */
        src: z
          .string({ error: `\`${field}.src\` must be the image file's path, e.g. ${sample}` })
          .trim()
          .min(1, { error: `\`${field}.src\` is empty: write the image file's path, e.g. ${sample}` })
          .max(300, { error: `\`${field}.src\` is longer than 300 characters: give the file a shorter name` })
          // Read by the editor at /admin/ (src/cms/config.ts): an image upload field.
          .meta({ contentMediaType: 'image/*' })
          .optional(),
        /**
         * What the image shows, written for someone who cannot see it, in this file's language:
         * screen readers read it, and agents and search engines get it with the image.
         */
        alt: z
          .string({
            error: `\`${field}.alt\` is required: say what the image shows for someone who cannot see it, e.g. ${sample}`,
          })
          .trim()
          .min(3, { error: `\`${field}.alt\` is too short: say what the image shows, e.g. "${example.alt}"` })
          .max(300, { error: `\`${field}.alt\` is longer than 300 characters: say what matters in a sentence or two` }),
      },
      { error: `\`${field}\` holds the image's \`src\` and \`alt\`, e.g. ${sample}` },
    )
    .optional();
}

export type ImageFieldData = NonNullable<z.output<ReturnType<typeof imageField>>>;
