import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { SERVER_CARD_SCHEMA, serverCard } from '../../src/discovery/server-card.ts';
import { SERVER_VERSION } from '../../src/mcp/server-info.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { fixtureCompany } from './fixtures.ts';

/** The required part of the SEP-2127 schema (experimental-ext-server-card, schema.json). */
const sep2127 = z.object({
  $schema: z.string().regex(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v2\/server-card\.schema\.json$/),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  version: z.string().max(255),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  websiteUrl: z.string().url().optional(),
  remotes: z
    .array(
      z
        .object({
          type: z.enum(['sse', 'streamable-http']),
          url: z.string().regex(/^https?:\/\/\S+$/),
          supportedProtocolVersions: z.array(z.string()).optional(),
        })
        .strict(),
    )
    .optional(),
});

/** The older SEP-1649 shape scanners read. */
const sep1649 = z.object({
  serverInfo: z.object({ name: z.string().min(1), version: z.string().min(1) }),
  transport: z.object({ type: z.literal('streamable-http'), endpoint: z.string().url() }),
  capabilities: z.object({ tools: z.object({ listChanged: z.literal(false) }) }),
  authentication: z.object({ required: z.literal(false) }),
});

describe('serverCard', () => {
  const card = serverCard(fixtureCompany);

  test('satisfies the SEP-2127 shape', () => {
    expect(() => sep2127.parse(card)).not.toThrow();
    expect(card.$schema).toBe(SERVER_CARD_SCHEMA);
    expect(card.name).toBe('example.fieldstone/site');
    expect(card.version).toBe(SERVER_VERSION);
    expect(card.websiteUrl).toBe('https://www.fieldstone.example');
  });

  test('lists the base and the agent host with every supported protocol version', () => {
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: 'https://www.fieldstone.example/api/mcp',
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
      {
        type: 'streamable-http',
        url: 'https://agents.fieldstone.example/api/mcp',
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
    ]);
  });

  test('also satisfies the SEP-1649 shape, without authentication', () => {
    const old = sep1649.parse(card);
    expect(old.serverInfo).toMatchObject({ name: card.name, version: SERVER_VERSION });
    expect(old.transport.endpoint).toBe('https://www.fieldstone.example/api/mcp');
  });

  test('advertises what the server serves: tools, the pages as resources, prompts and completions', () => {
    expect(card.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
  });

  test('keeps description and title within 100 characters for a long company name', () => {
    const long = serverCard(
      companySchema.parse({
        ...fixtureCompany,
        name: 'The Extraordinarily Long Named International Engineering Consultancy Group BV',
      }),
    );
    expect(() => sep2127.parse(long)).not.toThrow();
    expect(long.description.length).toBeLessThanOrEqual(100);
    expect(long.description.endsWith('…')).toBe(true);
  });
});
