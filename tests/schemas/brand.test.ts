/** src/schemas/brand.ts and src/build/brand-css.ts: the brand's colours, checked for contrast, as the stylesheet reads them. */
import { describe, expect, test } from 'vitest';
import { brandCss, brandProperties } from '../../src/build/brand-css.ts';
import { colorsSchema, COLOR_CONTRAST, DEFAULT_COLORS } from '../../src/schemas/brand.ts';
import { contrast, shadeWithContrast } from '../../src/site/colors.ts';

describe('colorsSchema', () => {
  test("defaults to the template's colours, which pass their own checks", () => {
    expect(colorsSchema.parse(undefined)).toEqual(DEFAULT_COLORS);
    expect(colorsSchema.parse({ primary: '#1D4ED8' })).toEqual({ ...DEFAULT_COLORS, primary: '#1d4ed8' });
  });

  test('refuses a colour that is not #rrggbb, saying how to write one', () => {
    const result = colorsSchema.safeParse({ primary: 'blue' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/`colors\.primary` must be a colour written #rrggbb/);
  });

  test.each([
    ['a primary colour too light for white text', { primary: '#7fb3d5' }, 'primary', '#ffffff'],
    ['a dark colour too light for the light text on it', { dark: '#5a6b80', accent: '#ffd166' }, 'dark', '#ffffff'],
    ['an accent that does not stand out on the dark colour', { accent: '#1f3b57' }, 'accent', DEFAULT_COLORS.dark],
  ] as const)('refuses %s, naming the nearest shade that passes', (_, colors, field, against) => {
    const result = colorsSchema.safeParse(colors);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((item) => item.path[0] === field)!;
    expect(issue.message).toMatch(new RegExp(`\`colors\\.${field}\` #[0-9a-f]{6} has a contrast of [\\d.]+:1`));
    const suggested = /"(#[0-9a-f]{6})"/.exec(issue.message)![1]!;
    expect(contrast(suggested, against)).toBeGreaterThanOrEqual(COLOR_CONTRAST[field]);
    expect(colorsSchema.safeParse({ ...colors, [field]: suggested }).success).toBe(true);
  });

  test('shadeWithContrast moves away from the colour it is read against', () => {
    expect(contrast(shadeWithContrast('#f2a541', '#ffffff', 4.5), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shadeWithContrast('#123049', '#0d2236', 4.5), '#0d2236')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('brandCss', () => {
  test("the template's colours give the stylesheet's values as they were written by hand", () => {
    expect(brandProperties(DEFAULT_COLORS)).toEqual({
      '--brand': '#0b4f6c',
      '--brand-strong': '#083a50',
      '--night': '#0d2236',
      '--night-2': '#123049',
      '--beam': '#f2a541',
      '--beam-soft': '#fff4e2',
    });
  });

  test("a company's colours, with their shades derived, in the base layer", () => {
    const css = brandCss({ primary: '#1d4ed8', accent: '#facc15', dark: '#111827' });
    expect(css).toContain('@layer base {');
    expect(css).toContain('--brand: #1d4ed8;');
    expect(css).toContain('--night: #111827;');
    expect(css).toContain('--beam: #facc15;');
    const strong = /--brand-strong: (#[0-9a-f]{6});/.exec(css)![1]!;
    expect(contrast(strong, '#ffffff')).toBeGreaterThan(contrast('#1d4ed8', '#ffffff'));
  });
});
