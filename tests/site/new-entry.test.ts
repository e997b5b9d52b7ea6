/**
 * What an editor expects: a new case study file, with nothing else changed, shows up as its page
 * and Markdown sibling, in the listings and its industry filter, llms.txt, llms-full.txt, the
 * sitemap, the search index and the API function's artefacts; the same file marked as a draft
 * shows up nowhere.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sitemapXml } from '../../src/discovery/sitemap-xml.ts';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { agentOf, searchWith } from '../support/sample-site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

function siteWith(file: string, text: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'new-entry-'));
  dirs.push(dir);
  cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  writeFileSync(path.join(dir, 'content/case-studies', file), text);
  const model = buildSiteModel(loadSources(dir));
  return { model, artefacts: buildArtefacts(model) };
}

const study = (draft: boolean) => `---
title: Teaching a shipyard's planners to trust the schedule
client: Quayside Shipbuilders
industry: Shipbuilding
summary: Planners kept three spreadsheets because nobody trusted the scheduling system; we fixed the data and the system.
services: [data-engineering]
date: 2026-11-01
draft: ${draft}
---

## Context

The yard's Marmalade scheduler was accurate only on paper.
`;

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a new case study', () => {
  test('appears in every artefact once published', async () => {
    const { model, artefacts } = siteWith('quayside-shipbuilders.mdx', study(false));
    const page = artefacts.pages.find((item) => item.path === '/case-studies/quayside-shipbuilders');
    expect(page?.markdownPath).toBe('/case-studies/quayside-shipbuilders.md');
    expect(page?.markdown).toMatch(/^# Teaching a shipyard's planners to trust the schedule\n/);
    expect(page?.markdown).toContain('Marmalade scheduler');

    const listing = artefacts.pages.find((item) => item.path === '/case-studies');
    expect(listing?.markdown).toContain('[Teaching a shipyard');
    expect(artefacts.pages.find((item) => item.path === '/case-studies/industry/shipbuilding')?.markdown).toContain(
      'Quayside Shipbuilders',
    );
    expect(artefacts.pages.find((item) => item.path === '/')?.markdown).toContain(
      '/case-studies/quayside-shipbuilders',
    ); // newest, so on the home page
    expect(artefacts.pages.find((item) => item.path === '/services/data-engineering')?.markdown).toContain(
      '/case-studies/quayside-shipbuilders',
    );

    expect(artefacts.profile.short).toContain('https://www.northbeam.example/case-studies/quayside-shipbuilders.md');
    expect(artefacts.profile.full).toContain('Marmalade scheduler');
    expect(sitemapXml(model)).toContain('<loc>https://www.northbeam.example/case-studies/quayside-shipbuilders</loc>');
    const agent = agentOf(artefacts);
    const studies = await agent.artefacts.caseStudies();
    expect(studies.items[0]).toMatchObject({ client: 'Quayside Shipbuilders', industry: 'Shipbuilding' });
    expect(studies.industries.map((facet) => facet.name)).toContain('Shipbuilding');
    expect(agent.head.facets.industries.values).toContain('Shipbuilding');
    expect((await agent.artefacts.page('/case-studies/quayside-shipbuilders'))?.markdown).toBe(page?.markdown);
    const { results } = await searchWith(agent, 'marmalade');
    expect(results[0]?.url).toBe('https://www.northbeam.example/case-studies/quayside-shipbuilders');
  });

  test('appears nowhere as a draft', async () => {
    const { model, artefacts } = siteWith('quayside-shipbuilders.mdx', study(true));
    const everything = [
      ...artefacts.pages.map((page) => `${page.path}\n${page.markdown}`),
      artefacts.profile.short,
      artefacts.profile.full,
      sitemapXml(model),
      JSON.stringify(artefacts.agent.head),
      ...artefacts.agent.files.map(({ file, body }) => `${file}\n${typeof body === 'string' ? body : ''}`),
    ].join('\n');
    expect(everything).not.toMatch(/quayside|marmalade|shipbuilding/i);
    expect((await searchWith(agentOf(artefacts), 'marmalade')).results).toEqual([]);
  });

  test('with a broken internal link fails the build, naming the file and the fix', () => {
    expect(() =>
      siteWith(
        'broken.mdx',
        study(false).replace('## Context', 'See [the old page](/services/retired).\n\n## Context'),
      ),
    ).toThrow(
      /content\/case-studies\/broken\.mdx \(line \d+\): the link to "\/services\/retired" points to \/services\/retired, which is not a published page/,
    );
  });

  test('with bad frontmatter fails the build, naming the file, the field and the fix', () => {
    expect(() => siteWith('bad.mdx', study(false).replace('date: 2026-11-01', 'date: 1 Nov 2026'))).toThrow(
      /content\/case-studies\/bad\.mdx: the frontmatter does not match the schema:\n {2}- date: `date` must be a real date written YYYY-MM-DD/,
    );
    expect(() => siteWith('bad.mdx', study(false).replace('[data-engineering]', '[plumbing]'))).toThrow(
      /content\/case-studies\/bad\.mdx: `services` names "plumbing", which is not the id \(file name\) of a published service\. The service ids \(file names\) are: ai-llm-integration, cloud-migration, /,
    );
  });
});
