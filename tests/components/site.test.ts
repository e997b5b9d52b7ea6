/** The page templates' small helpers (src/components/site.ts): dates per language, strings with element slots, every language's static paths, the language of a content link. */
import { describe, expect, test } from 'vitest';
import { contentLinkLanguage, fillParts, formatDate, staticPathsOf } from '../../src/components/site.ts';
import { modelOfLanguage } from '../../src/model/model.ts';
import { fixtureModel, realModel } from '../discovery/fixtures.ts';

describe('formatDate', () => {
  test("writes a date in a language's locale; the default stays day month year in British English", () => {
    expect(formatDate('2024-11-22')).toBe('22 November 2024');
    expect(formatDate('2024-11-22', 'en-GB')).toBe('22 November 2024');
    expect(formatDate('2024-11-22', 'nl-NL')).toBe('22 november 2024');
    expect(formatDate('2024-03-01', 'pt-PT')).toBe('1 de março de 2024');
  });

  test('the locales the sample site uses give every date the same day', () => {
    for (const model of realModel().languages.models.values())
      expect(formatDate('2025-01-01', model.strings.language.locale)).toMatch(/^1 /);
  });
});

describe('fillParts', () => {
  test('fills text placeholders and leaves slots for elements, in order', () => {
    expect(fillParts('Or write to {email}.', {}, ['email'])).toEqual(['Or write to ', { slot: 'email' }, '.']);
    expect(fillParts('{a} and {b}, © {company}.', { company: 'Acme' }, ['a', 'b'])).toEqual([
      { slot: 'a' },
      ' and ',
      { slot: 'b' },
      ', © Acme.',
    ]);
  });

  test('keeps an unknown placeholder as written, and a value that looks like a placeholder as text', () => {
    expect(fillParts('Hi {name} {x}', { name: '{email}' }, ['email'])).toEqual(['Hi {email} {x}']);
  });
});

describe('staticPathsOf', () => {
  test("every language's pages: no lang parameter for the default language, the code for the others", () => {
    const model = realModel();
    const paths = staticPathsOf(model, (languageModel) => [
      languageModel.index.pages.get(languageModel.routes.services)!,
    ]);
    expect(paths).toEqual([
      { params: { lang: undefined }, props: { path: '/services' } },
      { params: { lang: 'nl' }, props: { path: '/nl/services' } },
      { params: { lang: 'pt' }, props: { path: '/pt/services' } },
    ]);
  });

  test("adds each page's own parameters; a one-language site has its pages at the root only", () => {
    const paths = staticPathsOf(
      fixtureModel(),
      (model) => model.sitePages.filter((page) => page.kind === 'service'),
      (page) => ({ slug: page.entry!.slug }),
    );
    expect(paths).toEqual([
      { params: { lang: undefined, slug: 'data-platforms' }, props: { path: '/services/data-platforms' } },
    ]);
  });
});

describe('contentLinkLanguage', () => {
  test('names the language of a page in another language, and nothing for the page’s own or a file', () => {
    const dutch = modelOfLanguage(realModel(), 'nl');
    const page = '/nl/services/platform-engineering';
    expect(contentLinkLanguage(dutch, '/insights/golden-paths-not-golden-cages', page)).toBe('en');
    expect(contentLinkLanguage(dutch, '/pt/services/platform-engineering#x', page)).toBe('pt');
    expect(contentLinkLanguage(dutch, '/nl/contact', page)).toBeUndefined();
    expect(contentLinkLanguage(dutch, 'data-engineering', page)).toBeUndefined();
    expect(contentLinkLanguage(dutch, '/llms.txt', page)).toBeUndefined();
    expect(contentLinkLanguage(dutch, 'https://example.com/', page)).toBeUndefined();
    expect(contentLinkLanguage(realModel(), '/services/data-engineering', '/services/cloud-migration')).toBeUndefined();
  });
});
