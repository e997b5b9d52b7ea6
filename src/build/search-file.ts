/**
 * The search page's resources in every language (src/search/page-resources.ts), made after the
 * pages are built from each language's built frame (src/pages/[...lang]/search.astro, cut around
 * <main>): the site-files integration writes them to .generated/search-shell.json and removes
 * the frames from dist/, since the API function answers /search.
 */
import { cutContactShell } from '../http/contact-html.ts';
import { layoutLink } from '../model/layout-links.ts';
import type { SiteModel } from '../model/model.ts';
import { searchPathOf } from '../site/routes.ts';
import type { SearchLanguage, SearchResources } from '../search/page-resources.ts';

/** How many example searches the page without a query shows. */
const SUGGESTIONS = 3;

export function searchResources(model: SiteModel, builtPage: (path: string) => string | undefined): SearchResources {
  const { languages } = model;
  const entries = languages.codes.map((code): [string, SearchLanguage] => {
    const language = languages.models.get(code)!;
    const { strings } = language;
    const path = searchPathOf(language.prefix);
    const html = builtPage(path);
    if (html === undefined) throw new Error(`The search page's frame ${path} was not built.`);
    const contact = layoutLink(language, 'contact', (words) => words.pages.contact);
    const titles = language.services.length
      ? language.services.map((service) => service.data.title)
      : language.pages.map((page) => page.data.title);
    const { label, lead, resultsTitle, results, none, tryNext, suggestions, tooLong, betterIn } = strings.find;
    return [
      code,
      {
        language: code,
        name: strings.language.name,
        locale: strings.language.locale,
        path,
        strings: { label, lead, resultsTitle, results, none, tryNext, suggestions, tooLong, betterIn },
        kinds: {
          service: strings.site.service,
          'case-study': strings.site.caseStudy,
          insight: strings.site.insight,
          page: strings.find.page,
          person: strings.find.person,
          listing: strings.find.page,
        },
        ...(contact ? { contact: { href: contact.href, label: contact.label } } : {}),
        suggestions: titles.slice(0, SUGGESTIONS).map((title) => title.toLowerCase()),
        shell: cutContactShell(html),
      },
    ];
  });
  return { defaultLanguage: languages.default, languages: Object.fromEntries(entries) };
}
