/**
 * `npm run bench:build`: build time and artefact sizes of this site for the sample content and
 * for a generated site of N entry pages (default 1,000), side by side in the same run with a
 * plain Astro + MDX build of the same N pages, and the ratio. Options: --pages N, --rounds R
 * (builds per variant; the best time counts), --keep (keep the temporary folders).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateContent } from './bench/generate-content.ts';
import { astroBuild, bytesOf, plainCopy, projectCopy, walk } from './bench/projects.ts';
import { commandLineOrExit, wholeNumber } from './command-line.ts';

const USAGE = `npm run bench:build -- [--pages N] [--rounds R] [--keep]

  --pages N     entry pages of the generated site and of the plain Astro build (default 1000)
  --rounds R    builds of each variant, interleaved; the best time counts (default 3)
  --keep        keep the temporary folders`;
const line = commandLineOrExit('npm run bench:build', USAGE, ['--pages', '--rounds'], ['--keep']);
const PAGES = wholeNumber(line, '--pages', 1000, { name: 'npm run bench:build', text: USAGE });
const ROUNDS = wholeNumber(line, '--rounds', 3, { name: 'npm run bench:build', text: USAGE });
const KEEP = line.flags.has('--keep');
const TARGET_RATIO = 1.3;

interface Sizes {
  files: number;
  bytes: number;
  html: number;
  markdown: number;
  catalog: number;
}

function sizes(dir: string): Sizes {
  const files = walk(path.join(dir, 'dist'));
  return {
    files: files.length,
    bytes: bytesOf(files),
    html: files.filter((file) => file.endsWith('.html')).length,
    markdown: files.filter((file) => file.endsWith('.md')).length,
    catalog: bytesOf(walk(path.join(dir, '.generated'))),
  };
}

function build(dir: string, label: string): number {
  // Rounds after the first reuse the share cards it drew, as a site's later deploys do.
  return astroBuild(dir, label, { keepCards: true }).seconds;
}

/** Builds each variant ROUNDS times, interleaved so drift on the machine hits all alike; returns the best time of each. */
function bestOf(variants: { dir: string; label: string }[]): number[] {
  const fastest = variants.map(() => Number.POSITIVE_INFINITY);
  for (let round = 1; round <= ROUNDS; round += 1) {
    variants.forEach(({ dir, label }, index) => {
      fastest[index] = Math.min(fastest[index]!, build(dir, `${label}, round ${round}/${ROUNDS}`));
    });
  }
  return fastest;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

console.log(
  `Build benchmark: ${PAGES} generated entry pages, best of ${ROUNDS} build(s) per variant, Node ${process.version}, ${os.cpus().length} CPU(s)\n`,
);

const sample = projectCopy('sample', true);
const generated = projectCopy('generated', false);
const counts = generateContent(generated, PAGES);
const plain = plainCopy();
generateContent(plain, PAGES);
console.log(
  `Generated: ${counts.services} services, ${counts.caseStudies} case studies, ${counts.insights} insights, ${counts.pages} pages\n`,
);

console.log('Building (wall time of `astro build`):');
const [sampleTime, plainTime, siteTime] = bestOf([
  { dir: sample, label: 'this site, sample content' },
  { dir: plain, label: `plain Astro + MDX, ${PAGES} pages` },
  { dir: generated, label: `this site, ${PAGES} pages` },
]) as [number, number, number];

const sampleSizes = sizes(sample);
const siteSizes = sizes(generated);
const plainSizes = sizes(plain);
const ratio = siteTime / plainTime;

const rows = [
  ['variant', 'time', 'ms/page', 'HTML', '.md', 'files', 'dist size', '.generated'],
  [
    'this site, sample',
    `${sampleTime.toFixed(2)} s`,
    ((sampleTime * 1000) / sampleSizes.html).toFixed(1),
    String(sampleSizes.html),
    String(sampleSizes.markdown),
    String(sampleSizes.files),
    kb(sampleSizes.bytes),
    kb(sampleSizes.catalog),
  ],
  [
    `plain Astro, ${PAGES}`,
    `${plainTime.toFixed(2)} s`,
    ((plainTime * 1000) / plainSizes.html).toFixed(1),
    String(plainSizes.html),
    String(plainSizes.markdown),
    String(plainSizes.files),
    kb(plainSizes.bytes),
    '-',
  ],
  [
    `this site, ${PAGES}`,
    `${siteTime.toFixed(2)} s`,
    ((siteTime * 1000) / siteSizes.html).toFixed(1),
    String(siteSizes.html),
    String(siteSizes.markdown),
    String(siteSizes.files),
    kb(siteSizes.bytes),
    kb(siteSizes.catalog),
  ],
];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
console.log('');
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
console.log(
  `\nRatio, this site / plain Astro (${PAGES} pages): ${ratio.toFixed(2)}x (target: at most ${TARGET_RATIO}x) ` +
    `${ratio <= TARGET_RATIO ? 'within target' : 'OVER TARGET'}`,
);
console.log(
  `Extra work per entry page: ${(((siteTime - plainTime) * 1000) / PAGES).toFixed(2)} ms ` +
    '(Markdown siblings, listings and filter pages, discovery files, search index, function artefacts)',
);

if (KEEP) console.log(`\nKept: ${sample}\n      ${generated}\n      ${plain}`);
else for (const dir of [sample, generated, plain]) rmSync(dir, { recursive: true, force: true });
