/**
 * An editor's search phrases (`searchPhrases` in the frontmatter, docs/content.md): search finds
 * the page by them, weighed as its summary is, and nothing shows them: not the page's Markdown,
 * llms.txt, llms-full.txt or any file the function answers from.
 */
import { describe, expect, test } from 'vitest';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { searchDocuments } from '../../src/build/search-index.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { ENGLISH_ANALYZER } from '../../src/search/analyzers.ts';
import { ROOT } from '../support/sample-site.ts';
import { rankerOf, searchDocument } from '../support/search-documents.ts';

/** Words no page of the sample has. */
const MARKER = 'quarrelsome zeppelin timetables';

describe('search phrases', () => {
  test("find their page, weighed as the page's summary", async () => {
    const phrase = 'every department brings different sales figures';
    const rank = await rankerOf(
      [
        searchDocument('/phrased', { phrases: phrase }),
        searchDocument('/summarised', { summary: phrase }),
        searchDocument('/other', { text: 'A page about something else entirely.' }),
      ],
      ENGLISH_ANALYZER,
    );
    const { hits } = rank('departments bring different figures', 5);
    expect(hits.map((hit) => hit.id).sort()).toEqual(['/phrased', '/summarised']);
    expect(hits[0]!.score).toBeCloseTo(hits[1]!.score, 9);
  });

  test('are read from the frontmatter, and shown nowhere: no Markdown, llms.txt or artefact has them', async () => {
    const sources = structuredClone(loadSources(ROOT));
    const service = sources.services.find((item) => item.file === 'content/services/platform-engineering.mdx')!;
    service.data.searchPhrases = [...(service.data.searchPhrases ?? []), MARKER];
    const model = buildSiteModel(sources);

    const documents = searchDocuments(model);
    expect(documents.find((doc) => doc.id === '/services/platform-engineering')!.phrases).toContain(MARKER);
    const rank = await rankerOf(documents, ENGLISH_ANALYZER);
    expect(rank('zeppelin timetables', 3).hits.map((hit) => hit.id)).toEqual(['/services/platform-engineering']);

    const artefacts = buildArtefacts(model, '2026-01-01T00:00:00.000Z', 'test');
    // What is published: every page's Markdown, each language's llms.txt and llms-full.txt, the
    // skills, and the files the function answers from.
    const shown = JSON.stringify([
      artefacts.languages.map(({ pages, profile }) => [pages.map((page) => page.markdown), profile]),
      artefacts.skills,
      artefacts.agent.head,
      artefacts.agent.files.map(({ body }) => (typeof body === 'string' ? body : new TextDecoder().decode(body))),
    ]);
    expect(shown).toContain('Platform engineering');
    // The index holds the phrase's stems ("quarrelsom"), as it holds the body's; no file has its words.
    expect(shown.toLowerCase()).not.toContain(MARKER);
    expect(shown.toLowerCase()).not.toContain('quarrelsome');
  });
});
