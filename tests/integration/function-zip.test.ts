/**
 * The API function as Netlify deploys it: the api.zip that `npm start` (netlify serve) built,
 * unzipped into a folder of its own and run in fresh processes whose working directory is that
 * folder, as the platform runs it. Its artefacts are found beside the entry and answer exactly
 * what the served site serves; the entry stays small, with room for more; reads never load the
 * lead path, which a lead request loads from its own bundle.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { ENTRY_IN_ZIP, unzip } from '../../scripts/bench/function-zip.ts';
import { ARTEFACT_DIR, ARTEFACT_FILES } from '../../src/artefacts/layout.ts';
import { RATE_LIMIT } from '../../src/http/limits.ts';
import { LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import { get, useGuardedWorkdir } from './http.ts';

const root = inject('projectRoot');
/** The entry's budget (docs/performance.md, "Goals"), and the room it must keep for what comes next (a tool). */
const ENTRY_BUDGET = 300 * 1024;
const ENTRY_ROOM = 20 * 1024;
/** The lead path's bundle (src/build/lazy-modules.ts), as the function imports it. */
const LEAD_PATH_FILE = /\/\.generated\/lazy\/lead-path\.mjs$/;
/** The search page's bundle, as the function imports it on the first /search. */
const SEARCH_PAGE_FILE = /\/\.generated\/lazy\/search-page\.mjs$/;
const ZIP = path.join(root, '.netlify/functions/api.zip');
const work = useGuardedWorkdir('function-zip-');
let dir: string;

beforeAll(async () => {
  if (!existsSync(ZIP))
    throw new Error(
      `${ZIP} is missing: the integration server (npm start) builds it; with TEST_BASE_URL, start the site with npm start first.`,
    );
  dir = path.join(work().dir, 'api');
  await unzip(ZIP, dir);
});

/**
 * Runs `script` (ES module source, with `entry` and `call` defined) in a fresh Node whose working
 * directory is the unzipped function; returns what it prints as JSON.
 */
function inFreshProcess(script: string): Promise<Record<string, unknown>> {
  const file = path.join(work().dir, `probe-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    file,
    `import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ resolve(specifier, context, next) { loaded.push(specifier); return next(specifier, context); } });
const entry = await import(${JSON.stringify(path.join(dir, ENTRY_IN_ZIP))});
const post = (body, headers = {}) => new Request('https://www.northbeam.example/api/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers }, body: JSON.stringify(body) });
const call = async (body) => JSON.parse(await (await entry.default(post(body), { ip: '198.51.100.23' })).text());
const out = {};
${script}
process.stdout.write(JSON.stringify(out));
`,
  );
  return new Promise((resolve, reject) => {
    // Under the network guard: the function talks to nothing but its own files here.
    const child = spawn(process.execPath, ['--import', work().guard, file], {
      cwd: dir,
      env: { ...process.env, TMPDIR: work().dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`probe exited ${code}: ${stderr}`)),
    );
  });
}

describe('the functions manifest (what the platform deploys)', () => {
  test('routes /api, /api/* and the search page in every language to the API function, with the platform rate limit of RATE_LIMIT', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, '.netlify/functions/manifest.json'), 'utf8')) as {
      functions: { name: string; routes?: { pattern: string }[]; trafficRules?: unknown }[];
    };
    const api = manifest.functions.find((entry) => entry.name === 'api')!;
    expect(api.routes?.map((route) => route.pattern)).toEqual(['/api', '/api/*', '/search', '/:lang/search']);
    expect(api.trafficRules).toMatchObject({
      action: {
        type: 'rate_limit',
        config: { rateLimitConfig: { windowLimit: RATE_LIMIT.limit, windowSize: RATE_LIMIT.windowSeconds } },
      },
    });
  });
});

describe('the deployed function (api.zip, unzipped)', () => {
  test('holds an entry at least 20 KiB under its 300 KiB budget, and the artefacts beside it as the manifest lists them', async ({
    annotate,
  }) => {
    const entry = statSync(path.join(dir, ENTRY_IN_ZIP)).size;
    const room = ENTRY_BUDGET - entry;
    const line = `entry ${entry.toLocaleString('en')} bytes, ${room.toLocaleString('en')} bytes under the ${ENTRY_BUDGET.toLocaleString('en')}-byte budget (at least ${ENTRY_ROOM.toLocaleString('en')} required)`;
    console.log(line);
    await annotate(line);
    expect(room, line).toBeGreaterThanOrEqual(ENTRY_ROOM);
    const artefacts = path.join(dir, ARTEFACT_DIR);
    const manifest = JSON.parse(readFileSync(path.join(artefacts, ARTEFACT_FILES.manifest), 'utf8')) as {
      files: Record<string, number>;
      pages: number;
    };
    for (const [file, bytes] of Object.entries(manifest.files))
      expect(statSync(path.join(artefacts, file)).size, file).toBe(bytes);
    const records = readdirSync(path.join(artefacts, 'pages'), { recursive: true }).filter((name) =>
      String(name).endsWith('.json'),
    );
    expect(records).toHaveLength(manifest.pages);
    // Read beside the entry (netlify.toml included_files): the head when the function loads, the
    // contact shell and the lead path on the first lead, the traffic record's writer after an answer.
    for (const file of [
      '.generated/agent-head.json',
      '.generated/contact-shell.json',
      '.generated/lazy/lead-path.mjs',
      '.generated/lazy/api-traffic.mjs',
      '.generated/lazy/search-page.mjs',
    ])
      expect(statSync(path.join(dir, file)).size, file).toBeGreaterThan(0);
  });

  test('a fresh process in the unzipped folder answers from the artefacts, exactly what the site serves', async () => {
    const out = await inFreshProcess(`
out.initialize = await call({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } });
out.page = await call({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_page_markdown', arguments: { path: '/services/cloud-migration' } } });
out.search = await call({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'kubernetes cost', limit: 1 } } });
out.studies = await call({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_case_studies', arguments: { limit: 2 } } });
out.resources = await call({ jsonrpc: '2.0', id: 5, method: 'resources/list' });
out.resource = await call({ jsonrpc: '2.0', id: 6, method: 'resources/read', params: { uri: 'https://www.northbeam.example/about' } });
out.prompt = await call({ jsonrpc: '2.0', id: 7, method: 'prompts/get', params: { name: 'relevant_work', arguments: { topic: 'Healthcare' } } });
`);
    expect((out.initialize as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      'example.northbeam/site',
    );
    const served = await (await get('/services/cloud-migration.md')).text();
    expect((out.page as { result: { content: { text: string }[] } }).result.content[0]!.text).toBe(served);
    expect(
      (out.search as { result: { structuredContent: { results: { url: string }[] } } }).result.structuredContent
        .results[0]!.url,
    ).toBe('https://www.northbeam.example/insights/kubernetes-cost-visibility');
    expect(
      (out.studies as { result: { structuredContent: { returned: number } } }).result.structuredContent.returned,
    ).toBe(2);
    const resources = (out.resources as { result: { resources: { uri: string }[] } }).result.resources;
    expect(resources.map((resource) => resource.uri)).toContain('https://www.northbeam.example/about');
    expect((out.resource as { result: { contents: { text: string }[] } }).result.contents[0]!.text).toBe(
      await (await get('/about.md')).text(),
    );
    expect((out.prompt as { result: { messages: unknown[] } }).result.messages.length).toBeGreaterThan(1);
  });

  test('initialize, tools/list and the read tools load neither the lead path nor the Blobs client nor node:crypto; a lead request loads the lead path from its bundle', async () => {
    const out = await inFreshProcess(`
await call({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } });
await call({ jsonrpc: '2.0', id: 2, method: 'ping' });
await call({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
for (const [name, args] of [['get_company_profile', {}], ['get_page_markdown', { path: '/' }], ['list_case_studies', {}], ['list_insights', {}], ['search_site', { query: 'data' }]]) {
  await call({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name, arguments: args } });
}
out.afterReads = [...loaded];
// Outside Netlify the Blobs store has no environment: the lead is refused cleanly, after loading it.
out.lead = await call({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'start_conversation', arguments: { name: 'Probe', email: 'probe@example.com', message: 'A probe of the lazy lead path.' } } });
out.afterLead = [...loaded];
// The form's handler comes from the same bundle: a honeypot post is answered as a success and stores nothing.
const form = await entry.default(new Request('https://www.northbeam.example/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Probe', email: 'probe@example.com', message: 'A probe of the lazy lead path.', consent: true, website: 'https://spam.example' }) }), { ip: '198.51.100.23' });
out.form = { status: form.status, body: await form.json() };
`);
    const afterReads = out.afterReads as string[];
    const afterLead = out.afterLead as string[];
    expect(afterReads.filter((specifier) => LEAD_PATH_FILE.test(specifier))).toEqual([]);
    expect(afterReads.filter((specifier) => SEARCH_PAGE_FILE.test(specifier))).toEqual([]);
    // Nothing in the entry imports the Blobs client (the lazy bundles carry their own) or node:crypto.
    expect(afterReads).not.toContain('@netlify/blobs');
    expect(afterReads.some((specifier) => /crypto/.test(specifier))).toBe(false);
    expect(afterReads).toContain('minisearch/SearchableMap');
    // One file, imported by the tool and by the pipeline's loader (the second import is the cached module).
    expect(new Set(afterLead.filter((specifier) => LEAD_PATH_FILE.test(specifier))).size).toBe(1);
    expect((out.lead as { result: { isError: boolean; content: { text: string }[] } }).result).toMatchObject({
      isError: true,
    });
    expect((out.lead as { result: { content: { text: string }[] } }).result.content[0]!.text).toContain('NOT sent');
    expect(out.form).toMatchObject({ status: 200, body: { duplicate: false } });
    expect((out.form as { body: { reference: string } }).body.reference).toMatch(LEAD_REFERENCE_PATTERN);
  });

  test('the search page loads its answers from their bundle on its first request, and finds what the served page finds', async () => {
    const out = await inFreshProcess(`
const answer = await entry.default(new Request('https://www.northbeam.example/search?q=kubernetes+cost'), { ip: '198.51.100.23' });
out.page = { status: answer.status, type: answer.headers.get('content-type'), robots: answer.headers.get('x-robots-tag'), body: await answer.text() };
out.loaded = [...loaded];
`);
    const page = out.page as { status: number; type: string; robots: string; body: string };
    expect(page).toMatchObject({ status: 200, robots: 'noindex' });
    expect(page.type).toMatch(/^text\/html/);
    expect(new Set((out.loaded as string[]).filter((specifier) => SEARCH_PAGE_FILE.test(specifier))).size).toBe(1);
    const links = (html: string) => [...html.matchAll(/<h2><a href="([^"]+)"/g)].map((match) => match[1]);
    const served = await (await get('/search?q=kubernetes+cost')).text();
    expect(links(page.body).length).toBeGreaterThan(0);
    expect(links(page.body)).toEqual(links(served));
  });
});
