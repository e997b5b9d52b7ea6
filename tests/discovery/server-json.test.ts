import { describe, expect, test } from 'vitest';
import { registryDomain, registryProblems } from '../../src/discovery/registry-rules.ts';
import { serverCard } from '../../src/discovery/server-card.ts';
import { SERVER_JSON_SCHEMA, serverJson } from '../../src/discovery/server-json.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { sampleModel } from '../support/sample-site.ts';
import { fixtureCompany } from './fixtures.ts';

describe('the MCP Registry entry', () => {
  const { company } = sampleModel();
  const entry = serverJson(company);
  const card = serverCard(company);

  test("is valid by the registry's rules", () => {
    expect(registryProblems(entry)).toEqual([]);
    expect(registryProblems(serverJson(fixtureCompany))).toEqual([]);
    expect(entry.$schema).toBe(SERVER_JSON_SCHEMA);
  });

  test('says what the server card says: name, version, title, description, website and endpoints', () => {
    expect(entry.name).toBe('example.northbeam/site');
    expect(registryDomain(entry.name)).toBe('northbeam.example');
    for (const field of ['name', 'version', 'title', 'description', 'websiteUrl'] as const)
      expect(entry[field], field).toBe(card[field]);
    expect(entry.remotes.map((remote) => remote.url)).toEqual(card.remotes.map((remote) => remote.url));
    expect(entry.remotes.map((remote) => remote.type)).toEqual(['streamable-http', 'streamable-http']);
    expect(entry.icons).toEqual([
      { src: 'https://www.northbeam.example/favicon.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
      { src: 'https://www.northbeam.example/icon-192.png', mimeType: 'image/png', sizes: ['192x192'] },
      { src: 'https://www.northbeam.example/icon-512.png', mimeType: 'image/png', sizes: ['512x512'] },
    ]);
  });

  test('keeps a long company name within the 100 characters of title and description', () => {
    const long = companySchema.parse({ ...fixtureCompany, name: 'Fieldstone Works of Ghent '.repeat(4).slice(0, 80) });
    expect(long.name.length).toBe(80);
    expect(registryProblems(serverJson(long))).toEqual([]);
  });

  test('names a remote off the domain its name proves (a dnsZone that does not cover the hosts)', () => {
    const elsewhere = companySchema.parse({ ...fixtureCompany, dnsZone: 'other.example' });
    expect(registryProblems(serverJson(elsewhere))).toEqual([
      expect.stringMatching(/www\.fieldstone\.example\/api\/mcp is not on other\.example/),
      expect.stringMatching(/agents\.fieldstone\.example\/api\/mcp is not on other\.example/),
    ]);
  });
});

describe("the registry's rules", () => {
  const valid = {
    name: 'com.example/site',
    description: 'A server.',
    version: '1.2.0',
    remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/api/mcp' }],
  };

  test('find what the registry refuses', () => {
    expect(registryProblems(valid)).toEqual([]);
    const problem = (change: object) => registryProblems({ ...valid, ...change });
    expect(problem({ name: 'example-site' })).toEqual([expect.stringMatching(/^name: must be reverse-DNS/)]);
    expect(problem({ name: 'com.example/a/b' })).toEqual([expect.stringMatching(/^name/)]);
    expect(problem({ description: 'x'.repeat(101) })).toEqual([expect.stringMatching(/^description/)]);
    expect(problem({ title: 'x'.repeat(101) })).toEqual([expect.stringMatching(/^title/)]);
    for (const version of ['latest', '^1.2.0', '1.x', '>=1.0.0'])
      expect(problem({ version }), version).toEqual([expect.stringMatching(/^version: must be one concrete version/)]);
    expect(problem({ remotes: [] })).toEqual([expect.stringMatching(/^remotes: a remote server needs/)]);
    expect(problem({ remotes: [{ type: 'stdio', url: 'https://example.com/mcp' }] })).toEqual([
      expect.stringMatching(/^remotes\.0\.type/),
    ]);
    expect(problem({ remotes: [{ type: 'streamable-http', url: 'https://example.org/mcp' }] })).toEqual([
      expect.stringMatching(/example\.org\/mcp is not on example\.com/),
    ]);
    expect(problem({ icons: [{ src: 'http://example.com/icon.png' }] })).toEqual([
      expect.stringMatching(/^icons\.0\.src/),
    ]);
  });
});

test("company.yaml's name and tagline say what is wrong with their length, not that they are missing", () => {
  const issue = (change: object) => companySchema.safeParse({ ...fixtureCompany, ...change }).error?.issues[0]?.message;
  expect(issue({ name: 'x'.repeat(81) })).toMatch(/^`name` is at most 80 characters/);
  expect(issue({ name: 'x' })).toMatch(/^`name` must be at least 2 characters/);
  expect(issue({ tagline: 'short' })).toMatch(/^`tagline` must be at least 20 characters/);
  expect(issue({ name: undefined })).toMatch(/^`name` is required/);
});
