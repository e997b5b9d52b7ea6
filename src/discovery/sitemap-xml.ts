/**
 * /sitemap.xml (sitemaps.org 0.9): every published HTML page on the base host, with `lastmod`
 * for the pages whose entry carries a date (case studies and insights). Undated pages get no
 * `lastmod` rather than a made-up one.
 */
import type { SiteModel, SitePage } from '../model/model.ts';

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The entry's date (YYYY-MM-DD) for dated entries, else undefined. */
export function lastModified(page: SitePage): string | undefined {
  const data = page.entry?.data;
  return data && 'date' in data ? data.date : undefined;
}

export function sitemapXml(model: SiteModel): string {
  const urls = model.sitePages.map((page) => {
    const lastmod = lastModified(page);
    return `  <url>\n    <loc>${escapeXml(page.url)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
