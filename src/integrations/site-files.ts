/**
 * The build hook that makes everything but the HTML pages:
 * - before the pages render, builds the site model once (failing early, with the editor's fix,
 *   on bad content) and hands it to the page templates in this process, and starts a worker
 *   thread (artefact-worker.ts) that makes, from the same content, every Markdown sibling,
 *   discovery file and agent skill, and what the functions use in .generated/: the API
 *   function's head (bundled) and artefacts (shipped as files beside it, src/artefacts/) and the
 *   lead retention setting, while Astro renders the pages on the other core;
 * - after the build, writes the worker's files into dist/ (src/build/site-files.ts) and the
 *   contact form's strings and page shell of every language into .generated/;
 * - in `astro dev` (`npm run dev`, scripts/dev.ts), serves the same files from a fresh model on
 *   every request, a page's Markdown also for `Accept: text/markdown`, the images, share cards,
 *   icons and image CDN transforms (dev-images.ts), and keeps the preview current with the content
 *   files no module imports (see devPreview below).
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ARTEFACT_DIR, HEAD_FILE } from '../artefacts/layout.ts';
import { contactResources } from '../build/contact-file.ts';
import { searchResources } from '../build/search-file.ts';
import { buildArtefacts, newBuildId } from '../build/build-artefacts.ts';
import type { ArtefactJob, ArtefactJobResult, TranslationSummary } from './artefact-worker.ts';
import { handOverModel } from '../model/hand-over.ts';
import { layoutFallbackSummary } from '../model/layout-links.ts';
import { loadSources } from '../model/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../model/model.ts';
import type { SiteSources } from '../model/types.ts';
import { siteFiles } from '../build/site-files.ts';
import { CARD_CACHE_DIR } from '../build/card-cache.ts';
import type { CardsMade } from '../build/share-cards.ts';
import { devImages, isDevImagePath } from './dev-images.ts';
import { bundleLazyModules, LAZY_DIR } from '../build/lazy-modules.ts';
import { adminFiles } from '../build/admin-files.ts';
import { ADMIN_PREFIX, isAdminPath, searchPathOf } from '../site/routes.ts';
import { prefersMarkdown } from '../site/negotiate.ts';
import { decodedPath, encodedPath, markdownPath, pageOf } from '../site/urls.ts';
import { unstemmedSearchNote } from '../search/snowball.ts';

/**
 * Where the build leaves, for every language, the built contact page cut around its <main>
 * (src/http/contact-html.ts) with the language's contact strings and follow-up phrases
 * (src/build/contact-file.ts): the API function imports it on the first lead request to answer
 * form posts with pages that look like the site, and start_conversation in the request's language.
 */
export const CONTACT_SHELL_FILE = '.generated/contact-shell.json';

/**
 * Where the build leaves the lead settings of content/company.yaml (`leads.retentionDays`) for
 * the scheduled function that prunes old leads (functions/lead-retention.mts), so the privacy
 * page and the pruning read the same number from the same build.
 */
/**
 * Where the build leaves the search page's strings and frame in every language
 * (src/build/search-file.ts): the API function reads it on the first search page request.
 */
export const SEARCH_SHELL_FILE = '.generated/search-shell.json';

export const LEAD_POLICY_FILE = '.generated/lead-policy.json';

/**
 * The search page's resources of every language, as JSON, from its built frames, which leave
 * dist/: they are not pages, the API function answers /search (functions/api.mts).
 */
function searchFrames(model: SiteModel, dist: string, builtPage: (page: string) => string | undefined): string {
  const body = JSON.stringify(searchResources(model, builtPage));
  for (const language of model.languages.models.values())
    rmSync(path.join(dist, `${decodedPath(searchPathOf(language.prefix))}.html`), { force: true });
  return body;
}

/** Starts the artefact worker; resolves with its files, rejects with the build's error. */
function startArtefactWorker(job: ArtefactJob): Promise<Extract<ArtefactJobResult, { ok: true }>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./artefact-worker.ts', import.meta.url), { workerData: job });
    worker.once('message', (result: ArtefactJobResult) => {
      void worker.terminate();
      if (result.ok) resolve(result);
      else reject(Object.assign(new Error(result.message), result.stack ? { stack: result.stack } : {}));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The artefact worker stopped (exit code ${code}) before it finished.`)),
    );
  });
}

/** The translations' line (artefact-worker.ts, translationSummary), or why there is none. */
function logTranslationSummary(summary: TranslationSummary, logger: AstroIntegrationLogger): void {
  if ('problem' in summary) logger.warn(`translations: no summary: ${summary.problem}`);
  else if (summary.line)
    logger.info(
      `${summary.line} (${summary.milliseconds.toFixed(0)} ms beside the pages; npm run content -- status lists them)`,
    );
}

/**
 * What the build says once about the site's languages: what search does for a language it cannot
 * stem, and where the links of a language without its own about, contact or privacy page lead.
 */
/** The most content warnings a build prints one by one; the rest are counted. */
const WARNINGS_SHOWN = 50;

/** What the build says about the content without stopping, one line each, the first WARNINGS_SHOWN of them. */
function logContentWarnings(warnings: readonly string[], logger: AstroIntegrationLogger): void {
  for (const warning of warnings.slice(0, WARNINGS_SHOWN)) logger.warn(warning);
  if (warnings.length > WARNINGS_SHOWN)
    logger.warn(
      `…and ${warnings.length - WARNINGS_SHOWN} more warnings about the content like those above: fix those and build again to see the rest.`,
    );
}

function logLanguageNotes(model: SiteModel, logger: AstroIntegrationLogger): void {
  const searchNote = unstemmedSearchNote(model.languages.codes);
  if (searchNote) logger.info(searchNote);
  const fallbacks = layoutFallbackSummary(model);
  if (fallbacks) logger.info(fallbacks);
}

/**
 * The build's files that are not text: the images the pages show, copied as they are from
 * content/ to /_images/ (src/site/images.ts: the CDN resizes them), and the share cards,
 * /logo.png and the icons from their cache (`cached`: the artefact worker's list).
 */
function copyBinaries(
  model: SiteModel,
  root: string,
  dist: string,
  cached: readonly { path: string; cached: string }[],
) {
  const copies = [
    ...[...model.images.values()].map((asset) => ({ from: path.join(root, asset.file), to: asset.path, link: false })),
    ...cached.map((file) => ({ from: file.cached, to: file.path, link: true })),
  ];
  for (const folder of new Set(copies.map((copy) => path.dirname(path.join(dist, copy.to)))))
    mkdirSync(folder, { recursive: true });
  for (const copy of copies) {
    const target = path.join(dist, copy.to);
    if (copy.link) linkOrCopy(copy.from, target);
    else copyFileSync(copy.from, target);
  }
}

/**
 * A file of the card cache in dist/ as a hard link to it: the cache's files are written once,
 * under a name made from the digest of what they show, and never changed; a link takes a fraction
 * of a copy. A copy where the file system links no files (or across devices).
 */
function linkOrCopy(from: string, target: string): void {
  try {
    linkSync(from, target);
  } catch {
    copyFileSync(from, target);
  }
}

/** Writes the editor's files into dist/ (a folder's page as its index.html); returns them. */
function writeFiles<F extends { path: string; body: string | Uint8Array }>(dist: string, files: F[]): F[] {
  for (const file of files) {
    const target = path.join(dist, file.path.endsWith('/') ? `${file.path}index.html` : file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.body);
  }
  return files;
}

/** The share cards in the build's summary line: how many, how many drawn and in how long, how many unchanged. */
function cardsSummary(cards: CardsMade): string {
  const drawn = cards.drawn ? ` in ${(cards.milliseconds / 1000).toFixed(1)} s` : '';
  return `${cards.drawn + cards.reused} share cards (${cards.drawn} drawn${drawn}, ${cards.reused} unchanged, in ${CARD_CACHE_DIR})`;
}

export function siteFilesIntegration(): AstroIntegration {
  let root = process.cwd();
  let model: SiteModel | undefined;
  /** The sources the model was built from: the editor's files are made from the same read. */
  let sources: SiteSources | undefined;
  let artefactsDone: Promise<Extract<ArtefactJobResult, { ok: true }>> | undefined;
  return {
    name: 'site-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const started = performance.now();
        sources = loadSources(root);
        model = buildSiteModel(sources);
        handOverModel(model);
        logger.info(
          `site model: ${model.sitePages.length} pages, ${model.images.size} images in ${(performance.now() - started).toFixed(0)} ms`,
        );
        logContentWarnings(model.warnings, logger);
        logLanguageNotes(model, logger);
        const generatedAt = new Date().toISOString();
        artefactsDone = startArtefactWorker({
          root,
          generatedAt,
          buildId: newBuildId(generatedAt),
          leadPolicyFile: LEAD_POLICY_FILE,
          images: [...model.images.values()],
        });
        // Awaited in astro:build:done; a failure before then must not go unhandled.
        artefactsDone.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!model || !sources || !artefactsDone)
          throw new Error(
            'The site model was not built before the pages; the site-files integration must run in `astro build`.',
          );
        const started = performance.now();
        const dist = fileURLToPath(dir);
        const { files, artefactFiles, cards, translations, milliseconds } = await artefactsDone;
        const waited = performance.now() - started;
        logTranslationSummary(translations, logger);
        const builtPage = (page: string) => {
          const file = path.join(dist, `${page}.html`);
          return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        };
        const writes = [
          // A page named in another script has its files under that name (`物流.md`): decodedPath.
          ...files.map((file) => ({ target: path.join(dist, decodedPath(file.path)), body: file.body })),
          { target: path.join(root, CONTACT_SHELL_FILE), body: JSON.stringify(contactResources(model, builtPage)) },
          { target: path.join(root, SEARCH_SHELL_FILE), body: searchFrames(model, dist, builtPage) },
        ];
        for (const folder of new Set(writes.map((write) => path.dirname(write.target))))
          mkdirSync(folder, { recursive: true });
        for (const write of writes) writeFileSync(write.target, write.body);
        copyBinaries(model, root, dist, cards.files);
        handOverModel(undefined);
        // After the worker's files: the lazy modules bundle the traffic data it wrote.
        const lazy = await bundleLazyModules(root);
        // The editor at /admin/: static, outside the site model and the function.
        const admin = writeFiles(dist, await adminFiles(sources, root, process.env));
        logger.info(
          `${files.length} Markdown and discovery files, ${model.images.size} images, ${cardsSummary(cards)}, ` +
            `${artefactFiles} function artefacts in ${ARTEFACT_DIR}, ` +
            `${HEAD_FILE}, ${CONTACT_SHELL_FILE}, ${SEARCH_SHELL_FILE}, ${LEAD_POLICY_FILE}, ${lazy.length} lazy modules in ${LAZY_DIR} ` +
            `and the editor's ${admin.length} files in ${ADMIN_PREFIX} ` +
            `(${(lazy.reduce((sum, file) => sum + file.bytes, 0) / 1024).toFixed(0)} KB): ` +
            `made in ${(milliseconds / 1000).toFixed(1)} s beside the pages ` +
            `(waited ${waited.toFixed(0)} ms for them), ` +
            `written in ${(performance.now() - started - waited).toFixed(0)} ms`,
        );
      },
      'astro:server:setup': ({ server }) => {
        devPreview(server, root);
      },
    },
  };
}

/** The dev server Astro hands to `astro:server:setup` (Vite's, through Astro's types). */
type DevServer = Parameters<NonNullable<AstroIntegration['hooks']['astro:server:setup']>>[0]['server'];

/** `astro dev`'s handler of the editor's files (/admin/): src/build/admin-files.ts, afresh per request. */
function adminMiddleware(root: string) {
  return (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void => {
    // As the model writes paths: characters outside ASCII percent-encoded (`/insights/tag/%E7%89%A9.md`).
    const pathname = encodedPath(new URL(request.url ?? '/', 'http://dev.invalid').pathname);
    if (!isAdminPath(pathname)) return next();
    if (pathname === '/admin') {
      response.statusCode = 308;
      response.setHeader('Location', ADMIN_PREFIX);
      response.end();
      return;
    }
    adminFiles(loadSources(root), root, process.env).then(
      (files) => {
        const file = files.find((item) => item.path === pathname);
        if (!file) return next();
        response.setHeader('Content-Type', file.contentType);
        response.end(file.body);
      },
      (error: unknown) => next(error),
    );
  };
}

/** Files under content/ that are not the loaders' MDX: YAML, the logo. */
const isContentData = (file: string, content: string) => file.startsWith(content) && !file.endsWith('.mdx');

/**
 * `astro dev`'s side of the site files (`npm run dev`): nothing is cached, so what it serves is
 * what the files on disk say at the moment of the request.
 * - The Markdown siblings, discovery files, favicon and manifest come from a model built afresh for each
 *   request (about 0.1 s for the sample), the same list `astro build` writes (siteFiles); a page
 *   asked for with `Accept: text/markdown` gets its sibling, as the edge function gives it in
 *   production. A content error goes to Vite's error page and the terminal, with the build's
 *   message.
 * - An open page reloads after a change to any content file. Astro's content layer already does
 *   that for the MDX it loads; the YAML files and the logo are read by the site model
 *   (src/model/load-sources.ts), which no module imports, so Vite would not notice them.
 */
function devPreview(server: DevServer, root: string): void {
  const content = path.join(root, 'content') + path.sep;
  server.watcher.on('all', (event, file) => {
    if (['add', 'change', 'unlink'].includes(event) && isContentData(file, content))
      server.environments.client.hot.send({ type: 'full-reload', path: '*' });
  });
  // The editor at /admin/, made afresh on each request like the files below: with its local
  // repository mode it writes into content/, and the preview shows the change. It goes first in
  // the stack once the server listens: Astro puts its own handlers first after this hook, and its
  // trailing-slash check answers `/admin/` with a 404 (trailingSlash: 'never').
  const editor = { route: '', handle: adminMiddleware(root) };
  if (server.httpServer) server.httpServer.once('listening', () => server.middlewares.stack.unshift(editor));
  else server.middlewares.stack.unshift(editor);
  // The images, share cards, icons and image CDN transforms (src/integrations/dev-images.ts).
  const images = devImages(root);
  server.middlewares.use((request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://dev.invalid');
    if (!isDevImagePath(url.pathname)) return next();
    images(url.pathname, url.searchParams).then((answer) => {
      response.statusCode = answer.status;
      if (answer.status !== 200) {
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        response.end(answer.message);
        return;
      }
      response.setHeader('Content-Type', answer.type);
      response.setHeader('Cache-Control', 'no-cache');
      response.end(answer.body);
    }, next);
  });
  server.middlewares.use((request, response, next) => {
    // As the model writes paths: characters outside ASCII percent-encoded (`/insights/tag/%E7%89%A9.md`).
    const pathname = encodedPath(new URL(request.url ?? '/', 'http://dev.invalid').pathname);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const page = readable && prefersMarkdown(request.headers.accept) ? pageOf(pathname) : undefined;
    if (page === undefined && !/\.(md|txt|json|xml|webmanifest)$|^\/\.well-known\/|^\/favicon\.svg$/.test(pathname))
      return next();
    let files;
    try {
      const fresh = buildSiteModel(loadSources(root));
      files = siteFiles(fresh, buildArtefacts(fresh));
    } catch (error) {
      return next(error);
    }
    const wanted = page === undefined ? pathname : markdownPath(page);
    const file = files.find((item) => item.path === wanted);
    if (!file) return next();
    response.setHeader('Content-Type', file.contentType);
    if (page !== undefined) response.setHeader('Vary', 'Accept');
    response.end(file.body);
  });
}
