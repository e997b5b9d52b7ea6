import { describe, expect, test } from 'vitest';
import { curlExamples, shellQuote } from '../../src/discovery/curl-examples.ts';
import { jsonRpcRequestSchema } from '../../src/mcp/schemas.ts';
import { fixtureModel, fixtureTools } from './fixtures.ts';

/** The -d body of a generated command (single-quoted, with '\'' for quotes). */
function body(command: string): unknown {
  const match = /-d '((?:[^']|'\\'')*)'$/.exec(command);
  expect(match, command).not.toBeNull();
  return JSON.parse(match![1]!.replace(/'\\''/g, "'"));
}

function headers(command: string): string[] {
  return [...command.matchAll(/-H '([^']+)'/g)].map((match) => match[1]!);
}

describe('curlExamples', () => {
  const model = fixtureModel();
  const examples = curlExamples(model, fixtureTools);

  test('produces valid JSON-RPC requests to the base endpoint', () => {
    expect(examples.map((example) => example.id)).toEqual([
      'initialize',
      'toolsList',
      'searchSite',
      'getPageMarkdown',
      'discover',
      'modernToolsCall',
    ]);
    for (const example of examples) {
      expect(example.command.startsWith('curl -sS https://www.fieldstone.example/api/mcp \\\n')).toBe(true);
      expect(() => jsonRpcRequestSchema.parse(body(example.command)), example.id).not.toThrow();
      expect(headers(example.command)).toEqual(
        expect.arrayContaining(['Content-Type: application/json', 'Accept: application/json, text/event-stream']),
      );
    }
  });

  test('uses real sample arguments and the 2026 headers and _meta', () => {
    const byId = Object.fromEntries(examples.map((example) => [example.id, example]));
    expect(body(byId.getPageMarkdown!.command)).toMatchObject({
      params: { name: 'get_page_markdown', arguments: { path: '/services/data-platforms' } },
    });
    expect(body(byId.searchSite!.command)).toMatchObject({
      params: { name: 'search_site', arguments: { query: 'data platforms' } },
    });
    expect(headers(byId.toolsList!.command)).toContain('MCP-Protocol-Version: 2025-11-25');
    expect(headers(byId.modernToolsCall!.command)).toEqual(
      expect.arrayContaining(['MCP-Protocol-Version: 2026-07-28', 'Mcp-Method: tools/call', 'Mcp-Name: search_site']),
    );
    expect(body(byId.discover!.command)).toMatchObject({
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    });
  });

  test('leaves out calls of tools or arguments that do not exist', () => {
    const withoutSearch = curlExamples(
      model,
      fixtureTools.filter((tool) => tool.name !== 'search_site'),
    );
    expect(withoutSearch.map((example) => example.id)).toEqual([
      'initialize',
      'toolsList',
      'getPageMarkdown',
      'discover',
    ]);
  });
});

describe('shellQuote', () => {
  test('survives single quotes', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});
