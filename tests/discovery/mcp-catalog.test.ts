import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { agentSkill } from '../../src/discovery/agent-skills.ts';
import { aiCatalog } from '../../src/discovery/ai-catalog.ts';
import { ardEntries } from '../../src/discovery/ard.ts';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { mcpCatalog } from '../../src/discovery/mcp-catalog.ts';
import { serverCard } from '../../src/discovery/server-card.ts';
import { siteFiles } from '../../src/build/site-files.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { sampleArtefacts, sampleModel } from '../support/sample-site.ts';
import { fixtureModel, fixtureTools } from './fixtures.ts';

/**
 * The MCP Catalog as the server-card extension's drafts define it (docs/discovery.md, up to July
 * 2026): `specVersion` "draft" and entries of exactly these members, every one required by one
 * draft or another (`mediaType` by the earlier, `type` by the later; `displayName` by the earlier).
 */
const catalogSchema = z.strictObject({
  specVersion: z.literal('draft'),
  entries: z.array(
    z.strictObject({
      identifier: z.string().regex(/^urn:air:[a-z0-9.-]+(:[a-z0-9._-]+)?:[a-z0-9._-]+$/),
      displayName: z.string().min(1),
      type: z.literal('application/mcp-server-card+json'),
      mediaType: z.literal('application/mcp-server-card+json'),
      url: z.url(),
    }),
  ),
});

describe('mcpCatalog', () => {
  const model = fixtureModel();
  const ard = ardEntries(model, [agentSkill(model, fixtureTools)], ['search_site'], '2026-11-20T10:00:00.000Z');
  const catalog = mcpCatalog(ard);

  test("is the drafts' format, with the one server and nothing else (the skill is no MCP server)", () => {
    expect(catalogSchema.parse(catalog)).toEqual(catalog);
    expect(catalog).toEqual({
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:fieldstone.example:mcp:site',
          displayName: 'Fieldstone Works MCP server',
          type: 'application/mcp-server-card+json',
          mediaType: 'application/mcp-server-card+json',
          url: 'https://www.fieldstone.example/api/mcp/server-card',
        },
      ],
    });
  });

  test("points at the card beside the endpoint: the server's first remote plus /server-card", () => {
    const card = serverCard(model.company);
    expect(catalog.entries[0]!.url).toBe(`${card.remotes[0]!.url}/server-card`);
  });

  test("ends its identifier with the card's name after the slash, anchored in the card's domain", () => {
    // The drafts: `urn:air:{publisher}:{namespace}:{name}`, name the part of the card's name after "/".
    const { name } = serverCard(model.company);
    const [reversed, suffix] = name.split('/');
    const domain = reversed!.split('.').reverse().join('.');
    expect(catalog.entries[0]!.identifier).toBe(`urn:air:${domain}:mcp:${suffix}`);
  });

  test('names the server as the ARD manifest and the AI catalog do: one identifier, type and card URL', () => {
    const [server] = ard;
    const fromAiCatalog = aiCatalog(model.company, ard, '2026-11-20T10:00:00.000Z').entries.find(
      (entry) => entry.type === DISCOVERY_FILES.serverCard.contentType,
    );
    for (const other of [server, fromAiCatalog])
      expect(catalog.entries[0]).toMatchObject({
        identifier: other!.identifier,
        displayName: other!.displayName,
        type: other!.type,
        url: other!.url,
      });
  });

  test('an ARD manifest without an MCP server makes an empty catalog (the drafts allow one)', () => {
    expect(mcpCatalog(ard.slice(1))).toEqual({ specVersion: 'draft', entries: [] });
  });

  test('the build writes it at /.well-known/mcp/catalog.json as application/json', () => {
    const file = siteFiles(sampleModel(), sampleArtefacts()).find((candidate) => candidate.path === ROUTES.mcpCatalog);
    expect(file?.contentType).toBe('application/json');
    expect(catalogSchema.parse(JSON.parse(file!.body)).entries.map((entry) => entry.url)).toEqual([
      'https://www.northbeam.example/api/mcp/server-card',
    ]);
  });
});
