/**
 * Throwaway projects for the build and scale benchmarks: copies of this site (code and a content
 * folder they control) and of a plain Astro + MDX project, each with its own node_modules folder
 * of links, built with `astro build` while their wall time and peak memory are taken.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CARD_CACHE_DIR } from '../../src/build/card-cache.ts';
import { COLLECTION_NAMES, COLLECTIONS } from '../../src/schemas/collections.ts';
import { writePlainAstroProject } from './plain-astro.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every file under `dir`, recursively (none when it does not exist). */
export function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Total bytes of `files`. */
export const bytesOf = (files: readonly string[]) => files.reduce((total, file) => total + statSync(file).size, 0);

/** Caches in node_modules a build writes; each throwaway project starts without them. */
const CACHES = new Set(['.astro', '.vite', '.cache']);

/**
 * Gives a throwaway project its own node_modules folder of this project's packages, as hard
 * links (no data copied; real files and folders, so Netlify's bundler packs them into a
 * function's zip exactly as for a real install), or as symlinks per package where hard links
 * cannot be made (another file system). A plain symlink to node_modules would share Astro's
 * content store and Vite's caches (node_modules/.astro, node_modules/.vite) between the variants
 * and skew the comparison.
 */
export function linkPackages(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules'));
  const names = readdirSync(path.join(ROOT, 'node_modules')).filter((name) => !CACHES.has(name));
  const hard = spawnSync(
    'cp',
    ['-al', ...names.map((name) => path.join(ROOT, 'node_modules', name)), path.join(dir, 'node_modules')],
    { encoding: 'utf8' },
  );
  if (hard.status === 0) return;
  for (const name of names) {
    if (name.startsWith('.')) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
}

/**
 * A throwaway copy of this project (code, functions, scripts and Netlify configuration), with the sample
 * content when `sampleContent`, else only content/company.yaml. With `cards`, the copy starts with
 * the share cards this project's own builds drew (its card cache, copied: a build of the copy
 * adds to it), as a site that is built again keeps them, so it draws only the cards of its own
 * new or changed pages: for the tests, whose copies differ from the sample in a few pages; the
 * benchmarks start without (astroBuild).
 */
export function projectCopy(label: string, sampleContent: boolean, options: { cards?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  for (const name of [
    'src',
    'public',
    'functions',
    'scripts',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
    'netlify.toml',
  ]) {
    // public/ is optional (a fresh clone has none: the favicon is made from content/).
    if (existsSync(path.join(ROOT, name))) cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
  }
  linkPackages(dir);
  // netlify-cli's Deno cache (npm start keeps it in .deno/): a warm copy spares a cold start.
  if (existsSync(path.join(ROOT, '.deno'))) spawnSync('cp', ['-al', path.join(ROOT, '.deno'), path.join(dir, '.deno')]);
  const cards = path.join(ROOT, CARD_CACHE_DIR);
  if (options.cards && existsSync(cards)) {
    mkdirSync(path.dirname(path.join(dir, CARD_CACHE_DIR)), { recursive: true });
    cpSync(cards, path.join(dir, CARD_CACHE_DIR), { recursive: true });
  }
  if (sampleContent) cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  else {
    // The company's facts (with its picture) and every language's strings and facts, without the sample's entries.
    mkdirSync(path.join(dir, 'content'), { recursive: true });
    for (const file of ['company.yaml', 'strings.yaml'])
      cpSync(path.join(ROOT, 'content', file), path.join(dir, 'content', file));
    // The home page's picture, which company.yaml names (`image`), beside it.
    if (existsSync(path.join(ROOT, 'content/images')))
      cpSync(path.join(ROOT, 'content/images'), path.join(dir, 'content/images'), { recursive: true });
    for (const code of languageFolders(path.join(ROOT, 'content'))) {
      mkdirSync(path.join(dir, 'content', code), { recursive: true });
      for (const file of ['company.yaml', 'strings.yaml'])
        if (existsSync(path.join(ROOT, 'content', code, file)))
          cpSync(path.join(ROOT, 'content', code, file), path.join(dir, 'content', code, file));
    }
  }
  return dir;
}

/** The language folders of a content folder (content/<code>/ beside the collections), sorted. */
export function languageFolders(content: string): string[] {
  const collections = new Set<string>(COLLECTION_NAMES.map((name) => COLLECTIONS[name].folder));
  let names: string[];
  try {
    names = readdirSync(content);
  } catch {
    return [];
  }
  return names
    .filter(
      (name) =>
        !collections.has(name) &&
        /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(name) &&
        statSync(path.join(content, name)).isDirectory(),
    )
    .sort();
}

/**
 * A plain Astro + MDX project (scripts/bench/plain-astro.ts), with `content` copied in when given
 * (and pages for each of its language folders, as the site publishes them).
 */
export function plainCopy(content?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-plain-'));
  writePlainAstroProject(dir, content ? languageFolders(content) : []);
  linkPackages(dir);
  if (content) cpSync(content, path.join(dir, 'content'), { recursive: true });
  return dir;
}

export interface BuildRun {
  seconds: number;
  /** Peak resident set size of the build process, bytes. */
  peakRssBytes: number;
}

/** A preload that writes the process's peak RSS (bytes) to $BENCH_RSS_FILE when it exits. */
const RSS_PRELOAD = `import { writeFileSync } from 'node:fs';
process.on('exit', () => { try { writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)); } catch {} });
`;

/**
 * `astro build` in `dir` from a clean state (no dist, no caches, no share cards): wall time and
 * peak memory. With `keepCards`, the share cards a build before drew stay in their cache
 * (node_modules/.cache, as on a host that keeps the dependencies between deploys), so only the
 * cards of changed pages are drawn. Exits the process on failure.
 */
export function astroBuild(dir: string, label: string, options: { keepCards?: boolean } = {}): BuildRun {
  const stale = ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite', '.generated'];
  if (!options.keepCards) stale.push('node_modules/.cache');
  for (const name of stale) rmSync(path.join(dir, name), { recursive: true, force: true });
  const preload = path.join(dir, '.bench-rss.mjs');
  const rssFile = path.join(dir, '.bench-rss');
  writeFileSync(preload, RSS_PRELOAD);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', preload, path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
    {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BENCH_RSS_FILE: rssFile },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(
      `${label}: build failed (exit ${result.status})\n${result.stdout?.slice(-3000)}\n${result.stderr?.slice(-3000)}`,
    );
    process.exit(1);
  }
  const peakRssBytes = Number(readFileSync(rssFile, 'utf8'));
  process.stdout.write(`  ${label}: ${seconds.toFixed(2)} s, peak ${(peakRssBytes / 1024 ** 2).toFixed(0)} MiB\n`);
  return { seconds, peakRssBytes };
}
