/**
 * /sitemap.xml (sitemaps.org 0.9): every published HTML page on the base host, with `lastmod`
 * for the pages whose entry carries a date (case studies and insights). Undated pages get no
 * `lastmod` rather than a made-up one.
 *
 * On a multilingual site it lists every language's pages (the default language's first), and
 * each `<url>` names its language versions the way search engines read them
 * (developers.google.com/search/docs/specialty/international/localized-versions#sitemap):
 * `<xhtml:link rel="alternate" hreflang="<code>" href="…"/>` for every language that has the page,
 * itself included (`pageAlternates`, reciprocal by construction: an industry or tag page names
 * its counterparts, whatever they are called), and `hreflang="x-default"` for the default
 * language's version, or the page's first where the default language has none. A one-language
 * sitemap has none of this.
 */
import { defaultAlternate, pageAlternates, type SiteModel, type SitePage } from '../model/model.ts';

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The `hreflang` value of the version search engines show when no language matches the reader's. */
export const X_DEFAULT = 'x-default';

/** The entry's date (YYYY-MM-DD) for dated entries, else undefined. */
export function lastModified(page: SitePage): string | undefined {
  const data = page.entry?.data;
  return data && 'date' in data ? data.date : undefined;
}

/**
 * A page's language versions as `[hreflang, url]`: each language that has it (itself included),
 * then x-default: the default language's version, or for a page the default language does not
 * have (a translated industry with no English case study on its second page…) its first version,
 * so every entry names one.
 */
export function hreflangLinks(model: SiteModel, page: SitePage): [string, string][] {
  const alternates = pageAlternates(model, page);
  const links: [string, string][] = alternates.map((alternate) => [alternate.language, alternate.url]);
  const fallback = defaultAlternate(model, alternates);
  if (fallback) links.push([X_DEFAULT, fallback.url]);
  return links;
}

export function sitemapXml(model: SiteModel): string {
  const multilingual = model.languages.codes.length > 1;
  const pages = model.languages.codes.flatMap((code) => model.languages.models.get(code)!.sitePages);
  const urls = pages.map((page) => {
    const lastmod = lastModified(page);
    const alternates = multilingual
      ? hreflangLinks(model, page).map(
          ([hreflang, href]) =>
            `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>\n`,
        )
      : [];
    return `  <url>\n    <loc>${escapeXml(page.url)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}${alternates.join('')}  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    multilingual
      ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
      : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
