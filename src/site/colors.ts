/**
 * Colours as the brand settings use them: `#rrggbb` values, WCAG 2 contrast and simple mixes.
 * The schema checks the company's colours with these (src/schemas/brand.ts), and the site's
 * stylesheet and the share cards derive their shades from them (src/styles/brand-css.ts,
 * src/build/share-cards.ts).
 */

/** `#rrggbb`, lower case. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/;

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` moved `amount` (0-1) of the way towards `toward`, in sRGB. */
export function mix(color: string, toward: string, amount: number): string {
  const from = rgbOf(color);
  const to = rgbOf(toward);
  return hexOf(from.map((channel, index) => channel + (to[index]! - channel) * amount) as unknown as Rgb);
}

/**
 * The nearest shade of `color` (mixed towards black or white, whichever `against` is not) with at
 * least `ratio` contrast against `against`: what to suggest when a brand colour is too light or
 * too dark for its text.
 */
export function shadeWithContrast(color: string, against: string, ratio: number): string {
  const toward = luminance(against) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 100; step++) {
    const candidate = mix(color, toward, step / 100);
    if (contrast(candidate, against) >= ratio) return candidate;
  }
  return toward;
}
