/**
 * Addresses of names in any script (slugify), and page paths on the wire (encodedPath,
 * canonicalPath) and on disk (decodedPath): an industry or tag named in Japanese, Chinese,
 * Greek, Cyrillic, Arabic or Hebrew gets an address of its own letters, while every Latin name
 * keeps the address it had. And the page a request path names, if any (pageOf).
 */
import { describe, expect, test } from 'vitest';
import { canonicalPath, decodedPath, encodedPath, facetPath, pageOf, slugify } from '../../src/site/urls.ts';
import { sampleModel } from '../support/sample-site.ts';

/** slugify as it was when addresses kept Latin letters and digits only. */
function latinSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

describe('slugify', () => {
  test.each([
    ['物流', '物流'],
    ['金融', '金融'],
    ['金融・保険', '金融-保険'],
    ['データ分析', 'データ分析'],
    ['ﾃﾞｰﾀ', 'データ'],
    ['金融服务', '金融服务'],
    ['零售 与 物流', '零售-与-物流'],
    ['Ενέργεια', 'ενέργεια'],
    ['Δημόσιος τομέας', 'δημόσιος-τομέας'],
    ['Логистика', 'логистика'],
    ['Мой банк', 'мой-банк'],
    ['الخدمات المالية', 'الخدمات-المالية'],
    ['שירותים פיננסיים', 'שירותים-פיננסיים'],
    ['물류', '물류'],
  ])('keeps the letters of any script: %s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slugify(name).normalize('NFC')).toBe(slugify(name));
  });

  test('a name written decomposed (NFD) gets the address of its composed form', () => {
    expect(slugify('データ'.normalize('NFD'))).toBe('データ');
    expect(slugify('물류'.normalize('NFD'))).toBe('물류');
    expect(slugify('Мой'.normalize('NFD'))).toBe('мой');
  });

  test.each([
    ['Financial services', 'financial-services'],
    ['Saúde', 'saude'],
    ['Serviços financeiros', 'servicos-financeiros'],
    ['Énergie & Climat', 'energie-and-climat'],
    ['Public sector', 'public-sector'],
    ['  AI / LLM  ', 'ai-llm'],
    ['ﬁnance', 'finance'],
  ])('folds Latin accents as it always has: %s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(latinSlug(name)).toBe(slug);
  });

  test('every industry and tag of the sample site keeps its address', () => {
    const model = sampleModel();
    for (const language of model.languages.models.values())
      for (const facet of [...language.industries, ...language.tags])
        expect(slugify(facet.name), facet.name).toBe(latinSlug(facet.name));
  });

  test('Latin letters with a stroke or ligature fold to plain ones instead of disappearing', () => {
    expect(slugify('Øresund')).toBe('oresund');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('Łódź')).toBe('lodz');
  });

  test('spelling that is not a letter or digit does not make another address', () => {
    expect(slugify('E-commerce')).toBe(slugify('e commerce'));
    expect(slugify('LOGISTICS')).toBe(slugify('logistics'));
    expect(slugify('Saude')).toBe(slugify('Saúde'));
    expect(slugify('داده\u200cها')).toBe('دادهها');
    expect(slugify('++')).toBe('');
  });
});

describe('paths on the wire and on disk', () => {
  const encoded = '/case-studies/industry/%E7%89%A9%E6%B5%81';

  test('a facet path is percent-encoded UTF-8', () => {
    expect(facetPath('/case-studies', 'industry', '物流')).toBe(encoded);
    expect(facetPath('/nl/case-studies', 'industry', 'Zorg')).toBe('/nl/case-studies/industry/zorg');
    expect(decodeURIComponent(facetPath('/insights', 'tag', 'Логистика').split('/').at(-1)!)).toBe('логистика');
  });

  test('encodedPath writes every form of a path one way, and leaves ASCII escapes alone', () => {
    expect(encodedPath('/case-studies/industry/物流')).toBe(encoded);
    expect(encodedPath(encoded.toLowerCase())).toBe(encoded);
    expect(encodedPath(encoded)).toBe(encoded);
    expect(encodedPath('/insights/tag/データ'.normalize('NFD'))).toBe(encodedPath('/insights/tag/データ'));
    expect(encodedPath('/a%2Fb%20c')).toBe('/a%2Fb%20c');
    expect(encodedPath('/services/cloud-migration')).toBe('/services/cloud-migration');
    expect(encodedPath('/broken%E7%89')).toBe('/broken%E7%89');
  });

  test('canonicalPath reads the variants of an encoded path as one', () => {
    for (const variant of ['/case-studies/industry/物流/', `${encoded.toLowerCase()}.html`, `${encoded}/index.html`])
      expect(canonicalPath(variant)).toBe(encoded);
  });

  test('decodedPath is the file name: written out, for the page and its Markdown', () => {
    expect(decodedPath(encoded)).toBe('/case-studies/industry/物流');
    expect(decodedPath(`${encoded}.md`)).toBe('/case-studies/industry/物流.md');
    expect(decodedPath('/a%2Fb')).toBe('/a%2Fb');
  });
});

describe('pageOf', () => {
  test('reads a page path however it is written', () => {
    for (const [path, page] of [
      ['/', '/'],
      ['/index.html', '/'],
      ['/services/x', '/services/x'],
      ['/services/x/', '/services/x'],
      ['/services/x.html', '/services/x'],
      ['/insights/page/2', '/insights/page/2'],
    ])
      expect(pageOf(path!), path).toBe(page);
  });
  test('files, dot-folders and the content editor name no page, so Accept: text/markdown leaves them alone', () => {
    for (const path of [
      '/llms.txt',
      '/about.md',
      '/favicon.svg',
      '/.well-known/api-catalog',
      '/.well-known/x/y',
      '/admin',
      '/admin/',
      '/admin/config.yml',
    ])
      expect(pageOf(path), path).toBeUndefined();
  });
});
