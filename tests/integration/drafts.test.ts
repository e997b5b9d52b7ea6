/** Drafts are never built, listed, linked, indexed or included in any artefact: not one byte on disk. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { DRAFT_WORDS } from './http.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('drafts', () => {
  test('no built file and no function catalog mentions a draft', () => {
    const root = inject('projectRoot');
    const built = [...files(path.join(root, 'dist')), ...files(path.join(root, '.generated'))].filter((file) =>
      /\.(html|md|txt|json|xml|js|css)$|api-catalog$|_headers$/.test(file),
    );
    expect(built.length).toBeGreaterThan(50);
    const leaking = built.filter((file) => DRAFT_WORDS.test(readFileSync(file, 'utf8')));
    expect(leaking).toEqual([]);
  });
});
