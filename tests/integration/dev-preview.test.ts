/**
 * `npm run dev`, the editors' live preview (scripts/dev.ts; what it serves beyond Astro's pages:
 * src/integrations/site-files.ts), started the way an editor starts it, on a free port, in a
 * throwaway copy of the project (scripts/bench/projects.ts: the code and the sample content
 * copied, node_modules as links to this checkout's packages without its caches), so the edits
 * below never touch the checkout and Vite's and Astro's caches stay in the copy.
 *
 * What an editor relies on: every kind of page renders in every language, with its Markdown
 * sibling made from the files on disk; a saved edit to an entry (its title and its body, in
 * English and in Dutch) shows on its HTML page and in its `.md` within 10 s (the time is
 * printed; a second or less is usual), as do edits to strings.yaml and company.yaml, and a new
 * entry; an open page is told to reload; a content error gives the build's message in the
 * browser's error overlay, the `.md` and the terminal, and the preview recovers when the file is
 * fixed; a change to company.yaml's languages restarts the server (once any invalid entry is
 * fixed: Astro does not start with one), after which new entries still appear. Every wait is
 * bounded and polls, so a slow machine only makes the test slower, up to the bounds.
 *
 * It does not use the `npm start` server of the integration project:
 * `TEST_BASE_URL=http://localhost:8888 npx vitest run --project integration tests/integration/dev-preview.test.ts`
 * runs it alone without building (docs/testing.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { devBanner } from '../../scripts/dev/banner.ts';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { freePort } from '../../scripts/free-port.ts';
import { buildArtefacts } from '../../src/build/build-artefacts.ts';
import { siteFiles } from '../../src/build/site-files.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SitePage } from '../../src/model/model.ts';

const root = inject('projectRoot');
const LOG = path.join(root, 'test-results/dev-preview.log');
/** How long a saved edit may take to show. */
const EDIT_BOUND_MS = 10_000;
/** How long the server may take to start, or to restart (a cold start compiles the pages' modules). */
const START_BOUND_MS = 120_000;

let project: string;
let child: ChildProcess;
let baseUrl: string;
/** Everything the server printed, without colour codes. */
let output = '';
/** What the dev server told the browser over its HMR WebSocket: what an open page acts on. */
const browserMessages: { at: number; message: { type: string; err?: { message?: string } } }[] = [];
let socket: WebSocket | undefined;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const file = (relative: string) => path.join(project, relative);

async function fetchText(
  pathname: string,
  init?: RequestInit,
): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${baseUrl}${pathname}`, init);
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

/**
 * Polls each path until `shows` holds for its answer; the milliseconds from `since` to the answer
 * that first did, per path. Fails with the last answers after `bound` ms.
 */
async function timeUntil(
  since: number,
  paths: readonly string[],
  shows: (answer: { status: number; body: string }, pathname: string) => boolean,
  bound = EDIT_BOUND_MS,
): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  const last: Record<string, string> = {};
  while (Object.keys(seen).length < paths.length) {
    await Promise.all(
      paths
        .filter((pathname) => seen[pathname] === undefined)
        .map(async (pathname) => {
          const answer = await fetchText(pathname).catch((error: Error) => ({
            status: 0,
            type: '',
            body: error.message,
          }));
          if (shows(answer, pathname)) seen[pathname] = performance.now() - since;
          else last[pathname] = `${answer.status}: ${answer.body.slice(0, 300)}`;
        }),
    );
    if (Object.keys(seen).length === paths.length) break;
    if (performance.now() - since > bound)
      throw new Error(
        `Not shown within ${bound / 1000} s: ${paths
          .filter((pathname) => seen[pathname] === undefined)
          .map((pathname) => `${pathname} (last answer ${last[pathname]})`)
          .join('; ')}`,
      );
    await sleep(100);
  }
  return seen;
}

/** Waits until the server's output from offset `from` on holds `text` (it may already), bounded. */
async function untilPrinted(text: string | RegExp, bound: number, from = 0): Promise<void> {
  const started = performance.now();
  const printed = () => output.slice(from);
  while (!(typeof text === 'string' ? printed().includes(text) : text.test(printed()))) {
    if (child.exitCode !== null)
      throw new Error(`npm run dev exited (${child.exitCode}). Output:\n${output.slice(-4000)}`);
    if (performance.now() - started > bound)
      throw new Error(
        `npm run dev did not print ${String(text)} within ${bound / 1000} s. Output:\n${output.slice(-4000)}`,
      );
    await sleep(100);
  }
}

/** Writes a file in place, as most editors save (the file is emptied, then written). */
function save(relative: string, text: string): number {
  writeFileSync(file(relative), text);
  return performance.now();
}

/** `source` with its frontmatter title replaced and `paragraph` added at the start of its body. */
function edited(source: string, title: string, paragraph: string): string {
  expect(source).toMatch(/^title: .+$/m);
  return source.replace(/^title: .+$/m, `title: ${title}`).replace(/\n---\n/, `\n---\n\n${paragraph}\n`);
}

const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(0)} ms`;

beforeAll(async () => {
  project = projectCopy('dev-preview', true, { cards: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  mkdirSync(path.dirname(LOG), { recursive: true });
  const log = createWriteStream(LOG);
  // The shell an editor starts it from: no test runner's settings (Vitest sets NODE_ENV=test).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  console.log(`[dev-preview] npm run dev in ${project} on ${baseUrl} (log: ${path.relative(root, LOG)})`);
  child = spawn('npm', ['run', 'dev'], { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => {
      log.write(chunk);
      // eslint-disable-next-line no-control-regex -- ANSI colour sequences are control characters
      output += chunk.toString('utf8').replace(/\u001b\[[0-9;]*m/g, '');
    });
  const started = performance.now();
  await untilPrinted(devBanner(baseUrl), START_BOUND_MS);
  await timeUntil(started, ['/'], (answer) => answer.status === 200, START_BOUND_MS);
  console.log(`[dev-preview] ready after ${ms(performance.now() - started)}`);
  socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/`, 'vite-hmr');
  socket.addEventListener('message', (event) =>
    browserMessages.push({ at: performance.now(), message: JSON.parse(String(event.data)) }),
  );
  await new Promise((resolve, reject) => {
    socket!.addEventListener('open', resolve);
    socket!.addEventListener('error', () => reject(new Error("Could not open the dev server's HMR WebSocket")));
  });
}, START_BOUND_MS + 30_000);

afterAll(async () => {
  socket?.close();
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    if ((await Promise.race([exited, sleep(10_000).then(() => 'timeout')])) === 'timeout') {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  if (project) rmSync(project, { recursive: true, force: true });
}, 30_000);

test('npm run dev prints where the preview is, and what only npm start has', () => {
  expect(output).toContain(devBanner(baseUrl));
  for (const words of ['/api/mcp', '/api/health', 'POST /api/contact', 'Content-Security-Policy', 'run `npm start`'])
    expect(devBanner(baseUrl)).toContain(words);
});

test('the preview serves the editor at /admin/, made from the files on disk like the build makes it', async () => {
  expect(devBanner(baseUrl)).toContain(`${baseUrl}/admin/`);
  const redirect = await fetch(`${baseUrl}/admin`, { redirect: 'manual' });
  expect(redirect.status).toBe(308);
  expect(redirect.headers.get('location')).toBe('/admin/');
  const page = await fetchText('/admin/');
  expect(page.status).toBe(200);
  expect(page.type).toMatch(/^text\/html/);
  expect(page.body).toContain('rel="cms-config-url"');
  const config = await fetchText('/admin/config.yml');
  expect(config.status).toBe(200);
  expect(config.body).toContain('folder: content/{{locale}}/services');
  for (const script of ['/admin/sveltia-cms.js', '/admin/admin.js']) {
    const answer = await fetchText(script);
    expect(answer.status, script).toBe(200);
    expect(answer.type, script).toMatch(/^text\/javascript/);
  }
  expect((await fetchText('/admin/no-such-file')).status).toBe(404);
}, 60_000);

const KINDS = ['case-study', 'home', 'insight', 'listing', 'listing (filtered)', 'page', 'person', 'service'];
const kindOf = (page: SitePage) => `${page.kind}${page.facet ? ' (filtered)' : ''}`;

test('every kind of page, in every language, renders as HTML, with its Markdown sibling as the build makes it from the files on disk', async () => {
  const model = buildSiteModel(loadSources(project));
  const markdown = new Map(siteFiles(model, buildArtefacts(model)).map((item) => [item.path, item.body]));
  expect(model.languages.codes).toEqual(['en', 'nl', 'pt']);
  // The first page of each kind in each language: home, listing, filtered listing, service,
  // case study, insight, page.
  const pages = model.languages.codes.flatMap((code) => {
    const byKind = new Map<string, SitePage>();
    for (const page of model.languages.models.get(code)!.sitePages)
      if (!byKind.has(kindOf(page))) byKind.set(kindOf(page), page);
    expect([...byKind.keys()].sort(), code).toEqual(KINDS);
    return [...byKind.values()];
  });
  for (const page of pages) {
    const html = await fetchText(page.path);
    expect(html.status, page.path).toBe(200);
    expect(html.type, page.path).toMatch(/^text\/html/);
    expect(html.body, page.path).toContain('</html>');
    const sibling = await fetchText(page.markdownPath);
    expect(sibling.status, page.markdownPath).toBe(200);
    expect(sibling.type, page.markdownPath).toBe('text/markdown; charset=utf-8');
    expect(sibling.body, page.markdownPath).toBe(markdown.get(page.markdownPath));
  }
  // As the edge function negotiates it in production: the page's Markdown for `Accept: text/markdown`.
  for (const page of ['/', '/nl/services/cloud-migration', '/pt/about']) {
    const negotiated = await fetchText(page, { headers: { Accept: 'text/markdown' } });
    expect(negotiated.type, page).toBe('text/markdown; charset=utf-8');
    expect(negotiated.body, page).toBe(markdown.get(page === '/' ? '/index.md' : `${page}.md`));
  }
}, 120_000);

describe.each([
  {
    language: 'en',
    entry: 'content/insights/cloud-migration-wave-planning.mdx',
    page: '/insights/cloud-migration-wave-planning',
  },
  {
    language: 'nl',
    entry: 'content/nl/insights/cloud-migration-wave-planning.mdx',
    page: '/nl/insights/cloud-migration-wave-planning',
  },
])('an edit to an entry in $language', ({ language, entry, page }) => {
  test('shows on its HTML page and in its .md within 10 s, and an open page is told to reload', async () => {
    const original = readFileSync(file(entry), 'utf8');
    const mark = `${language}${Date.now().toString(36)}`;
    const title = `Edited title ${mark}`;
    const paragraph = `An edited paragraph ${mark}.`;
    for (const pathname of [page, `${page}.md`]) expect((await fetchText(pathname)).body).not.toContain(mark);
    const before = browserMessages.length;
    const saved = save(entry, edited(original, title, paragraph));
    const shown = await timeUntil(
      saved,
      [page, `${page}.md`],
      ({ status, body }, pathname) =>
        status === 200 &&
        body.includes(pathname.endsWith('.md') ? `# ${title}` : `<h1>${title}</h1>`) &&
        body.includes(paragraph),
    );
    console.log(
      `[dev-preview] ${language}: the edit showed after ${ms(shown[page])} on ${page}, ${ms(shown[`${page}.md`])} in its .md`,
    );
    expect(Math.max(...Object.values(shown))).toBeLessThan(EDIT_BOUND_MS);
    expect(browserMessages.slice(before).map((item) => item.message.type)).toContain('full-reload');
    save(entry, original);
    await timeUntil(
      performance.now(),
      [page, `${page}.md`],
      ({ status, body }) => status === 200 && !body.includes(mark),
    );
  }, 60_000);
});

test('an edit to strings.yaml or company.yaml shows within 10 s, without a restart', async () => {
  const strings = 'content/nl/strings.yaml';
  const company = 'content/company.yaml';
  const originals = { strings: readFileSync(file(strings), 'utf8'), company: readFileSync(file(company), 'utf8') };
  const mark = Date.now().toString(36);
  expect(originals.strings).toMatch(/^ {2}services: Diensten$/m);
  expect(originals.company).toMatch(/^tagline: A software engineering consultancy/m);
  const before = browserMessages.length;
  const saved = save(strings, originals.strings.replace(/^ {2}services: Diensten$/m, `  services: Diensten ${mark}`));
  save(company, originals.company.replace(/^tagline: A software/m, `tagline: A ${mark} software`));
  const shown = await timeUntil(
    saved,
    ['/nl/services', '/nl/services.md', '/', '/index.md', '/llms.txt'],
    ({ status, body }, pathname) =>
      status === 200 && body.includes(pathname.startsWith('/nl') ? `Diensten ${mark}` : `A ${mark} software`),
  );
  console.log(
    `[dev-preview] strings.yaml and company.yaml: shown after ${Object.entries(shown)
      .map(([pathname, time]) => `${ms(time)} on ${pathname}`)
      .join(', ')}`,
  );
  expect(browserMessages.slice(before).map((item) => item.message.type)).toContain('full-reload');
  expect(output).not.toContain('restarting the preview');
  save(strings, originals.strings);
  save(company, originals.company);
  await timeUntil(
    performance.now(),
    ['/nl/services', '/'],
    ({ status, body }) => status === 200 && !body.includes(mark),
  );
}, 60_000);

test('a new entry shows within 10 s', async () => {
  const slug = `a-new-insight-${Date.now().toString(36)}`;
  const source = edited(
    readFileSync(file('content/insights/data-contracts-between-teams.mdx'), 'utf8'),
    'A new insight for the preview',
    'Written while the preview ran.',
  );
  const saved = save(`content/insights/${slug}.mdx`, source);
  const shown = await timeUntil(
    saved,
    [`/insights/${slug}`, `/insights/${slug}.md`],
    ({ status, body }) => status === 200 && body.includes('Written while the preview ran.'),
  );
  console.log(
    `[dev-preview] a new entry: shown after ${ms(shown[`/insights/${slug}`])}, its .md after ${ms(shown[`/insights/${slug}.md`])}`,
  );
  rmSync(file(`content/insights/${slug}.mdx`));
  await timeUntil(performance.now(), [`/insights/${slug}`], ({ status }) => status === 404);
}, 60_000);

test("a content error shows the build's message in the browser and the terminal, and the preview recovers", async () => {
  const entry = 'content/insights/cloud-migration-wave-planning.mdx';
  const page = '/insights/cloud-migration-wave-planning';
  const original = readFileSync(file(entry), 'utf8');
  // The overlay shows the message as HTML (`title` becomes <code>title</code>).
  const message = 'is too short (at least 3 characters)';
  const printedBefore = output.length;
  const before = browserMessages.length;
  save(entry, original.replace(/^title: .+$/m, 'title: X'));
  await timeUntil(performance.now(), [page, `${page}.md`], ({ status }) => status === 500);
  const sibling = await fetchText(`${page}.md`);
  expect(sibling.body).toContain(`${entry}: the frontmatter does not match the schema`);
  expect(sibling.body).toContain(message);
  // The page's answer is a shell whose script shows the error sent over the WebSocket.
  expect((await fetchText(page)).status).toBe(500);
  const overlayBound = performance.now() + EDIT_BOUND_MS;
  while (
    !browserMessages.slice(before).some((item) => item.message.type === 'error') &&
    performance.now() < overlayBound
  )
    await sleep(100);
  const overlay = browserMessages.slice(before).find((item) => item.message.type === 'error');
  expect(overlay?.message.err?.message, 'the error overlay').toContain(message);
  expect(overlay?.message.err?.message).toContain(entry);
  await untilPrinted(`${entry}: the frontmatter does not match the schema`, EDIT_BOUND_MS, printedBefore);
  expect(output.slice(printedBefore)).toContain(message);

  const saved = save(entry, original);
  const recovered = await timeUntil(saved, [page, `${page}.md`], ({ status }) => status === 200);
  console.log(
    `[dev-preview] fixed: the page is back after ${ms(recovered[page])}, its .md after ${ms(recovered[`${page}.md`])}`,
  );
  expect(child.exitCode).toBeNull();
}, 60_000);

test(
  "a change to company.yaml's languages restarts the server, once any invalid entry is fixed, and new entries still show after it",
  async () => {
    const company = 'content/company.yaml';
    const original = readFileSync(file(company), 'utf8');
    // As the editor at /admin/ writes it: one language a line.
    const languages = /^languages:\n {2}- en\n {2}- nl\n {2}- pt\n/m;
    expect(original).toMatch(languages);
    // A language leaves with its folder: the build refuses a language folder company.yaml does not list.
    renameSync(file('content/pt'), path.join(project, 'pt-aside'));
    const printedBefore = output.length;
    save(company, original.replace(languages, 'languages:\n  - en\n  - nl\n'));
    await untilPrinted(/restarting the preview[\s\S]*Preview restarted/, START_BOUND_MS, printedBefore);
    expect(output.slice(printedBefore)).toContain('content/company.yaml changed the languages or the baseUrl');
    await timeUntil(
      performance.now(),
      ['/pt', '/nl'],
      ({ status }, pathname) => status === (pathname === '/pt' ? 404 : 200),
      START_BOUND_MS,
    );

    // Back to three languages while an entry is invalid: Astro does not start then (its loader
    // checks every entry first), so the preview says why and starts once the file is fixed.
    const entry = 'content/insights/data-contracts-between-teams.mdx';
    const valid = readFileSync(file(entry), 'utf8');
    save(entry, valid.replace(/^title: .+$/m, 'title: X'));
    const restored = output.length;
    renameSync(path.join(project, 'pt-aside'), file('content/pt'));
    save(company, original);
    await untilPrinted(/The preview cannot start until that is fixed/, START_BOUND_MS, restored);
    expect(output.slice(restored)).toMatch(/data-contracts-between-teams[\s\S]*is too short \(at least 3 characters\)/);
    const fixed = output.length;
    save(entry, valid);
    await untilPrinted(/Preview restarted/, START_BOUND_MS, fixed);
    // The Portuguese entry's own body, which only the restarted content layer loads.
    const portuguese = /^## .+$/m
      .exec(readFileSync(file('content/pt/services/cloud-migration.mdx'), 'utf8'))![0]
      .slice(3);
    await timeUntil(
      performance.now(),
      ['/pt/services/cloud-migration'],
      ({ status, body }) => status === 200 && body.includes(portuguese),
      START_BOUND_MS,
    );

    const slug = `after-a-restart-${Date.now().toString(36)}`;
    const saved = save(
      `content/insights/${slug}.mdx`,
      edited(
        readFileSync(file('content/insights/data-contracts-between-teams.mdx'), 'utf8'),
        'Written after a restart',
        'After the restart.',
      ),
    );
    const shown = await timeUntil(
      saved,
      [`/insights/${slug}`, `/insights/${slug}.md`],
      ({ status, body }) => status === 200 && body.includes('After the restart.'),
    );
    console.log(`[dev-preview] a new entry after a restart: shown after ${ms(shown[`/insights/${slug}`])}`);
  },
  3 * START_BOUND_MS,
);
