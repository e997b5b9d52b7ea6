/**
 * What a page shows of the other languages (src/components/languages.ts): its hreflang links, the
 * language switcher's targets and the note on a shorter translated listing, on the sample site
 * (en, nl, pt; some entries untranslated on purpose) and on a one-language site, which shows none.
 */
import { describe, expect, test } from 'vitest';
import {
  hreflangLinks,
  isMultilingual,
  languageNameIn,
  languageOptions,
  listingNote,
} from '../../src/components/languages.ts';
import { modelOfLanguage, pageAlternates, type SiteModel, type SitePage } from '../../src/model/model.ts';
import { fixtureModel, realModel } from '../discovery/fixtures.ts';

const BASE = 'https://www.northbeam.example';

const pageOf = (model: SiteModel, path: string): SitePage => {
  const page = modelOfLanguage(model, path.split('/')[1]).index.pages.get(path);
  if (!page) throw new Error(`no page ${path}`);
  return page;
};

/** A case study of the sample site with no translation. */
function untranslatedStudy(model: SiteModel): SitePage {
  const study = model.caseStudies.find((entry) => pageAlternates(model, entry).length === 1);
  if (!study) throw new Error('the sample site has no untranslated case study');
  return pageOf(model, study.path);
}

describe('hreflangLinks', () => {
  test('a translated page links to itself and every translation, then x-default to the default language', () => {
    const nl = modelOfLanguage(realModel(), 'nl');
    expect(hreflangLinks(nl, pageOf(nl, '/nl/services/cloud-migration'))).toEqual([
      { hreflang: 'en', href: `${BASE}/services/cloud-migration` },
      { hreflang: 'nl', href: `${BASE}/nl/services/cloud-migration` },
      { hreflang: 'pt', href: `${BASE}/pt/services/cloud-migration` },
      { hreflang: 'x-default', href: `${BASE}/services/cloud-migration` },
    ]);
  });

  test('the same set on every alternate (reciprocal), and the home pages link to each other', () => {
    const model = realModel();
    const sets = ['/', '/nl', '/pt'].map((path) => hreflangLinks(model, pageOf(model, path)));
    expect(sets[0]).toEqual([
      { hreflang: 'en', href: `${BASE}/` },
      { hreflang: 'nl', href: `${BASE}/nl` },
      { hreflang: 'pt', href: `${BASE}/pt` },
      { hreflang: 'x-default', href: `${BASE}/` },
    ]);
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
  });

  test('none for a page in one language only, and none on a one-language site', () => {
    const model = realModel();
    expect(hreflangLinks(model, untranslatedStudy(model))).toEqual([]);
    const fixture = fixtureModel();
    for (const page of fixture.sitePages) expect(hreflangLinks(fixture, page), page.path).toEqual([]);
  });
});

describe('languageOptions', () => {
  test('on a translated page: every language in order, each to that translation, the current one marked', () => {
    const model = realModel();
    expect(languageOptions(model, pageOf(model, '/services/cloud-migration'))).toEqual([
      { language: 'en', name: 'English', href: '/services/cloud-migration', current: true },
      { language: 'nl', name: 'Nederlands', href: '/nl/services/cloud-migration', current: false },
      { language: 'pt', name: 'Português', href: '/pt/services/cloud-migration', current: false },
    ]);
  });

  test('on an untranslated page: the other languages link to their home page, saying so in their own language', () => {
    const model = realModel();
    const page = untranslatedStudy(model);
    expect(languageOptions(model, page)).toEqual([
      { language: 'en', name: 'English', href: page.path, current: true },
      {
        language: 'nl',
        name: 'Nederlands',
        href: '/nl',
        current: false,
        notTranslated: modelOfLanguage(model, 'nl').strings.site.notTranslated,
      },
      {
        language: 'pt',
        name: 'Português',
        href: '/pt',
        current: false,
        notTranslated: modelOfLanguage(model, 'pt').strings.site.notTranslated,
      },
    ]);
    expect(modelOfLanguage(model, 'nl').strings.site.notTranslated).toMatch(/niet .*Nederlands/);
  });

  test('an industry page links its counterpart in each language, whatever it is called there', () => {
    const nl = modelOfLanguage(realModel(), 'nl');
    const options = languageOptions(nl, pageOf(nl, '/nl/case-studies/industry/zorg'));
    expect(options.map(({ href, notTranslated }) => [href, notTranslated])).toEqual([
      ['/case-studies/industry/healthcare', undefined],
      ['/nl/case-studies/industry/zorg', undefined],
      ['/pt/case-studies/industry/saude', undefined],
    ]);
    expect(hreflangLinks(nl, pageOf(nl, '/nl/case-studies/industry/zorg')).at(-1)).toEqual({
      hreflang: 'x-default',
      href: `${BASE}/case-studies/industry/healthcare`,
    });
  });

  test('an industry with no counterpart in a language sends its readers to their home page', () => {
    const en = realModel();
    const options = languageOptions(en, pageOf(en, '/case-studies/industry/retail'));
    expect(options[1]).toMatchObject({
      language: 'nl',
      href: '/nl',
      notTranslated: expect.stringContaining('Nederlands'),
    });
    expect(hreflangLinks(en, pageOf(en, '/case-studies/industry/retail'))).toEqual([]);
  });

  test('on the 404 page (no page): each language links to its home page, without a note', () => {
    const model = realModel();
    expect(languageOptions(model, undefined).map(({ href, notTranslated }) => [href, notTranslated])).toEqual([
      ['/', undefined],
      ['/nl', undefined],
      ['/pt', undefined],
    ]);
  });

  test('nothing on a one-language site', () => {
    const fixture = fixtureModel();
    expect(isMultilingual(fixture)).toBe(false);
    expect(isMultilingual(realModel())).toBe(true);
    expect(languageOptions(fixture, pageOf(fixture, '/'))).toEqual([]);
    expect(languageOptions(fixture, undefined)).toEqual([]);
  });
});

describe('listingNote', () => {
  test('a shorter translated listing says how many more the default language has, in its own words, and links there', () => {
    const model = realModel();
    const nl = modelOfLanguage(model, 'nl');
    const missing = model.caseStudies.length - nl.caseStudies.length;
    expect(missing).toBeGreaterThan(1);
    expect(listingNote(nl, pageOf(nl, '/nl/case-studies'))).toEqual({
      text: `Nog ${missing} cases zijn alleen in het Engels beschikbaar`,
      href: '/case-studies',
      language: 'en',
    });
    const pt = modelOfLanguage(model, 'pt');
    expect(listingNote(pt, pageOf(pt, '/pt/insights'))).toEqual({
      text: `Estão disponíveis mais ${model.insights.length - pt.insights.length} artigos em inglês`,
      href: '/insights',
      language: 'en',
    });
  });

  test('one missing entry takes the singular', () => {
    const model = realModel();
    const nl = modelOfLanguage(model, 'nl');
    const page = pageOf(nl, '/nl/case-studies');
    const almost = { ...page, listing: { ...page.listing!, total: model.caseStudies.length - 1 } };
    expect(listingNote(nl, almost)?.text).toBe('Nog 1 case is alleen in het Engels beschikbaar');
  });

  test('none for a complete translation, a filter page, the default language or a one-language site', () => {
    const model = realModel();
    const nl = modelOfLanguage(model, 'nl');
    expect(nl.services.length).toBe(model.services.length);
    expect(listingNote(nl, pageOf(nl, '/nl/services'))).toBeUndefined();
    expect(listingNote(nl, pageOf(nl, nl.industries[0]!.path))).toBeUndefined();
    expect(listingNote(model, pageOf(model, '/case-studies'))).toBeUndefined();
    const fixture = fixtureModel();
    expect(listingNote(fixture, pageOf(fixture, '/case-studies'))).toBeUndefined();
  });
});

describe('languageNameIn', () => {
  test("names a language in another language's words, or gives the code back", () => {
    expect(languageNameIn('nl-NL', 'en')).toBe('Engels');
    expect(languageNameIn('pt-PT', 'nl')).toBe('neerlandês');
    expect(languageNameIn('en-GB', 'pt')).toBe('Portuguese');
    expect(languageNameIn('not a locale!', 'en')).toBe('en');
  });
});
