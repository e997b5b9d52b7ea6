/**
 * Draws the share cards (src/discovery/share-image.ts says which pages get one and what each
 * shows): satori lays the card out and turns its text into paths with the fonts of
 * card-fonts.ts, sharp rasterises it to a 1200 x 630 PNG. Offline and deterministic. A card is
 * kept in a cache folder under node_modules/.cache (which Netlify keeps between builds with the
 * dependencies) by its digest, so a build draws only the cards whose page changed; the build
 * copies them into dist/_og/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import type { CardSpec } from '../discovery/share-image.ts';
import { LOGO_PNG, SHARE_IMAGE } from '../site/images.ts';
import { CARD_CACHE_DIR } from './card-cache.ts';
import { cardFontFamily, cardFonts, isDrawable } from './card-fonts.ts';
import { logoPng } from './logo-png.ts';

/** The file of a card in the cache. */
export function cachedCard(root: string, card: Pick<CardSpec, 'key'>): string {
  return path.join(root, CARD_CACHE_DIR, `${card.key}.png`);
}

/** A satori element: the subset of React's shape it reads. */
interface Node {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: Node | string | (Node | string)[];
    src?: string;
    width?: number;
    height?: number;
  };
}

const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

/** A text as the fonts can draw it: characters no font has are left out. */
function drawable(text: string): string {
  return [...text].filter(isDrawable).join('').replace(/\s+/g, ' ').trim();
}

/** The title's size: long titles smaller, so most fit in three lines. */
function titleSize(title: string): number {
  const length = [...title].length;
  const wide = /[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(title);
  const units = wide ? length * 1.8 : length;
  return units <= 36 ? 72 : units <= 64 ? 62 : units <= 96 ? 52 : 44;
}

const text = (style: Record<string, unknown>, value: string) => el('div', { display: 'flex', ...style }, value);

/**
 * The card's layout: the company (logo and name) at the top, the kind and the title in the middle,
 * the host at the bottom, on the dark colour with the accent's bar and the primary colour's disc.
 * Flat shapes only: a gradient made rasterising a card three times slower. Satori paints
 * absolutely placed boxes after the others, so the content is one too, after the shapes.
 */
function cardTree(card: CardSpec, fontFamily: string): Node {
  const { colors } = card;
  const { width, height } = SHARE_IMAGE;
  const title = drawable(card.title);
  // The logo's place on its white tile: sharp lays the logo there after rasterising (renderCard),
  // since an SVG inside the SVG doubled a card's time.
  const logo = card.logo && el('div', { display: 'flex', width: LOGO_BOX.size, height: LOGO_BOX.size });
  const block = (style: Record<string, unknown>, value: string) =>
    el('div', { display: 'block', fontWeight: 700, lineHeight: 1.16, ...style }, value);
  const content = el(
    'div',
    {
      position: 'absolute',
      left: 0,
      top: 0,
      // Satori sizes a box without its padding: the card less 80 on either side, 64 above and 56 below.
      width: width - 160,
      height: height - 120,
      padding: '64px 80px 56px',
      display: 'flex',
      flexDirection: 'column',
    },
    [
      el('div', { display: 'flex', alignItems: 'center' }, [
        ...(logo
          ? [el('div', { display: 'flex', padding: 8, borderRadius: 14, background: '#ffffff', marginRight: 20 }, logo)]
          : []),
        text({ fontSize: 30, fontWeight: 700 }, drawable(card.company)),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 }, [
        ...(card.kind
          ? [text({ fontSize: 28, fontWeight: 700, color: colors.accent, marginBottom: 18 }, drawable(card.kind))]
          : []),
        block({ fontSize: titleSize(title), lineClamp: 3 }, title),
        ...(card.subtitle
          ? [
              block(
                { marginTop: 22, fontSize: 30, fontWeight: 400, color: '#dbe5ee', lineHeight: 1.35, lineClamp: 2 },
                drawable(card.subtitle),
              ),
            ]
          : []),
      ]),
      text({ fontSize: 24, fontWeight: 400, color: '#c9d6e3' }, card.host),
    ],
  );
  return el(
    'div',
    { width, height, display: 'flex', position: 'relative', background: colors.dark, color: '#ffffff', fontFamily },
    [
      el('div', {
        position: 'absolute',
        right: -260,
        top: -284,
        width: 620,
        height: 620,
        borderRadius: 310,
        background: colors.primary,
        opacity: 0.55,
      }),
      el('div', { position: 'absolute', left: 0, top: 0, width: 14, height, background: colors.accent }),
      content,
    ],
  );
}

/** Where the logo goes on a card: the top left of the content (80, 64) inside its tile's padding of 8. */
const LOGO_BOX = { left: 88, top: 72, size: 48 } as const;

const logoTiles = new Map<string, Promise<Buffer>>();
/** The logo at its size on the card (drawn once per logo), as PNG. */
function logoTile(svg: string): Promise<Buffer> {
  let tile = logoTiles.get(svg);
  if (!tile) {
    tile = logoPng(svg, LOGO_BOX.size);
    logoTiles.set(svg, tile);
  }
  return tile;
}

/** One card as SVG, its text drawn as paths (the logo's place left empty: renderCard lays it in). */
export async function cardSvg(card: CardSpec): Promise<string> {
  const fonts = cardFonts(
    [
      { text: `${card.kind ?? ''}${card.title}${card.company}`, weight: 700 },
      { text: `${card.subtitle ?? ''}${card.host}`, weight: 400 },
    ],
    card.language,
  );
  return satori(cardTree(card, cardFontFamily(fonts)), {
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    fonts,
  });
}

/**
 * The SVG without the masks nothing uses: satori defines one for every box, and rasterising them
 * took half of a card's time; a definition nothing refers to draws nothing.
 */
export function withoutUnusedMasks(svg: string): string {
  const used = new Set([...svg.matchAll(/mask="url\(#([^)]+)\)"/g)].map((match) => match[1]!));
  return svg.replace(/<mask id="([^"]+)">[\s\S]*?<\/mask>/g, (mask, id: string) => (used.has(id) ? mask : ''));
}

/** One card as PNG bytes. */
export async function renderCard(card: CardSpec): Promise<Buffer> {
  const image = sharp(Buffer.from(withoutUnusedMasks(await cardSvg(card))));
  if (card.logo) image.composite([{ input: await logoTile(card.logo), left: LOGO_BOX.left, top: LOGO_BOX.top }]);
  return image.png({ compressionLevel: 6 }).toBuffer();
}

/** How many cards a build drew and how many it found in the cache, and how long the drawn ones took. */
export interface CardsMade {
  drawn: number;
  reused: number;
  milliseconds: number;
}

/**
 * Makes sure every card is in the cache: draws the missing ones (a few at a time, so sharp's
 * threads rasterise one while satori lays out the next) and writes each whole or not at all.
 */
export async function makeCards(root: string, cards: readonly CardSpec[]): Promise<CardsMade> {
  mkdirSync(path.join(root, CARD_CACHE_DIR), { recursive: true });
  const missing = cards.filter((card) => !existsSync(cachedCard(root, card)));
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const card = missing[next++]!;
      const file = cachedCard(root, card);
      const partial = `${file}.${process.pid}.part`;
      writeFileSync(partial, await renderCard(card));
      renameSync(partial, file);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, missing.length) }, worker));
  return { drawn: missing.length, reused: cards.length - missing.length, milliseconds: performance.now() - started };
}

/** /logo.png (LOGO_PNG) in the cache, rendered if it is not there yet (by the logo's digest); its file. */
export async function cachedLogoPng(root: string, svg: string): Promise<string> {
  const digest = createHash('sha256').update(svg).digest('hex').slice(0, 20);
  const file = path.join(root, CARD_CACHE_DIR, `logo-${LOGO_PNG.size}-${digest}.png`);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await logoPng(svg));
  }
  return file;
}
