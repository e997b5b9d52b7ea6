/**
 * The images of `npm run dev` (Astro's dev server), which has neither the build's /_images/ and
 * /_og/ files nor Netlify's Image CDN:
 * - `/_images/<name>`: the content file the model publishes under that name;
 * - `/_og/<digest>.png`: the share card, drawn on request (and kept in the build's card cache);
 * - the icons (`/apple-touch-icon.png`…, src/site/icons.ts), from the same cache;
 * - `/.netlify/images?url=/_images/…&w=…&h=…&fit=…&fm=…&q=…`: the CDN's transforms that the
 *   pages ask for, made with sharp, so the preview shows what production does (sizes and formats).
 * Every answer is made from the files on disk; the model is made again when a file in content/
 * changes (a page of the preview asks for several images at once).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { cachedIcons } from '../build/icons.ts';
import { cachedCard, makeCards } from '../build/share-cards.ts';
import { shareCards } from '../discovery/share-image.ts';
import { loadSources } from '../model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../model/model.ts';
import { ICON_FILES } from '../site/icons.ts';
import { CARD_PREFIX, IMAGE_CDN_PATH, IMAGE_FORMATS, IMAGE_MEDIA_TYPES, IMAGE_PREFIX } from '../site/images.ts';

/** What the preview answers: a body and its type, or an error's status and message. */
export type DevImageAnswer = { status: 200; type: string; body: Buffer } | { status: 400 | 404; message: string };

/** Whether a request path is one of the preview's images. */
export function isDevImagePath(pathname: string): boolean {
  return (
    pathname.startsWith(IMAGE_PREFIX) ||
    pathname.startsWith(CARD_PREFIX) ||
    pathname === IMAGE_CDN_PATH ||
    ICON_FILES.some((icon) => icon.path === pathname)
  );
}

/** The size and time of every file in content/, as one string: it changes when any file does. */
function contentStamp(root: string): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full);
        parts.push(`${full}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(path.join(root, 'content'));
  return parts.join('|');
}

/** The preview's image answers for the project at `root`. */
export function devImages(root: string): (pathname: string, query: URLSearchParams) => Promise<DevImageAnswer> {
  let kept: { stamp: string; model: SiteModel } | undefined;
  const model = () => {
    const stamp = contentStamp(root);
    if (kept?.stamp !== stamp) kept = { stamp, model: buildSiteModel(loadSources(root)) };
    return kept.model;
  };
  const original = (sitePath: string) => [...model().images.values()].find((asset) => asset.path === sitePath);

  return async (pathname, query) => {
    if (pathname.startsWith(IMAGE_PREFIX)) {
      const asset = original(pathname);
      if (!asset) return { status: 404, message: `No page shows an image at ${pathname}.` };
      return { status: 200, type: IMAGE_MEDIA_TYPES[asset.format], body: readFileSync(path.join(root, asset.file)) };
    }
    if (pathname.startsWith(CARD_PREFIX)) {
      const card = shareCards(model()).find((spec) => spec.path === pathname);
      if (!card) return { status: 404, message: `No page shares a card at ${pathname}.` };
      await makeCards(root, [card]);
      return { status: 200, type: 'image/png', body: readFileSync(cachedCard(root, card)) };
    }
    if (pathname !== IMAGE_CDN_PATH) {
      const { company, logo } = model();
      const icon = (await cachedIcons(root, company, logo)).find((file) => file.path === pathname)!;
      return { status: 200, type: 'image/png', body: readFileSync(icon.cached) };
    }
    const source = query.get('url') ?? '';
    const asset = original(source);
    if (!asset) return { status: 404, message: `url=${source} names no image of the site (/_images/…).` };
    const body = readFileSync(path.join(root, asset.file));
    if (asset.format === 'svg' || asset.format === 'gif')
      return { status: 200, type: IMAGE_MEDIA_TYPES[asset.format], body };
    const number = (name: string) => {
      const value = query.get(name);
      return value && /^\d{1,5}$/.test(value) ? Number(value) : undefined;
    };
    const format = query.get('fm') === 'jpg' ? 'jpeg' : (query.get('fm') ?? asset.format);
    if (!(IMAGE_FORMATS as readonly string[]).includes(format) || format === 'svg')
      return { status: 400, message: `fm=${query.get('fm')} is not a format the image CDN makes.` };
    const width = number('w');
    const height = number('h');
    const fit = query.get('fit') === 'cover' && width && height ? 'cover' : 'inside';
    const image = sharp(body).rotate();
    if (width || height) image.resize({ width, height, fit, withoutEnlargement: true });
    const quality = number('q') ?? 75;
    const out = await image.toFormat(format as 'jpeg' | 'png' | 'webp' | 'avif', { quality }).toBuffer();
    return { status: 200, type: IMAGE_MEDIA_TYPES[format as keyof typeof IMAGE_MEDIA_TYPES], body: out };
  };
}
