/**
 * /manifest.webmanifest (WEB_MANIFEST): what a browser shows of the site when it is bookmarked or
 * added to a home screen (W3C Web Application Manifest), from content/company.yaml: its `name`
 * (also the short name: a launcher shortens a long one itself, and no shorter form is written
 * anywhere), its `tagline`, the dark brand colour as the theme (as every page's `theme-color`)
 * and the pages' white as the background, and the icons of src/site/icons.ts.
 *
 * A website, not an app: `display: browser` opens it in an ordinary tab, with the address bar,
 * and browsers offer no install prompt. One manifest for every language, in the default one (its
 * `lang`), starting at the default language's home page, whose header links the others.
 */
import type { Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';
import { MANIFEST_ICONS, PAGE_BACKGROUND, sizesOf } from '../site/icons.ts';

export function webManifest(company: Pick<Company, 'name' | 'tagline' | 'colors' | 'defaultLanguage'>) {
  return {
    id: ROUTES.home,
    name: company.name,
    short_name: company.name,
    description: company.tagline,
    lang: company.defaultLanguage,
    start_url: ROUTES.home,
    scope: ROUTES.home,
    display: 'browser',
    theme_color: company.colors.dark,
    background_color: PAGE_BACKGROUND,
    icons: MANIFEST_ICONS.map((icon) => ({
      src: icon.path,
      sizes: sizesOf(icon),
      type: 'image/png',
      purpose: icon.drawing === 'safe-zone' ? 'maskable' : 'any',
    })),
  };
}
