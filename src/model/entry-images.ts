/**
 * The images the site model publishes: each entry's cover (and a case study's client logo), the
 * home page's picture and every image of an MDX body, resolved against the file that names them
 * (src/model/images.ts) and gathered into one table of the files the build copies to /_images/.
 * Only what a published page shows is in it: a draft's images are never published.
 *
 * A translation shows its original's image unless it names its own file, with its own alt text in
 * its language; one that gives no alt text of its own shows the original's, marked with the
 * original's language, and the build warns about it.
 */
import type { ImageFieldData } from '../schemas/image.ts';
import type { ImageAsset, ImageUse } from '../site/images.ts';
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import { ImageProblem, originalFileOf, resolveImageReference, type ImageReader } from './images.ts';

/** What resolving images needs for one build of the model, shared by every language. */
export interface ImageContext {
  /** Reads the files; a model built without one (some tests) may name no image. */
  reader: ImageReader | undefined;
  /** Every image a published page shows, by file. */
  registry: Map<string, ImageAsset>;
  /** The site's language codes, the default first (to tell a translation's file from an original's). */
  languages: readonly string[];
  /** What the build says about images that does not stop it (e.g. an alt text taken from the original). */
  warnings: string[];
}

export function createImageContext(reader: ImageReader | undefined, languages: readonly string[]): ImageContext {
  return { reader, registry: new Map(), languages, warnings: [] };
}

/** Reads one referenced file through the context, registering it; an ImageProblem becomes ContentError at `where`. */
function load(context: ImageContext, reference: string, fromFile: string, where: string): ImageAsset {
  if (!context.reader)
    throw new ContentError(`${where}: images cannot be read here (the model was built without an image reader).`);
  try {
    const file = resolveImageReference(
      reference,
      fromFile,
      context.reader,
      originalFileOf(fromFile, context.languages),
    );
    const asset = context.reader.read(file);
    context.registry.set(asset.file, asset);
    return asset;
  } catch (error) {
    if (error instanceof ImageProblem) throw new ContentError(`${where}: ${error.message}.`, { cause: error });
    throw error;
  }
}

/**
 * A frontmatter image field (`cover`, `clientLogo`, company.yaml's `image`) of `file`, as its page
 * shows it. `original` is the same field of the original, for a translation.
 */
export function fieldImage(
  context: ImageContext,
  field: string,
  value: ImageFieldData | undefined,
  file: string,
  original?: { use: ImageUse | undefined; language: string; languageName: string },
): ImageUse | undefined {
  if (value?.src) return { asset: load(context, value.src, file, `${file}: \`${field}.src\``), alt: value.alt };
  if (value) {
    if (!original?.use)
      throw new ContentError(
        `${file}: \`${field}\` has alt text but no \`src\`: add the image file's path, e.g. \`src: ./images/<file>.jpg\`` +
          `${original ? ' (the original has no image to show instead)' : ''}.`,
      );
    return { asset: original.use.asset, alt: value.alt };
  }
  if (!original?.use) return undefined;
  context.warnings.push(
    `${file}: shows the original's \`${field}\` image with its ${original.languageName} alt text; ` +
      `add \`${field}: { alt: "…" }\` in this file's language.`,
  );
  return { ...original.use, altLanguage: original.use.altLanguage ?? original.language };
}

/**
 * How an MDX body of `file` resolves its images (`![alt](./x.jpg)`, `<Figure src="./x.svg">`):
 * for src/markdown/mdx-to-markdown.ts, which reports where in the file (`line`) a reference is.
 */
export function bodyImages(context: ImageContext, file: string): (reference: string, line: string) => ImageAsset {
  return (reference, line) => load(context, reference, file, `${file}${line}`);
}
