/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`) against the served /api/mcp, as a developer
 * would run it: tools/list, tools/call of search_site and get_page_markdown, resources/list and
 * resources/read, prompts/list and prompts/get, in the 2025 era
 * (the Inspector's default for an ad-hoc URL) and in the 2026-07-28 era; a tool that answers
 * isError makes it exit 5. It runs on this process's Node (24 under npm/npx; the Inspector needs
 * >= 22.19), with a throw-away HOME so nothing is written to the real one, and may only open
 * connections to loopback addresses (NETWORK_GUARD_SOURCE).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, test } from 'vitest';
import { baseUrl, get, PUBLIC_ORIGIN, useGuardedWorkdir } from './http.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';

const INSPECTOR = path.join(
  inject('projectRoot'),
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);

const guarded = useGuardedWorkdir('inspector-test-');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function inspector(...args: string[]): Promise<Run> {
  const workdir = guarded();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(workdir.guard).href,
        INSPECTOR,
        '--cli',
        `${baseUrl()}/api/mcp`,
        '--transport',
        'http',
        '--format',
        'json',
        ...args,
      ],
      {
        env: {
          ...process.env,
          HOME: workdir.dir,
          MCP_CATALOG_PATH: path.join(workdir.dir, 'mcp.json'),
          MCP_CLIENT_CONFIG_PATH: path.join(workdir.dir, 'client.json'),
          NETWORK_GUARD_LOG: workdir.guardLog,
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs the Inspector, expects `exitCode`, and returns its one JSON object on stdout. */
async function run(exitCode: number, ...args: string[]) {
  const result = await inspector(...args);
  expect(
    result.code,
    `exit code of mcp-inspector ${args.join(' ')}\nstdout: ${result.stdout.slice(0, 2000)}\nstderr: ${result.stderr.slice(0, 2000)}`,
  ).toBe(exitCode);
  return JSON.parse(result.stdout);
}

const callTool = (exitCode: number, name: string, args: Record<string, unknown>, ...extra: string[]) =>
  run(exitCode, '--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args), ...extra);

describe('the MCP Inspector CLI', () => {
  test('Node is new enough for the Inspector (>= 22.19)', () => {
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 22 || (major === 22 && minor >= 19), process.version).toBe(true);
  });

  test('tools/list: exit 0, every tool with schemas and annotations', async () => {
    const output = await run(0, '--method', 'tools/list');
    const tools = output.result.tools as {
      name: string;
      inputSchema: { type: string };
      outputSchema: { type: string };
      annotations: { readOnlyHint?: boolean };
    }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(tool.annotations.readOnlyHint, tool.name).toBe(tool.name !== 'start_conversation');
    }
  });

  test('tools/call search_site: exit 0, results with URLs on the site', async () => {
    const { result } = await callTool(0, 'search_site', { query: 'legacy modernisation', limit: 3 });
    expect(result.isError).toBeUndefined();
    const hits = result.structuredContent.results as { url: string; title: string; kind: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    for (const hit of hits) expect(hit.url.startsWith(`${PUBLIC_ORIGIN}/`), hit.url).toBe(true);
    expect(hits.map((hit) => hit.url)).toContain(`${PUBLIC_ORIGIN}/services/legacy-modernisation`);
    expect(result.content[0].text).toContain(hits[0]!.url);
  });

  test('tools/call get_page_markdown: exit 0, exactly the served Markdown sibling', async () => {
    const { result } = await callTool(0, 'get_page_markdown', { path: '/about' });
    const served = await (await get('/about.md')).text();
    expect(result.content[0].text).toBe(served);
    expect(result.structuredContent.markdown).toBe(served);
    expect(result.structuredContent.url).toBe(`${PUBLIC_ORIGIN}/about`);
  });

  test('a tool that answers isError: exit 5, the result printed, tool_is_error on stderr', async () => {
    const result = await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'get_page_markdown',
      '--tool-args-json',
      JSON.stringify({ path: '/no-such-page' }),
    );
    expect(result.code, result.stderr).toBe(5);
    const output = JSON.parse(result.stdout);
    expect(output.result.isError).toBe(true);
    expect(output.result.content[0].text).toMatch(/search_site/);
    expect(result.stderr).toMatch(/tool_is_error/);
  });

  test('the 2026-07-28 era (--protocol-era modern): tools/list and tools/call', async () => {
    const listed = await run(0, '--method', 'tools/list', '--protocol-era', 'modern');
    expect(listed.result.tools).toHaveLength(TOOL_NAMES.length);
    const { result } = await callTool(0, 'list_insights', { limit: 1 }, '--protocol-era', 'modern');
    expect(result.structuredContent.insights).toHaveLength(1);
    expect(result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('example.northbeam/site');
  });

  test('resources/list and resources/read: the pages, each exactly its served Markdown sibling', async () => {
    const listed = await run(0, '--method', 'resources/list');
    const uris = (listed.result.resources as { uri: string }[]).map((resource) => resource.uri);
    expect(uris).toContain(`${PUBLIC_ORIGIN}/about`);
    const { result } = await run(0, '--method', 'resources/read', '--uri', `${PUBLIC_ORIGIN}/about`);
    expect(result.contents).toEqual([
      { uri: `${PUBLIC_ORIGIN}/about`, mimeType: 'text/markdown', text: await (await get('/about.md')).text() },
    ]);
    const modern = await run(
      0,
      '--method',
      'resources/read',
      '--uri',
      `${PUBLIC_ORIGIN}/about`,
      '--protocol-era',
      'modern',
    );
    expect(modern.result.contents[0].text).toBe(result.contents[0].text);
  });

  test('prompts/list and prompts/get with an argument', async () => {
    const listed = await run(0, '--method', 'prompts/list');
    expect((listed.result.prompts as { name: string }[]).map((prompt) => prompt.name)).toEqual([
      'company_brief',
      'relevant_work',
      'contact_request',
    ]);
    const { result } = await run(
      0,
      '--method',
      'prompts/get',
      '--prompt-name',
      'relevant_work',
      '--prompt-args',
      'topic=Healthcare',
    );
    expect(result.messages[0].content.text).toContain('Healthcare');
    expect(
      result.messages
        .slice(1)
        .every((message: { content: { type: string } }) => message.content.type === 'resource_link'),
    ).toBe(true);
  });

  test('the Inspector connected to nothing but the local server', () => {
    expect(readFileSync(guarded().guardLog, 'utf8')).toBe('');
  });
});
