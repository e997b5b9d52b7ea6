/**
 * The pages' WebMCP script (src/browser/site-tools.ts): a read tool's call gets the page's language
 * unless it names one, and every tool the browser accepts is registered however its registerTool
 * refuses another (Chromium 156 returns a Promise that rejects, 150 returns nothing and throws).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { offerSiteTools, withPageLanguage, type ModelContextLike } from '../../src/browser/site-tools.ts';
import type { WebMcpToolsFile } from '../../src/site/webmcp-tools.ts';

const tool = (inputSchema: Record<string, unknown>) => ({ inputSchema });
const withLanguage = tool({
  type: 'object',
  properties: { query: { type: 'string' }, language: { type: 'string', enum: ['en', 'nl', 'pt'] } },
});

describe('withPageLanguage', () => {
  test("adds the page's language when the tool takes it and the caller named none", () => {
    expect(withPageLanguage(withLanguage, { query: 'cloud' }, 'nl')).toEqual({ query: 'cloud', language: 'nl' });
  });

  test("keeps the caller's language, even one that differs from the page's", () => {
    expect(withPageLanguage(withLanguage, { language: 'pt' }, 'nl')).toEqual({ language: 'pt' });
  });

  test('adds nothing for a language the tool does not list, an empty lang, or a tool without the argument', () => {
    const input = { query: 'cloud' };
    expect(withPageLanguage(withLanguage, input, 'de')).toBe(input);
    expect(withPageLanguage(withLanguage, input, '')).toBe(input);
    expect(withPageLanguage(tool({ type: 'object', properties: { query: { type: 'string' } } }), input, 'nl')).toBe(
      input,
    );
    expect(withPageLanguage(tool({ type: 'object' }), input, 'nl')).toBe(input);
    expect(withPageLanguage(tool({ type: 'object', properties: { language: { type: 'string' } } }), input, 'nl')).toBe(
      input,
    );
  });
});

describe('offerSiteTools', () => {
  const definition = (name: string) => ({
    name,
    title: name,
    description: `The tool ${name}.`,
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    annotations: { readOnlyHint: true as const },
  });
  const file: WebMcpToolsFile = {
    endpoint: '/api/mcp',
    protocolVersion: '2025-11-25',
    tools: ['first_tool', 'refused_tool', 'last_tool'].map(definition),
  };

  afterEach(() => vi.unstubAllGlobals());

  /** Runs offerSiteTools in a stand-in page; returns the names registered and the posts sent. */
  async function offer(refuse: (name: string) => Promise<undefined> | undefined) {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal('document', { querySelectorAll: () => [], documentElement: { lang: 'en' } });
    vi.stubGlobal('fetch', (url: string, init?: { body?: string }) => {
      if (url !== '/webmcp-tools.json') posts.push({ url, body: JSON.parse(init?.body ?? 'null') });
      return Promise.resolve(
        Response.json(url === '/webmcp-tools.json' ? file : { jsonrpc: '2.0', id: 1, result: { content: [] } }),
      );
    });
    const registered: Parameters<ModelContextLike['registerTool']>[0][] = [];
    await offerSiteTools({
      registerTool: (tool) => {
        if (tool.name === 'refused_tool') return refuse(tool.name);
        registered.push(tool);
        return undefined;
      },
    });
    return { registered, posts };
  }

  test.each([
    ['returns a rejected Promise', () => Promise.reject(new DOMException('Duplicate tool name', 'InvalidStateError'))],
    [
      'throws at once',
      () => {
        throw new DOMException('Duplicate tool name', 'InvalidStateError');
      },
    ],
  ])('registers the other tools when registerTool %s for one', async (_how, refuse) => {
    const { registered, posts } = await offer(refuse);
    expect(registered.map((tool) => tool.name)).toEqual(['first_tool', 'last_tool']);
    await registered[1]!.execute({ query: 'cloud' });
    expect(posts).toEqual([
      {
        url: '/api/mcp',
        body: expect.objectContaining({
          method: 'tools/call',
          params: expect.objectContaining({ name: 'last_tool', arguments: { query: 'cloud' } }),
        }),
      },
    ]);
  });
});
