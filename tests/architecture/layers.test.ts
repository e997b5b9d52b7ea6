/**
 * The layer rules (.dependency-cruiser.mjs, run by `npm run lint`) hold for the project, and
 * they catch what they are for: each check below plants one bad import in a copy of the tree and
 * runs the same command `npm run lint:layers` runs.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT } from '../support/sample-site.ts';

const run = promisify(execFile);
const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
/** `npm run lint:layers`, as its arguments. */
const args = packageJson.scripts['lint:layers']!.replace(/^depcruise /, '').split(' ');

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of everything the rules read, with `plant` files written over it. */
function treeWith(plant: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  copies.push(dir);
  for (const entry of ['src', 'functions', 'scripts', 'tests', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  cpSync(path.join(ROOT, '.dependency-cruiser.mjs'), path.join(dir, '.dependency-cruiser.mjs'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [file, text] of Object.entries(plant)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** Runs the layer check in `dir`: its exit code and what it printed. */
async function layers(dir: string): Promise<{ code: number; output: string }> {
  const bin = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

describe('layer rules', () => {
  test('the project itself has no violation', async () => {
    const { code, output } = await layers(ROOT);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  test('an upward import fails: the foundation importing the MCP protocol', async () => {
    const routes = readFileSync(path.join(ROOT, 'src/site/routes.ts'), 'utf8');
    const dir = treeWith({
      'src/site/routes.ts': `import { createMcpServer } from '../mcp/server.ts';\nexport const planted = createMcpServer;\n${routes}`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/layer-foundation: src\/site\/routes\.ts → src\/mcp\/server\.ts/);
  });

  test('the MCP protocol may not reach up into the HTTP transport', async () => {
    const dispatch = readFileSync(path.join(ROOT, 'src/mcp/dispatch.ts'), 'utf8');
    const dir = treeWith({
      'src/mcp/dispatch.ts': `import { COMMON_HEADERS } from '../http/headers.ts';\nexport const planted = COMMON_HEADERS;\n${dispatch}`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/layer-protocol: src\/mcp\/dispatch\.ts → src\/http\/headers\.ts/);
  });

  test('the MCP protocol and its tools may not import the traffic record', async () => {
    const server = readFileSync(path.join(ROOT, 'src/mcp/server.ts'), 'utf8');
    const dir = treeWith({
      'src/mcp/server.ts': `import type { Outcome } from '../traffic/model.ts';\nexport type Planted = Outcome;\n${server}`,
      'src/mcp/tools/planted.ts': `import { MAX_NOTE_TEXT } from '../../traffic/notes.ts';\nexport const planted = MAX_NOTE_TEXT;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/protocol-no-traffic: src\/mcp\/server\.ts → src\/traffic\/model\.ts/);
    expect(output).toMatch(/protocol-no-traffic: src\/mcp\/tools\/planted\.ts → src\/traffic\/notes\.ts/);
  });

  test('the traffic record may not import the HTTP transport or the discovery generators', async () => {
    const dir = treeWith({
      'src/traffic/planted-http.ts': `import { COMMON_HEADERS } from '../http/headers.ts';\nexport const planted = COMMON_HEADERS;\n`,
      'src/traffic/planted-discovery.ts': `import { NOT_FOUND_PAGE } from '../discovery/page-links.ts';\nexport const planted = NOT_FOUND_PAGE;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/traffic-not-upward: src\/traffic\/planted-http\.ts → src\/http\/headers\.ts/);
    expect(output).toMatch(/traffic-not-upward: src\/traffic\/planted-discovery\.ts → src\/discovery\/page-links\.ts/);
  });

  test('the search may not import the artefact reader, nor the leads the notification', async () => {
    const dir = treeWith({
      'src/search/planted.ts': `import { ARTEFACT_FILES } from '../artefacts/layout.ts';\nexport const planted = ARTEFACT_FILES;\n`,
      'src/leads/planted.ts': `import { loadNotifier } from '../notify/load.ts';\nexport const planted = loadNotifier;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/layer-search: src\/search\/planted\.ts → src\/artefacts\/layout\.ts/);
    expect(output).toMatch(/layer-leads: src\/leads\/planted\.ts → src\/notify\/load\.ts/);
  });

  test('a cycle fails, even inside one layer', async () => {
    const dir = treeWith({
      'src/leads/planted-a.ts': `import { b } from './planted-b.ts';\nexport const a = () => b;\n`,
      'src/leads/planted-b.ts': `import type { a } from './planted-a.ts';\nexport const b: typeof a | null = null;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/no-circular: src\/leads\/planted-[ab]\.ts/);
  });

  test('code the function ships may not load a build-time package', async () => {
    const dir = treeWith({ 'src/leads/planted.ts': `import { parse } from 'yaml';\nexport const planted = parse;\n` });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/runtime-build-packages: src\/leads\/planted\.ts → (\.\.\/)*[^ ]*node_modules\/yaml\//);
  });

  test("the pages' browser code may import only foundation code", async () => {
    const dir = treeWith({
      'src/browser/planted.ts': `import { LEAD_BOUNDS } from '../leads/schema.ts';\nexport const planted = LEAD_BOUNDS;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/layer-browser: src\/browser\/planted\.ts → src\/leads\/schema\.ts/);
  });

  test("the pages' browser code may not bundle a package", async () => {
    const dir = treeWith({
      'src/browser/planted.ts': `import MiniSearch from 'minisearch';\nexport const planted = MiniSearch;\n`,
    });
    const { code, output } = await layers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/browser-no-packages: src\/browser\/planted\.ts → (\.\.\/)*[^ ]*node_modules\/minisearch\//);
  });
});
