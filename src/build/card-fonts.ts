/**
 * The fonts the share cards are drawn with, from npm packages (no network): Noto Sans for Latin,
 * Greek, Cyrillic and Vietnamese, Noto Sans JP and SC for Japanese and Chinese. Fontsource splits
 * each font into files by Unicode range (a CJK font into about 120), so a card loads only the
 * files its text needs, read once and kept for the build. The language of the card puts its own
 * script's font first (the same Han character is drawn the Japanese way on a Japanese card, the
 * Chinese way on a Chinese one).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A font file as satori takes it. Each file gets a name of its own (`Noto Sans JP 12`): satori
 * keeps one font per name and weight, and the card's font-family lists them all in order.
 */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

interface Subset {
  file: string;
}

/** A family's files and, sorted by their start, the code point ranges each draws. */
interface Coverage {
  subsets: Subset[];
  /** [start, end, subset index], sorted by start. */
  ranges: [number, number, number][];
}

interface Family {
  /** The family's name, as the cards' style names it. */
  name: string;
  /** Its Fontsource package. */
  package: string;
  /** The languages that put it first. */
  languages: readonly string[];
}

/** The families, in the order they are tried for a character when the language prefers none. */
export const CARD_FAMILIES: readonly Family[] = [
  { name: 'Noto Sans', package: '@fontsource/noto-sans', languages: [] },
  { name: 'Noto Sans JP', package: '@fontsource/noto-sans-jp', languages: ['ja'] },
  { name: 'Noto Sans SC', package: '@fontsource/noto-sans-sc', languages: ['zh'] },
];

const require = createRequire(import.meta.url);

/** `U+0460-052F,U+20B4` -> [[0x460, 0x52f], [0x20b4, 0x20b4]]. */
function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from!, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

const coverageOf = new Map<string, Coverage>();
function coverage(family: Family): Coverage {
  let found = coverageOf.get(family.package);
  if (!found) {
    const dir = path.dirname(require.resolve(`${family.package}/package.json`));
    const table = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    const base = family.package.split('/')[1]!;
    const subsets: Subset[] = [];
    const ranges: [number, number, number][] = [];
    for (const [key, text] of Object.entries(table)) {
      const index = subsets.push({ file: path.join(dir, 'files', `${base}-${key.replace(/[[\]]/g, '')}`) }) - 1;
      for (const [from, to] of parseRanges(text)) ranges.push([from, to, index]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
    found = { subsets, ranges };
    coverageOf.set(family.package, found);
  }
  return found;
}

/** The index of the file of `family` that draws `code`, if one does (a binary search of its ranges). */
function subsetOf(family: Family, code: number): number | undefined {
  const { ranges } = coverage(family);
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to, index] = ranges[middle]!;
    if (code < from) high = middle - 1;
    else if (code > to) low = middle + 1;
    else return index;
  }
  return undefined;
}

const files = new Map<string, Buffer>();
function fontFile(file: string): Buffer {
  let data = files.get(file);
  if (!data) {
    data = readFileSync(file);
    files.set(file, data);
  }
  return data;
}

/** The families in the order a card in `language` tries them. */
function familiesFor(language: string): Family[] {
  const primary = language.toLowerCase().split('-')[0]!;
  return [...CARD_FAMILIES].sort(
    (a, b) => Number(b.languages.includes(primary)) - Number(a.languages.includes(primary)),
  );
}

/** Whether any family draws the character (spaces and controls need none). */
export function isDrawable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return /\s/.test(char) || CARD_FAMILIES.some((family) => subsetOf(family, code) !== undefined);
}

/**
 * The font files that draw `texts` (at the weights given), for a card in `language`: for each
 * family, in the language's order, the files that hold a character of the texts.
 */
export function cardFonts(texts: readonly { text: string; weight: 400 | 700 }[], language: string): CardFont[] {
  const fonts: CardFont[] = [];
  for (const weight of [400, 700] as const) {
    const codes = new Set<number>();
    for (const item of texts) if (item.weight === weight) for (const char of item.text) codes.add(char.codePointAt(0)!);
    // Each character from the first family (in the language's order) that draws it.
    for (const family of familiesFor(language)) {
      const needed = new Set<number>();
      for (const code of codes) {
        const index = subsetOf(family, code);
        if (index === undefined) continue;
        needed.add(index);
        codes.delete(code);
      }
      const { subsets } = coverage(family);
      for (const index of [...needed].sort((a, b) => a - b))
        fonts.push({
          name: `${family.name} ${index}`,
          data: fontFile(`${subsets[index]!.file}-${weight}-normal.woff`),
          weight,
          style: 'normal',
        });
    }
  }
  return fonts;
}

/** The font-family list of a card drawn with `fonts`: every file's name, in their order. */
export function cardFontFamily(fonts: readonly CardFont[]): string {
  return [...new Set(fonts.map((font) => `'${font.name}'`))].join(', ');
}
