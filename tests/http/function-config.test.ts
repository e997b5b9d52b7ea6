/**
 * functions/api.mts's `config` is read by Netlify without running the module, so it must hold
 * literals; these checks keep the literals equal to the one definition of each fact.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { RATE_LIMIT } from '../../src/http/limits.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { ROOT } from '../support/sample-site.ts';

const source = readFileSync(path.join(ROOT, 'functions/api.mts'), 'utf8');
// The config object without its comments.
const config = source.slice(source.indexOf('export const config')).replace(/\/\/.*$/gm, '');

describe("the API function's config", () => {
  test('declares the platform rate limit with the numbers of RATE_LIMIT, as literals', () => {
    expect(config).toMatch(new RegExp(`windowLimit: ${RATE_LIMIT.limit},`));
    expect(config).toMatch(new RegExp(`windowSize: ${RATE_LIMIT.windowSeconds},`));
    expect(config).not.toMatch(/RATE_LIMIT/);
  });

  test('owns /api and everything under it and the search page in every language, and the edge functions leave them alone', () => {
    const prefix = ROUTES.apiPrefix.replace(/\/$/, '');
    const owned = [prefix, `${prefix}/*`, ROUTES.search, `/:lang${ROUTES.search}`];
    expect(config).toContain(`path: [${owned.map((item) => `'${item}'`).join(', ')}],`);
    // A built page at /<segment>/search (an entry whose slug is `search`) is served, not shadowed.
    expect(config).toMatch(/preferStatic: true,/);
    const edge = readFileSync(path.join(ROOT, 'functions/edge/markdown.ts'), 'utf8');
    const excluded = `'${prefix}', '${prefix}/*', '${ROUTES.search}', '/*${ROUTES.search}'`;
    expect(edge).toContain(`excludedPath: [${excluded}]`);
    const toml = readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8');
    expect(toml).toContain(
      `"${prefix}", "${prefix}/*", "/admin", "/admin/*", "${ROUTES.search}", "/*${ROUTES.search}"]`,
    );
  });
});
