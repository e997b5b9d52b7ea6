import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { agentSkill } from '../../src/discovery/agent-skills.ts';
import { aiCatalog } from '../../src/discovery/ai-catalog.ts';
import { ardEntries } from '../../src/discovery/ard.ts';
import { allFeeds } from '../../src/discovery/atom-feed.ts';
import { llmsLanguages } from '../../src/discovery/llms-languages.ts';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { fixtureCompany, fixtureModel, fixtureTools, realModel } from './fixtures.ts';

const entrySchema = z
  .object({
    identifier: z.string().regex(/^urn:air:(fieldstone|northbeam)\.example:[a-z]+:[a-z0-9-]+$/),
    displayName: z.string().min(1),
    mediaType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+(; profile="[^"]+")?$/),
    type: z.string(),
    url: z.string().url(),
    description: z.string().min(1),
    tags: z.array(z.string()).min(1),
    capabilities: z.array(z.string()).optional(),
    representativeQueries: z.array(z.string()).min(2).max(5).optional(),
    version: z.string().optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    updatedAt: z.string().datetime(),
  })
  .strict();
const catalogSchema = z.object({
  specVersion: z.string().regex(/^\d+\.\d+$/),
  host: z.object({ displayName: z.string(), identifier: z.string(), documentationUrl: z.string().url() }),
  entries: z.array(entrySchema),
});

describe('aiCatalog', () => {
  const model = fixtureModel();
  const skill = agentSkill(model, fixtureTools);
  const ard = ardEntries(model, [skill], ['search_site'], '2026-11-20T10:00:00.000Z');
  const catalog = catalogSchema.parse(aiCatalog(fixtureCompany, ard, '2026-11-20T10:00:00.000Z'));
  const byUrl = (path: string) =>
    catalog.entries.find((entry) => entry.url === `https://www.fieldstone.example${path}`);

  test('names the host', () => {
    expect(catalog.specVersion).toBe('1.0');
    expect(catalog.host).toEqual({
      displayName: 'Fieldstone Works',
      identifier: 'fieldstone.example',
      documentationUrl: 'https://www.fieldstone.example/mcp.md',
    });
  });

  test('has an entry for every machine-readable file, the MCP endpoint and the skill', () => {
    // The server card at both its addresses: the server, by the card beside the endpoint, and the
    // card at the contract's path.
    const files = [...Object.values(DISCOVERY_FILES).map((file) => file.path), ROUTES.mcpServerCard];
    for (const path of [...files, skill.path]) {
      expect(byUrl(path), path).toBeDefined();
    }
    expect(catalog.entries).toHaveLength(Object.keys(DISCOVERY_FILES).length + 2);
    expect(byUrl('/.well-known/mcp/server-card.json')).toMatchObject({
      identifier: 'urn:air:fieldstone.example:mcp:server-card',
      type: 'application/mcp-server-card+json',
    });
    expect(byUrl(ROUTES.mcpCatalog)).toMatchObject({
      identifier: 'urn:air:fieldstone.example:catalog:mcp-catalog',
      type: 'application/json',
    });
  });

  test('gives each entry the same media type as mediaType and type, without charset', () => {
    for (const entry of catalog.entries) {
      expect(entry.type, entry.url).toBe(entry.mediaType);
      expect(entry.mediaType).not.toContain('charset');
    }
    expect(byUrl('/api/mcp/server-card')).toMatchObject({
      type: 'application/mcp-server-card+json',
      identifier: 'urn:air:fieldstone.example:mcp:site',
    });
    expect(byUrl('/.well-known/api-catalog')!.mediaType).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(byUrl('/llms.txt')!.mediaType).toBe('text/plain');
    // The skill with ARD's skills profile, as the ARD manifest lists it.
    expect(byUrl(skill.path)!.mediaType).toBe('text/markdown; profile="urn:air:agent-skills"');
  });

  test('lists the MCP server and the skill exactly as the ARD manifest does', () => {
    for (const entry of ard) expect(byUrl(new URL(entry.url).pathname)).toEqual({ ...entry, mediaType: entry.type });
    expect(byUrl('/.well-known/ard.json')).toMatchObject({
      identifier: 'urn:air:fieldstone.example:catalog:ard',
      type: 'application/ai-catalog+json',
    });
  });

  test('uses unique identifiers and the build time as updatedAt', () => {
    expect(new Set(catalog.entries.map((entry) => entry.identifier)).size).toBe(catalog.entries.length);
    expect(new Set(catalog.entries.map((entry) => entry.updatedAt))).toEqual(new Set(['2026-11-20T10:00:00.000Z']));
  });
});

describe('aiCatalog: the feeds', () => {
  test("lists every language's Atom feeds, as Atom, each language's after the default's", () => {
    const real = realModel();
    const catalog = catalogSchema.parse(
      aiCatalog(real.company, [], '2026-11-20T10:00:00.000Z', llmsLanguages(real), allFeeds(real)),
    );
    const feeds = catalog.entries.filter((entry) => entry.mediaType === 'application/atom+xml');
    expect(feeds.map((entry) => new URL(entry.url).pathname)).toEqual(allFeeds(real).map((feed) => feed.path));
    expect(feeds.find((entry) => entry.url === 'https://www.northbeam.example/insights/feed.xml')).toMatchObject({
      identifier: 'urn:air:northbeam.example:feeds:insights-feed',
      displayName: 'Insights · Northbeam Engineering',
      type: 'application/atom+xml',
      tags: ['feed', 'atom', 'insights', 'en'],
    });
    const dutch = feeds.find((entry) => entry.url === 'https://www.northbeam.example/nl/case-studies/feed.xml')!;
    expect(dutch.identifier).toBe('urn:air:northbeam.example:feeds:case-studies-feed-nl');
    expect(dutch.description).toMatch(/ In Dutch \(nl\)\.$/);
    expect(new Set(catalog.entries.map((entry) => entry.identifier)).size).toBe(catalog.entries.length);
  });

  test('a site without insights or case studies lists no feed', () => {
    const catalog = aiCatalog(fixtureCompany, [], '2026-11-20T10:00:00.000Z', [], []);
    expect(catalog.entries.some((entry) => entry.mediaType === 'application/atom+xml')).toBe(false);
  });
});
