/** Tests src/build/build-artefacts.ts (kept beside the discovery tests it ties together). */
import { describe, expect, test } from 'vitest';
import { llmsFullTxt } from '../../src/discovery/llms-full-txt.ts';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { markdownPages } from '../../src/build/page-markdown.ts';
import { siteFiles } from '../../src/build/site-files.ts';
import { serverCard } from '../../src/discovery/server-card.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { DRAFT_MARK, realModel } from './fixtures.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

describe('buildArtefacts', () => {
  const model = realModel();
  const artefacts = buildArtefacts(model, '2026-11-20T10:00:00.000Z');

  test("takes the tools from the MCP core's list", () => {
    expect(artefacts.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
  });

  test("puts exactly the llms.txt and llms-full.txt text into the function's profile artefact", () => {
    expect(artefacts.profile.short).toBe(llmsTxt(model, artefacts.tools));
    expect(artefacts.profile.full).toBe(llmsFullTxt(model, artefacts.tools, markdownPages(model)));
    const profile = artefacts.agent.files.find((file) => file.file === ARTEFACT_FILES.profile)!;
    expect(JSON.parse(profile.body as string)).toEqual(artefacts.profile);
    expect(artefacts.agent.head).toMatchObject({
      generatedAt: '2026-11-20T10:00:00.000Z',
      buildId: artefacts.buildId,
      tools: artefacts.tools,
    });
    expect(artefacts.profile.short).not.toContain(DRAFT_MARK);
  });

  test("hands the function the server card: the bytes of the card file, the site's own card", () => {
    const file = siteFiles(model, artefacts).find((candidate) => candidate.path === ROUTES.serverCard)!;
    expect(file.body).toBe(artefacts.agent.head.serverCard);
    expect(JSON.parse(artefacts.agent.head.serverCard)).toEqual(serverCard(model.company, model.languages.codes));
  });

  test('makes one agent skill whose digest covers its text', () => {
    expect(artefacts.skills).toHaveLength(1);
    expect(artefacts.skills[0]!.markdown).toContain('`start_conversation`');
  });
});
