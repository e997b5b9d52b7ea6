/**
 * The build hook that makes everything but the HTML pages:
 * - before the pages render, builds the site model once (failing early, with the editor's fix,
 *   on bad content) and hands it to the page templates in this process;
 * - after the build, writes every Markdown sibling, discovery file and agent skill into dist/
 *   (src/site/site-files.ts), and what the functions use into .generated/: the API function's
 *   head (bundled) and artefacts (shipped as files beside it, src/artefacts/), the contact page's
 *   shell and the lead retention setting, all from that same model;
 * - in `astro dev`, serves the same files from a fresh model on every request.
 */
import type { AstroIntegration } from 'astro';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTEFACT_DIR, HEAD_FILE } from '../artefacts/layout.ts';
import { cutContactShell } from '../http/contact-html.ts';
import { buildArtefacts } from '../site/build-artefacts.ts';
import { handOverModel } from '../site/hand-over.ts';
import { loadSources } from '../site/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../site/model.ts';
import { siteFiles } from '../site/site-files.ts';

/**
 * Where the build leaves the built /contact page cut around its <main> (src/http/contact-html.ts),
 * which the function bundles to answer form posts with pages that look like the site.
 */
export const CONTACT_SHELL_FILE = '.generated/contact-shell.json';

/**
 * Where the build leaves the lead settings of content/company.yaml (`leads.retentionDays`) for
 * the scheduled function that prunes old leads (functions/lead-retention.mts), so the privacy
 * page and the pruning read the same number from the same build.
 */
export const LEAD_POLICY_FILE = '.generated/lead-policy.json';

export function siteFilesIntegration(): AstroIntegration {
  let root = process.cwd();
  let model: SiteModel | undefined;
  return {
    name: 'site-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const started = performance.now();
        model = buildSiteModel(loadSources(root));
        handOverModel(model);
        logger.info(`site model: ${model.sitePages.length} pages in ${(performance.now() - started).toFixed(0)} ms`);
      },
      'astro:build:done': ({ dir, logger }) => {
        if (!model) throw new Error('The site model was not built before the pages; the site-files integration must run in `astro build`.');
        const started = performance.now();
        const dist = fileURLToPath(dir);
        const artefacts = buildArtefacts(model);
        const files = siteFiles(model, artefacts);
        const artefactDir = path.join(root, ARTEFACT_DIR);
        const contactPage = path.join(dist, 'contact.html');
        const contactShell = JSON.stringify(cutContactShell(readFileSync(contactPage, 'utf8')));
        // The artefacts are written afresh: a page that was deleted or became a draft since the
        // last build must not keep a record the function would still serve.
        rmSync(artefactDir, { recursive: true, force: true });
        const writes = [
          ...files.map((file) => ({ target: path.join(dist, file.path), body: file.body })),
          ...artefacts.agent.files.map((file) => ({ target: path.join(artefactDir, file.file), body: file.body })),
          { target: path.join(root, HEAD_FILE), body: JSON.stringify(artefacts.agent.head) },
          { target: path.join(root, CONTACT_SHELL_FILE), body: contactShell },
          { target: path.join(root, LEAD_POLICY_FILE), body: JSON.stringify({ retentionDays: model.company.leads.retentionDays }) },
        ];
        for (const folder of new Set(writes.map((write) => path.dirname(write.target)))) mkdirSync(folder, { recursive: true });
        for (const write of writes) writeFileSync(write.target, write.body);
        handOverModel(undefined);
        logger.info(
          `${files.length} Markdown and discovery files, ${artefacts.agent.files.length} function artefacts in ${ARTEFACT_DIR}, ${HEAD_FILE}, ${CONTACT_SHELL_FILE} and ${LEAD_POLICY_FILE}, in ${(performance.now() - started).toFixed(0)} ms`,
        );
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request, response, next) => {
          const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://dev.invalid').pathname);
          if (!/\.(md|txt|json|xml)$|^\/\.well-known\//.test(pathname)) return next();
          let files;
          try {
            const fresh = buildSiteModel(loadSources(root));
            files = siteFiles(fresh, buildArtefacts(fresh));
          } catch (error) {
            return next(error);
          }
          const file = files.find((item) => item.path === pathname);
          if (!file) return next();
          response.setHeader('Content-Type', file.contentType);
          response.end(file.body);
        });
      },
    },
  };
}
