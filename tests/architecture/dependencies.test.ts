/**
 * package.json says what the site needs (docs/architecture.md, "Dependencies"): every package in
 * `dependencies` is imported by the site's code (src/, functions/, astro.config.mjs), a
 * `devDependency` is imported there only for its types (tests, scripts and tools use the rest),
 * and the docs' table names exactly the dependencies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { COPIED_PACKAGES } from '../../src/build/admin-files.ts';
import { CARD_FAMILIES } from '../../src/build/card-fonts.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/**
 * The package a module specifier names, or undefined for a relative, node: or virtual one. A
 * relative path into node_modules names its package (src/zod.ts and the Porter stemmer are
 * imported so, for the function's bundler).
 */
function packageOf(specifier: string): string | undefined {
  const byPath = /^(?:\.\.?\/)+node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(specifier);
  if (byPath) return byPath[1];
  if (/^(\.|\/|node:|astro:|virtual:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package imported by `source`, each marked whether any import of it brings values (not only types). */
function importsOf(source: string): Map<string, { values: boolean }> {
  const found = new Map<string, { values: boolean }>();
  const note = (specifier: string, typeOnly: boolean) => {
    const name = packageOf(specifier);
    if (!name) return;
    const seen = found.get(name) ?? { values: false };
    found.set(name, { values: seen.values || !typeOnly });
  };
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm))
    note(match[2]!, match[1] !== undefined || /^\s*import\s+\{\s*type\s[^}]*\}\s+from/.test(match[0]));
  for (const match of source.matchAll(/\b(?:import|require)\(\s*['"`]([^'"`$]+)/g)) note(match[1]!, false);
  return found;
}

const siteFiles = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'functions')), 'astro.config.mjs']
  .map((file) => path.resolve(root, file))
  .filter((file) => /\.(ts|mts|mjs|js|astro)$/.test(file));

const imported = new Map<string, { values: boolean; files: string[] }>();
for (const file of siteFiles) {
  for (const [name, { values }] of importsOf(readFileSync(file, 'utf8'))) {
    const entry = imported.get(name) ?? { values: false, files: [] };
    entry.values ||= values;
    entry.files.push(path.relative(root, file));
    imported.set(name, entry);
  }
}

describe('the import scanner', () => {
  test('tells value imports from type-only ones', () => {
    const found = importsOf(
      [
        "import { z } from 'zod';",
        "import type { Root } from 'mdast';",
        "import { type Plugin } from 'vite';",
        "import './local.ts';",
        "import { stemmer } from '../../node_modules/stemmer/index.js';",
        "export * from '../node_modules/@scope/name/v4/mini/index.js';",
        "import { readFileSync } from 'node:fs';",
        "const blobs = await import('@netlify/blobs');",
        'const words = require(`@orama/stopwords/${name}`);',
      ].join('\n'),
    );
    expect(Object.fromEntries(found)).toEqual({
      zod: { values: true },
      mdast: { values: false },
      vite: { values: false },
      '@netlify/blobs': { values: true },
      '@orama/stopwords': { values: true },
      stemmer: { values: true },
      '@scope/name': { values: true },
    });
  });
});

describe('package.json sections (docs/architecture.md, "Dependencies")', () => {
  test('every dependency is imported by the site code', () => {
    // Or copied by path into the editor at /admin/ (its code and fonts: src/build/admin-files.ts),
    // or read by path: the share cards' fonts (src/build/card-fonts.ts).
    const copied = new Set<string>([...COPIED_PACKAGES, ...CARD_FAMILIES.map((family) => family.package)]);
    const unused = Object.keys(manifest.dependencies).filter(
      (name) => !imported.get(name)?.values && !copied.has(name),
    );
    expect(unused, 'move these to devDependencies, or remove them').toEqual([]);
  });

  test('a devDependency is imported by the site code only for its types', () => {
    const misplaced = Object.keys(manifest.devDependencies)
      .filter((name) => imported.get(name)?.values)
      .map((name) => `${name} (${imported.get(name)!.files.join(', ')})`);
    expect(misplaced, 'the site needs these at build or run time: move them to dependencies').toEqual([]);
  });

  test("the docs' table names exactly the dependencies", () => {
    const docs = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const section = /^## Dependencies\n([\s\S]*?)^## /m.exec(docs)?.[1];
    expect(section, 'docs/architecture.md has a "## Dependencies" section').toBeDefined();
    const named = new Set(
      section!
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)),
    );
    expect([...named].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });
});
