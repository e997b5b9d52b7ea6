/**
 * src/build/icons.ts: the PNG icons of src/site/icons.ts at their sizes, the opaque ones without
 * transparency, the maskable one inside the safe zone, drawn on the logo's own background or the
 * pages' white; without a logo, the initials in any script; kept in the cache, from which
 * `npm run dev` answers them too.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { cachedIcons, iconPng, iconSource, ownBackground } from '../../src/build/icons.ts';
import { devImages, isDevImagePath } from '../../src/integrations/dev-images.ts';
import { DEFAULT_COLORS } from '../../src/schemas/brand.ts';
import { ICON_FILES, ICONS, PAGE_BACKGROUND } from '../../src/site/icons.ts';
import { ROOT, sampleModel } from '../support/sample-site.ts';

const SAMPLE_LOGO = readFileSync(path.join(ROOT, 'content/logo.svg'), 'utf8');
/** The sample logo's rounded square (its own background). */
const SAMPLE_BACKGROUND = '#0d2236';
/** A logo on a transparent background, wider than high: a blue disc and an orange square. */
const OPEN_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><circle cx="10" cy="10" r="9" fill="#0b4f6c"/><rect x="22" y="2" width="16" height="16" fill="#f2a541"/></svg>';
const company = (name: string, defaultLanguage = 'en') => ({ name, colors: DEFAULT_COLORS, defaultLanguage });

/** The PNG's pixels as RGBA, with a reader of one pixel's `#rrggbb` and alpha. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * 4;
    const hex = `#${[0, 1, 2].map((channel) => data[offset + channel]!.toString(16).padStart(2, '0')).join('')}`;
    return { hex, alpha: data[offset + 3]! };
  };
  return { width: info.width, height: info.height, at };
}

/** Every pixel outside the circle of `share` of the side around the centre is `colour`. */
async function outsideCircleIs(png: Buffer, share: number, colour: string): Promise<boolean> {
  const { width, at } = await pixelsOf(png);
  const radius = (share * width) / 2;
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++) {
      if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - width / 2) <= radius) continue;
      if (at(x, y).hex !== colour) return false;
    }
  return true;
}

describe('ownBackground', () => {
  test("is the colour of a logo drawn on a square of one colour, the initials' primary, and none for an open logo", async () => {
    expect(await ownBackground(SAMPLE_LOGO)).toBe(SAMPLE_BACKGROUND);
    expect(await ownBackground(await iconSource(company('Marram Studio')))).toBe(DEFAULT_COLORS.primary);
    expect(await ownBackground(OPEN_LOGO)).toBeUndefined();
  });
});

describe('iconPng', () => {
  test('each icon at its size; the touch and maskable icons without an alpha channel', async () => {
    for (const icon of ICON_FILES) {
      const png = await iconPng(SAMPLE_LOGO, icon, SAMPLE_BACKGROUND);
      const metadata = await sharp(png).metadata();
      expect(metadata, icon.path).toMatchObject({ format: 'png', width: icon.size, height: icon.size });
      expect(metadata.hasAlpha, icon.path).toBe(icon.drawing === 'as-is');
    }
  });

  test('the maskable icon keeps the whole logo inside the safe zone (the central 80 % circle)', async () => {
    const onOwn = await iconPng(SAMPLE_LOGO, ICONS.maskable, SAMPLE_BACKGROUND);
    expect(await outsideCircleIs(onOwn, 0.8, SAMPLE_BACKGROUND)).toBe(true);
    const { at } = await pixelsOf(onOwn);
    expect(at(256, 256).hex).not.toBe(SAMPLE_BACKGROUND);
    const open = await iconPng(OPEN_LOGO, ICONS.maskable);
    expect(await outsideCircleIs(open, 0.8, PAGE_BACKGROUND)).toBe(true);
  });

  test("the touch icon: the logo to the edges on its own background, with a margin on the pages' white without one", async () => {
    const own = await pixelsOf(await iconPng(SAMPLE_LOGO, ICONS.touch, SAMPLE_BACKGROUND));
    // The rounded square's corners are filled with its colour: iOS rounds them itself.
    for (const [x, y] of [
      [0, 0],
      [179, 179],
    ] as const)
      expect(own.at(x, y), `${x},${y}`).toEqual({ hex: SAMPLE_BACKGROUND, alpha: 255 });
    const open = await pixelsOf(await iconPng(OPEN_LOGO, ICONS.touch));
    // 80 % of 180 is 144: a margin of 18 pixels, white, around the disc and the square.
    for (const [x, y] of [
      [0, 0],
      [17, 90],
      [162, 90],
    ] as const)
      expect(open.at(x, y), `${x},${y}`).toEqual({ hex: PAGE_BACKGROUND, alpha: 255 });
    expect(open.at(54, 90).hex).toBe('#0b4f6c');
  });
});

describe('cachedIcons', () => {
  test('renders every icon once; an unchanged logo is found in the cache, a new colour is drawn again', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'icons-'));
    const files = await cachedIcons(root, company('Northbeam Engineering'), SAMPLE_LOGO);
    expect(files.map((file) => file.path)).toEqual(ICON_FILES.map((icon) => icon.path));
    const written = files.map((file) => statSync(file.cached).mtimeMs);
    const again = await cachedIcons(root, company('Northbeam Engineering'), SAMPLE_LOGO);
    expect(again).toEqual(files);
    expect(again.map((file) => statSync(file.cached).mtimeMs)).toEqual(written);
    // Without a logo the initials show the primary colour: another colour, other icons.
    const initials = await cachedIcons(root, company('Marram Studio'));
    const recoloured = await cachedIcons(root, {
      ...company('Marram Studio'),
      colors: { ...DEFAULT_COLORS, primary: '#3a2f6b' },
    });
    expect(recoloured.map((file) => file.cached)).not.toEqual(initials.map((file) => file.cached));
    const { at } = await pixelsOf(readFileSync(recoloured.find((file) => file.path === ICONS.touch.path)!.cached));
    expect(at(0, 0).hex).toBe('#3a2f6b');
  });

  test('without a logo, the initials are drawn in any script, with no font installed for it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'icons-'));
    for (const [name, language] of [
      ['白樺システム株式会社', 'ja'],
      ['云桥科技', 'zh'],
      ['Marram Studio', 'en'],
    ] as const) {
      const files = await cachedIcons(root, company(name, language));
      const large = readFileSync(files.find((file) => file.path === ICONS.large.path)!.cached);
      const { data } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
      // The letters are white on the primary colour: some thousands of the 512 x 512 pixels.
      let white = 0;
      for (let offset = 0; offset < data.length; offset += 4)
        if (data[offset]! > 240 && data[offset + 1]! > 240 && data[offset + 2]! > 240 && data[offset + 3]! > 240)
          white += 1;
      expect(white, name).toBeGreaterThan(5_000);
    }
  });
});

test("npm run dev's images answer each icon from the cache the build fills, as the build publishes it", async () => {
  const images = devImages(ROOT);
  const { company: sample, logo } = sampleModel();
  const built = await cachedIcons(ROOT, sample, logo);
  for (const icon of ICON_FILES) {
    expect(isDevImagePath(icon.path), icon.path).toBe(true);
    const answer = await images(icon.path, new URLSearchParams());
    expect(answer, icon.path).toMatchObject({ status: 200, type: 'image/png' });
    const file = built.find((item) => item.path === icon.path)!.cached;
    expect(answer.status === 200 && answer.body.equals(readFileSync(file)), icon.path).toBe(true);
  }
});
