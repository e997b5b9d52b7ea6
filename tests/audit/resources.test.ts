import { describe, expect, test } from 'vitest';
import { checkResources } from '../../scripts/audit/checks/resources.ts';
import type { RequestOptions } from '../../scripts/audit/http.ts';
import { cannedAudit, json, response } from './support.ts';

const PAGE_MARKDOWN = '# Services\n\nWhat we do.\n';

interface Served {
  capabilities?: Record<string, unknown>;
  readText?: string;
  unknownCode?: number;
  promptMessages?: unknown[];
  completion?: unknown;
}

/** A deployment whose /api/mcp answers the resource, prompt and completion methods as `served` says. */
function deployment(served: Served) {
  const capabilities = served.capabilities ?? { tools: {}, resources: {}, prompts: {}, completions: {} };
  const answer = (options: RequestOptions) => {
    const message = JSON.parse(String(options.body)) as {
      id: number;
      method: string;
      params?: Record<string, unknown>;
    };
    const result = (value: unknown) => json(200, { jsonrpc: '2.0', id: message.id, result: value });
    const error = (code: number) => json(200, { jsonrpc: '2.0', id: message.id, error: { code, message: 'no' } });
    switch (message.method) {
      case 'initialize':
        return result({ protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 's', version: '1' } });
      case 'resources/list':
        return result({
          resources: [{ uri: 'https://www.site.test/services', name: 'Services', mimeType: 'text/markdown' }],
        });
      case 'resources/read':
        return message.params?.uri === 'https://www.site.test/services'
          ? result({
              contents: [
                { uri: message.params.uri, mimeType: 'text/markdown', text: served.readText ?? PAGE_MARKDOWN },
              ],
            })
          : error(served.unknownCode ?? -32002);
      case 'prompts/list':
        return result({
          prompts: [
            { name: 'company_brief' },
            { name: 'relevant_work', arguments: [{ name: 'topic', required: true }] },
          ],
        });
      case 'prompts/get':
        return message.params?.name === 'company_brief'
          ? result({ messages: served.promptMessages ?? [{ role: 'user', content: { type: 'text', text: 'Brief' } }] })
          : error(-32602);
      case 'resources/templates/list':
        return result({ resourceTemplates: [{ uriTemplate: 'https://www.site.test/{+path}', name: 'Page' }] });
      case 'completion/complete':
        return result({ completion: served.completion ?? { values: ['services', 'about'], total: 2, hasMore: false } });
      default:
        return error(-32601);
    }
  };
  return cannedAudit({
    'POST /api/mcp': answer,
    'GET /services': response(200, { 'content-type': 'text/markdown; charset=utf-8' }, PAGE_MARKDOWN),
  });
}

describe('resources, prompts and completion', () => {
  test('a deployment that serves them as advertised passes every check', async () => {
    const { audit, outcome } = deployment({});
    await checkResources(audit);
    for (const id of [
      'mcp.resources.list',
      'mcp.resources.read',
      'mcp.resources.not-found',
      'mcp.prompts.list',
      'mcp.prompts.get',
      'mcp.prompts.unknown',
      'mcp.completion',
    ])
      expect(outcome(id), id).toBe('pass');
  });

  test('a resource that reads differently from the served Markdown fails, naming both lengths', async () => {
    const { audit, outcome } = deployment({ readText: `${PAGE_MARKDOWN}stale\n` });
    await checkResources(audit);
    expect(outcome('mcp.resources.read')).toBe('fail');
    const finding = audit.findings.find((item) => item.id === 'mcp.resources.read')!;
    expect(finding.got).toContain(`${PAGE_MARKDOWN.length + 6} characters`);
  });

  test('an unknown resource answered with another error, an empty prompt and empty completions fail', async () => {
    const { audit, outcome } = deployment({ unknownCode: -32603, promptMessages: [], completion: { values: [] } });
    await checkResources(audit);
    expect(outcome('mcp.resources.not-found')).toBe('fail');
    expect(outcome('mcp.prompts.get')).toBe('fail');
    expect(outcome('mcp.completion')).toBe('fail');
  });

  test('what initialize does not advertise is skipped, not failed', async () => {
    const { audit, outcome } = deployment({ capabilities: { tools: {} } });
    await checkResources(audit);
    expect(outcome('mcp.resources')).toBe('skip');
    expect(outcome('mcp.prompts')).toBe('skip');
    expect(outcome('mcp.completion')).toBe('skip');
  });
});
