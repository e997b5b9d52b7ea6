/**
 * The editor's script (src/cms/admin-script.ts) without the editor: every MDX component the sample
 * content uses reads into its editor block and writes back byte for byte, and the pre-save hook
 * renews the translation record exactly for the translations a save changed, with the digests
 * `npm run content -- mark` writes (so an unchanged translation keeps its record).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { COMPONENTS, digestOf, withTranslationRecords } from '../../src/cms/admin-script.ts';
import { readContentFile } from '../../src/model/load-sources.ts';
import { COLLECTION_NAMES } from '../../src/schemas/collections.ts';

const COLLECTIONS_WITH_RECORDS = COLLECTION_NAMES;

const root = path.resolve(import.meta.dirname, '../..');

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    return item.isDirectory() ? mdxFiles(full) : item.name.endsWith('.mdx') ? [full] : [];
  });
}

const files = mdxFiles(path.join(root, 'content')).map((file) => ({
  file: path.relative(root, file),
  text: readFileSync(file, 'utf8'),
}));

describe('the MDX components as editor blocks', () => {
  test('every component in the sample content reads into its block and writes back unchanged', () => {
    let seen = 0;
    for (const { file, text } of files) {
      const { body } = readContentFile(text, file);
      for (const component of COMPONENTS) {
        const pattern = new RegExp(component.pattern.source, 'gm');
        for (const match of body.matchAll(pattern)) {
          seen++;
          expect(component.toBlock(component.fromBlock(match)), `${component.id} in ${file}`).toBe(match[0]);
        }
      }
    }
    // Callouts, metrics, quotes, calls to action and both retention periods occur in the sample.
    expect(seen).toBeGreaterThan(40);
  });

  test('a figure reads into its block and back: with a caption, without one, and decorative', () => {
    const figure = COMPONENTS.find((component) => component.id === 'figure')!;
    for (const text of [
      '<Figure src="./images/plan.svg" alt="The plan in three waves">\nHow the waves were planned.\n</Figure>',
      '<Figure src="./images/plan.svg" alt="The plan in three waves" />',
      '<Figure src="./images/texture.jpg" decorative />',
    ]) {
      const match = new RegExp(figure.pattern.source).exec(text)!;
      expect(figure.toBlock(figure.fromBlock(match))).toBe(text);
    }
    expect(
      figure.fromBlock(new RegExp(figure.pattern.source).exec('<Figure src="x.jpg" decorative />')!),
    ).toMatchObject({
      decorative: true,
      alt: '',
    });
  });

  test('a block made in the editor is the JSX the build reads', () => {
    const callout = COMPONENTS.find((component) => component.id === 'callout')!;
    expect(callout.toBlock({ type: 'tip', title: 'Say "why"', body: 'Text with **bold**.\n' })).toBe(
      '<Callout type="tip" title="Say &quot;why&quot;">\nText with **bold**.\n</Callout>',
    );
    const metrics = COMPONENTS.find((component) => component.id === 'metrics')!;
    expect(metrics.toBlock({ items: [{ value: '45', label: 'engineers' }] })).toBe(
      '<Metrics>\n  <Metric value="45" label="engineers" />\n</Metrics>',
    );
  });
});

/** A stand-in for the Immutable.js map the editor hands its hooks: getIn and setIn on plain data. */
class FakeEntry {
  constructor(readonly value: Record<string, unknown>) {}
  get(key: 'collection') {
    return this.value[key];
  }
  getIn(keys: readonly string[]) {
    const found = keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.value);
    return found === undefined ? undefined : { toJS: () => structuredClone(found) as Record<string, unknown> };
  }
  setIn(keys: readonly string[], item: unknown): FakeEntry {
    const copy = structuredClone(this.value);
    let node = copy;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = item;
    return new FakeEntry(copy);
  }
}

/** An entry of the sample as the editor holds it: the frontmatter's fields and `body`. */
function asEditorData(file: string): Record<string, unknown> {
  const { raw, body } = readContentFile(readFileSync(path.join(root, file), 'utf8'), file);
  return { ...(raw as Record<string, unknown>), body };
}

describe('the translation record in a save', () => {
  const original = asEditorData('content/services/cloud-migration.mdx');
  const nl = asEditorData('content/nl/services/cloud-migration.mdx');
  const pt = asEditorData('content/pt/services/cloud-migration.mdx');
  const entry = (data: Record<string, unknown>, translations: Record<string, Record<string, unknown>>) =>
    new FakeEntry({
      collection: 'services',
      data,
      i18n: Object.fromEntries(Object.entries(translations).map(([code, d]) => [code, { data: d }])),
    });

  test("the editor's digest of an unchanged translation is the one mark recorded", async () => {
    expect(await digestOf(nl)).toBe((nl.translation as { text: string }).text);
    expect(await digestOf(original)).toBe((nl.translation as { source: string }).source);
  });

  test('a save that changes only the original leaves every record as it was (they go stale)', async () => {
    const saved = (await withTranslationRecords(
      entry({ ...original, title: 'Cloud moves' }, { nl, pt }),
      COLLECTIONS_WITH_RECORDS,
    )) as FakeEntry;
    expect(saved.getIn(['i18n', 'nl', 'data'])!.toJS().translation).toEqual(nl.translation);
    expect(saved.getIn(['i18n', 'pt', 'data'])!.toJS().translation).toEqual(pt.translation);
  });

  test("a save that changes a translation renews its record with the original's digest now", async () => {
    const changedOriginal = { ...original, title: 'Cloud moves' };
    const changedNl = { ...nl, title: 'Cloudverhuizingen' };
    const saved = (await withTranslationRecords(
      entry(changedOriginal, { nl: changedNl, pt }),
      COLLECTIONS_WITH_RECORDS,
    )) as FakeEntry;
    expect(saved.getIn(['i18n', 'nl', 'data'])!.toJS().translation).toEqual({
      source: await digestOf(changedOriginal),
      text: await digestOf(changedNl),
    });
    expect(saved.getIn(['i18n', 'pt', 'data'])!.toJS().translation).toEqual(pt.translation);
  });

  test('the settings files (strings.yaml, company.yaml) get no record', async () => {
    const strings = new FakeEntry({
      collection: 'strings',
      data: { language: { name: 'English' } },
      i18n: { nl: { data: { language: { name: 'Nederlands' } } } },
    });
    expect(await withTranslationRecords(strings, COLLECTIONS_WITH_RECORDS)).toBe(strings);
  });

  test('a new translation gets its first record; an empty optional field changes no digest', async () => {
    const fresh = {
      title: 'Cloudmigração',
      summary: 'x'.repeat(30),
      order: 2,
      body: 'Texto.',
      quote: { text: '' },
      outcomes: [],
    };
    const saved = (await withTranslationRecords(entry(original, { pt: fresh }), COLLECTIONS_WITH_RECORDS)) as FakeEntry;
    expect(saved.getIn(['i18n', 'pt', 'data'])!.toJS().translation).toEqual({
      source: await digestOf(original),
      text: await digestOf({ title: 'Cloudmigração', summary: 'x'.repeat(30), order: 2, body: 'Texto.' }),
    });
  });
});
