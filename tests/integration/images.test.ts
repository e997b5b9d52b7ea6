/**
 * The site's images as netlify-cli serves them (`npm start`), over HTTP and in Chromium under
 * the production headers: every case study and insight in every language shows its cover with
 * alt text, size and responsive sources; the image CDN's URLs answer AVIF, WebP and JPEG; the
 * originals and cards carry their cache and CORP headers; every kind of page has a share card
 * that fetches as a 1200 x 630 image; the Markdown, the JSON-LD and list_case_studies carry the
 * images; a phone downloads no more of them than the goals allow (docs/performance.md).
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { modelOfLanguage } from '../../src/model/model.ts';
import { shareImageOf } from '../../src/discovery/share-image.ts';
import { IMAGE_MEDIA_TYPES, MODERN_FORMATS } from '../../src/site/images.ts';
import { sampleModel } from '../support/sample-site.ts';
import { layoutShifts, screenshotDir, useChromium } from './chromium.ts';
import { baseUrl, get, MCP_HEADERS, PUBLIC_ORIGIN } from './http.ts';
import path from 'node:path';

const model = sampleModel();
const languages = [...model.languages.models.values()];
const entries = languages.flatMap((own) =>
  [...own.caseStudies, ...own.insights].map((entry) => ({ language: own.language, entry })),
);

/** The first <picture> or <img class="cover-image"> of a page: its <img> attributes and its sources' types. */
function coverOf(html: string): { img: Record<string, string>; sources: string[] } | undefined {
  const picture = /<picture>([\s\S]*?)<\/picture>/.exec(html.slice(html.indexOf('class="container cover"')))?.[1];
  if (!picture) return undefined;
  const tag = /<img\b([^>]*)>/.exec(picture)![1]!;
  const img = Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  return { img, sources: [...picture.matchAll(/<source type="([^"]+)"/g)].map((match) => match[1]!) };
}

const unescape = (value: string) => value.replace(/&amp;/g, '&');

describe('every case study and insight, in every language', () => {
  test.each(entries.map(({ language, entry }) => [entry.path, language, entry] as const))(
    '%s shows its cover with alt text, size and responsive sources',
    async (pagePath, _language, entry) => {
      expect(entry.cover, `${entry.file} has a cover`).toBeDefined();
      const html = await (await get(pagePath)).text();
      const cover = coverOf(html);
      expect(cover, pagePath).toBeDefined();
      expect(cover!.img.alt).toBe(entry.cover!.alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
      expect(Number(cover!.img.width)).toBe(entry.cover!.asset.width);
      expect(Number(cover!.img.height)).toBe(entry.cover!.asset.height);
      expect(cover!.img.fetchpriority).toBe('high');
      expect(cover!.img.loading).toBe('eager');
      expect(cover!.sources).toEqual(MODERN_FORMATS.map((format) => IMAGE_MEDIA_TYPES[format]));
      expect(cover!.img.srcset!.split(', ').length).toBeGreaterThan(2);
    },
  );
});

describe('the image CDN and the originals', () => {
  const cover = model.caseStudies.find((study) => study.cover?.asset.format === 'jpeg')!.cover!;

  test.each([
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
    ['jpg', 'image/jpeg'],
  ])('a cover at 640 pixels as %s', async (format, type) => {
    const response = await get(`/.netlify/images?url=${cover.asset.path}&w=640&fm=${format}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.width).toBe(640);
  });

  test('the original is the file itself, cached for a year and embeddable anywhere', async () => {
    const response = await get(cover.asset.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(response.headers.get('content-length') ?? (await response.clone().arrayBuffer()).byteLength)).toBe(
      cover.asset.bytes,
    );
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });
});

describe('share cards', () => {
  const kinds = new Map(
    languages.flatMap((own) => own.sitePages.map((page) => [`${own.language} ${page.kind}`, page])),
  );

  test.each([...kinds.entries()])('%s: og:image fetches as a 1200 x 630 PNG or JPEG', async (_, page) => {
    const html = await (await get(page.path)).text();
    const meta = (name: string) =>
      unescape(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
    const image = meta('og:image');
    expect(image.startsWith(`${PUBLIC_ORIGIN}/`), image).toBe(true);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:image:alt').length).toBeGreaterThan(3);
    expect(meta('twitter:card')).toBe('summary_large_image');
    const response = await get(image);
    expect(response.status, image).toBe(200);
    expect(['image/png', 'image/jpeg']).toContain(response.headers.get('content-type'));
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
    expect(meta('og:image:type')).toBe(response.headers.get('content-type'));
  });

  test('a page without a cover shares the card the build drew for it', async () => {
    const page = model.sitePages.find((candidate) => candidate.kind === 'listing')!;
    const { url, card } = shareImageOf(model, page);
    expect(card).toBeDefined();
    expect((await get(url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('images for agents', () => {
  const study = model.caseStudies.find((candidate) => candidate.cover)!;

  test("the Markdown has the cover as ![alt](absolute URL), in every language's version", async () => {
    for (const own of languages) {
      const translated = own.caseStudies.find((candidate) => candidate.slug === study.slug && candidate.cover);
      if (!translated) continue;
      const markdown = await (await get(translated.path, { headers: { Accept: 'text/markdown' } })).text();
      expect(markdown).toContain(`![${translated.cover!.alt}](${PUBLIC_ORIGIN}${translated.cover!.asset.path})`);
    }
  });

  test('the JSON-LD has the cover as an ImageObject with its alt text', async () => {
    const html = await (await get(study.path)).text();
    const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      '@graph': { '@type': string; image?: { url: string; caption: string; width: string } }[];
    };
    const article = graph['@graph'].find((node) => node['@type'] === 'Article')!;
    expect(article.image).toMatchObject({
      url: `${PUBLIC_ORIGIN}${study.cover!.asset.path}`,
      caption: study.cover!.alt,
      width: String(study.cover!.asset.width),
    });
  });

  test('list_case_studies carries each case study’s image', async () => {
    const response = await get('/api/mcp', {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_case_studies', arguments: { limit: 50 } },
      }),
    });
    const { result } = (await response.json()) as {
      result: { structuredContent: { caseStudies: { url: string; image?: { url: string; alt: string } }[] } };
    };
    const item = result.structuredContent.caseStudies.find((candidate) => candidate.url === study.url)!;
    expect(item.image).toMatchObject({ url: `${PUBLIC_ORIGIN}${study.cover!.asset.path}`, alt: study.cover!.alt });
    expect((await get(item.image!.url)).status).toBe(200);
  });
});

describe('in Chromium, under the production headers', () => {
  const browser = useChromium();
  const study = model.caseStudies.find((candidate) => candidate.cover?.asset.format === 'jpeg')!;

  test('a phone (390 px, 3x) loads the cover as WebP, within 150 KB and twice the HTML, with no layout shift', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
    });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const sizes = new Map<string, { type: string; bytes: number }>();
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.set(response.url(), { type: response.headers()['content-type'] ?? '', bytes: body.byteLength });
    });
    await page.goto(`${baseUrl()}${study.path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.cover-image')?.complete);
    const loaded = await page.evaluate(() => {
      const image = document.querySelector('.cover-image') as HTMLImageElement;
      return { src: image.currentSrc, natural: image.naturalWidth };
    });
    expect(loaded.natural).toBeGreaterThan(0);
    expect(loaded.src).toMatch(/fm=webp/);
    await page.screenshot({ path: path.join(screenshotDir(), 'case-study-cover-390.png') });
    await page.waitForTimeout(300);
    const cover = sizes.get(loaded.src)!;
    expect(cover.type).toBe('image/webp');
    expect(cover.bytes, 'the cover at 390 px and 3x').toBeLessThanOrEqual(150 * 1024);
    const html = [...sizes.entries()].find(([url]) => url === `${baseUrl()}${study.path}`)![1].bytes;
    const images = [...sizes.values()]
      .filter((entry) => entry.type.startsWith('image/'))
      .reduce((sum, entry) => sum + entry.bytes, 0);
    expect(images, `images ${images} B against the HTML's ${html} B`).toBeLessThanOrEqual(2 * html);
    // CLS as Lighthouse shows it (three decimals): 0. A fresh-clone CI run once measured 0.000026
    // here, a sub-pixel move that did not happen again in later runs (cause not found); a shift
    // anyone could see is hundreds of times that.
    const shift = await layoutShifts(page);
    expect(shift).toBeLessThan(0.0005);
    expect(violations).toEqual([]);
    await context.close();
  });

  test('a desktop (1280 px) shows every image of a page with a figure, none broken', async () => {
    const insight = modelOfLanguage(model, 'en').insights.find((candidate) => candidate.body.includes('<Figure'))!;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${insight.path}`, { waitUntil: 'load' });
    await page.evaluate(() => {
      for (const image of document.images) image.loading = 'eager';
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const broken = await page.evaluate(() =>
      [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc),
    );
    expect(broken).toEqual([]);
    expect(await page.locator('figure.figure figcaption').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(screenshotDir(), 'insight-figure-1280.png'), fullPage: true });
    await context.close();
  });
});
