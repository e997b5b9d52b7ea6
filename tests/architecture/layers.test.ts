/**
 * The layer rules (.dependency-cruiser.mjs, run by `npm run lint`) hold for the project, and
 * they catch what they are for: every check below plants bad imports in one copy of the tree, and
 * the same command `npm run lint:layers` runs is run over it once (a run over the whole tree takes
 * seconds; one per check made this file the slowest of the unit project). Each check reads its own
 * rule's lines from that run, and the run reports nothing but what was planted.
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

/** The routes, MCP dispatch and server files as they are, for plants that prepend an import to a real file. */
const real = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * Every bad import the checks below plant, by file: each a different rule's case, in files of
 * their own (or prepended to a real file, for an import a real module might gain).
 */
const PLANTS: Record<string, string> = {
  'src/site/routes.ts': `import { createMcpServer } from '../mcp/server.ts';\nexport const planted = createMcpServer;\n${real('src/site/routes.ts')}`,
  'src/mcp/dispatch.ts': `import { COMMON_HEADERS } from '../http/headers.ts';\nexport const planted = COMMON_HEADERS;\n${real('src/mcp/dispatch.ts')}`,
  'src/mcp/server.ts': `import type { Outcome } from '../traffic/model.ts';\nexport type Planted = Outcome;\n${real('src/mcp/server.ts')}`,
  'src/mcp/tools/planted.ts': `import { MAX_NOTE_TEXT } from '../../traffic/notes.ts';\nexport const planted = MAX_NOTE_TEXT;\n`,
  'src/traffic/planted-http.ts': `import { COMMON_HEADERS } from '../http/headers.ts';\nexport const planted = COMMON_HEADERS;\n`,
  'src/traffic/planted-discovery.ts': `import { NOT_FOUND_PAGE } from '../discovery/page-links.ts';\nexport const planted = NOT_FOUND_PAGE;\n`,
  'src/search/planted.ts': `import { ARTEFACT_FILES } from '../artefacts/layout.ts';\nexport const planted = ARTEFACT_FILES;\n`,
  'src/leads/planted-notify.ts': `import { loadNotifier } from '../notify/load.ts';\nexport const planted = loadNotifier;\n`,
  'src/leads/planted-a.ts': `import { b } from './planted-b.ts';\nexport const a = () => b;\n`,
  'src/leads/planted-b.ts': `import type { a } from './planted-a.ts';\nexport const b: typeof a | null = null;\n`,
  'src/leads/planted-yaml.ts': `import { parse } from 'yaml';\nexport const planted = parse;\n`,
  'src/browser/planted-leads.ts': `import { LEAD_BOUNDS } from '../leads/schema.ts';\nexport const planted = LEAD_BOUNDS;\n`,
  'src/browser/planted-package.ts': `import MiniSearch from 'minisearch';\nexport const planted = MiniSearch;\n`,
};

/** The one run over the planted tree, started by the first check that reads it. */
let plantedRun: Promise<{ code: number; output: string }> | undefined;
const planted = () => (plantedRun ??= layers(treeWith(PLANTS)));

/**
 * The planted run's violations, one text each: dependency-cruiser prints a violation as a line led
 * by its severity and rule, and a cycle's path on the indented lines after it.
 */
async function violations(): Promise<string[]> {
  const { code, output } = await planted();
  expect(code).not.toBe(0);
  const found: string[] = [];
  for (const line of output.split('\n')) {
    if (/^\s*(error|warn)\s/.test(line)) found.push(line);
    else if (found.length > 0 && /^\s{4,}\S/.test(line)) found[found.length - 1] += `\n${line}`;
  }
  return found;
}

describe('layer rules', () => {
  test('the project itself has no violation', async () => {
    const { code, output } = await layers(ROOT);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  test('an upward import fails: the foundation importing the MCP protocol', async () => {
    expect((await planted()).output).toMatch(/layer-foundation: src\/site\/routes\.ts → src\/mcp\/server\.ts/);
  });

  test('the MCP protocol may not reach up into the HTTP transport', async () => {
    expect((await planted()).output).toMatch(/layer-protocol: src\/mcp\/dispatch\.ts → src\/http\/headers\.ts/);
  });

  test('the MCP protocol and its tools may not import the traffic record', async () => {
    const { output } = await planted();
    expect(output).toMatch(/protocol-no-traffic: src\/mcp\/server\.ts → src\/traffic\/model\.ts/);
    expect(output).toMatch(/protocol-no-traffic: src\/mcp\/tools\/planted\.ts → src\/traffic\/notes\.ts/);
  });

  test('the traffic record may not import the HTTP transport or the discovery generators', async () => {
    const { output } = await planted();
    expect(output).toMatch(/traffic-not-upward: src\/traffic\/planted-http\.ts → src\/http\/headers\.ts/);
    expect(output).toMatch(/traffic-not-upward: src\/traffic\/planted-discovery\.ts → src\/discovery\/page-links\.ts/);
  });

  test('the search may not import the artefact reader, nor the leads the notification', async () => {
    const { output } = await planted();
    expect(output).toMatch(/layer-search: src\/search\/planted\.ts → src\/artefacts\/layout\.ts/);
    expect(output).toMatch(/layer-leads: src\/leads\/planted-notify\.ts → src\/notify\/load\.ts/);
  });

  test('a cycle fails, even inside one layer', async () => {
    expect((await planted()).output).toMatch(/no-circular: src\/leads\/planted-[ab]\.ts/);
  });

  test('code the function ships may not load a build-time package', async () => {
    expect((await planted()).output).toMatch(
      /runtime-build-packages: src\/leads\/planted-yaml\.ts → (\.\.\/)*[^ ]*node_modules\/yaml\//,
    );
  });

  test("the pages' browser code may import only foundation code", async () => {
    expect((await planted()).output).toMatch(/layer-browser: src\/browser\/planted-leads\.ts → src\/leads\/schema\.ts/);
  });

  test("the pages' browser code may not bundle a package", async () => {
    expect((await planted()).output).toMatch(
      /browser-no-packages: src\/browser\/planted-package\.ts → (\.\.\/)*[^ ]*node_modules\/minisearch\//,
    );
  });

  test('the planted run reports the planted imports and nothing else', async () => {
    const lines = await violations();
    expect(lines.length).toBeGreaterThan(0);
    // Every violation names a planted file (a cycle through real files, such as the foundation's
    // planted import of the protocol makes, names the plant on its path).
    const plantedFiles = Object.keys(PLANTS);
    for (const line of lines)
      expect(
        plantedFiles.some((file) => line.includes(file)),
        line,
      ).toBe(true);
  });
});
