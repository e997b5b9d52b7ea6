/**
 * The icons and the web app manifest as a browser finds them on the served site: every page
 * links the PNG favicon, the SVG, the apple-touch-icon and the manifest; each answers with its
 * type, at the size it claims, the opaque ones without transparency, cached as files; the
 * manifest names the company and lists icons that are what it says.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { CACHE_HEADERS } from '../../src/http/cache-headers.ts';
import { ICON_FILES, ICONS, WEB_MANIFEST } from '../../src/site/icons.ts';
import { get } from './http.ts';

/** The `<link>` tags of a page whose rel is one of the icons' or the manifest's. */
async function iconLinks(pagePath: string): Promise<Record<string, string>[]> {
  const html = await (await get(pagePath)).text();
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) =>
      Object.fromEntries([...match[0].matchAll(/([a-z-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]])),
    )
    .filter((link) => ['icon', 'apple-touch-icon', 'manifest'].includes(link.rel));
}

/** A PNG's size and whether it has an alpha channel, with its response. */
async function png(iconPath: string) {
  const response = await get(iconPath);
  expect(response.status, iconPath).toBe(200);
  expect(response.headers.get('content-type'), iconPath).toBe('image/png');
  expect(response.headers.get('cache-control'), iconPath).toBe(CACHE_HEADERS.file['Cache-Control']);
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height, hasAlpha: metadata.hasAlpha };
}

describe('icons and the web app manifest', () => {
  test('every language links the PNG favicon, then the SVG, the touch icon and the manifest', async () => {
    const expected = [
      { rel: 'icon', href: ICONS.favicon.path, type: 'image/png', sizes: '32x32' },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: ICONS.touch.path, sizes: '180x180' },
      { rel: 'manifest', href: WEB_MANIFEST.path },
    ];
    for (const page of ['/', '/services/cloud-migration', '/nl', '/pt/insights'])
      expect(await iconLinks(page), page).toEqual(expected);
  });

  test('each icon is a PNG of its size; the touch and maskable icons are opaque', async () => {
    for (const icon of ICON_FILES)
      expect(await png(icon.path), icon.path).toEqual({
        format: 'png',
        width: icon.size,
        height: icon.size,
        hasAlpha: icon.drawing === 'as-is',
      });
  });

  test("the manifest: its media type, the company's name and colours, and icons of the sizes it says", async () => {
    const response = await get(WEB_MANIFEST.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe(CACHE_HEADERS.file['Cache-Control']);
    const manifest = (await response.json()) as {
      name: string;
      theme_color: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Northbeam Engineering', theme_color: '#0d2236', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const found = await png(icon.src);
      expect(`${found.width}x${found.height}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
  });
});
