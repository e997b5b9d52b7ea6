/**
 * `npm run bench:scale`: how the site and its API function behave as the content grows. For the
 * sample site, for copies of it with 1,000 and 10,000 generated entries added
 * (scripts/scale/generate-entries.ts), and for a multilingual copy (3x3000: 3,000 generated
 * entries, each translated into the sample's other two languages, Dutch and Portuguese, so every
 * language has 3,000 entries more), each in a temporary folder, in one run:
 *
 * 1. build time and peak memory of `astro build` (this site: pages, Markdown siblings, discovery
 *    files, the function's artefacts) against a plain Astro + MDX build of the same pages, each
 *    from a clean state (for this site: drawing every page's share card); then this site again
 *    with the cards kept, as a later deploy builds (the goal's ratio: the first build draws each
 *    card once, about 20 ms each);
 * 2. the function as Netlify ships it (`netlify build --offline`, whose build command is skipped
 *    since the site was just built): the size of api.zip and of its entry file;
 * 3. cold starts of the unzipped function, in fresh processes whose working directory is the
 *    unzipped folder, against an empty function in the same folder: spawn until `initialize` is
 *    answered, then the first get_page_markdown (of a translated page at a multilingual size), the
 *    first search_site (in each language at a multilingual size), warm search_site p50/p99 over
 *    320 distinct queries, the search page for people (GET /search?q=…, HTML) p50/p99 over the
 *    same queries, and the process's memory after the first search; each first and warm figure
 *    beside its anchor, measured in fresh processes alternating with the function's
 *    (scripts/bench/anchors.ts: reading the page's .md, MiniSearch's loadJSON + one search of the
 *    same documents, MiniSearch's default search of the same warm queries), and the ratio;
 * 4. `npm start` on that folder (netlify-cli, which loads the function afresh for every
 *    request): time until it answers, MCP requests over HTTP (initialize, get_page_markdown,
 *    search_site, list_insights, 10 of each), and the peak memory of its process tree.
 *
 * A size with images (`1000i`, `10000i`) gives each generated entry a cover of its own (a distinct
 * copy of one of the sample's JPEG covers) and is measured against the same entries without,
 * built in the same run from a cold cache (every build from a clean state starts without
 * node_modules/.cache, so without share cards): its build at most 1.3x, its function zip no larger.
 *
 * Prints a table per size and the goals (SCALE_GOALS, scripts/bench/anchors.ts) with met / NOT met. Options: --sizes
 * 0,1000,1000i,10000,3x3000 (entries added; 0 is the sample site; Ni: N entries with images;
 * LxN: N entries added and translated into the sample's next L-1 languages), --runs N (cold starts of each function, default 11),
 * --build-runs N (builds of each project, alternating, default 1: the build ratio is then the
 * median of the ratios of each pair, as one build on this machine swings by 10-20 s), --keep
 * (keep the temporary folders). docs/performance.md records the figures.
 *
 * Every process the run starts (cold starts, npm start) has a temporary directory of its own, so
 * the function's rate limiter, which counts in files there, counts that process's requests only
 * (scripts/bench/cold-start.ts, scripts/bench/serve.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { loadSources } from '../src/model/load-sources.ts';
import { buildSiteModel, modelOfLanguage } from '../src/model/model.ts';
import { searchDocuments } from '../src/build/search-index.ts';
import { ARTEFACT_DIR, languageFile, pageRecordFile } from '../src/artefacts/layout.ts';
import {
  coldStarter,
  median,
  pairedRatio,
  percentile,
  writeEmptyFunction,
  type ColdResult,
  type PlannedRequest,
} from './bench/cold-start.ts';
import {
  anchorStarter,
  indexedDocuments,
  markdownSibling,
  pairedAnchorRatio,
  SCALE_GOALS as GOALS,
  writeMiniSearchIndex,
  type AnchorResult,
} from './bench/anchors.ts';
import { buildFunctionZip, type FunctionZip } from './bench/function-zip.ts';
import { realisticQueries } from './bench/mcp-queries.ts';
import { astroBuild, bytesOf, plainCopy, projectCopy, ROOT, walk, type BuildRun } from './bench/projects.ts';
import sharp from 'sharp';
import { COVER_IMAGE } from '../src/components/image-sizes.ts';
import { CARD_PREFIX, IMAGE_PREFIX, MODERN_FORMATS, responsiveWidths } from '../src/site/images.ts';
import { serveAndMeasure, type ServeFigures } from './bench/serve.ts';
import { commandLineOrExit, exitWithUsage, wholeNumber } from './command-line.ts';
import {
  TRANSLATED_LANGUAGES,
  addGeneratedCovers,
  addGeneratedEntries,
  addGeneratedTranslations,
  ensureLanguages,
  uniqueWord,
} from './scale/generate-entries.ts';
import type { SiteModel } from '../src/model/model.ts';

// ---------------------------------------------------------------------------------- options

const NAME = 'npm run bench:scale';
const USAGE = `npm run bench:scale -- [--sizes LIST] [--runs N] [--build-runs N] [--keep]

  --sizes LIST      sizes separated by commas (default 0,1000,1000i,10000,3x3000): entries added
                    to the sample site (0 is the sample alone); Ni adds N entries each with a
                    cover of its own, measured against N without (which runs too); LxN adds N
                    entries in each of the sample's first L languages
  --runs N          cold starts of each function per size (default 11)
  --build-runs N    builds of each project per size, alternating; the build ratio is the median of
                    the pairs' (default 1)
  --keep            keep the temporary folders`;
const line = commandLineOrExit(NAME, USAGE, ['--sizes', '--runs', '--build-runs'], ['--keep']);
/** One size of the run: entries added to the sample site, and the languages they are published in. */
interface Size {
  /** As given (`1000`, `3x3000`), for the table. */
  label: string;
  entries: number;
  /** The languages of a multilingual size (the default first); empty for the others. */
  languages: readonly string[];
  /** Whether each generated entry has a cover of its own (`1000i`): measured against the same size without. */
  images: boolean;
}

/** The sample site's languages (content/company.yaml), the default first. */
function sampleLanguages(): string[] {
  // Parsed as YAML: the editor writes the list as a block (`- en`), a person may write `[en, nl]`.
  const company = parse(readFileSync(path.join(ROOT, 'content/company.yaml'), 'utf8')) as { languages?: unknown };
  return Array.isArray(company.languages) ? company.languages.map(String) : [];
}

function parseSize(token: string): Size | string {
  if (/^\d+$/.test(token)) return { label: token, entries: Number(token), languages: [], images: false };
  const pictured = /^(\d+)i$/.exec(token);
  if (pictured) {
    const entries = Number(pictured[1]);
    if (entries < 1) return `"${token}": a size with images needs at least 1 entry`;
    return { label: `${entries.toLocaleString('en-US')}i`, entries, languages: [], images: true };
  }
  const multilingual = /^(\d+)[x×](\d+)$/.exec(token);
  if (!multilingual) return `"${token}" is neither a number of entries (1000) nor languages x entries (3x3000)`;
  const count = Number(multilingual[1]);
  const entries = Number(multilingual[2]);
  const available = sampleLanguages();
  const languages = available.slice(0, count);
  const translatable = languages.slice(1).every((code) => TRANSLATED_LANGUAGES.includes(code));
  if (count < 2 || languages.length < count || !translatable)
    return `"${token}": the sample site's languages are ${available.join(', ') || '(none)'} and generated translations exist for ${TRANSLATED_LANGUAGES.join(', ')}; give 2 to ${Math.min(available.length, TRANSLATED_LANGUAGES.length + 1)} languages`;
  if (entries < 1) return `"${token}": a multilingual size needs at least 1 entry per language`;
  return { label: `${count}x${entries.toLocaleString('en-US')}`, entries, languages, images: false };
}

const SIZES: Size[] = [];
for (const token of (line.values.get('--sizes') ?? '0,1000,1000i,10000,3x3000').split(',')) {
  const size = parseSize(token.trim());
  if (typeof size === 'string') exitWithUsage(NAME, USAGE, `--sizes: ${size}`);
  SIZES.push(size);
}
// A size with images is measured against the same entries without: that size runs too, first.
for (const size of SIZES.filter((candidate) => candidate.images))
  if (!SIZES.some((other) => !other.images && other.languages.length === 0 && other.entries === size.entries))
    SIZES.splice(SIZES.indexOf(size), 0, {
      label: String(size.entries),
      entries: size.entries,
      languages: [],
      images: false,
    });
const RUNS = wholeNumber(line, '--runs', 11, { name: NAME, text: USAGE });
const BUILD_RUNS = wholeNumber(line, '--build-runs', 1, { name: NAME, text: USAGE });
const KEEP = line.flags.has('--keep');

// ------------------------------------------------------------------------------------ helpers

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number) => `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)}x`;
/** Milliseconds, with the digits a figure under a millisecond needs. */
const fine = (value: number) => `${value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

const headers = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};
const call = (label: string, id: number, name: string, args: Record<string, unknown>): PlannedRequest => ({
  label,
  headers,
  body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
});
const initialize: PlannedRequest = {
  label: 'initialize',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench-scale', version: '1.0.0' } },
  }),
};

interface SizeResult {
  size: Size;
  /** HTML pages of every language. */
  pages: number;
  /** Entries per language (services, case studies, insights, pages), the default first. */
  entriesPerLanguage: [string, number][];
  /** The builds of each project, in the order they ran (plain, ours, plain, ours, …). */
  plain: BuildRun[];
  ours: BuildRun[];
  /** This site built again after `ours`, with the share cards those builds drew kept (a later deploy). */
  rebuild: BuildRun;
  zip: FunctionZip;
  empty: ColdResult[];
  cold: ColdResult[];
  /** The anchors' runs (scripts/bench/anchors.ts), each just before the function's run of the same index. */
  anchors: AnchorResult[];
  /** The anchor's MiniSearch index of the default language: documents, and its JSON's bytes. */
  anchorIndex: { documents: number; bytes: number };
  /** The cold start's first searches: language and step index (the default language's first). */
  searches: { language: string; step: number }[];
  /** Whether search_site took a `language` argument in this build. */
  searchLanguages: boolean;
  serve: ServeFigures;
  /** What the build published in dist/ of the content's images and of share cards. */
  published: { images: number; imageBytes: number; cards: number };
  /**
   * At a size with images: the alternative of resizing at build time, measured on a few covers
   * (every width and format the pages ask the CDN for, made with sharp), in seconds per cover.
   */
  sharpSecondsPerCover?: number;
}

/** This site's build time over the plain build's: the median of the ratios of each pair of builds. */
const buildRatio = (r: SizeResult) => median(r.ours.map((run, at) => run.seconds / r.plain[at]!.seconds));
/** The rebuild with the share cards kept over the plain build (its median). */
const rebuildRatio = (r: SizeResult) => r.rebuild.seconds / median(r.plain.map((run) => run.seconds));

/** A figure of the function beside its anchor measured in the same run (scripts/bench/anchors.ts), and their ratio. */
interface Anchored {
  value: number;
  anchor: number;
  /** For a first answer the median of the paired runs' ratios; for a percentile the percentiles' ratio. */
  ratio: number;
}

/** The function's warm search_site latencies over all its processes, sorted; and the anchor's. */
const warm = (r: SizeResult) => r.cold.flatMap((run) => run.warm).sort((a, b) => a - b);
const anchorWarm = (r: SizeResult) => r.anchors.flatMap((run) => run.warm).sort((a, b) => a - b);

/** The paired figure of the function's runs and the anchor's runs, one of each in turn. */
function paired(values: number[], anchors: number[]): Anchored {
  return { value: median(values), anchor: median(anchors), ratio: pairedAnchorRatio(values, anchors) };
}
/** First get_page_markdown against reading the page's .md. */
const firstPage = (r: SizeResult) =>
  paired(
    r.cold.map((run) => run.steps[1]!.ms),
    r.anchors.map((run) => run.markdownMs),
  );
/** The `at`-th first search_site (the default language's first) against MiniSearch's loadJSON + search. */
const firstSearch = (r: SizeResult, at: number) =>
  paired(
    r.cold.map((run) => run.steps[r.searches[at]!.step]!.ms),
    r.anchors.map((run) => run.searches[at]!.ms),
  );
/** Warm search_site's p-th percentile against MiniSearch's default search's, the same queries. */
function warmSearch(r: SizeResult, p: number): Anchored {
  const value = percentile(warm(r), p);
  const anchor = percentile(anchorWarm(r), p);
  return { value, anchor, ratio: value / anchor };
}
const beside = (figure: Anchored) => `${fine(figure.value)} / ${fine(figure.anchor)} (${ratio(figure.ratio)})`;

/** Structured content of a tools/call answer, or an error naming what came back. */
function structured(step: { label: string; status: number; body: unknown }): Record<string, unknown> {
  const result = (
    step.body as {
      result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text: string }[] };
    } | null
  )?.result;
  if (step.status !== 200 || !result || result.isError || !result.structuredContent) {
    throw new Error(`${step.label}: HTTP ${step.status}, ${JSON.stringify(step.body).slice(0, 400)}`);
  }
  return result.structuredContent;
}

// ---------------------------------------------------------------------------------- one size

/** Covers measured for the build-time alternative, and the formats each would be made in (the pages' sources for a JPEG). */
const SHARP_SAMPLE = 6;
const VARIANT_FORMATS = [...MODERN_FORMATS, 'jpeg'] as const;

/**
 * What resizing at build time would cost instead of the image CDN: the median time sharp takes to
 * make one cover's variants, every width the cover is drawn at (COVER_IMAGE's) in WebP and
 * the original's JPEG, as the pages' <picture> asks for them, over a few of the generated covers.
 */
async function sharpVariantsSeconds(content: string): Promise<number> {
  const widths = responsiveWidths({ width: 1600 }, COVER_IMAGE.maxWidth);
  const times: number[] = [];
  for (let i = 1; i <= SHARP_SAMPLE; i++) {
    const file = path.join(content, 'case-studies/images', `generated-case-${i}.jpg`);
    const started = performance.now();
    for (const width of widths)
      for (const format of VARIANT_FORMATS) await sharp(file).resize({ width }).toFormat(format).toBuffer();
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

/** The picture every generated cover is a copy of: the sample's first JPEG cover, as a company's photo would be. */
function coverBase(): string {
  const cover = buildSiteModel(loadSources(ROOT)).caseStudies.find((study) => study.cover?.asset.format === 'jpeg');
  if (!cover?.cover)
    throw new Error('The sample site has no case study with a JPEG cover to copy for the generated entries.');
  return path.join(ROOT, cover.cover.asset.file);
}

/** Whether the built search_site takes a `language` argument (.generated/agent-head.json's tool descriptors). */
function searchTakesLanguage(projectDir: string): boolean {
  const head = JSON.parse(readFileSync(path.join(projectDir, '.generated/agent-head.json'), 'utf8')) as {
    tools?: { name: string; inputSchema?: { properties?: Record<string, unknown> } }[];
  };
  return Boolean(head.tools?.find((tool) => tool.name === 'search_site')?.inputSchema?.properties?.language);
}

const entryCount = (model: SiteModel) =>
  model.services.length + model.caseStudies.length + model.insights.length + model.pages.length;

/** Long: a benchmark's steps for one size, in order (generate, build, bundle, cold starts, serve), sharing its folders. */
async function measureSize(size: Size): Promise<SizeResult> {
  const { entries, languages } = size;
  const multilingual = languages.length > 1;
  console.log(
    `\n== ${
      multilingual
        ? `the sample site + ${entries.toLocaleString('en-US')} generated entries in each of ${languages.join(', ')}`
        : entries === 0
          ? 'the sample site'
          : `the sample site + ${entries.toLocaleString('en-US')} generated entries`
    }`,
  );
  const slug = size.label.replace(/,/g, '');
  const ours = projectCopy(`scale-${slug}`, true);
  const content = path.join(ours, 'content');
  if (entries > 0) {
    const added = addGeneratedEntries(content, entries);
    console.log(
      `  generated ${added.caseStudies} case studies and ${added.insights} insights (${added.industries} industries, ${added.tags} tags)`,
    );
  }
  if (size.images) {
    const covers = addGeneratedCovers(content, entries, readFileSync(coverBase()));
    console.log(`  gave each its own cover: ${covers.files.toLocaleString('en-US')} JPEG files, ${mib(covers.bytes)}`);
  }
  if (multilingual) {
    ensureLanguages(content, languages, path.join(ROOT, 'content'));
    for (const code of languages.slice(1)) addGeneratedTranslations(content, code, entries);
    console.log(`  translated them into ${languages.slice(1).join(', ')} (content/<code>/case-studies, …/insights)`);
  }
  const plain = plainCopy(content);
  const work = mkdtempSync(path.join(os.tmpdir(), `bench-scale-${slug}-`));
  try {
    console.log('  building (astro build, from a clean state):');
    const plainRun: BuildRun[] = [];
    const oursRun: BuildRun[] = [];
    for (let run = 1; run <= BUILD_RUNS; run++) {
      const of = BUILD_RUNS > 1 ? ` (${run} of ${BUILD_RUNS})` : '';
      plainRun.push(astroBuild(plain, `plain Astro + MDX${of}`));
      oursRun.push(astroBuild(ours, `this site${of}`));
    }
    // A later deploy of the same content: the share cards drawn above are kept (node_modules/.cache).
    const rebuild = astroBuild(ours, 'this site again, its share cards kept', { keepCards: true });

    process.stdout.write('  bundling the function (netlify build --offline)… ');
    const zip = await buildFunctionZip(ours, ROOT, path.join(work, 'api'), { skipSiteBuild: true });
    console.log(
      `api.zip ${mib(zip.zipBytes)}, ${zip.files.toLocaleString('en-US')} files, entry ${kib(zip.entryBytes)}`,
    );

    const model = buildSiteModel(loadSources(ours));
    const models = model.languages.codes.map((code) => model.languages.models.get(code)!);
    const searchLanguages = multilingual && searchTakesLanguage(ours);
    if (multilingual && !searchLanguages)
      console.log(
        '  search_site has no language argument in this build: the first search runs in the default language only',
      );
    // At a multilingual size the page read first is a translation (the second language's).
    const readModel = multilingual ? model.languages.models.get(languages[1]!)! : model;
    const page =
      entries > 0
        ? readModel.caseStudies.find((study) => study.slug.startsWith('generated-'))!
        : readModel.services[0]!;
    const searchCodes = searchLanguages ? languages : [model.language];
    const targets = searchCodes.map((code) => {
      if (entries === 0) return { code, word: 'kubernetes', path: '/insights/kubernetes-cost-visibility' };
      const own = model.languages.models.get(code)!;
      const insight = own.insights.find((entry) => entry.slug === `generated-insight-${entries}`);
      if (!insight) throw new Error(`no generated-insight-${entries} in ${code}`);
      return {
        code,
        word: uniqueWord(entries - 1, code === model.language ? undefined : code),
        path: insight.path,
      };
    });
    const queries = realisticQueries(model);
    const searchStep = (target: (typeof targets)[number], id: number) =>
      call(
        target.code === model.language ? 'first search_site' : `first search_site (${target.code})`,
        id,
        'search_site',
        searchLanguages ? { query: target.word, language: target.code } : { query: target.word },
      );
    const plan = {
      endpoint: `${model.company.baseUrl}/api/mcp`,
      steps: [
        initialize,
        call('first get_page_markdown', 2, 'get_page_markdown', { path: page.path }),
        ...targets.map((target, i) => searchStep(target, 3 + i)),
      ],
      warm: queries.map((query, i) => call('warm search_site', 10 + i, 'search_site', { query })),
      // The search page for people with the same queries, after them: the same engine, its index read.
      pages: queries.map((query) => `${model.company.baseUrl}/search?q=${encodeURIComponent(query)}`),
    };
    // The anchors: the same documents in a MiniSearch per language searched first, the page's .md.
    const artefacts = path.join(zip.dir, ARTEFACT_DIR);
    const anchorIndexes = searchCodes.map((code) => {
      const file = path.join(work, `anchor-minisearch-${code}.json`);
      const indexed = indexedDocuments(path.join(artefacts, languageFile('searchTerms', code, model.language)));
      return { file, ...writeMiniSearchIndex(searchDocuments(modelOfLanguage(model, code)), indexed, file) };
    });
    const runAnchor = anchorStarter(work, {
      markdownFile: markdownSibling(path.join(artefacts, pageRecordFile(page.path)), path.join(ours, 'dist')),
      searches: targets.map((target, i) => ({ indexFile: anchorIndexes[i]!.file, query: target.word })),
      warm: queries,
    });
    const run = coldStarter(work, plan);
    // The empty function answers JSON to anything: it has no page to GET.
    const runEmpty = coldStarter(work, { ...plan, pages: [] });
    const searches = targets.map((target, i) => ({ language: target.code, step: 2 + i }));
    const empty = writeEmptyFunction(path.dirname(zip.entry));
    const emptyRuns: ColdResult[] = [];
    const coldRuns: ColdResult[] = [];
    const anchorRuns: AnchorResult[] = [];
    process.stdout.write(`  cold starts (${RUNS} of each, alternating with the empty function and the anchors): `);
    for (let i = 0; i < RUNS; i++) {
      emptyRuns.push(await runEmpty(empty, zip.dir));
      anchorRuns.push(await runAnchor());
      const result = await run(zip.entry, zip.dir);
      // The answers must be right, not just fast.
      const read = structured(result.steps[1]!);
      if (read.path !== page.path) throw new Error(`get_page_markdown answered ${String(read.path)} for ${page.path}`);
      for (const [index, target] of targets.entries()) {
        const found = structured(result.steps[2 + index]!) as { results: { url: string; language?: string }[] };
        if (!found.results[0]?.url.endsWith(target.path))
          throw new Error(`search_site "${target.word}" ranked ${found.results[0]?.url} first, not ${target.path}`);
      }
      coldRuns.push(result);
      process.stdout.write('.');
    }
    console.log('');

    process.stdout.write('  npm start (netlify serve) and MCP requests over HTTP… ');
    const generatedPages = models
      .flatMap((own) => own.sitePages)
      .map((candidate) => candidate.path)
      .filter((candidate) => entries === 0 || candidate.includes('/generated-'));
    const served: Parameters<typeof serveAndMeasure>[1] = [
      { label: 'initialize', body: () => JSON.parse(initialize.body) as unknown },
      {
        label: 'get_page_markdown',
        body: (round) => ({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: {
            name: 'get_page_markdown',
            arguments: { path: generatedPages[(round * 997) % generatedPages.length] },
          },
        }),
      },
      {
        label: 'search_site',
        body: (round) => ({
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'search_site', arguments: { query: queries[round * 31] } },
        }),
      },
      {
        label: 'list_insights',
        body: (round) => ({
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'list_insights', arguments: { offset: round * 50 } },
        }),
      },
    ];
    if (searchLanguages && entries > 0)
      served.push({
        label: 'search_site (language)',
        body: (round) => {
          const code = languages[round % languages.length]!;
          const index = (round * 97) % entries;
          return {
            jsonrpc: '2.0',
            id: 5,
            method: 'tools/call',
            params: {
              name: 'search_site',
              arguments: { query: uniqueWord(index, code === model.language ? undefined : code), language: code },
            },
          };
        },
        // The one entry with that word, in that language, first.
        check: (result, round) => {
          const code = languages[round % languages.length]!;
          const slug = `generated-${((round * 97) % entries) + 1}`;
          const own = model.languages.models.get(code)!;
          const entry = [...own.caseStudies, ...own.insights].find(
            (candidate) => candidate.slug.replace(/-(case|insight)-/, '-') === slug,
          );
          const first = (result.structuredContent as { results?: { url?: string }[] } | undefined)?.results?.[0]?.url;
          if (!entry || !first?.endsWith(entry.path))
            throw new Error(`search_site in ${code} ranked ${first} first, not ${entry?.path ?? slug}`);
        },
      });
    const serve = await serveAndMeasure(ours, served, 10);
    console.log(`ready after ${serve.readySeconds.toFixed(0)} s`);
    const images = walk(path.join(ours, 'dist', IMAGE_PREFIX));
    const published = {
      images: images.length,
      imageBytes: bytesOf(images),
      cards: walk(path.join(ours, 'dist', CARD_PREFIX)).length,
    };
    return {
      published,
      ...(size.images ? { sharpSecondsPerCover: await sharpVariantsSeconds(content) } : {}),
      size,
      pages: models.reduce((total, own) => total + own.sitePages.length, 0),
      entriesPerLanguage: models.map((own) => [own.language, entryCount(own)]),
      plain: plainRun,
      ours: oursRun,
      rebuild,
      zip,
      empty: emptyRuns,
      cold: coldRuns,
      anchors: anchorRuns,
      anchorIndex: { documents: anchorIndexes[0]!.documents, bytes: anchorIndexes[0]!.bytes },
      searches,
      searchLanguages,
      serve,
    };
  } finally {
    if (KEEP) console.log(`  kept: ${ours}\n        ${plain}\n        ${work}`);
    else for (const dir of [ours, plain, work]) rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------ report

/** A size's column heading: `sample`, `+1,000`, `3x3,000`. */
function sizeName(size: Size): string {
  if (size.languages.length > 1) return size.label;
  if (size.entries === 0) return 'sample';
  return `+${size.entries.toLocaleString('en-US')}${size.images ? ' images' : ''}`;
}

/** A size at which the large-site goals apply: 10,000 entries more, or ~9,000 over its languages. */
const isLarge = (size: Size) => size.entries * Math.max(1, size.languages.length) >= 9_000;

/** Long: the report's rows, a table read top to bottom. */
function report(results: SizeResult[]): boolean {
  const columns = results.map((result) => sizeName(result.size));
  const rows: [string, ...string[]][] = [];
  const row = (label: string, pick: (result: SizeResult) => string) => rows.push([label, ...results.map(pick)]);
  const med = (runs: ColdResult[], pick: (run: ColdResult) => number) => median(runs.map(pick));
  const searchPages = (result: SizeResult) => result.cold.flatMap((run) => run.pages).sort((a, b) => a - b);
  /** The step after the last first search: memory is read there. */
  const lastSearch = (r: SizeResult) => r.searches.at(-1)!.step;
  const otherSearches = (r: SizeResult) =>
    r.size.languages.length < 2
      ? '–'
      : !r.searchLanguages
        ? 'n/a'
        : r.searches
            .slice(1)
            .map((search, at) => `${search.language} ${beside(firstSearch(r, at + 1))}`)
            .join('; ');

  row('HTML pages (all languages)', (r) => r.pages.toLocaleString('en-US'));
  row('entries per language', (r) =>
    r.entriesPerLanguage.map(([code, count]) => `${code} ${count.toLocaleString('en-US')}`).join(' / '),
  );
  row('build: this site', (r) => `${median(r.ours.map((run) => run.seconds)).toFixed(1)} s`);
  row('build: plain Astro + MDX', (r) => `${median(r.plain.map((run) => run.seconds)).toFixed(1)} s`);
  row('build ratio', (r) => ratio(buildRatio(r)));
  row('build again, share cards kept', (r) => `${r.rebuild.seconds.toFixed(1)} s (${ratio(rebuildRatio(r))})`);
  if (BUILD_RUNS > 1)
    row('build ratio of each pair', (r) =>
      r.ours.map((run, at) => (run.seconds / r.plain[at]!.seconds).toFixed(2)).join(' / '),
    );
  row(
    'images published (bytes)',
    (r) => `${r.published.images.toLocaleString('en-US')} (${mib(r.published.imageBytes)})`,
  );
  row('share cards drawn', (r) => r.published.cards.toLocaleString('en-US'));
  row('images resized at build instead (sharp, estimated)', (r) =>
    r.sharpSecondsPerCover === undefined
      ? '–'
      : `${(r.sharpSecondsPerCover * r.published.images).toFixed(0)} s (${(r.sharpSecondsPerCover * 1000).toFixed(0)} ms a cover)`,
  );
  row('build peak memory: this site', (r) => mib(Math.max(...r.ours.map((run) => run.peakRssBytes))));
  row('build peak memory: plain', (r) => mib(Math.max(...r.plain.map((run) => run.peakRssBytes))));
  row('api.zip', (r) => mib(r.zip.zipBytes));
  row('api.zip unzipped (files)', (r) => `${mib(r.zip.unzippedBytes)} (${r.zip.files.toLocaleString('en-US')})`);
  row('entry file', (r) => kib(r.zip.entryBytes));
  row('cold start: empty function', (r) => ms(med(r.empty, (run) => run.wallMs)));
  row('cold start: this function', (r) => ms(med(r.cold, (run) => run.wallMs)));
  row('cold start ratio', (r) => ratio(pairedRatio(r.cold, r.empty)));
  row('  of which import of the entry', (r) => ms(med(r.cold, (run) => run.importMs)));
  row('first get_page_markdown / reading its .md (ratio)', (r) => beside(firstPage(r)));
  row('first search_site / MiniSearch loadJSON+search (ratio)', (r) => beside(firstSearch(r, 0)));
  row('first search_site, other languages (ratio)', otherSearches);
  row("warm search_site p50 / MiniSearch's (ratio)", (r) => beside(warmSearch(r, 50)));
  row("warm search_site p99 / MiniSearch's (ratio)", (r) => beside(warmSearch(r, 99)));
  for (const p of [50, 99])
    row(`search page p${p} (HTML) / search_site's (ratio)`, (r) => {
      const value = percentile(searchPages(r), p);
      const own = percentile(warm(r), p);
      return beside({ value, anchor: own, ratio: value / own });
    });
  row("memory (RSS) after the first search(es) / MiniSearch's", (r) => {
    const own = med(r.cold, (run) => run.steps[lastSearch(r)]!.rssBytes);
    const anchor = median(r.anchors.map((run) => run.rssBytes));
    return `${mib(own)} / ${mib(anchor)} (${ratio(own / anchor)})`;
  });
  row(
    'MiniSearch index of the anchor (documents, JSON)',
    (r) => `${r.anchorIndex.documents.toLocaleString('en-US')} (${mib(r.anchorIndex.bytes)})`,
  );
  row('npm start: ready after', (r) => `${r.serve.readySeconds.toFixed(0)} s`);
  for (const kind of ['initialize', 'get_page_markdown', 'search_site', 'list_insights', 'search_site (language)']) {
    row(`npm start: ${kind} p50 / max`, (r) => {
      const list = r.serve.latencies.get(kind) ?? [];
      return list.length ? `${percentile(list, 50).toFixed(0)} / ${list.at(-1)!.toFixed(0)} ms` : '–';
    });
  }
  row('npm start: peak memory (process tree)', (r) => mib(r.serve.peakRssBytes));

  const widths = [
    Math.max(...rows.map((r) => r[0].length)),
    ...columns.map((column, i) => Math.max(column.length, ...rows.map((r) => r[i + 1]!.length))),
  ];
  console.log('');
  console.log(`${''.padEnd(widths[0]!)}  ${columns.map((column, i) => column.padStart(widths[i + 1]!)).join('  ')}`);
  for (const r of rows)
    console.log(
      `${r[0].padEnd(widths[0]!)}  ${r
        .slice(1)
        .map((cell, i) => cell.padStart(widths[i + 1]!))
        .join('  ')}`,
    );
  console.log(
    BUILD_RUNS > 1
      ? `\nBuilds: ${BUILD_RUNS} of each project from a clean state, alternating (plain first); times are medians, the ratio is the median of each pair's ratio.`
      : '\nBuilds: one of each project from a clean state (plain first); a single pair swings by up to 0.2x here, --build-runs 3 gives the median of three pairs.',
  );
  if (results.some((r) => r.sharpSecondsPerCover !== undefined))
    console.log(
      `Images resized at build instead: the median time sharp takes to make one cover's ${responsiveWidths({ width: 1600 }, COVER_IMAGE.maxWidth).length * VARIANT_FORMATS.length} variants ` +
        `(every width of the cover's srcset in ${VARIANT_FORMATS.join(' and ')}), measured on ${SHARP_SAMPLE} of the generated covers, times the images published: ` +
        'what the build would add on one core if it made the variants itself instead of the image CDN.',
    );
  console.log(
    `Cold starts: median of ${RUNS} fresh processes each (spawn until initialize is answered), alternating with the empty function;`,
  );
  console.log("the ratio is the median of the ratios of each run to the empty function's run just before it;");
  console.log(
    "anchors: a fresh process each, just before the function's run: the page's .md read (readFileSync + toString); MiniSearch's loadJSON of\n" +
      "the same documents' index (saved once with JSON.stringify, its file read in the timed part) and one search of the same query, MiniSearch's\n" +
      "defaults; then the same warm queries with its default SearchOptions. A first ratio is the median of the paired runs' ratios.",
  );
  console.log(
    `warm search: ${results[0]?.cold[0]?.warm.length ?? 0} distinct realistic queries per process after the first search, over all processes;`,
  );
  console.log(
    "search page: the same queries after them, GET /search?q=… answered in HTML by the same process (the first of them loads the page's bundle and frame).",
  );
  if (results.some((r) => r.size.languages.length > 1))
    console.log(
      'Multilingual sizes (LxN): the first get_page_markdown reads a translated page; the first search_site is in the default language,\n' +
        'then one in each other language (language argument), each the first in its language; memory is read after the last of them;\n' +
        '"n/a": this build\'s search_site takes no language argument.',
    );

  console.log('\nGoals (docs/performance.md):');
  let allMet = true;
  const goal = (label: string, ok: boolean) => {
    allMet &&= ok;
    console.log(`  ${label}: ${verdict(ok)}`);
  };
  for (const r of results) {
    const name = sizeName(r.size);
    const coldRatio = pairedRatio(r.cold, r.empty);
    goal(
      `${name}: cold start at most ${GOALS.coldStartRatio}x an empty function (${ratio(coldRatio)})`,
      coldRatio <= GOALS.coldStartRatio,
    );
    goal(
      `${name}: entry file at most ${kib(GOALS.entryBytes)} (${kib(r.zip.entryBytes)})`,
      r.zip.entryBytes <= GOALS.entryBytes,
    );
    // The first and warm answers against their anchors, measured in the same run (scripts/bench/anchors.ts).
    const page = firstPage(r).ratio;
    goal(
      `${name}: first get_page_markdown at most ${GOALS.firstPageRatio}x reading its .md (${ratio(page)})`,
      page <= GOALS.firstPageRatio,
    );
    for (const [at, search] of r.searches.entries()) {
      const first = firstSearch(r, at).ratio;
      goal(
        `${name}: first search_site${r.searches.length > 1 ? ` (${search.language})` : ''} at most ${GOALS.firstSearchRatio}x MiniSearch's loadJSON + one search (${ratio(first)})`,
        first <= GOALS.firstSearchRatio,
      );
    }
    const p99 = warmSearch(r, 99).ratio;
    goal(
      `${name}: warm search_site p99 at most ${GOALS.warmSearchP99Ratio}x MiniSearch's default search's (${ratio(p99)})`,
      p99 <= GOALS.warmSearchP99Ratio,
    );
  }
  // A size with images against the same entries without, built in the same run from a cold cache.
  for (const pictured of results.filter((r) => r.size.images)) {
    const twin = results.find(
      (r) => !r.size.images && r.size.languages.length === 0 && r.size.entries === pictured.size.entries,
    );
    if (!twin) continue;
    const name = sizeName(pictured.size);
    const seconds = (r: SizeResult) => median(r.ours.map((run) => run.seconds));
    const build = seconds(pictured) / seconds(twin);
    goal(
      `${name}: build at most ${GOALS.imagesBuildRatio}x the same entries without images (${ratio(build)})`,
      build <= GOALS.imagesBuildRatio,
    );
    // The images' URLs and alt texts are in the tools' answers (list_case_studies, search_site), so
    // the artefacts grow by them; the pictures themselves are never shipped with the function.
    goal(
      `${name}: the function's zip holds no image (${pictured.zip.imageFiles} image files, ${pictured.zip.files.toLocaleString('en-US')} files against ${twin.zip.files.toLocaleString('en-US')} without; ` +
        `${mib(pictured.zip.zipBytes)} against ${mib(twin.zip.zipBytes)}: the images' URLs and alt texts)`,
      pictured.zip.imageFiles === 0 && pictured.zip.files === twin.zip.files,
    );
  }
  for (const large of results.filter((r) => isLarge(r.size))) {
    const name = sizeName(large.size);
    const p99 = percentile(warm(large), 99);
    const rss = med(large.cold, (run) => run.steps[lastSearch(large)]!.rssBytes);
    const build = rebuildRatio(large);
    const pageP99 = percentile(searchPages(large), 99);
    goal(
      `${name}: search page p99 (the function's own work, HTML) at most ${GOALS.searchPageP99Ms} ms (${ms(pageP99)}, ${ratio(pageP99 / p99)} search_site's)`,
      pageP99 <= GOALS.searchPageP99Ms,
    );
    goal(
      `${name}: memory after the first search${large.searches.length > 1 ? 'es' : ''} at most ${mib(GOALS.rssBytes)} (${mib(rss)})`,
      rss <= GOALS.rssBytes,
    );
    goal(
      `${name}: build with its share cards kept (a later deploy) at most ${GOALS.buildRatio}x the plain Astro + MDX build (${ratio(build)}; the first build, drawing every card: ${ratio(buildRatio(large))})`,
      build <= GOALS.buildRatio,
    );
    const slowest = Math.max(...[...large.serve.latencies.values()].map((list) => list.at(-1) ?? 0));
    goal(
      `${name}: npm start answers every MCP request well under a second (slowest ${ms(slowest)})`,
      slowest < GOALS.serveRequestMs,
    );
  }
  return allMet;
}

// -------------------------------------------------------------------------------------- main

const started = performance.now();
const cpus = os.cpus();
console.log(
  `Scale benchmark · ${new Date().toISOString()} · Node ${process.version}` +
    ` · ${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · ${mib(os.totalmem())} RAM` +
    ` · sizes ${SIZES.map((size) => size.label).join(', ')}`,
);
const results: SizeResult[] = [];
for (const size of SIZES) results.push(await measureSize(size));
const met = report(results);
console.log(
  `\n${met ? 'Every goal is met.' : 'Not every goal is met (see above).'} Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
