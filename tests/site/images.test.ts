/** src/site/images.ts: the URLs of the originals and of the image CDN's transforms. */
import { describe, expect, test } from 'vitest';
import {
  fallbackFormat,
  imageCdnUrl,
  isResizable,
  publishedImagePath,
  RESPONSIVE_WIDTHS,
  responsiveWidths,
  srcsetOf,
} from '../../src/site/images.ts';

const asset = { path: '/_images/harbour-1a2b3c4d.jpg', width: 1600, height: 900, format: 'jpeg' as const };

describe('imageCdnUrl', () => {
  test("names the original and the transform in Netlify's Image CDN parameters", () => {
    expect(imageCdnUrl(asset, { width: 640, format: 'avif' })).toBe(
      '/.netlify/images?url=/_images/harbour-1a2b3c4d.jpg&w=640&fm=avif',
    );
    expect(imageCdnUrl(asset, { width: 1200, height: 630, fit: 'cover', format: 'jpeg', quality: 80 })).toBe(
      '/.netlify/images?url=/_images/harbour-1a2b3c4d.jpg&w=1200&h=630&fit=cover&fm=jpg&q=80',
    );
  });
});

describe('responsiveWidths', () => {
  test('offers every step up to twice the drawn width, and that width', () => {
    expect(responsiveWidths(asset, 672)).toEqual([360, 640, 800, 960, 1280, 1344]);
  });

  test('never more than the original', () => {
    expect(responsiveWidths(asset, 1152)).toEqual([360, 640, 800, 960, 1280, 1600]);
    expect(responsiveWidths({ width: 300 }, 672)).toEqual([300]);
    expect(Math.max(...responsiveWidths({ width: 5000 }, 5000))).toBe(5000);
    expect(RESPONSIVE_WIDTHS.every((width, index) => index === 0 || width > RESPONSIVE_WIDTHS[index - 1]!)).toBe(true);
  });
});

describe('srcsetOf and the formats', () => {
  test('a srcset in one format', () => {
    expect(srcsetOf(asset, [360, 640], 'webp')).toBe(
      '/.netlify/images?url=/_images/harbour-1a2b3c4d.jpg&w=360&fm=webp 360w, /.netlify/images?url=/_images/harbour-1a2b3c4d.jpg&w=640&fm=webp 640w',
    );
  });

  test('SVG and GIF are served as they are; an AVIF original falls back to JPEG', () => {
    expect(isResizable({ format: 'svg' })).toBe(false);
    expect(isResizable({ format: 'gif' })).toBe(false);
    expect(isResizable({ format: 'png' })).toBe(true);
    expect(fallbackFormat({ format: 'avif' })).toBe('jpeg');
    expect(fallbackFormat({ format: 'png' })).toBe('png');
  });
});

describe('publishedImagePath', () => {
  test("the file's own name in letters and digits, its digest and the format's extension", () => {
    expect(publishedImagePath('content/x/images/Café Façade (2).JPEG', 'jpeg', 'abcdef0123456789')).toBe(
      '/_images/cafe-facade-2-abcdef01.jpg',
    );
    expect(publishedImagePath('content/x/images/物流.png', 'png', '0123456789')).toBe('/_images/image-01234567.png');
  });
});
