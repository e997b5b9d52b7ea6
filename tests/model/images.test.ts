/** src/model/images.ts: what an image reference leads to, and what the build refuses of an image file. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  createImageReader,
  ImageProblem,
  imageAssetOf,
  originalFileOf,
  resolveImageReference,
  sniffFormat,
  svgProblem,
} from '../../src/model/images.ts';
import { IMAGE_LIMITS } from '../../src/schemas/image.ts';

const svg = (inner = '') =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90">${inner}<rect width="160" height="90"/></svg>`,
  );

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let avif: Buffer;
beforeAll(async () => {
  const picture = () => sharp({ create: { width: 64, height: 36, channels: 3, background: '#0b4f6c' } });
  [jpeg, png, webp, avif] = await Promise.all([
    picture().jpeg().toBuffer(),
    picture().png().toBuffer(),
    picture().webp().toBuffer(),
    picture().avif().toBuffer(),
  ]);
});

describe('sniffFormat', () => {
  test('tells each format the build takes by its first bytes, and nothing else', () => {
    expect(sniffFormat(jpeg)).toBe('jpeg');
    expect(sniffFormat(png)).toBe('png');
    expect(sniffFormat(webp)).toBe('webp');
    expect(sniffFormat(avif)).toBe('avif');
    expect(sniffFormat(new TextEncoder().encode('GIF89a....'))).toBe('gif');
    expect(sniffFormat(svg())).toBe('svg');
    expect(sniffFormat(new TextEncoder().encode('<?xml version="1.0"?>\n<!-- x -->\n<svg viewBox="0 0 1 1"/>'))).toBe(
      'svg',
    );
    expect(sniffFormat(new TextEncoder().encode('%PDF-1.7'))).toBeUndefined();
    expect(sniffFormat(new TextEncoder().encode('<html><body>'))).toBeUndefined();
  });
});

describe('imageAssetOf', () => {
  test('reads the size and names the published file by its digest', () => {
    const asset = imageAssetOf('content/case-studies/images/Harbour at Dusk.jpg', jpeg);
    expect(asset).toMatchObject({ format: 'jpeg', width: 64, height: 36, bytes: jpeg.byteLength });
    expect(asset.path).toMatch(/^\/_images\/harbour-at-dusk-[0-9a-f]{8}\.jpg$/);
    expect(imageAssetOf('content/x/diagram.svg', svg())).toMatchObject({ format: 'svg', width: 160, height: 90 });
    // The same bytes under another name: the same digest.
    expect(imageAssetOf('content/y/other.jpg', jpeg).path.slice(-12)).toBe(asset.path.slice(-12));
  });

  test.each([
    [
      'a format the build does not take',
      'content/x/photo.tiff',
      () => jpeg,
      /is not an image the build takes: use a JPEG, PNG, WebP, AVIF, GIF or SVG/,
    ],
    [
      'a file that is not an image',
      'content/x/photo.jpg',
      () => new TextEncoder().encode('not an image'),
      /is not a JPEG, PNG, WebP, AVIF, GIF or SVG image inside/,
    ],
    [
      'a name that says another format',
      'content/x/photo.png',
      () => jpeg,
      /holds a JPEG image but its name says PNG: rename it to end in \.jpg/,
    ],
    [
      'an SVG with a script',
      'content/x/d.svg',
      () => svg('<script>alert(1)</script>'),
      /cannot be shown on the site: it contains a <script>/,
    ],
    ['an SVG with an event handler', 'content/x/d.svg', () => svg('<circle onload="x()" r="1"/>'), /event handler/],
    [
      'an SVG that loads a file from elsewhere',
      'content/x/d.svg',
      () => svg('<image href="https://cdn.example/x.png"/>'),
      /loads "https:\/\/cdn\.example\/x\.png" from elsewhere/,
    ],
    ['an SVG that embeds HTML', 'content/x/d.svg', () => svg('<foreignObject><p>x</p></foreignObject>'), /embeds HTML/],
    [
      'an SVG without a size',
      'content/x/d.svg',
      () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
      /has no size: give its <svg> a viewBox/,
    ],
  ])('refuses %s, saying what to do', (_, file, bytes, problem) => {
    expect(() => imageAssetOf(file, bytes())).toThrow(ImageProblem);
    expect(() => imageAssetOf(file, bytes())).toThrow(problem);
  });

  test('refuses a file over the size limit and one over the pixel limit', () => {
    const large = new Uint8Array(IMAGE_LIMITS.maxBytes + 1);
    large.set(jpeg);
    expect(() => imageAssetOf('content/x/big.jpg', large)).toThrow(/is 10\.0 MB, more than the 10 MB the build takes/);
    const huge = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="100"/>');
    expect(() => imageAssetOf('content/x/wide.svg', huge)).toThrow(/is 20000 x 100 pixels, more than the build takes/);
  });

  test('an SVG may use its own fragments and embedded pictures', () => {
    expect(svgProblem('<svg><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>')).toBeUndefined();
    expect(svgProblem('<svg><rect style="fill:url(#g)"/></svg>')).toBeUndefined();
    expect(svgProblem('<svg><rect style="fill:url(https://x.example/p)"/></svg>')).toMatch(/url\(…\) from elsewhere/);
  });
});

describe('resolveImageReference', () => {
  const files = new Set(['content/case-studies/images/a.jpg', 'content/nl/case-studies/images/b.jpg']);
  const reader = { exists: (file: string) => files.has(file) };

  test('reads a path from the file that names it, with or without ./', () => {
    for (const reference of ['./images/a.jpg', 'images/a.jpg', '../case-studies/images/a.jpg'])
      expect(resolveImageReference(reference, 'content/case-studies/x.mdx', reader)).toBe(
        'content/case-studies/images/a.jpg',
      );
  });

  test('in a translation, looks beside the translation first, then beside its original', () => {
    const original = 'content/case-studies/x.mdx';
    expect(resolveImageReference('./images/b.jpg', 'content/nl/case-studies/x.mdx', reader, original)).toBe(
      'content/nl/case-studies/images/b.jpg',
    );
    expect(resolveImageReference('./images/a.jpg', 'content/nl/case-studies/x.mdx', reader, original)).toBe(
      'content/case-studies/images/a.jpg',
    );
  });

  test.each([
    ['a remote image', 'https://cdn.example/a.jpg', /is not a file of the site: images are files in content\//],
    ['a protocol-relative one', '//cdn.example/a.jpg', /is not a file of the site/],
    ['a data URL', 'data:image/png;base64,AAAA', /is not a file of the site/],
    [
      'a path from the site root',
      '/images/a.jpg',
      /starts with "\/": write the path from content\/case-studies\/x\.mdx's folder/,
    ],
    ['a path out of content/', '../../../etc/passwd', /leads out of content\//],
    ['a query', './images/a.jpg?w=100', /has a \? or #/],
    ['a missing file', './images/missing.jpg', /names no file: looked for content\/case-studies\/images\/missing\.jpg/],
  ])('refuses %s', (_, reference, problem) => {
    expect(() => resolveImageReference(reference, 'content/case-studies/x.mdx', reader)).toThrow(problem);
  });

  test("originalFileOf names a translation's original, and nothing for an original", () => {
    expect(originalFileOf('content/nl/insights/x.mdx', ['en', 'nl'])).toBe('content/insights/x.mdx');
    expect(originalFileOf('content/insights/x.mdx', ['en', 'nl'])).toBeUndefined();
    expect(originalFileOf('content/images/x.jpg', ['en', 'nl'])).toBeUndefined();
  });
});

describe('createImageReader', () => {
  test('reads a file once, and again once it changed', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'images-test-'));
    mkdirSync(path.join(root, 'content/images'), { recursive: true });
    const file = 'content/images/a.jpg';
    writeFileSync(path.join(root, file), jpeg);
    const reader = createImageReader(root);
    const first = reader.read(file);
    expect(reader.read(file)).toBe(first);
    writeFileSync(path.join(root, file), png);
    expect(() => reader.read(file)).toThrow(/holds a PNG image but its name says JPEG/);
    expect(() => reader.read('content/images/none.jpg')).toThrow(/does not exist/);
  });

  test('takes the assets already read in the same build as they are', () => {
    const known = {
      file: 'content/a.jpg',
      path: '/_images/a-00000000.jpg',
      format: 'jpeg' as const,
      width: 1,
      height: 1,
      bytes: 1,
    };
    expect(createImageReader('/nowhere', [known]).read('content/a.jpg')).toBe(known);
  });
});
