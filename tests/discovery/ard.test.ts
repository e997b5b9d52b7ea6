import { describe, expect, test } from 'vitest';
import { agentSkill } from '../../src/discovery/agent-skills.ts';
import { ardManifest, serverQueries, SKILL_MEDIA_TYPE } from '../../src/discovery/ard.ts';
import { ARD_URN, ardProblems } from '../../src/discovery/ard-rules.ts';
import { serverCard } from '../../src/discovery/server-card.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';
import { sampleModel } from '../support/sample-site.ts';
import { fixtureModel, fixtureTools } from './fixtures.ts';

const UPDATED = '2026-11-20T10:00:00.000Z';

describe('the ARD manifest', () => {
  const model = sampleModel();
  const skill = agentSkill(model, fixtureTools);
  const manifest = ardManifest(model, [skill], TOOL_NAMES, UPDATED);
  const [server, skillEntry] = manifest.entries;

  test("has nothing ARD's rules find wrong, errors or warnings", () => {
    expect(ardProblems(manifest, 'northbeam.example')).toEqual([]);
    expect(ardProblems(ardManifest(fixtureModel(), [], [], UPDATED), 'fieldstone.example')).toEqual([]);
  });

  test("passes Lighthouse's own ARD conformance check (its ard-schema audit) without an error or a warning", async () => {
    const { ConformanceTester } = await import('lighthouse/third-party/ard/ard.js');
    const tester = new ConformanceTester();
    tester.validate_manifest(JSON.stringify(manifest), 'ard.json');
    expect({ errors: tester.errors, warnings: tester.warnings }).toEqual({ errors: [], warnings: [] });
    // The check can fail: the AI catalog's other entries are not ARD discovery types.
    const legacy = new ConformanceTester();
    legacy.validate_manifest(JSON.stringify({ ...manifest, entries: [{ ...server, type: 'text/plain' }] }), 'x');
    expect(legacy.warnings).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/not one of standard discovery types/) }),
    ]);
  });

  test('lists the MCP server by its card and the skill with the skills profile, nothing else', () => {
    expect(manifest.entries.map((entry) => entry.type)).toEqual(['application/mcp-server-card+json', SKILL_MEDIA_TYPE]);
    // The card beside the endpoint, where MCP reserves it (the one under .well-known is the same card).
    expect(server!.url).toBe('https://www.northbeam.example/api/mcp/server-card');
    expect(skillEntry!.url).toBe(`https://www.northbeam.example${skill.path}`);
    expect(manifest.host).toEqual({
      displayName: 'Northbeam Engineering',
      identifier: 'northbeam.example',
      documentationUrl: 'https://www.northbeam.example/mcp.md',
    });
  });

  test("anchors every identifier in the company's domain", () => {
    for (const entry of manifest.entries) expect(ARD_URN.exec(entry.identifier)![1]).toBe('northbeam.example');
    expect(server!.identifier).toBe('urn:air:northbeam.example:mcp:site');
    expect(new Set(manifest.entries.map((entry) => entry.identifier)).size).toBe(manifest.entries.length);
  });

  test("names the server's tools, its version and languages as the server card does", () => {
    const card = serverCard(model.company, model.languages.codes);
    expect(server!.capabilities).toEqual([...TOOL_NAMES]);
    expect(server!.version).toBe(card.version);
    expect(server!.metadata).toEqual({ languages: 'en nl pt' });
    const single = ardManifest(fixtureModel(), [], TOOL_NAMES, UPDATED).entries[0]!;
    expect(single).not.toHaveProperty('metadata');
  });

  test("writes the representative queries from the site's content", () => {
    const [services, first, second, industry, contact] = server!.representativeQueries;
    expect(services).toBe('What services does Northbeam Engineering offer?');
    expect(first).toBe(`Who can help us with ${model.services[0]!.data.title}?`);
    expect(second).toBe(`Who can help us with ${model.services[1]!.data.title}?`);
    const mostUsed = Math.max(...model.industries.map((facet) => facet.count));
    expect(
      model.industries
        .filter((facet) => facet.count === mostUsed)
        .map((facet) => industry!.endsWith(`in ${facet.name}?`)),
    ).toContain(true);
    expect(contact).toMatch(/contact Northbeam Engineering/);
    expect(skillEntry!.representativeQueries).toHaveLength(2);
  });

  test('keeps two queries on a site with no services or case studies, in its own language', () => {
    const bare = fixtureModel();
    const empty = { ...bare, services: [], industries: [] };
    expect(serverQueries(empty)).toEqual([
      'What services does Fieldstone Works offer?',
      'How do I contact Fieldstone Works about a new project?',
    ]);
    const dutch = sampleModel().languages.models.get('nl')!;
    expect(serverQueries(dutch)[0]).toBe('Welke diensten biedt Northbeam Engineering aan?');
  });
});

describe("ARD's rules", () => {
  const entry = {
    identifier: 'urn:air:example.com:mcp:site',
    displayName: 'Server',
    type: 'application/mcp-server-card+json',
    url: 'https://example.com/.well-known/mcp/server-card.json',
    representativeQueries: ['Who builds data platforms?', 'Who runs Kubernetes for us?'],
  };
  const manifest = (entries: object[], extra: object = {}) => ({ specVersion: '1.0', entries, ...extra });

  test('find the errors and the warnings Lighthouse scores down', () => {
    expect(ardProblems(manifest([entry]), 'example.com')).toEqual([]);
    expect(ardProblems(manifest([entry], { specVersion: '0.9' }))).toEqual([expect.stringMatching(/^specVersion/)]);
    expect(ardProblems(manifest([entry], { collections: [] }))).toEqual([expect.stringMatching(/collections/)]);
    expect(ardProblems(manifest([{ ...entry, identifier: 'site' }]))).toEqual([
      expect.stringMatching(/identifier: is not urn:air/),
    ]);
    expect(ardProblems(manifest([{ ...entry, data: {} }]))).toEqual([
      expect.stringMatching(/exactly one of url and data/),
    ]);
    expect(ardProblems(manifest([{ ...entry, type: 'text/plain' }]))).toEqual([
      expect.stringMatching(/type text\/plain is not one of ARD's discovery types/),
    ]);
    expect(ardProblems(manifest([{ ...entry, representativeQueries: ['one'] }]))).toEqual([
      expect.stringMatching(/has 1 representativeQueries, not 2-5/),
    ]);
    expect(ardProblems(manifest([entry]), 'other.example')).toEqual([
      expect.stringMatching(/is not in other\.example/),
    ]);
  });
});
