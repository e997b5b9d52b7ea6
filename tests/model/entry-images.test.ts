/**
 * src/model/entry-images.ts through the site model: the images entries name (covers, a client's
 * logo, the home page's picture, a body's images and figures), what a translation shows, and the
 * editors' mistakes the build stops on, each naming the file.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, ContentError, type SiteModel, type SiteSources } from '../../src/model/model.ts';
import { ROOT } from '../support/sample-site.ts';

let root: string;
let pristine: SiteSources;

/** The sample's sources reading images from a copy of its content/ with the test's images, with `change` made to them. */
function modelWith(change: (sources: SiteSources) => void): SiteModel {
  const sources = structuredClone(pristine);
  sources.images = { root };
  change(sources);
  return buildSiteModel(sources);
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0b4f6c' } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  pristine = loadSources(ROOT);
  // The sample's own images, and the test's beside them.
  root = mkdtempSync(path.join(os.tmpdir(), 'entry-images-'));
  cpSync(path.join(ROOT, 'content'), path.join(root, 'content'), { recursive: true });
  const files: Record<string, Buffer | string> = {
    'content/case-studies/images/cover.jpg': await picture(1600, 900),
    'content/case-studies/images/small.jpg': await picture(800, 450),
    'content/case-studies/images/logo.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100"/></svg>',
    'content/nl/case-studies/images/eigen.jpg': await picture(1600, 900),
    'content/images/home.jpg': await picture(1600, 900),
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  }
});

const STUDY = 'medora-clinics-cloud-migration';
const study = (sources: SiteSources, code?: string) =>
  (code ? sources.translations![code]!.caseStudies : sources.caseStudies).find((entry) => entry.slug === STUDY)!;

describe('covers and logos', () => {
  test("an entry's cover and a client's logo are resolved, published once and shown in the Markdown", () => {
    const model = modelWith((sources) => {
      study(sources).data.cover = { src: './images/cover.jpg', alt: 'Two data centres and a cloud' };
      study(sources).data.clientLogo = { src: 'images/logo.svg', alt: 'Medora Clinics logo' };
    });
    const entry = model.caseStudies.find((item) => item.slug === STUDY)!;
    expect(entry.cover).toMatchObject({ alt: 'Two data centres and a cloud', asset: { width: 1600, height: 900 } });
    expect(entry.clientLogo?.asset).toMatchObject({ format: 'svg', width: 300, height: 100 });
    expect([...model.images.keys()]).toEqual(
      expect.arrayContaining(['content/case-studies/images/cover.jpg', 'content/case-studies/images/logo.svg']),
    );
  });

  test("a translation shows its original's image: with its own alt text, or with the original's, marked and warned about", () => {
    const model = modelWith((sources) => {
      study(sources).data.cover = { src: './images/cover.jpg', alt: 'Two data centres and a cloud' };
      study(sources, 'nl').data.cover = { alt: 'Twee datacenters en een wolk' };
      delete study(sources, 'pt').data.cover;
    });
    const dutch = model.languages.models.get('nl')!.caseStudies.find((item) => item.slug === STUDY)!;
    const portuguese = model.languages.models.get('pt')!.caseStudies.find((item) => item.slug === STUDY)!;
    expect(dutch.cover).toMatchObject({
      alt: 'Twee datacenters en een wolk',
      asset: { file: 'content/case-studies/images/cover.jpg' },
    });
    expect(dutch.cover?.altLanguage).toBeUndefined();
    expect(portuguese.cover).toMatchObject({ alt: 'Two data centres and a cloud', altLanguage: 'en' });
    expect(model.warnings).toEqual([
      expect.stringMatching(
        /^content\/pt\/case-studies\/medora-clinics-cloud-migration\.mdx: shows the original's `cover` image with its English alt text/,
      ),
    ]);
  });

  test('a translation names its own file beside it', () => {
    const model = modelWith((sources) => {
      study(sources).data.cover = { src: './images/cover.jpg', alt: 'Two data centres and a cloud' };
      study(sources, 'nl').data.cover = { src: './images/eigen.jpg', alt: 'Een eigen plaatje' };
    });
    const dutch = model.languages.models.get('nl')!.caseStudies.find((item) => item.slug === STUDY)!;
    expect(dutch.cover?.asset.file).toBe('content/nl/case-studies/images/eigen.jpg');
  });

  test("a draft's images are not published", () => {
    const model = modelWith((sources) => {
      const draft = sources.caseStudies.find((entry) => entry.data.draft)!;
      draft.data.cover = { src: './images/cover.jpg', alt: 'A cover nobody sees' };
    });
    expect([...model.images.keys()]).not.toContain('content/case-studies/images/cover.jpg');
  });

  test("the home page's picture, with each language's alt text", () => {
    const model = modelWith((sources) => {
      sources.company.image = { src: 'images/home.jpg', alt: 'The harbour at dusk' };
      sources.translations!.nl!.company = {
        ...sources.translations!.nl!.company,
        image: { alt: 'De haven bij schemer' },
      };
    });
    expect(model.homeImage).toMatchObject({ alt: 'The harbour at dusk', asset: { file: 'content/images/home.jpg' } });
    expect(model.languages.models.get('nl')!.homeImage?.alt).toBe('De haven bij schemer');
    expect(model.languages.models.get('nl')!.company.image?.alt).toBe('De haven bij schemer');
  });

  test.each([
    [
      'a missing file',
      { src: './images/none.jpg', alt: 'Something' },
      /medora-clinics-cloud-migration\.mdx: `cover\.src`: "\.\/images\/none\.jpg" names no file/,
    ],
    [
      'a remote image',
      { src: 'https://cdn.example/x.jpg', alt: 'Something' },
      /`cover\.src`: "https:\/\/cdn\.example\/x\.jpg" is not a file of the site/,
    ],
  ])('stops on %s, naming the file and the field', (_, cover, problem) => {
    expect(() => modelWith((sources) => (study(sources).data.cover = cover))).toThrow(ContentError);
    expect(() => modelWith((sources) => (study(sources).data.cover = cover))).toThrow(problem);
  });

  test('stops on alt text without a file in an original', () => {
    expect(() => modelWith((sources) => (study(sources).data.cover = { alt: 'Something' }))).toThrow(
      /medora-clinics-cloud-migration\.mdx: `cover` has alt text but no `src`/,
    );
  });
});

describe("a body's images", () => {
  const withBody = (body: string) =>
    modelWith((sources) => {
      study(sources).body = `${body}\n\n${study(sources).body}`;
    });
  const markdownOf = (model: SiteModel) => model.caseStudies.find((item) => item.slug === STUDY)!.bodyMarkdown;

  test('an image and a figure become absolute links to the published files, with their alt text and caption', () => {
    const model = withBody(
      '![Two data centres](./images/cover.jpg)\n\n<Figure src="./images/logo.svg" alt="The migration plan">How the waves were planned.</Figure>',
    );
    const markdown = markdownOf(model);
    expect(markdown).toMatch(
      /!\[Two data centres\]\(https:\/\/www\.northbeam\.example\/_images\/cover-[0-9a-f]{8}\.jpg\)/,
    );
    expect(markdown).toMatch(
      /!\[The migration plan\]\(https:\/\/www\.northbeam\.example\/_images\/logo-[0-9a-f]{8}\.svg\)\n\n_How the waves were planned\._/,
    );
  });

  test('a decorative figure leaves the Markdown, its caption stays', () => {
    const markdown = markdownOf(withBody('<Figure src="./images/cover.jpg" decorative>A quiet moment.</Figure>'));
    expect(markdown).not.toContain('/_images/');
    expect(markdown).toContain('_A quiet moment._');
  });

  test.each([
    [
      'an image without alt text',
      '![](./images/cover.jpg)',
      /medora-clinics-cloud-migration\.mdx \(line 1\): the image !\[\]\(\.\/images\/cover\.jpg\) has no alt text/,
    ],
    [
      'a figure without alt text',
      '<Figure src="./images/cover.jpg" />',
      /\(line 1\): <Figure src="\.\/images\/cover\.jpg"> needs alt="…"/,
    ],
    [
      'a figure both decorative and described',
      '<Figure src="./images/cover.jpg" alt="x" decorative />',
      /has alt="…" too/,
    ],
    [
      'a missing file',
      '![A map](./images/none.png)',
      /medora-clinics-cloud-migration\.mdx \(line 1\): "\.\/images\/none\.png" names no file/,
    ],
    [
      'a reference-style image',
      '![A map][map]\n\n[map]: ./images/cover.jpg',
      /write the image with its file's path in place/,
    ],
  ])('stops on %s, naming the file and the line', (_, body, problem) => {
    expect(() => withBody(body)).toThrow(problem);
  });
});
