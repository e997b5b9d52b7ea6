import { describe, expect, test } from 'vitest';
import { DISCOVERY_FILES, mediaTypeOf } from '../../src/discovery/discovery-files.ts';
import { ROUTES } from '../../src/site/routes.ts';

describe('mediaTypeOf', () => {
  test('drops charset but keeps profile', () => {
    expect(mediaTypeOf('text/plain; charset=utf-8')).toBe('text/plain');
    expect(mediaTypeOf('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(mediaTypeOf('application/json')).toBe('application/json');
  });
});

describe('DISCOVERY_FILES', () => {
  test('takes every path from ROUTES, each once', () => {
    const paths = Object.values(DISCOVERY_FILES).map((file) => file.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(Object.values(ROUTES)).toContain(path);
  });
});
