import { describe, expect, test } from 'vitest';
import {
  fill,
  languageListOf,
  languageOfPath,
  languagePrefix,
  localizedPath,
  unlocalizedPath,
} from '../../src/site/languages.ts';
import { localRoutes } from '../../src/site/routes.ts';

const languages = languageListOf({ defaultLanguage: 'en', languages: ['en', 'nl', 'pt-br'] });

describe('languageListOf', () => {
  test('puts the default language first, whether or not languages lists it', () => {
    expect(languageListOf({ defaultLanguage: 'nl', languages: ['en', 'nl'] }).codes).toEqual(['nl', 'en']);
    expect(languageListOf({ defaultLanguage: 'en', languages: [] }).codes).toEqual(['en']);
  });
});

describe('paths per language', () => {
  test('the default language lives at the root, every other one under /<code>', () => {
    expect(languagePrefix(languages, 'en')).toBe('');
    expect(languagePrefix(languages, 'pt-br')).toBe('/pt-br');
    expect(localizedPath(languages, 'en', '/services/x')).toBe('/services/x');
    expect(localizedPath(languages, 'nl', '/services/x')).toBe('/nl/services/x');
    expect(localizedPath(languages, 'nl', '/')).toBe('/nl');
  });

  test('reads the language of a page, a Markdown sibling or a file from its first segment', () => {
    expect(languageOfPath(languages, '/nl/services/x')).toBe('nl');
    expect(languageOfPath(languages, '/nl')).toBe('nl');
    expect(languageOfPath(languages, '/nl.md')).toBe('nl');
    expect(languageOfPath(languages, '/nl/llms.txt')).toBe('nl');
    expect(languageOfPath(languages, '/pt-br/about')).toBe('pt-br');
    expect(languageOfPath(languages, '/services/x')).toBe('en');
    expect(languageOfPath(languages, '/en/services/x')).toBe('en');
    expect(languageOfPath(languages, '/nlx/services')).toBe('en');
    expect(languageOfPath(languages, '/')).toBe('en');
  });

  test('takes the prefix off again, the home pages included', () => {
    expect(unlocalizedPath(languages, '/nl/services/x')).toBe('/services/x');
    expect(unlocalizedPath(languages, '/nl')).toBe('/');
    expect(unlocalizedPath(languages, '/nl.md')).toBe('/index.md');
    expect(unlocalizedPath(languages, '/services/x')).toBe('/services/x');
    for (const path of ['/', '/about', '/case-studies/industry/retail'])
      for (const code of languages.codes)
        expect(unlocalizedPath(languages, localizedPath(languages, code, path))).toBe(path);
  });

  test('localRoutes: the default language keeps ROUTES, another gets its prefix on pages and llms files', () => {
    expect(localRoutes('')).toMatchObject({ home: '/', services: '/services', llms: '/llms.txt' });
    expect(localRoutes('/nl')).toMatchObject({
      home: '/nl',
      services: '/nl/services',
      contact: '/nl/contact',
      llms: '/nl/llms.txt',
      llmsFull: '/nl/llms-full.txt',
    });
  });
});

describe('fill', () => {
  test('puts values in their placeholders, in whatever order the language needs them', () => {
    expect(fill('{title} (page {number} of {pages})', { title: 'Cases', number: 2, pages: 3 })).toBe(
      'Cases (page 2 of 3)',
    );
    expect(fill('De {shown} nieuwste van {total}', { total: 9, shown: 3 })).toBe('De 3 nieuwste van 9');
  });

  test('leaves a placeholder without a value visible rather than dropping it', () => {
    expect(fill('Hello {name}', {})).toBe('Hello {name}');
  });
});
