/**
 * Languages as the site's paths carry them: the default language at the root, every other one
 * under `/<code>` (`/nl/services/x`, `/nl` for its home page). Pure string work shared by the
 * model, the generators, the edge function and the API function.
 */

/** A language as company.yaml names it: a lowercase BCP 47 tag such as `en`, `nl`, `pt` or `pt-br`. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

/** The site's languages: the default one first. */
export interface LanguageList {
  /** The default language, published at the root. */
  default: string;
  /** Every language, the default first, then in company.yaml's order. */
  codes: readonly string[];
}

/** The site's languages from company.yaml's `defaultLanguage` and `languages`: the default first, then the others in their order. */
export function languageListOf(company: { defaultLanguage: string; languages: readonly string[] }): LanguageList {
  const others = company.languages.filter((code) => code !== company.defaultLanguage);
  return { default: company.defaultLanguage, codes: [company.defaultLanguage, ...others] };
}

/** The path prefix of `language`'s pages: `''` for the default language, `/nl` for Dutch. */
export function languagePrefix(languages: LanguageList, language: string): string {
  return language === languages.default ? '' : `/${language}`;
}

/** `path` in `language`: `/services/x` -> `/nl/services/x`; `/` -> `/nl`. `path` is a default-language path. */
export function localizedPath(languages: LanguageList, language: string, path: string): string {
  const prefix = languagePrefix(languages, language);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The language of a site path: the first segment when it names a language other than the default, else the default. */
export function languageOfPath(languages: LanguageList, path: string): string {
  const first = /^\/([^/.]+)(?:\/|$|\.)/.exec(path)?.[1];
  return first && first !== languages.default && languages.codes.includes(first) ? first : languages.default;
}

/** A path without its language prefix: `/nl/services/x` -> `/services/x`, `/nl` -> `/`. */
export function unlocalizedPath(languages: LanguageList, path: string): string {
  const language = languageOfPath(languages, path);
  if (language === languages.default) return path;
  const rest = path.slice(language.length + 1);
  return rest === '' || rest === '/' ? '/' : rest.startsWith('.') ? `/index${rest}` : rest;
}

/**
 * A translation's text with its `{placeholders}` filled: `fill('Case studies in {name}', { name: 'Retail' })`.
 * A placeholder without a value stays as written, so a mistake shows instead of vanishing.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The language of a link's page when it is not the linking page's own: a page a language does
 * not publish (its about, contact or privacy page) is linked in the default language instead.
 * `code` goes to the link's `hreflang` (and `lang`, where the link's words are in that language);
 * `name` is the language's name in itself ("English"), shown after the link's words so a reader
 * knows before following it.
 */
export interface LinkLanguage {
  code: string;
  name: string;
}
