/**
 * Where the site's images are and how they are asked for, once: the pages' responsive sources,
 * the share cards, the Markdown siblings, the JSON-LD and the MCP answers all take their image
 * URLs from here. Dependency-free (the edge function may import it).
 *
 * - Every image a published page uses is copied by the build from content/ to `/_images/` under a
 *   name that carries its content hash (`/_images/harbour-1a2b3c4d.jpg`): the original, byte for
 *   byte, cached for a year like Astro's assets. Agents get these (Markdown, JSON-LD, MCP).
 * - Browsers get the same image resized and re-encoded by Netlify's Image CDN
 *   (`/.netlify/images?url=/_images/…&w=800&fm=webp`), which transforms on the first request
 *   and caches the result; the build transforms nothing. netlify-cli answers the same URLs
 *   locally (`npm start`), and the editors' preview (`npm run dev`) has its own stand-in.
 * - A share card made at build (src/build/share-cards.ts) is a PNG under `/_og/`, named by the
 *   digest of what it shows.
 */

/** Where the originals are published. */
export const IMAGE_PREFIX = '/_images/';
/** Where the share cards the build makes are published. */
export const CARD_PREFIX = '/_og/';
/** Netlify's Image CDN endpoint. */
export const IMAGE_CDN_PATH = '/.netlify/images';

/** The formats the build accepts, by the name used in `fm` and file extensions. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The file extensions of each format, the first being the one the build publishes under. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageFormat, readonly string[]>> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  avif: ['avif'],
  gif: ['gif'],
  svg: ['svg'],
};

/** The media type of each format. */
export const IMAGE_MEDIA_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** One image as the build publishes it: a file of content/ and what the build read of it. */
export interface ImageAsset {
  /** The file, relative to the project: `content/case-studies/images/harbour.jpg`. */
  file: string;
  /** Where the original is published: `/_images/harbour-1a2b3c4d.jpg`. */
  path: string;
  format: ImageFormat;
  /** Its size in pixels (an SVG's from its width and height or viewBox). */
  width: number;
  height: number;
  /** The file's size. */
  bytes: number;
}

/** An image as a page shows it: the asset and the words that stand for it. */
export interface ImageUse {
  asset: ImageAsset;
  /** What it shows, for someone who cannot see it. */
  alt: string;
  /** The language of `alt` when it is not the page's (a translation that gave no alt of its own). */
  altLanguage?: string;
}

/**
 * The formats the pages offer besides the original's, best first: browsers take the first they
 * support. WebP only: every current browser decodes it, and it is made in about 0.1 s where AVIF
 * took 1.6 s (netlify-cli's image CDN, a 960-pixel cover, measured: docs/performance.md, "Page
 * speed"), a wait the first visitor of each size pays, and every request under `npm start`,
 * which keeps no cache. AVIF's smaller files (about half of WebP's for these covers) did not
 * make up for it in Lighthouse's mobile runs. Add 'avif' first to offer it.
 */
export const MODERN_FORMATS: readonly ImageFormat[] = ['webp'];

/** Width steps of the responsive sources: phones at 1x to 3x, tablets, laptops and large screens at 2x. */
export const RESPONSIVE_WIDTHS = [360, 640, 800, 960, 1280, 1600, 2048] as const;

/** Whether a format is resized by the CDN: SVG is drawn at any size, and a GIF may be animated. */
export function isResizable(asset: Pick<ImageAsset, 'format'>): boolean {
  return asset.format !== 'svg' && asset.format !== 'gif';
}

/** The `fm` value of a format. */
function cdnFormat(format: ImageFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}

export interface TransformOptions {
  width?: number;
  height?: number;
  /** With width and height: crop to fill them (`cover`) rather than fit inside (`contain`, the CDN's default). */
  fit?: 'cover' | 'contain';
  format?: ImageFormat;
  quality?: number;
}

/** A transformed image's URL on the Image CDN, relative to the site: `/.netlify/images?url=/_images/x.jpg&w=640&fm=webp`. */
export function imageCdnUrl(asset: Pick<ImageAsset, 'path'>, options: TransformOptions): string {
  const query = [`url=${asset.path}`];
  if (options.width) query.push(`w=${options.width}`);
  if (options.height) query.push(`h=${options.height}`);
  if (options.fit) query.push(`fit=${options.fit}`);
  if (options.format) query.push(`fm=${cdnFormat(options.format)}`);
  if (options.quality) query.push(`q=${options.quality}`);
  return `${IMAGE_CDN_PATH}?${query.join('&')}`;
}

/**
 * The widths to offer of an image shown at most `maxWidth` CSS pixels wide: every step below
 * twice that (sharp screens), and that width itself, never wider than the original.
 */
export function responsiveWidths(asset: Pick<ImageAsset, 'width'>, maxWidth: number): number[] {
  const limit = Math.min(asset.width, Math.round(maxWidth * 2));
  return [...RESPONSIVE_WIDTHS.filter((width) => width < limit), limit];
}

/** A `srcset` of `asset` in `format` at `widths`. */
export function srcsetOf(asset: Pick<ImageAsset, 'path'>, widths: readonly number[], format?: ImageFormat): string {
  return widths.map((width) => `${imageCdnUrl(asset, { width, ...(format ? { format } : {}) })} ${width}w`).join(', ');
}

/** The format a browser without AVIF and WebP gets: the original's, or JPEG for an AVIF original. */
export function fallbackFormat(asset: Pick<ImageAsset, 'format'>): ImageFormat {
  return asset.format === 'avif' ? 'jpeg' : asset.format;
}

/** The company's logo as a square PNG the build renders from content/logo.svg, for structured data (and icons). */
export const LOGO_PNG = { path: '/logo.png', size: 512 } as const;

/** The size of the share image every page announces (Open Graph's and X's large card). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The original's file name under IMAGE_PREFIX: its own name, slugged, and 8 hex digits of its digest. */
export function publishedImagePath(file: string, format: ImageFormat, digest: string): string {
  const base = file
    .split('/')
    .at(-1)!
    .replace(/\.[^.]+$/, '');
  const name =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return `${IMAGE_PREFIX}${name}-${digest.slice(0, 8)}.${IMAGE_EXTENSIONS[format][0]}`;
}
