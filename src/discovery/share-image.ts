/**
 * The image a page is shared with (Open Graph's `og:image`, X's large card): every page of every
 * language has one, 1200 x 630, PNG or JPEG, at an absolute URL on the base host.
 * - A page whose entry has a raster cover of at least that size shares its cover, cropped to it
 *   and served as JPEG by the image CDN (src/site/images.ts).
 * - Every other page shares a card the build draws from its title, its kind, the company's name,
 *   logo and colours, in its language (src/build/share-cards.ts). A card's file is named by the
 *   digest of what it shows, so an unchanged page's card is the same file (kept between builds
 *   in a cache), a changed one a new URL (share previews cache images by URL), and pages that
 *   show the same (a listing's later pages) share one file.
 * Pure: the page templates (BaseLayout.astro), the build's cards and the preview all ask here.
 */
import { createHash } from 'node:crypto';
import type { SitePage, SiteModel } from '../model/types.ts';
import { CARD_PREFIX, imageCdnUrl, isResizable, SHARE_IMAGE, type ImageUse } from '../site/images.ts';
import { absoluteUrl } from '../site/urls.ts';

/** Raised when the cards' drawing changes, so every card is drawn again (src/build/share-cards.ts). */
export const CARD_DESIGN_VERSION = 1;

/** What a card shows: the build draws it from this alone. */
export interface CardSpec {
  /** Where it is published: `/_og/<digest>.png`. */
  path: string;
  /** Its digest, the file's name. */
  key: string;
  language: string;
  /** The page's kind as a reader sees it ("Case study"), or none (home, listings, standalone pages). */
  kind?: string;
  title: string;
  /** A line under the title: the home page's tagline. */
  subtitle?: string;
  company: string;
  /** The site's host name, at the bottom of the card. */
  host: string;
  colors: { primary: string; accent: string; dark: string };
  /** The company's logo (content/logo.svg), drawn beside its name. */
  logo?: string;
}

export interface ShareImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  alt: string;
  /** The card the build draws for it, when the page does not share its cover. */
  card?: CardSpec;
}

/** The cover a page shares, when it has one the card's size can be cut from. */
function shareableCover(page: SitePage): ImageUse | undefined {
  const cover = page.entry?.cover;
  return cover &&
    isResizable(cover.asset) &&
    cover.asset.width >= SHARE_IMAGE.width &&
    cover.asset.height >= SHARE_IMAGE.height
    ? cover
    : undefined;
}

/** The reader's word for the kind of entry a page shows, in its language. */
function kindLabel(model: SiteModel, page: Pick<SitePage, 'kind'>): string | undefined {
  const words = model.strings.site;
  switch (page.kind) {
    case 'service':
      return words.service;
    case 'case-study':
      return words.caseStudy;
    case 'insight':
      return words.insight;
    case 'person':
      return model.strings.team.title;
    default:
      return undefined;
  }
}

/** The card of `page` (one that shows no cover): what it shows and where it is published. */
export function cardSpecOf(model: SiteModel, page: Pick<SitePage, 'kind' | 'title'>): CardSpec {
  const { company } = model;
  const kind = kindLabel(model, page);
  const content = {
    version: CARD_DESIGN_VERSION,
    language: model.language,
    ...(kind ? { kind } : {}),
    title: page.title,
    ...(page.kind === 'home' ? { subtitle: company.tagline } : {}),
    company: company.name,
    host: new URL(company.baseUrl).host,
    colors: { primary: company.colors.primary, accent: company.colors.accent, dark: company.colors.dark },
    ...(model.logo ? { logo: model.logo } : {}),
  };
  const key = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 20);
  const { version: _version, ...shown } = content;
  return { path: `${CARD_PREFIX}${key}.png`, key, ...shown };
}

/** The image `page` is shared with. A page outside the model (the 404 page) shares the home page's card. */
export function shareImageOf(model: SiteModel, page: SitePage | undefined): ShareImage {
  const cover = page && shareableCover(page);
  if (cover)
    return {
      url: absoluteUrl(
        model.company.baseUrl,
        imageCdnUrl(cover.asset, { ...SHARE_IMAGE, fit: 'cover', format: 'jpeg' }),
      ),
      ...SHARE_IMAGE,
      type: 'image/jpeg',
      alt: cover.alt,
    };
  const card = cardSpecOf(model, page ?? { kind: 'home', title: model.company.name });
  const label = card.kind ? `${card.kind}: ${card.title}` : card.title;
  return {
    url: absoluteUrl(model.company.baseUrl, card.path),
    ...SHARE_IMAGE,
    type: 'image/png',
    alt: card.title === card.company ? card.title : `${label} · ${card.company}`,
    card,
  };
}

/** Every card the site's pages share, in every language, once each (pages that show the same share one). */
export function shareCards(model: SiteModel): CardSpec[] {
  const cards = new Map<string, CardSpec>();
  for (const languageModel of model.languages.models.values())
    for (const page of [...languageModel.sitePages, undefined]) {
      const { card } = shareImageOf(languageModel, page);
      if (card) cards.set(card.key, card);
    }
  return [...cards.values()];
}
