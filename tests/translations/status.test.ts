/**
 * The translations' state (src/translations/status.ts) over a small site with one of each case
 * planted: a current translation, one whose original was edited after it was marked (stale), one
 * never marked (stale), an original with no translation (missing) or only a draft one, a draft
 * original (not missing), translations without a published original (orphans) and a draft
 * translation of a draft original (nothing to report); and what --json, the report and the
 * build's line make of it.
 */
import { describe, expect, test } from 'vitest';
import { formatStatus, LIST_LIMIT } from '../../scripts/content/format.ts';
import { entryDigest } from '../../src/translations/digest.ts';
import {
  statusJson,
  statusSummary,
  translationStatus,
  type ContentFile,
  type ContentFiles,
} from '../../src/translations/status.ts';

const entry = (path: string, data: Record<string, unknown>, body = 'Text.'): ContentFile => ({ path, data, body });

/** A translation of `original` marked up to date with it as it is. */
async function markedFrom(original: ContentFile, path: string, data: Record<string, unknown>): Promise<ContentFile> {
  const translation = entry(path, data, 'Tekst.');
  const record = {
    source: await entryDigest(original.data, original.body),
    text: await entryDigest(translation.data, translation.body),
  };
  return { ...translation, data: { ...data, translation: record } };
}

async function site(): Promise<ContentFiles> {
  const platform = entry('content/services/platform.mdx', { title: 'Platform', order: 1 });
  const cloud = entry('content/services/cloud.mdx', { title: 'Cloud', order: 2 });
  const data = entry('content/services/data.mdx', { title: 'Data', order: 3 });
  const quantum = entry('content/services/quantum.mdx', { title: 'Quantum', order: 4, draft: true });
  const about = entry('content/pages/about.mdx', { title: 'About', description: 'Who we are.' });
  const careers = entry('content/pages/careers.mdx', { title: 'Careers', description: 'Work here.' });
  const labs = entry('content/services/labs.mdx', { title: 'Labs', order: 5, draft: true });
  const cloudBefore = entry(cloud.path, { title: 'Cloud', order: 2 }, 'Old text.');
  return {
    defaultLanguage: 'en',
    languages: ['nl', 'pt'],
    originals: [about, careers, cloud, data, labs, platform, quantum],
    translations: {
      nl: [
        await markedFrom(platform, 'content/nl/services/platform.mdx', { title: 'Platform', order: 1 }),
        // Marked when the original's body was another: the original was edited since.
        await markedFrom(cloudBefore, 'content/nl/services/cloud.mdx', { title: 'Cloud', order: 2 }),
        entry('content/nl/pages/about.mdx', { title: 'Over ons', description: 'Wie we zijn.' }),
        entry('content/nl/pages/careers.mdx', { title: 'Werken bij', description: 'Bij ons.', draft: true }),
        entry('content/nl/services/quantum.mdx', { title: 'Kwantum', order: 4 }),
        entry('content/nl/services/gone.mdx', { title: 'Weg', order: 9 }),
        // A draft of a draft: nothing is published, nothing to report.
        entry('content/nl/services/labs.mdx', { title: 'Lab', order: 5, draft: true }),
      ],
      pt: [],
    },
  };
}

describe('translationStatus', () => {
  test('sorts every original into missing, stale or current per language, and finds the orphans', async () => {
    const status = await translationStatus(await site());
    expect(status.languages.nl).toEqual({
      missing: ['content/pages/careers.mdx', 'content/services/data.mdx'],
      stale: ['content/pages/about.mdx', 'content/services/cloud.mdx'],
      current: ['content/services/platform.mdx'],
      unmarked: ['content/pages/about.mdx'],
      drafts: ['content/pages/careers.mdx'],
    });
    // A language with no translation misses every published original, and no draft one.
    expect(status.languages.pt!.missing).toEqual([
      'content/pages/about.mdx',
      'content/pages/careers.mdx',
      'content/services/cloud.mdx',
      'content/services/data.mdx',
      'content/services/platform.mdx',
    ]);
    expect(status.orphans).toEqual([
      {
        path: 'content/nl/services/gone.mdx',
        language: 'nl',
        original: 'content/services/gone.mdx',
        reason: 'absent',
      },
      {
        path: 'content/nl/services/quantum.mdx',
        language: 'nl',
        original: 'content/services/quantum.mdx',
        reason: 'draft',
      },
    ]);
  });

  test('a translation is current again once the original is as it was when it was marked, however re-written', async () => {
    const files = await site();
    const cloud = files.originals.find((file) => file.path === 'content/services/cloud.mdx')!;
    const restored = { ...cloud, body: '\n  Old\r\n  text.  \n', data: { order: 2, title: ' Cloud', draft: false } };
    const status = await translationStatus({
      ...files,
      originals: files.originals.map((file) => (file === cloud ? restored : file)),
    });
    expect(status.languages.nl!.current).toEqual(['content/services/cloud.mdx', 'content/services/platform.mdx']);
  });

  test('--json is exactly the languages with three lists of originals, and the orphans beside them', async () => {
    const json = statusJson(await translationStatus(await site()));
    expect(JSON.parse(JSON.stringify(json))).toStrictEqual({
      languages: {
        nl: {
          missing: ['content/pages/careers.mdx', 'content/services/data.mdx'],
          stale: ['content/pages/about.mdx', 'content/services/cloud.mdx'],
          current: ['content/services/platform.mdx'],
        },
        pt: {
          missing: [
            'content/pages/about.mdx',
            'content/pages/careers.mdx',
            'content/services/cloud.mdx',
            'content/services/data.mdx',
            'content/services/platform.mdx',
          ],
          stale: [],
          current: [],
        },
      },
      orphans: ['content/nl/services/gone.mdx', 'content/nl/services/quantum.mdx'],
    });
    expect(Object.keys(json)).toEqual(['languages', 'orphans']);
    expect(Object.keys(json.languages.nl!)).toEqual(['missing', 'stale', 'current']);
  });

  test("the build's line counts each language, and says nothing on a site in one language", async () => {
    expect(statusSummary(await translationStatus(await site()))).toBe(
      'translations: nl 1 current, 2 stale, 2 missing · pt 0 current, 0 stale, 5 missing · 2 without a published original',
    );
    const oneLanguage = await translationStatus({ ...(await site()), languages: [], translations: {} });
    expect(statusSummary(oneLanguage)).toBeUndefined();
    expect(statusJson(oneLanguage)).toEqual({ languages: {}, orphans: [] });
  });
});

describe('the report (npm run content -- status)', () => {
  test('counts per language, the paths to act on with why, the orphans, and what to do next', async () => {
    const report = formatStatus(await translationStatus(await site()));
    expect(report).toContain(
      [
        'nl: 1 current, 2 stale, 2 missing',
        '  stale: the original changed after the translation was last marked up to date, or it never was',
        '    content/nl/pages/about.mdx  (never marked)',
        '    content/nl/services/cloud.mdx',
        '  missing: published in en, not in nl',
        '    content/pages/careers.mdx  (content/nl/pages/careers.mdx is a draft)',
        '    content/services/data.mdx',
        '',
        'pt: 0 current, 0 stale, 5 missing',
      ].join('\n'),
    );
    expect(report).toContain(
      [
        'orphans: 2 translation(s) without a published original',
        '    content/nl/services/gone.mdx  (content/services/gone.mdx does not exist: the build stops on it)',
        '    content/nl/services/quantum.mdx  (content/services/quantum.mdx is a draft)',
      ].join('\n'),
    );
    expect(report).toContain('      npm run content -- mark content/nl/pages/about.mdx\n');
    expect(report).toContain('- Orphan of a draft: the translation is not published while its original is a draft');
  });

  test('a long list is cut, with a pointer to --json; a site in one language is told so', async () => {
    const files = await site();
    const many = Array.from({ length: LIST_LIMIT + 5 }, (_, index) =>
      entry(`content/insights/post-${String(index).padStart(2, '0')}.mdx`, { title: `Post ${index}` }),
    );
    const report = formatStatus(await translationStatus({ ...files, originals: [...files.originals, ...many] }));
    expect(report).toContain(`    … and ${5 + 2} more (--json lists them all)`);
    expect(formatStatus(await translationStatus({ ...files, languages: [], translations: {} }))).toBe(
      'content/company.yaml lists no language besides en: there is nothing to translate.\n' +
        'To add one, see docs/content.md, "Adding a language".\n',
    );
    const done = await translationStatus({ ...files, originals: [], translations: {} });
    expect(formatStatus(done)).toContain('Every translation is current.');
  });
});
