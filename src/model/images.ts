/**
 * The image files of content/: where a reference written in an entry leads, and what the build
 * makes sure of before it publishes a file (docs/content.md, "Images"): that it exists inside
 * content/, is a JPEG, PNG, WebP, AVIF, GIF or SVG whose name says so, is no larger than
 * IMAGE_LIMITS, and, for an SVG, runs nothing and loads nothing. A problem is an ImageProblem
 * whose message says what is wrong and what to do; the model adds the file, field and line that
 * named the image (src/model/model.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { IMAGE_LIMITS } from '../schemas/image.ts';
import {
  IMAGE_EXTENSIONS,
  IMAGE_FORMATS,
  publishedImagePath,
  type ImageAsset,
  type ImageFormat,
} from '../site/images.ts';

/** An image reference or file the build cannot publish; the message says why and what to do. */
export class ImageProblem extends Error {
  override name = 'ImageProblem';
}

/** Reads image files of the project once each (a build reads the same cover for every page that shows it). */
export interface ImageReader {
  /** Whether `file` (relative to the project) exists. */
  exists(file: string): boolean;
  /** The file's asset, or an ImageProblem. */
  read(file: string): ImageAsset;
}

const MB = 1024 * 1024;
const FORMAT_NAMES = 'JPEG, PNG, WebP, AVIF, GIF or SVG';

/** The format a file's first bytes show, if it is one the build takes. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif';
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '');
  if (/^\s*(?:<\?xml[\s\S]*?\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg\b/i.test(head)) return 'svg';
  return undefined;
}

/**
 * Why an SVG may not be shown on the site, if it may not: anything that runs (scripts, event
 * handlers, `javascript:` links), embeds a document (`<foreignObject>`), declares entities, or
 * loads something from elsewhere (a reference that is not `#id` or an embedded `data:image/…`).
 */
export function svgProblem(svg: string): string | undefined {
  if (/<script\b/i.test(svg)) return 'it contains a <script>';
  if (/\son[a-z]+\s*=/i.test(svg)) return 'it contains an event handler (an on…= attribute)';
  if (/javascript:/i.test(svg)) return 'it contains a javascript: link';
  if (/<foreignObject\b/i.test(svg)) return 'it embeds HTML (<foreignObject>)';
  if (/<!ENTITY\b/i.test(svg)) return 'it declares XML entities';
  const reference = /\s(?:xlink:)?href\s*=\s*["']\s*([^"'\s]+)/gi;
  for (const match of svg.matchAll(reference)) {
    const target = match[1]!;
    if (!target.startsWith('#') && !/^data:image\/(?:png|jpeg|gif|webp);/i.test(target))
      return `it loads "${target.slice(0, 60)}" from elsewhere`;
  }
  if (/url\(\s*["']?\s*(?!#)[^)\s]/i.test(svg.replace(/url\(\s*["']?data:image\/[^)]*\)/gi, '')))
    return 'it loads a url(…) from elsewhere';
  return undefined;
}

/** The format a file name's extension names, if the build takes it. */
function formatOfName(file: string): ImageFormat | undefined {
  const extension = path.extname(file).slice(1).toLowerCase();
  return IMAGE_FORMATS.find((format) => IMAGE_EXTENSIONS[format].includes(extension));
}

/** Reads and checks one image file's bytes; `file` names it in messages and in the asset. */
export function imageAssetOf(file: string, bytes: Uint8Array): ImageAsset {
  const named = formatOfName(file);
  if (!named)
    throw new ImageProblem(
      `${file} is not an image the build takes: use a ${FORMAT_NAMES} file (convert it, or export it again in one of these)`,
    );
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes)
    throw new ImageProblem(
      `${file} is ${(bytes.byteLength / MB).toFixed(1)} MB, more than the ${IMAGE_LIMITS.maxBytes / MB} MB the build takes: ` +
        'export it smaller (2,400 pixels wide is plenty for any screen) or with more compression',
    );
  const format = sniffFormat(bytes);
  if (!format) throw new ImageProblem(`${file} is not a ${FORMAT_NAMES} image inside: export it again as one`);
  if (format !== named)
    throw new ImageProblem(
      `${file} holds a ${format.toUpperCase()} image but its name says ${named.toUpperCase()}: ` +
        `rename it to end in .${IMAGE_EXTENSIONS[format][0]}`,
    );
  if (format === 'svg') {
    const problem = svgProblem(new TextDecoder().decode(bytes));
    if (problem)
      throw new ImageProblem(
        `${file} cannot be shown on the site: ${problem}. Export it as a plain SVG drawing, or as a PNG`,
      );
  }
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = imageSize(bytes);
  } catch (cause) {
    // image-size reads an SVG's size from its width and height or viewBox, and throws without them.
    if (format === 'svg') size = {};
    else
      throw new ImageProblem(
        `${file} cannot be read as a ${format.toUpperCase()} image (${(cause as Error).message}): export it again`,
        { cause },
      );
  }
  const { width, height } = size;
  if (!width || !height)
    throw new ImageProblem(
      format === 'svg'
        ? `${file} has no size: give its <svg> a viewBox (e.g. viewBox="0 0 1600 900") or a width and height`
        : `${file} has no width or height: export it again`,
    );
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels)
    throw new ImageProblem(
      `${file} is ${width} x ${height} pixels, more than the build takes (at most ${IMAGE_LIMITS.maxSide.toLocaleString('en')} pixels a side ` +
        `and ${IMAGE_LIMITS.maxPixels / 1e6} megapixels): scale it down (2,400 pixels wide is plenty for any screen)`,
    );
  const digest = createHash('sha256').update(bytes).digest('hex');
  return { file, path: publishedImagePath(file, format, digest), format, width, height, bytes: bytes.byteLength };
}

/**
 * The project's image files, read on first use and kept: by file for a build (one process reads
 * each file once), by file, size and modification time for `npm run dev`, whose files change
 * under it. `known` seeds it with assets read elsewhere in the same build (the artefact worker
 * gets the page build's).
 */
export function createImageReader(root: string, known: readonly ImageAsset[] = []): ImageReader {
  const assets = new Map<string, { stamp: string; asset: ImageAsset }>();
  const seeded = new Map(known.map((asset) => [asset.file, asset]));
  const stampOf = (file: string) => {
    const stat = statSync(path.join(root, file));
    return `${stat.size}:${stat.mtimeMs}`;
  };
  return {
    exists: (file) => existsSync(path.join(root, file)),
    read(file) {
      const fromBuild = seeded.get(file);
      if (fromBuild) return fromBuild;
      if (!existsSync(path.join(root, file))) throw new ImageProblem(`${file} does not exist`);
      const stamp = stampOf(file);
      const kept = assets.get(file);
      if (kept?.stamp === stamp) return kept.asset;
      const asset = imageAssetOf(file, readFileSync(path.join(root, file)));
      assets.set(file, { stamp, asset });
      return asset;
    },
  };
}

/** The original of a translation's file: `content/nl/insights/x.mdx` -> `content/insights/x.mdx`; an original has none. */
export function originalFileOf(file: string, languages: readonly string[]): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'content' && parts.length > 3 && languages.includes(parts[1]!)
    ? [parts[0], ...parts.slice(2)].join('/')
    : undefined;
}

/**
 * The file an image reference written in `fromFile` names: a path from that file's folder, as
 * in any Markdown or Astro site (`./images/harbour.jpg`, `images/harbour.jpg`,
 * `../images/harbour.jpg`), inside content/. In a translation, a path that names no file beside
 * it is looked up beside its original (`fallbackFile`), so a translation copied from its original
 * shows the original's images until it has its own. Throws ImageProblem saying what to write.
 */
export function resolveImageReference(
  reference: string,
  fromFile: string,
  reader: Pick<ImageReader, 'exists'>,
  fallbackFile?: string,
): string {
  const example = './images/<file>.jpg';
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//'))
    throw new ImageProblem(
      `"${reference.slice(0, 80)}" is not a file of the site: images are files in content/ (remote images cannot be checked, ` +
        `sized or served by the site's image CDN). Save it next to the page and write its path, e.g. ${example}`,
    );
  if (reference.startsWith('/'))
    throw new ImageProblem(
      `"${reference}" starts with "/": write the path from ${fromFile}'s folder instead, e.g. ${example}`,
    );
  if (/[?#]/.test(reference))
    throw new ImageProblem(`"${reference}" has a ? or #: write the file's path alone, e.g. ${example}`);
  let decoded = reference;
  try {
    decoded = decodeURI(reference);
  } catch {
    // a malformed escape: the path is looked up as written, and reported if it names nothing
  }
  const candidates = [fromFile, ...(fallbackFile ? [fallbackFile] : [])].map((file) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded)),
  );
  for (const candidate of candidates) {
    if (!candidate.startsWith('content/'))
      throw new ImageProblem(
        `"${reference}" leads out of content/ (to ${candidate}): images live in content/, beside the pages that show them`,
      );
  }
  const found = candidates.find((candidate) => reader.exists(candidate));
  if (found) return found;
  throw new ImageProblem(
    `"${reference}" names no file: looked for ${candidates.join(' and ')}. Check the file name (letters' case counts) ` +
      `and that the image was saved there`,
  );
}
