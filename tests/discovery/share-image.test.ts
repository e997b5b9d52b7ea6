/** src/discovery/share-image.ts: the image every page is shared with, a cover or a card. */
import { describe, expect, test } from 'vitest';
import { cardSpecOf, shareCards, shareImageOf } from '../../src/discovery/share-image.ts';
import type { SitePage } from '../../src/model/types.ts';
import type { ImageUse } from '../../src/site/images.ts';
import { sampleModel } from '../support/sample-site.ts';

const cover = (width: number, height: number, format: 'jpeg' | 'svg' = 'jpeg'): ImageUse => ({
  asset: { file: 'content/x.jpg', path: '/_images/x-12345678.jpg', format, width, height, bytes: 1 },
  alt: 'Cranes over a container ship',
});

describe('shareImageOf', () => {
  const model = sampleModel();
  const study = model.sitePages.find((page) => page.kind === 'case-study')!;
  const withCover = (use: ImageUse): SitePage => ({ ...study, entry: { ...study.entry!, cover: use } });

  test('a page with a cover of at least 1200 x 630 shares it, cropped to that by the CDN as JPEG', () => {
    expect(shareImageOf(model, withCover(cover(1600, 900)))).toEqual({
      url: 'https://www.northbeam.example/.netlify/images?url=/_images/x-12345678.jpg&w=1200&h=630&fit=cover&fm=jpg',
      width: 1200,
      height: 630,
      type: 'image/jpeg',
      alt: 'Cranes over a container ship',
    });
  });

  test('a smaller or vector cover, and a page without one, share a card at an absolute URL', () => {
    for (const page of [
      withCover(cover(1000, 800)),
      withCover(cover(3000, 2000, 'svg')),
      { ...study, entry: { ...study.entry!, cover: undefined } },
    ]) {
      const image = shareImageOf(model, page);
      expect(image).toMatchObject({ width: 1200, height: 630, type: 'image/png' });
      expect(image.url).toMatch(/^https:\/\/www\.northbeam\.example\/_og\/[0-9a-f]{20}\.png$/);
      expect(image.card).toMatchObject({ kind: 'Case study', title: page.title, company: 'Northbeam Engineering' });
      expect(image.alt).toBe(`Case study: ${page.title} · Northbeam Engineering`);
    }
  });

  test("every page of every language has one, the 404 page the home page's card", () => {
    for (const languageModel of model.languages.models.values())
      for (const page of languageModel.sitePages) expect(shareImageOf(languageModel, page).url).toMatch(/^https:\/\//);
    expect(shareImageOf(model, undefined).card).toMatchObject({
      title: 'Northbeam Engineering',
      subtitle: model.company.tagline,
    });
  });

  test("a card is in the page's language", () => {
    const dutch = model.languages.models.get('nl')!;
    const page = dutch.sitePages.find((item) => item.kind === 'service')!;
    const uncovered = { ...page, entry: { ...page.entry!, cover: undefined } };
    expect(shareImageOf(dutch, uncovered).card).toMatchObject({ language: 'nl', kind: dutch.strings.site.service });
  });
});

describe('cardSpecOf', () => {
  const model = sampleModel();

  test('a card is named by what it shows: the same page, the same file; another title, another file', () => {
    const page = { kind: 'insight' as const, title: 'Golden paths, not golden cages' };
    expect(cardSpecOf(model, page).key).toBe(cardSpecOf(model, { ...page }).key);
    expect(cardSpecOf(model, { ...page, title: 'Golden paths' }).key).not.toBe(cardSpecOf(model, page).key);
    const recoloured = {
      ...model,
      company: { ...model.company, colors: { ...model.company.colors, primary: '#1d4ed8' } },
    };
    expect(cardSpecOf(recoloured, page).key).not.toBe(cardSpecOf(model, page).key);
  });

  test("shareCards lists each card once: a listing's later pages share their listing's", () => {
    const cards = shareCards(model);
    expect(new Set(cards.map((card) => card.key)).size).toBe(cards.length);
    expect(cards.length).toBeGreaterThan(0);
  });
});
