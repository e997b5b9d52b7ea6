/**
 * The translation record is the editors' bookkeeping: nothing the site publishes carries it. The
 * sample's translations hold records (`npm run content -- mark --all`), and none of their digests
 * appears in the Markdown and discovery files, the API function's head and artefacts (page
 * records, listings, search index: what the MCP tools answer from) or any page's structured data.
 * The HTML pages name each field they show (src/pages, src/components), so they cannot show it.
 */
import { describe, expect, test } from 'vitest';
import { siteFiles } from '../../src/build/site-files.ts';
import { jsonLdScriptText, structuredDataFor } from '../../src/discovery/structured-data.ts';
import { readContentFiles } from '../../src/translations/content-files.ts';
import { ROOT, sampleArtefacts, sampleModel } from '../support/sample-site.ts';

const records = () =>
  Object.values(readContentFiles(ROOT).translations)
    .flat()
    .map((file) => file.data.translation as { source: string; text: string } | undefined);

describe('the translation record', () => {
  test('is in every sample translation (they start current), and in no file the build writes', () => {
    const digests = records().flatMap((record) => {
      expect(record).toEqual({
        source: expect.stringMatching(/^[0-9a-f]{12}$/),
        text: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
      return [record!.source, record!.text];
    });
    expect(digests.length).toBeGreaterThan(20);
    const model = sampleModel();
    const artefacts = sampleArtefacts();
    const decoder = new TextDecoder();
    const outputs = [
      ...siteFiles(model, artefacts).map((file) => ({ name: file.path, body: file.body })),
      { name: 'agent head', body: JSON.stringify(artefacts.agent.head) },
      ...artefacts.agent.files.map((file) => ({
        name: file.file,
        body: typeof file.body === 'string' ? file.body : decoder.decode(file.body),
      })),
      ...[...model.languages.models.values()].flatMap((language) =>
        language.sitePages.map((page) => ({
          name: `JSON-LD of ${page.path}`,
          body: jsonLdScriptText(structuredDataFor(language, page)),
        })),
      ),
    ];
    expect(outputs.length).toBeGreaterThan(200);
    const leaking = outputs.filter(
      ({ body }) => /"translation"|\btranslation:/.test(body) || digests.some((digest) => body.includes(digest)),
    );
    expect(leaking.map(({ name }) => name)).toEqual([]);
  });
});
