/**
 * What the API function needs to answer the contact form and start_conversation in every
 * language (src/leads/contact-language.ts), made after the pages are built: per language its
 * `contact` strings, its contact page's heading, the company's follow-up phrases in it, the
 * privacy page its consent statement links to (the default language's, marked so, when it has
 * none: src/model/layout-links.ts), and its built contact page cut around <main>.
 * The site-files integration writes it to .generated/contact-shell.json; functions/api.mts
 * imports that file on the first lead request.
 *
 * A language whose contact page was not built (a site that does not publish one in that
 * language) gets the default language's page around its own words; the default language's page
 * must exist.
 */
import { cutContactShell } from '../http/contact-html.ts';
import type { ContactLanguage, ContactResources, ContactShell } from '../leads/contact-language.ts';
import { layoutLink } from '../model/layout-links.ts';
import type { SiteModel } from '../model/model.ts';

/** The default language's page shell for another language's words: its `<html lang>` says so. */
function inLanguage(shell: ContactShell, code: string): ContactShell {
  return { ...shell, head: shell.head.replace(/(<html\b[^>]*\blang=")[^"]*(")/i, `$1${code}$2`) };
}

/**
 * The contact resources of every language of `model`. `builtPage(path)` returns the built HTML
 * of a page path (`/contact`, `/nl/contact`), or undefined when there is none.
 */
export function contactResources(model: SiteModel, builtPage: (path: string) => string | undefined): ContactResources {
  const { languages } = model;
  const defaultModel = languages.models.get(languages.default)!;
  const shellOf = (path: string): ContactShell | undefined => {
    const html = builtPage(path);
    return html === undefined ? undefined : cutContactShell(html);
  };
  const defaultShell = shellOf(defaultModel.routes.contact);
  if (!defaultShell)
    throw new Error(
      `The contact page ${defaultModel.routes.contact} was not built, so the API function has no page to answer form posts in.`,
    );
  const entries = languages.codes.map((code): [string, ContactLanguage] => {
    const language = languages.models.get(code)!;
    const privacy = layoutLink(language, 'privacy', (strings) => strings.site.privacy);
    return [
      code,
      {
        language: code,
        strings: language.strings.contact,
        locale: language.strings.language.locale,
        heading: language.strings.pages.contact,
        followUp: language.company.followUp,
        ...(privacy ? { privacyPath: privacy.href } : {}),
        ...(privacy?.language ? { privacyLanguage: privacy.language } : {}),
        shell:
          (code === languages.default ? defaultShell : shellOf(language.routes.contact)) ??
          inLanguage(defaultShell, code),
      },
    ];
  });
  return { defaultLanguage: languages.default, languages: Object.fromEntries(entries) };
}
