/** content/logo.svg: checked, inlined in the header and published as /favicon.svg; without it, the initials. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContentError } from '../../src/markdown/mdx-to-markdown.ts';
import { DEFAULT_COLORS } from '../../src/schemas/brand.ts';
import { checkLogo, faviconSvg, inlineLogo, LOGO_FILE, MAX_LOGO_BYTES, readLogo } from '../../src/model/logo.ts';

const mark = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

describe('checkLogo', () => {
  test('accepts an SVG with a viewBox, after an XML declaration and comments', () => {
    const file = `<?xml version="1.0"?>\n<!-- exported -->\n${mark}\n`;
    expect(checkLogo(file)).toBe(file);
  });

  test.each([
    ['not SVG', '<png>', /is not an SVG image/],
    ['no viewBox', '<svg xmlns="http://www.w3.org/2000/svg" width="10"></svg>', /needs a viewBox/],
    ['a script', mark.replace('<rect', '<script>alert(1)</script><rect'), /cannot be shown: it contains a <script>/],
    ['an event handler', mark.replace('<rect', '<rect onclick="x()"'), /cannot be shown: it contains an event handler/],
    [
      'a picture from elsewhere',
      mark.replace('<rect', '<image href="https://tracker.example/p.png"/><rect'),
      /loads "https:\/\/tracker\.example\/p\.png" from elsewhere/,
    ],
    ['too large', mark.replace('<rect', `<!--${'x'.repeat(MAX_LOGO_BYTES)}--><rect`), /larger than 32 KB/],
  ])('refuses %s, naming the file and the way out', (_, svg, problem) => {
    expect(() => checkLogo(svg)).toThrow(ContentError);
    expect(() => checkLogo(svg)).toThrow(problem);
    expect(() => checkLogo(svg)).toThrow(new RegExp(`^${LOGO_FILE}: .*delete ${LOGO_FILE} to show the company's name`));
  });
});

describe('readLogo', () => {
  test('reads content/logo.svg, and is undefined without it', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'logo-test-'));
    expect(readLogo(root)).toBeUndefined();
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(root, LOGO_FILE), mark);
    expect(readLogo(root)).toBe(mark);
  });
});

describe('inlineLogo', () => {
  test('drops the prolog and hides the mark from assistive technology', () => {
    expect(inlineLogo(`<?xml version="1.0"?>\n${mark}`)).toBe(
      mark.replace('<svg', '<svg aria-hidden="true" focusable="false"'),
    );
  });
});

describe('faviconSvg', () => {
  test('is the logo file when there is one', () => {
    expect(faviconSvg({ name: 'Marram Studio', colors: DEFAULT_COLORS }, mark)).toBe(mark);
  });

  test('is the initials of the name without one', () => {
    const icon = faviconSvg({ name: 'Marram Studio', colors: DEFAULT_COLORS });
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(icon).toContain('>MS</text>');
    expect(faviconSvg({ name: 'Alder & Finch Architects', colors: DEFAULT_COLORS })).toContain('>AF</text>');
    expect(faviconSvg({ name: '李明', colors: DEFAULT_COLORS })).toContain('>李</text>');
  });

  test("is drawn on the brand's primary colour", () => {
    expect(faviconSvg({ name: 'Marram Studio', colors: { ...DEFAULT_COLORS, primary: '#3a2f6b' } })).toContain(
      'fill="#3a2f6b"',
    );
  });
});
