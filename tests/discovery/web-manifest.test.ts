/** src/discovery/web-manifest.ts: the manifest's name, colours and icons from company.yaml and src/site/icons.ts. */
import { describe, expect, test } from 'vitest';
import { webManifest } from '../../src/discovery/web-manifest.ts';
import { ICON_FILES, ICONS, PAGE_BACKGROUND } from '../../src/site/icons.ts';
import { sampleModel } from '../support/sample-site.ts';
import { fixtureCompany } from './fixtures.ts';

describe('webManifest', () => {
  const { company } = sampleModel();
  const manifest = webManifest(company);

  test("names the company, in the default language, with its tagline and the pages' theme colour", () => {
    expect(manifest).toMatchObject({
      name: 'Northbeam Engineering',
      short_name: 'Northbeam Engineering',
      description: company.tagline,
      lang: 'en',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'browser',
      // As every page's <meta name="theme-color">.
      theme_color: company.colors.dark,
      background_color: PAGE_BACKGROUND,
    });
    expect(webManifest(fixtureCompany)).toMatchObject({
      name: fixtureCompany.name,
      description: fixtureCompany.tagline,
      theme_color: fixtureCompany.colors.dark,
    });
  });

  test('lists the 192 and 512 icons for any use and the maskable 512, each a file the build makes', () => {
    expect(manifest.icons).toEqual([
      { src: ICONS.small.path, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ICONS.large.path, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ICONS.maskable.path, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const icon of manifest.icons) expect(ICON_FILES.map((file) => file.path)).toContain(icon.src);
  });
});
