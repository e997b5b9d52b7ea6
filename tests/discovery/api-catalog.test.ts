import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { apiCatalog } from '../../src/discovery/api-catalog.ts';
import { DISCOVERY_FILES, LINKSET_CONTENT_TYPE } from '../../src/discovery/discovery-files.ts';
import { fixtureCompany } from './fixtures.ts';

const target = z.object({ href: z.string().url(), type: z.string().optional(), title: z.string().optional() }).strict();
/** RFC 9264 linkset JSON with the RFC 8631 relations RFC 9727 uses. */
const linkset = z.object({
  linkset: z
    .array(
      z
        .object({
          anchor: z.string().url(),
          'service-desc': z.array(target).min(1),
          'service-doc': z.array(target).min(1),
          'service-meta': z.array(target).min(1),
          status: z.array(target).min(1),
        })
        .strict(),
    )
    .min(1),
});

describe('apiCatalog', () => {
  const catalog = apiCatalog(fixtureCompany);

  test('is a linkset anchored at the MCP endpoint of each host', () => {
    expect(() => linkset.parse(catalog)).not.toThrow();
    expect(catalog.linkset.map((context) => context.anchor)).toEqual([
      'https://www.fieldstone.example/api/mcp',
      'https://agents.fieldstone.example/api/mcp',
    ]);
  });

  test('links the OpenAPI description, the docs and the health check with their types', () => {
    const [base] = catalog.linkset;
    expect(base!['service-desc']).toEqual([
      {
        href: 'https://www.fieldstone.example/openapi.json',
        type: 'application/openapi+json',
        title: 'OpenAPI description',
      },
    ]);
    expect(base!['service-doc'][0]).toMatchObject({
      href: 'https://www.fieldstone.example/mcp.md',
      type: 'text/markdown',
    });
    expect(base!.status[0]).toMatchObject({
      href: 'https://www.fieldstone.example/api/health',
      type: 'application/json',
    });
    expect(catalog.linkset[1]!['service-desc'][0]!.href).toBe('https://agents.fieldstone.example/openapi.json');
  });

  test("links each host's server card beside its endpoint as the service's metadata (service-meta)", () => {
    expect(catalog.linkset.map((context) => context['service-meta'])).toEqual([
      [
        {
          href: 'https://www.fieldstone.example/api/mcp/server-card',
          type: 'application/mcp-server-card+json',
          title: 'MCP Server Card',
        },
      ],
      [
        {
          href: 'https://agents.fieldstone.example/api/mcp/server-card',
          type: 'application/mcp-server-card+json',
          title: 'MCP Server Card',
        },
      ],
    ]);
  });

  test('is served with the RFC 9727 linkset type', () => {
    expect(DISCOVERY_FILES.apiCatalog.contentType).toBe(LINKSET_CONTENT_TYPE);
    expect(LINKSET_CONTENT_TYPE).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
  });
});
