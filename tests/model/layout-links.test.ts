/**
 * The layout's links in a partly translated language (src/model/layout-links.ts): the sample site
 * with a German added that has its strings and no entry at all. Its header, footer and contact
 * links lead to the English about, contact and privacy pages, in English words and marked as
 * English; the languages with their own pages link to them; a page no language publishes is not
 * linked; the contact form's privacy link follows the same rule; and the build's summary names what German lacks.
 */
import { describe, expect, test } from 'vitest';
import { layoutFallbackSummary, layoutLink, type LayoutPage } from '../../src/model/layout-links.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, modelOfLanguage, type SiteModel } from '../../src/model/model.ts';
import { contactResourcesOf, ROOT, sampleModel } from '../support/sample-site.ts';

/** The sample sources with `de` added: English strings named German, no entries, no facts. */
function withBareGerman(): SiteModel {
  const sources = loadSources(ROOT);
  const en = sources.strings.en!;
  return buildSiteModel({
    ...sources,
    company: { ...sources.company, languages: [...sources.company.languages, 'de'] },
    strings: { ...sources.strings, de: { ...en, language: { ...en.language, name: 'Deutsch', locale: 'de-DE' } } },
    translations: {
      ...sources.translations,
      de: { services: [], caseStudies: [], insights: [], pages: [], people: [], clients: [] },
    },
  });
}

const about = (model: SiteModel) => layoutLink(model, 'about', (strings) => strings.pages.about);

describe('layoutLink', () => {
  const model = withBareGerman();
  const german = modelOfLanguage(model, 'de');

  test('a language with its own page links to it, in its words and unmarked', () => {
    const dutch = modelOfLanguage(sampleModel(), 'nl');
    expect(about(dutch)).toEqual({ href: '/nl/about', label: dutch.strings.pages.about });
    expect(about(sampleModel())).toEqual({ href: '/about', label: 'About' });
  });

  test('a language without it links to the default language’s page, in that language’s words, marked', () => {
    for (const [page, label] of [
      ['about', 'About'],
      ['contact', 'Contact'],
      ['privacy', 'Privacy'],
    ] as const) {
      const link = layoutLink(german, page, (strings) =>
        page === 'privacy' ? strings.site.privacy : strings.pages[page],
      );
      expect(link, page).toEqual({ href: `/${page}`, label, language: { code: 'en', name: 'English' } });
    }
  });

  test('the contact form’s privacy link, for the API function’s answers too', () => {
    const { languages } = contactResourcesOf(model);
    expect(languages.de).toMatchObject({ privacyPath: '/privacy', privacyLanguage: { code: 'en', name: 'English' } });
    expect(languages.nl).toMatchObject({ privacyPath: '/nl/privacy' });
    expect(languages.nl!.privacyLanguage).toBeUndefined();
  });

  test('its home page and listings are its own, which every language publishes', () => {
    const pages: [LayoutPage, string][] = [
      ['home', '/de'],
      ['services', '/de/services'],
      ['caseStudies', '/de/case-studies'],
      ['insights', '/de/insights'],
    ];
    for (const [page, href] of pages)
      expect(
        layoutLink(german, page, () => 'x'),
        page,
      ).toEqual({ href, label: 'x' });
  });

  test('a page no language publishes is not linked', () => {
    const without = (language: SiteModel): SiteModel => ({
      ...language,
      index: {
        ...language.index,
        pages: new Map([...language.index.pages].filter(([path]) => !path.endsWith('/about'))),
      },
    });
    const english = without(model);
    const languages = {
      ...model.languages,
      models: new Map([
        ['en', english],
        ['de', without(german)],
      ]),
    };
    const site = { ...english, languages };
    expect(about(site)).toBeUndefined();
    expect(about({ ...without(german), languages })).toBeUndefined();
  });
});

describe('layoutFallbackSummary', () => {
  test('names the pages a language lacks, and says where its links lead instead', () => {
    expect(layoutFallbackSummary(withBareGerman())).toBe(
      'layout links: de has no /de/about, /de/contact, /de/privacy, /de/legal-notice, /de/accessibility; the header, footer and contact links of ' +
        'those languages lead to the English pages instead, marked (English) (docs/content.md, "Languages")',
    );
  });

  test('nothing when every language has its own', () => {
    expect(layoutFallbackSummary(sampleModel())).toBeUndefined();
  });
});
