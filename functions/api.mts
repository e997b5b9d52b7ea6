/**
 * The one Netlify function behind /api/*: MCP at /api/mcp, the contact form at /api/contact,
 * liveness at /api/health, a JSON 404 for everything else. All behaviour lives in
 * src/http/api.ts; this shell hands it:
 * - the build's head (the company, the tool descriptors), so `initialize` and `tools/list` need
 *   nothing else: read once when the module loads, from the file beside the artefacts. JSON
 *   text, not bundled into this entry as a JavaScript object: V8 parses it with its JSON parser,
 *   and the entry holds code only (docs/performance.md, "Cold start");
 * - the build's artefacts (page Markdown, listings, profile, search index), shipped as files
 *   beside this function (`included_files` in netlify.toml) and read on first use from `../.generated/agent/`
 *   relative to this file, which is where they are both in the deployed zip
 *   (functions/api.mjs beside .generated/agent/) and under netlify-cli (which runs the same zip,
 *   unzipped); see docs/architecture.md;
 * - the lead path (the contact form's handler and HTML, start_conversation, the intake, and the
 *   Netlify lead pipeline: Blobs store, limits, team notification), which the build bundles
 *   apart from this entry (.generated/lazy/lead-path.mjs) and which is imported on the first
 *   lead request only (a form post or start_conversation);
 * - the contact form's strings and page shell in every language (a file shipped beside the
 *   artefacts and read on the first lead request: it grows with the number of languages, so it
 *   is not bundled into this entry), the file-backed per-instance
 *   rate limiter, the client IP the platform saw, and `context.waitUntil` for work after the answer.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Config, Context } from '@netlify/functions';
import type { ContactResources } from '../src/leads/contact-language.ts';
import type { SearchResources } from '../src/search/page-resources.ts';
import { diskArtefacts } from '../src/artefacts/disk.ts';
import { createArtefactReader } from '../src/artefacts/reader.ts';
import type { Head } from '../src/artefacts/schema.ts';
import { createApiHandler } from '../src/http/api.ts';
import { createFileRateLimiter } from '../src/http/file-rate-limit.ts';
import { loadStemmer } from '../.generated/stemmers.ts';
import type { LazyModuleName } from '../src/build/lazy-modules.ts';
import type { ApiRecord } from '../src/traffic/api-record.ts';
import { logError } from '../src/log.ts';
import { createApiNoter, LOCAL_TIMING, NETLIFY_TIMING } from '../src/traffic/notes.ts';

const head = JSON.parse(readFileSync(new URL('../.generated/agent-head.json', import.meta.url), 'utf8')) as Head;

/**
 * A module the build bundled apart from this entry (src/build/lazy-modules.ts), from beside it in
 * the zip (netlify.toml `included_files`): the specifier is a value, so Netlify's bundler leaves
 * the import to run time instead of bundling the module into this entry.
 */
function lazyModule<T>(name: LazyModuleName): Promise<T> {
  const url = new URL(`../.generated/lazy/${name}.mjs`, import.meta.url);
  return import(url.href) as Promise<T>;
}

// The traffic record (docs/traffic.md): each answer's facts, counted and written after it by the
// record this instance loads on its first send (classifier and Blobs client, bundled apart).
let record: Promise<ApiRecord> | undefined;
// On Netlify a second after the answer, so loading the record slows no request of a new
// instance, and then at most every 30 s; under netlify-cli (deploy context `dev`, or a loopback
// URL) every answer at once, so a report right after shows it (netlify-cli runs each request in
// a fresh worker).
let timing = NETLIFY_TIMING;
const noteTraffic = createApiNoter(async (held) => {
  try {
    record ??= lazyModule<typeof import('../src/lazy/api-traffic.ts')>('api-traffic').then((module) =>
      module.apiTrafficRecord(),
    );
    const write = await record;
    await write(held);
  } catch (error) {
    record = undefined;
    logError('traffic: the record could not be loaded', error);
  }
});

// What only a lead request runs, bundled apart (src/http/lead-path.ts says what may cross
// between it and this entry): imported on the first contact post or start_conversation.
const leadPath = () => lazyModule<typeof import('../src/lazy/lead-path.ts')>('lead-path');

const handle = createApiHandler({
  head,
  artefacts: createArtefactReader(diskArtefacts(new URL('../.generated/agent/', import.meta.url)), head),
  leadPath,
  // The pipeline from the same lazy module, so its store and limits (and the errors they throw)
  // are the copy the lead path's intake knows.
  leads: async () => (await leadPath()).netlifyLeadPipeline(),
  // Every language's contact strings and built contact page around its <main>, for the form's
  // answers and start_conversation: read on the first lead request only.
  contact: async () =>
    JSON.parse(
      await readFile(new URL('../.generated/contact-shell.json', import.meta.url), 'utf8'),
    ) as ContactResources,
  // The search page's strings and frame in every language: read on its first request only.
  search: async () =>
    JSON.parse(await readFile(new URL('../.generated/search-shell.json', import.meta.url), 'utf8')) as SearchResources,
  // The search page's answers, bundled apart: imported on its first request only.
  searchPage: () => lazyModule<typeof import('../src/lazy/search-page.ts')>('search-page'),
  // The stemmers of the site's languages, each loaded on its language's first search.
  stemmers: loadStemmer,
  // Counts kept in the instance's temporary folder: see src/http/file-rate-limit.ts for why.
  rateLimiter: createFileRateLimiter(),
  traffic: (facts, waitUntil) => {
    const sending = noteTraffic(facts, timing);
    if (sending) waitUntil?.(sending);
  },
});

export default (request: Request, context: Context) => {
  if (context.deploy?.context === 'dev' || /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(request.url))
    timing = LOCAL_TIMING;
  return handle(request, {
    clientIp: context.ip,
    ...(typeof context.waitUntil === 'function' ? { waitUntil: (promise) => context.waitUntil(promise) } : {}),
  });
};

export const config: Config = {
  // '/api/*' alone misses '/api' everywhere and, under netlify-cli (which drops a trailing slash
  // before matching), '/api/' too: both would get the site's HTML 404. Netlify reads this
  // literal (it cannot follow imports), in production and under `npm start` alike; the edge
  // function excludes the same paths (functions/edge/markdown.ts).
  // The search page for people in every language (`/search`, `/nl/search`: src/http/search-page.ts):
  // `/:lang/search` matches any first segment, and the function answers only its site's
  // languages; `preferStatic` lets a built page there (an entry whose slug is `search`) win.
  path: ['/api', '/api/*', '/search', '/:lang/search'],
  preferStatic: true,
  // The global layer of the rate limit, enforced by Netlify's edge for every instance together
  // (per client IP and host). The function's own limiter (src/http/rate-limit.ts) is the
  // per-instance layer behind it. Not enforced by netlify-cli locally. Literals, like `path`:
  // Netlify reads this object without running the module, so an imported constant would deploy
  // no rule. tests/http/function-config.test.ts checks they equal RATE_LIMIT (src/http/limits.ts),
  // and the integration suite finds the rule in the manifest.
  rateLimit: {
    windowLimit: 120,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
  },
};
