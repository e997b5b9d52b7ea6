/**
 * The build's non-HTML files, made in a worker thread while Astro renders the pages (the build
 * hook in site-files.ts starts it): the site model again (from the same content, so the same
 * model), the artefacts (search index, profile, the API function's head and files) and every
 * Markdown sibling and discovery file. It writes what lives outside dist/ (.generated/) itself
 * and posts back the files for dist/, which the hook writes once Astro has finished with the
 * folder. Rendering pages keeps one core busy; this work fits on the other.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ARTEFACT_DIR, HEAD_FILE } from '../artefacts/layout.ts';
import { buildArtefacts } from '../build/build-artefacts.ts';
import { PAGE_LANGUAGES_FILE, pageLanguagesModule } from '../discovery/page-languages.ts';
import { loadSources } from '../model/load-sources.ts';
import { STEMMERS_FILE, stemmersModule } from '../build/stemmers-module.ts';
import { TRAFFIC_DATA_FILE, trafficDataModule, trafficKeyFiles } from '../build/agent-patterns.ts';

/** The traffic record's settings for the scheduled function traffic-retention (bundled with it). */
export const TRAFFIC_POLICY_FILE = '.generated/traffic-policy.json';
import { buildSiteModel } from '../model/model.ts';
import { siteFiles, type SiteFile } from '../build/site-files.ts';
import { cachedCard, cachedLogoPng, makeCards, type CardsMade } from '../build/share-cards.ts';
import { cachedIcons } from '../build/icons.ts';
import { shareCards } from '../discovery/share-image.ts';
import { LOGO_PNG, type ImageAsset } from '../site/images.ts';
import { decodedPath } from '../site/urls.ts';
import { readContentFiles } from '../translations/content-files.ts';
import { statusSummary, translationStatus } from '../translations/status.ts';

export interface ArtefactJob {
  /** The project folder. */
  root: string;
  /** The build's time and id, the same for every file of one build. */
  generatedAt: string;
  buildId: string;
  /** Where the lead settings go (relative to root). */
  leadPolicyFile: string;
  /** The images the page build's model read, so this one reads none of them again. */
  images?: ImageAsset[];
}

export type ArtefactJobResult =
  | {
      ok: true;
      files: SiteFile[];
      artefactFiles: number;
      cards: CardFiles;
      translations: TranslationSummary;
      milliseconds: number;
    }
  | { ok: false; message: string; stack?: string };

/**
 * The build's one line on the translations, the summary of `npm run content -- status` (made by
 * the same code from the same files): `translations: nl 14 current, 1 stale, 3 missing · pt …`,
 * none on a site in one language; or why there is none. It informs and never stops the build.
 */
export type TranslationSummary = ({ line?: string } | { problem: string }) & { milliseconds: number };

/** The share cards of the build, the logo's PNG and the icons: each one's path in dist/ and its file in the cache, and what drawing the cards took. */
export interface CardFiles extends CardsMade {
  files: { path: string; cached: string }[];
}

/** Does the job: writes .generated/ and returns the dist/ files. Exported for running it in-process too. */
export async function runArtefactJob(
  job: ArtefactJob,
): Promise<{ files: SiteFile[]; artefactFiles: number; cards: CardFiles; translations: TranslationSummary }> {
  const model = buildSiteModel(loadSources(job.root, job.images));
  const artefacts = buildArtefacts(model, job.generatedAt, job.buildId);
  const artefactDir = path.join(job.root, ARTEFACT_DIR);
  // Written afresh: a page deleted or made a draft since the last build must leave no record behind.
  rmSync(artefactDir, { recursive: true, force: true });
  const writes = [
    // An artefact's name is a URL path relative to its folder, as the function reads it
    // (src/artefacts/disk.ts): a page record named in another script is a file of that name.
    ...artefacts.agent.files.map((file) => ({
      target: path.join(artefactDir, decodedPath(file.file)),
      body: file.body,
    })),
    { target: path.join(job.root, HEAD_FILE), body: JSON.stringify(artefacts.agent.head) },
    {
      target: path.join(job.root, job.leadPolicyFile),
      body: JSON.stringify({ retentionDays: model.company.leads.retentionDays }),
    },
    // The traffic record's retention, for the scheduled function that prunes it.
    {
      target: path.join(job.root, TRAFFIC_POLICY_FILE),
      body: JSON.stringify({ retentionDays: model.company.traffic.retentionDays }),
    },
    // The translated pages, for the edge function's language headers (bundled with it).
    { target: path.join(job.root, PAGE_LANGUAGES_FILE), body: pageLanguagesModule(model) },
    // The stemmers of the site's languages, for the API function's search (bundled with it).
    { target: path.join(job.root, STEMMERS_FILE), body: stemmersModule(model.languages.codes) },
    // Who is who among User-Agents, and the MCP server's names, for the traffic edge function (bundled with it).
    { target: path.join(job.root, TRAFFIC_DATA_FILE), body: trafficDataModule(artefacts.agent.head) },
    // The key the traffic edge function sends its counts to the ingest function with (bundled
    // with both, new for every build, never published: src/traffic/ingest.ts).
    ...trafficKeyFiles(randomBytes(32).toString('hex')).map((file) => ({
      target: path.join(job.root, file.path),
      body: file.body,
    })),
  ];
  for (const folder of new Set(writes.map((write) => path.dirname(write.target))))
    mkdirSync(folder, { recursive: true });
  for (const write of writes) writeFileSync(write.target, write.body);
  const files = siteFiles(model, artefacts);
  // Last: the share cards of the pages that do not share a cover (src/discovery/share-image.ts).
  const specs = shareCards(model);
  const made = await makeCards(job.root, specs);
  const cards = {
    ...made,
    files: [
      ...specs.map((card) => ({ path: card.path, cached: cachedCard(job.root, card) })),
      // The logo as a PNG, for the company's structured data (src/discovery/structured-data.ts).
      ...(model.logo ? [{ path: LOGO_PNG.path, cached: await cachedLogoPng(job.root, model.logo) }] : []),
      // The PNG icons beside /favicon.svg, from the logo or the initials (src/site/icons.ts).
      ...(await cachedIcons(job.root, model.company, model.logo)),
    ],
  };
  return {
    files,
    artefactFiles: artefacts.agent.files.length,
    cards,
    translations: await translationSummary(job.root),
  };
}

/**
 * The translations' summary, made here beside the pages: it reads and digests every entry again
 * (0.4 s at 1,000 entries), which in the build hook held up the rendering of every page.
 */
export async function translationSummary(root: string): Promise<TranslationSummary> {
  const started = performance.now();
  const took = () => performance.now() - started;
  try {
    const line = statusSummary(await translationStatus(readContentFiles(root)));
    return { ...(line ? { line } : {}), milliseconds: took() };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error), milliseconds: took() };
  }
}

if (parentPort && workerData) {
  const started = performance.now();
  let result: ArtefactJobResult;
  try {
    result = {
      ok: true,
      ...(await runArtefactJob(workerData as ArtefactJob)),
      milliseconds: performance.now() - started,
    };
  } catch (error) {
    result = {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    };
  }
  parentPort.postMessage(result);
}
