/**
 * The site's PNG icons (src/site/icons.ts: the favicon beside the SVG, the apple-touch-icon and
 * the manifest's three), rendered with sharp from /favicon.svg's image: content/logo.svg, or
 * without it the company's initials on the primary colour, drawn here with the share cards'
 * fonts as shapes (card-fonts.ts), so a Japanese or Chinese name looks the same on a build
 * machine without its fonts. Kept in the share cards' cache by the digest of what they show, so
 * a build renders them again only when the logo, the name or the colours change.
 *
 * The icons that must be opaque are drawn on the image's own background when it has one (a
 * logo drawn on a square or a rounded square of one colour, as the sample's and the initials
 * are: its four edges' middles are that colour), so the mark fills the icon and a launcher's
 * rounded corners cut the background, not the mark; otherwise on the pages' white, where the
 * header already shows the logo, with a margin.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { faviconFontSize, faviconLetters, faviconSvg } from '../model/logo.ts';
import type { Company } from '../schemas/company.ts';
import { ICONS, PAGE_BACKGROUND, type IconDrawing, type SiteIcon } from '../site/icons.ts';
import { cardFontFamily, cardFonts, isDrawable } from './card-fonts.ts';
import { logoPng } from './logo-png.ts';
import { CARD_CACHE_DIR } from './card-cache.ts';

/**
 * How much of an icon's side the image takes: as it is, all of it; on an opaque icon, all of it
 * when the image brings its own background, else 80 % (a tenth's margin on each side); inside
 * the safe zone, a square whose diagonal fits the safe circle's diameter of 80 % (0.8 / √2 is
 * 0.566, rounded down so anti-aliased edges stay inside too).
 */
export const ICON_SCALE: Readonly<Record<IconDrawing, { own: number; none: number }>> = {
  'as-is': { own: 1, none: 1 },
  opaque: { own: 1, none: 0.8 },
  'safe-zone': { own: 0.56, none: 0.56 },
};

/** Changes when the drawing below does, so the cache holds no icon drawn the old way. */
const DRAWING_VERSION = 1;

/** The company's initials on the primary colour, as faviconSvg draws them, with the letters as shapes. */
async function initialsSvg(company: Pick<Company, 'name' | 'colors' | 'defaultLanguage'>): Promise<string> {
  const letters = [...faviconLetters(company.name)].filter(isDrawable).join('');
  const fonts = cardFonts([{ text: letters, weight: 700 }], company.defaultLanguage);
  const tile = {
    type: 'div',
    props: {
      style: {
        width: 32,
        height: 32,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 7,
        background: company.colors.primary,
        color: '#ffffff',
        fontFamily: cardFontFamily(fonts),
        fontSize: faviconFontSize(letters),
        fontWeight: 700,
        lineHeight: 1,
      },
      children: letters,
    },
  };
  return satori(tile, { width: 32, height: 32, fonts });
}

/** `#rrggbb` of a pixel. */
const hex = (pixel: ArrayLike<number>) =>
  `#${Array.from({ length: 3 }, (_, channel) => pixel[channel]!.toString(16).padStart(2, '0')).join('')}`;

/**
 * The image's own background: the colour of the middles of its four edges when they are opaque
 * and the same (within a few levels of anti-aliasing), or undefined.
 */
export async function ownBackground(svg: string): Promise<string | undefined> {
  const size = 64;
  const { data } = await sharp(await logoPng(svg, size))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const middle = size / 2;
  const points = [
    [middle, 0],
    [middle, size - 1],
    [0, middle],
    [size - 1, middle],
  ] as const;
  const pixels = points.map(([x, y]) => data.subarray((y * size + x) * 4, (y * size + x) * 4 + 4));
  if (pixels.some((pixel) => pixel[3]! < 250)) return undefined;
  const same = pixels.every((pixel) =>
    [0, 1, 2].every((channel) => Math.abs(pixel[channel]! - pixels[0]![channel]!) <= 6),
  );
  return same ? hex(pixels[0]!) : undefined;
}

/** One icon as PNG bytes: the image drawn as the icon's `drawing` says. */
export async function iconPng(svg: string, icon: Pick<SiteIcon, 'size' | 'drawing'>, own?: string): Promise<Buffer> {
  if (icon.drawing === 'as-is') return logoPng(svg, icon.size);
  const scale = ICON_SCALE[icon.drawing][own ? 'own' : 'none'];
  const side = Math.round(icon.size * scale);
  const offset = Math.floor((icon.size - side) / 2);
  const drawn = await sharp({
    create: { width: icon.size, height: icon.size, channels: 3, background: own ?? PAGE_BACKGROUND },
  })
    .composite([{ input: await logoPng(svg, side), left: offset, top: offset }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Without an alpha channel (sharp's composite adds one): nothing for iOS to fill with black.
  return sharp(drawn.data, { raw: drawn.info }).removeAlpha().png().toBuffer();
}

/** The image the icons are drawn from: the logo, or the initials with their letters as shapes. */
export function iconSource(company: Pick<Company, 'name' | 'colors' | 'defaultLanguage'>, logo?: string) {
  return logo ?? initialsSvg(company);
}

/**
 * Every icon (ICONS) in the cache, rendered if it is not there yet; each one's path on the site
 * and its file in the cache. Named by the digest of /favicon.svg (the logo, or the initials'
 * letters and colour) and the icon's drawing and size.
 */
export async function cachedIcons(
  root: string,
  company: Pick<Company, 'name' | 'colors' | 'defaultLanguage'>,
  logo?: string,
): Promise<{ path: string; cached: string }[]> {
  const digest = createHash('sha256')
    .update(`${DRAWING_VERSION}\n${company.defaultLanguage}\n${faviconSvg(company, logo)}`)
    .digest('hex')
    .slice(0, 20);
  const icons = Object.entries(ICONS).map(([name, icon]) => ({
    ...icon,
    cached: path.join(root, CARD_CACHE_DIR, `icon-${name}-${icon.size}-${digest}.png`),
  }));
  const missing = icons.filter((icon) => !existsSync(icon.cached));
  if (missing.length) {
    const svg = await iconSource(company, logo);
    const own = await ownBackground(svg);
    mkdirSync(path.join(root, CARD_CACHE_DIR), { recursive: true });
    for (const icon of missing) {
      // Whole or not at all, as the cards: a build stopped halfway leaves no broken icon behind.
      const partial = `${icon.cached}.${process.pid}.part`;
      writeFileSync(partial, await iconPng(svg, icon, own));
      renameSync(partial, icon.cached);
    }
  }
  return icons.map((icon) => ({ path: icon.path, cached: icon.cached }));
}
