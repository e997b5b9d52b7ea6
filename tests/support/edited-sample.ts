/**
 * Copies of the sample content/ with some of its files edited, and the site model each builds:
 * for tests of what an editor's change does to the build. Every copy is removed after its file.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/model/model.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A function that copies the sample content/, makes `edits` (path in content/ -> change of its
 * text; an edit that changes nothing is a mistake in the test, and throws) and returns what
 * builds its model, so a test can expect the build to throw.
 */
export function editedSample(prefix: string): (edits?: Record<string, (text: string) => string>) => () => SiteModel {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (edits = {}) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    dirs.push(dir);
    cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
    for (const [file, change] of Object.entries(edits)) {
      const full = path.join(dir, 'content', file);
      const before = readFileSync(full, 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`the edit of ${file} changed nothing`);
      writeFileSync(full, after);
    }
    return () => buildSiteModel(loadSources(dir));
  };
}
