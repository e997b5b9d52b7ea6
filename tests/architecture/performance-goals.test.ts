/**
 * The goal ratios docs/performance.md quotes are the ones `npm run bench:scale` checks
 * (SCALE_GOALS, scripts/bench/anchors.ts): each phrase of the doc that states a ratio goal names
 * the script's number, wherever it appears, so the doc cannot drift from the script.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SCALE_GOALS } from '../../scripts/bench/anchors.ts';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/performance.md'), 'utf8');

const PHRASES: [RegExp, number][] = [
  [/first `get_page_markdown` at most ([\d.]+)x reading its `\.md`/g, SCALE_GOALS.firstPageRatio],
  [/first `search_site` at most ([\d.]+)x MiniSearch's `loadJSON`/g, SCALE_GOALS.firstSearchRatio],
  [/warm `search_site` p99 at most ([\d.]+)x MiniSearch's/g, SCALE_GOALS.warmSearchP99Ratio],
  [/Cold start at most ([\d.]+)x an empty function/g, SCALE_GOALS.coldStartRatio],
  [/Build at most ([\d.]+)x a plain Astro \+ MDX build/g, SCALE_GOALS.buildRatio],
];

test.each(PHRASES)('docs/performance.md quotes %s as the script checks it', (phrase, goal) => {
  const quoted = [...doc.matchAll(phrase)].map((match) => Number(match[1]));
  expect(quoted.length, 'the doc states this goal').toBeGreaterThan(0);
  expect(quoted).toEqual(quoted.map(() => goal));
});

test('docs/performance.md describes rather than logs: at most 300 lines, no history section', () => {
  expect(doc.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  expect(doc).not.toMatch(/^#+ .*History/im);
  expect(doc.split('\n', 5).join(' ')).toMatch(/For developers/);
});
