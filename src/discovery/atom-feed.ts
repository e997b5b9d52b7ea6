/**
 * The Atom 1.0 feeds (RFC 4287) of the insights and the case studies, one of each per language
 * that has such entries, beside the listing (`/insights/feed.xml`, `/nl/insights/feed.xml`),
 * written with the `feed` package. Each lists that language's newest FEED_ENTRIES entries
 * (src/site/bounds.ts), newest first; drafts are not in the model, so never in a feed.
 *
 * An entry is the entry's summary, not its article: its title, its page's absolute URL (also its
 * id), its date (published and updated: entries carry one date), its author (an insight's, with
 * their page's URL when they are one of the company's people) or team (a case study's people),
 * its tags (an insight's) or industry (a case study's) as categories, and its image: the one its
 * page is shared with (src/discovery/share-image.ts: the cover at 1200 x 630 as JPEG, or the
 * page's card), both as an enclosure link and in the entry's content, which is that image and the
 * summary. The article itself is read on the page (or as its Markdown sibling): the MDX body is
 * written for the site's components, and a reader following the link sees it as it is meant.
 *
 * The feed's title is the listing's title and the company's name ("Insights · Northbeam"), its
 * author the company (an entry without people of its own is the company's), its `updated` the
 * newest entry's date, so an unchanged site writes the same bytes.
 */
import { Feed, type Item } from 'feed';
import type { CaseStudy, Insight, SiteModel, SitePage } from '../model/model.ts';
import { FEED_ENTRIES } from '../site/bounds.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import { ATOM_CONTENT_TYPE, FEEDS, type FeedKey } from './discovery-files.ts';
import { shareImageOf, type ShareImage } from './share-image.ts';

/** One feed of one language. */
export interface SiteFeed {
  key: FeedKey;
  language: string;
  /** Its path and absolute URL: `/nl/insights/feed.xml`. */
  path: string;
  url: string;
  /** "Insights · Northbeam": what a feed reader calls it, and the title of the page's `<link>`. */
  title: string;
  /** The listing it follows (`/nl/insights`). */
  listing: SitePage;
  /** The entries it lists, newest first. */
  entries: readonly (Insight | CaseStudy)[];
}

/** The feeds of `model`'s language, the insights' first: one per listing that has entries. */
export function siteFeeds(model: SiteModel): SiteFeed[] {
  const { company, routes } = model;
  const feed = (key: FeedKey, listingPath: string, entries: readonly (Insight | CaseStudy)[]): SiteFeed[] => {
    const listing = model.index.pages.get(listingPath);
    if (!listing || !entries.length) return [];
    const path = routes[FEEDS[key].route];
    return [
      {
        key,
        language: model.language,
        path,
        url: absoluteUrl(company.baseUrl, path),
        title: `${listing.title} · ${company.name}`,
        listing,
        entries: entries.slice(0, FEED_ENTRIES),
      },
    ];
  };
  return [
    ...feed('insights', routes.insights, model.insights),
    ...feed('caseStudies', routes.caseStudies, model.caseStudies),
  ];
}

/**
 * The feeds a page names in its head (`<link rel="alternate">`): every page its language's
 * feeds, since feed readers look for them on whatever address they are given; a case study's
 * page and the case study listings the case studies' feed first, every other page the insights'.
 */
export function pageFeeds(model: SiteModel, page: SitePage | undefined): SiteFeed[] {
  const feeds = siteFeeds(model);
  const caseStudiesFirst = page?.kind === 'case-study' || page?.listing?.of === 'case-studies';
  return caseStudiesFirst ? feeds.reverse() : feeds;
}

/** Every language's feeds, the default language's first. */
export function allFeeds(model: SiteModel): SiteFeed[] {
  return model.languages.codes.flatMap((code) => siteFeeds(model.languages.models.get(code)!));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as HTML: the package writes titles, summaries and content as `type="html"`. */
const html = (text: string) => text.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character]!);

/** An entry's date (YYYY-MM-DD) as the start of that day in UTC. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** The content of an entry: its image, then its summary. */
function contentOf(image: ShareImage, summary: string): string {
  return (
    `<p><img src="${html(image.url)}" alt="${html(image.alt)}" width="${image.width}" height="${image.height}"></p>` +
    `<p>${html(summary)}</p>`
  );
}

function itemOf(model: SiteModel, entry: Insight | CaseStudy): Item & { image: { url: string; type: string } } {
  const page = model.index.pages.get(entry.path);
  const image = shareImageOf(model, page);
  const people =
    entry.kind === 'insight'
      ? [{ name: entry.author.name, ...(entry.author.person ? { link: entry.author.person.url } : {}) }]
      : entry.team.map((person) => ({ name: person.data.name, link: person.url }));
  const categories = entry.kind === 'insight' ? entry.data.tags : [entry.data.industry];
  const date = dayOf(entry.data.date);
  return {
    title: html(entry.data.title),
    id: entry.url,
    link: entry.url,
    date,
    published: date,
    description: html(entry.data.summary),
    content: contentOf(image, entry.data.summary),
    ...(people.length ? { author: people } : {}),
    category: categories.map((term) => ({ term })),
    image: { url: image.url, type: image.type },
  };
}

/** A URL as the package writes it in an attribute. */
const writtenUrl = (url: string) => new URL(url).toString().replace(/&/g, '&amp;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The enclosures with the image's own media type: the package's Atom writer names it from the
 * URL's file extension, which an image CDN URL (`/.netlify/images?url=…`) has none of. Where
 * the package gets it right, this changes nothing.
 */
function withEnclosureTypes(xml: string, images: readonly { url: string; type: string }[]): string {
  return images.reduce(
    (text, image) =>
      text.replace(
        new RegExp(`(<link rel="enclosure" href="${escapeRegExp(writtenUrl(image.url))}") type="[^"]*"`),
        `$1 type="${image.type}"`,
      ),
    xml,
  );
}

const ATOM_ROOT = '<feed xmlns="http://www.w3.org/2005/Atom">';

/** The feed's text. */
export function atomFeed(model: SiteModel, siteFeed: SiteFeed): string {
  const { company } = model;
  const items = siteFeed.entries.map((entry) => itemOf(model, entry));
  const feed = new Feed({
    id: siteFeed.url,
    title: siteFeed.title,
    description: siteFeed.listing.description,
    link: siteFeed.listing.url,
    feed: siteFeed.url,
    updated: items[0]?.date ?? new Date(0),
    author: { name: company.name, link: company.baseUrl },
    favicon: absoluteUrl(company.baseUrl, ROUTES.favicon),
    generator: false,
  });
  for (const item of items) feed.addItem(item);
  const xml = feed.atom1();
  // The package writes no `xml:lang` (its `language` option is RSS's): the feed's language.
  if (!xml.includes(ATOM_ROOT)) throw new Error(`The feed package wrote no ${ATOM_ROOT}`);
  const lang = `${ATOM_ROOT.slice(0, -1)} xml:lang="${html(siteFeed.language)}">`;
  return `${withEnclosureTypes(
    xml.replace(ATOM_ROOT, lang),
    items.map((item) => item.image),
  )}\n`;
}

/** Every language's feed files, as the build writes them. */
export function feedFiles(model: SiteModel): { path: string; body: string; contentType: string }[] {
  return allFeeds(model).map((siteFeed) => ({
    path: siteFeed.path,
    body: atomFeed(model.languages.models.get(siteFeed.language)!, siteFeed),
    contentType: ATOM_CONTENT_TYPE,
  }));
}
