/** src/build/share-cards.ts and card-fonts.ts: the cards drawn offline, in any of the sample's scripts, and kept. */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { cardFonts, isDrawable } from '../../src/build/card-fonts.ts';
import { cachedCard, cardSvg, makeCards, renderCard } from '../../src/build/share-cards.ts';
import { cardSpecOf, type CardSpec } from '../../src/discovery/share-image.ts';
import { sampleModel } from '../support/sample-site.ts';

const englishCard = (): CardSpec =>
  cardSpecOf(sampleModel(), { kind: 'case-study', title: 'Bringing 40 solar parks onto one monitoring platform' });

describe('renderCard', () => {
  test('a 1200 x 630 PNG whose text is drawn as shapes (no font needed to show it)', async () => {
    const card = englishCard();
    const png = await renderCard(card);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const svg = await cardSvg(card);
    expect(svg).not.toMatch(/<text\b/);
    expect(svg.match(/<path\b/g)!.length).toBeGreaterThan(4);
  });

  test('Japanese and Chinese titles are drawn with their own fonts', async () => {
    const japanese = { ...englishCard(), language: 'ja', kind: '事例', title: '物流データの信頼を取り戻す' };
    const chinese = { ...englishCard(), language: 'zh', kind: '案例', title: '让规划人员重新信任路线数据' };
    for (const card of [japanese, chinese]) {
      const names = cardFonts([{ text: card.title, weight: 700 }], card.language).map((font) => font.name);
      expect(names[0]).toMatch(card.language === 'ja' ? /^Noto Sans JP/ : /^Noto Sans SC/);
      expect(await sharp(await renderCard(card)).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
  });

  test('only the font files the text needs are loaded, each character from the first family that has it', () => {
    const fonts = cardFonts([{ text: 'Northbeam', weight: 700 }], 'en');
    expect(fonts.map((font) => [font.name.replace(/ \d+$/, ''), font.weight])).toEqual([['Noto Sans', 700]]);
  });

  test('characters no font has are left out rather than drawn as boxes', async () => {
    expect(isDrawable('a')).toBe(true);
    expect(isDrawable('物')).toBe(true);
    expect(isDrawable('🚀')).toBe(false);
    const svg = await cardSvg({ ...englishCard(), title: '🚀 Launch' });
    const plain = await cardSvg({ ...englishCard(), title: 'Launch' });
    expect(svg).toBe(plain);
  });
});

describe('makeCards', () => {
  test('draws a card once: an unchanged card is found in the cache', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cards-'));
    const cards = [
      englishCard(),
      cardSpecOf(sampleModel(), { kind: 'insight', title: 'Golden paths, not golden cages' }),
    ];
    expect(await makeCards(root, cards)).toMatchObject({ drawn: 2, reused: 0 });
    const written = statSync(cachedCard(root, cards[0]!)).mtimeMs;
    expect(await makeCards(root, cards)).toMatchObject({ drawn: 0, reused: 2 });
    expect(statSync(cachedCard(root, cards[0]!)).mtimeMs).toBe(written);
    const changed = cardSpecOf(sampleModel(), { kind: 'insight', title: 'Golden paths, not cages' });
    expect(await makeCards(root, [...cards, changed])).toMatchObject({ drawn: 1, reused: 2 });
    expect(existsSync(cachedCard(root, changed))).toBe(true);
  });
});
