/** src/site/icons.ts: one list of the icons, and the places that must name them as literals. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ICON_FILES, MANIFEST_ICONS, sizesOf, WEB_MANIFEST } from '../../src/site/icons.ts';
import { ROOT } from '../support/sample-site.ts';

test('every icon has a path of its own, and the manifest lists only icons the build makes', () => {
  const paths = ICON_FILES.map((icon) => icon.path);
  expect(new Set(paths).size).toBe(paths.length);
  for (const icon of MANIFEST_ICONS) expect(ICON_FILES).toContain(icon);
  expect(sizesOf({ size: 180 })).toBe('180x180');
});

test("the traffic counter (netlify.toml's literals) skips the icons and the manifest, as it does the favicon", () => {
  const toml = readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8');
  const excluded = /^\s*excludedPath = (\[.*\])$/m.exec(toml)![1]!;
  const paths = JSON.parse(excluded) as string[];
  for (const file of [...ICON_FILES.map((icon) => icon.path), WEB_MANIFEST.path, '/favicon.svg'])
    expect(paths, file).toContain(file);
});
