import { describe, expect, test } from 'vitest';
import { siteFiles } from '../../src/build/site-files.ts';
import { webmcpTools } from '../../src/discovery/webmcp-tools.ts';
import { LEGACY_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { sampleArtefacts, sampleModel } from '../support/sample-site.ts';

/** The WebMCP draft's tool name rule (registerTool rejects anything else). */
const DRAFT_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

describe('webmcpTools', () => {
  const artefacts = sampleArtefacts();
  const file = webmcpTools(artefacts.tools);

  test('holds every read tool of tools/list with its name, title, description and input schema, unchanged', () => {
    const read = artefacts.tools.filter((tool) => tool.annotations.readOnlyHint);
    expect(read.length).toBeGreaterThan(0);
    expect(file.tools).toEqual(
      read.map(({ name, title, description, inputSchema }) => ({
        name,
        title,
        description,
        inputSchema,
        annotations: { readOnlyHint: true },
      })),
    );
  });

  test('leaves out start_conversation: the contact form is its declarative form in the page', () => {
    expect(artefacts.tools.some((tool) => tool.name === 'start_conversation')).toBe(true);
    expect(file.tools.map((tool) => tool.name)).not.toContain('start_conversation');
  });

  test('has no output schemas: the WebMCP draft has no place for them', () => {
    for (const tool of file.tools)
      expect(Object.keys(tool).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name', 'title']);
  });

  test('names tools the way the WebMCP draft allows', () => {
    for (const tool of file.tools) expect(tool.name).toMatch(DRAFT_TOOL_NAME);
  });

  test('points the calls at the MCP endpoint with a revision it speaks without initialize', () => {
    expect(file.endpoint).toBe(ROUTES.mcp);
    expect(LEGACY_PROTOCOL_VERSIONS).toContain(file.protocolVersion);
  });

  test('is written with the site files as JSON', () => {
    const written = siteFiles(sampleModel(), artefacts).find((entry) => entry.path === ROUTES.webmcpTools);
    expect(written?.contentType).toBe('application/json');
    expect(JSON.parse(written!.body)).toEqual(file);
  });
});
