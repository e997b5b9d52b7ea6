/**
 * Global set-up of the integration project: starts `node scripts/start.mjs` (build + netlify-cli
 * serve, offline) on a free port, waits until pages, the edge function and the API answer, and
 * stops the whole process group afterwards. With TEST_BASE_URL set, uses that server instead.
 */
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { freePort } from '../../scripts/free-port.ts';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    projectRoot: string;
    /**
     * The port the served functions POST lead notifications (LEADS_WEBHOOK_URL, path /leads) and the
     * traffic digest (TRAFFIC_DIGEST_WEBHOOK_URL, path /traffic, secret `integration-digest-secret`) to, plain http on
     * 127.0.0.1); nothing listens there unless a test does. Undefined with TEST_BASE_URL.
     */
    webhookPort: number | undefined;
    /** The file the served site's output (netlify-cli and every function's log) goes to. Undefined with TEST_BASE_URL. */
    serverLog: string | undefined;
    /**
     * True when the harness built this project in this run (not with TEST_BASE_URL): its dist/ and
     * .generated/ are this code's and the sample's, which a site of a test file's own may serve.
     */
    harnessBuilt: boolean;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const LOG = path.join(root, 'test-results/server.log');
const STARTUP_LIMIT_MS = 300_000;

/** Status of GET /api/health, sent from 127.0.0.2 so polling spends none of the rate-limit budget the tests share. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/api/health', localAddress: '127.0.0.2' },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', () => resolve(0));
    request.end();
  });
}

async function ready(baseUrl: string, port: number): Promise<boolean> {
  try {
    const [page, markdown, health] = await Promise.all([
      fetch(`${baseUrl}/`),
      fetch(`${baseUrl}/`, { headers: { Accept: 'text/markdown' } }),
      healthStatus(port),
    ]);
    return page.ok && markdown.headers.get('content-type')?.startsWith('text/markdown') === true && health === 200;
  } catch {
    return false;
  }
}

export interface RunningSite {
  baseUrl: string;
  port: number;
  /** Stops npm start and everything it started (SIGTERM to its process group, then SIGKILL to what is left). */
  stop: () => Promise<void>;
}

/**
 * Runs `node scripts/start.mjs` (build + netlify serve, offline) in the project at `cwd` on a free
 * port, its output to `log`, and waits until pages, the edge function and the API answer.
 */
export async function startSite(options: {
  cwd: string;
  log: string;
  env?: NodeJS.ProcessEnv;
  label?: string;
  avoidPorts?: number[];
}): Promise<RunningSite> {
  // The site's port and the two netlify-cli would otherwise pick for itself: its static server
  // (3999 when that looks free) and its functions server. Two sites started at once (test files
  // side by side, each with a site of its own) both saw those free and one failed with
  // EADDRINUSE, so every one is chosen here, distinct from each other and from `avoidPorts`.
  const taken = new Set(options.avoidPorts ?? []);
  const distinctFreePort = async () => {
    let candidate = await freePort();
    while (taken.has(candidate)) candidate = await freePort();
    taken.add(candidate);
    return candidate;
  };
  const port = await distinctFreePort();
  const ports = [
    '--staticServerPort',
    String(await distinctFreePort()),
    '--functions-port',
    String(await distinctFreePort()),
  ];
  const baseUrl = `http://localhost:${port}`;
  mkdirSync(path.dirname(options.log), { recursive: true });
  const log = createWriteStream(options.log);
  console.log(
    `[integration] building and starting ${options.label ?? 'the site'} on ${baseUrl} (log: ${path.relative(root, options.log)})`,
  );
  const child = spawn(process.execPath, ['scripts/start.mjs', ...ports], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), BROWSER: 'none' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const stop = async () => {
    if (!child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // the whole group is gone
    }
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => {
        child.once('exit', resolve);
        setTimeout(resolve, 10_000).unref();
      });
    // netlify-cli's edge-function server (Deno) outlives SIGTERM and was left running, in a
    // folder about to be removed, after every run: what is left of the group goes now.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // all gone
    }
  };

  const started = Date.now();
  while (!(await ready(baseUrl, port))) {
    if (exited !== undefined) {
      throw new Error(
        `npm start exited with code ${exited} before the site was ready. Log:\n${readFileSync(options.log, 'utf8').slice(-4000)}`,
      );
    }
    if (Date.now() - started > STARTUP_LIMIT_MS) {
      await stop();
      throw new Error(
        `The site did not become ready within ${STARTUP_LIMIT_MS / 1000} s. Log:\n${readFileSync(options.log, 'utf8').slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `[integration] ${options.label ?? 'the site'} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { baseUrl, port, stop };
}

/** What the harness sets for a served site: lead notifications and the traffic digest go to `webhookPort` on 127.0.0.1. */
function harnessEnv(webhookPort: number): NodeJS.ProcessEnv {
  return {
    LEADS_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/leads`,
    LEADS_WEBHOOK_SECRET: '',
    // The traffic record's weekly digest goes to the same harness port (tests/integration/traffic.test.ts).
    TRAFFIC_DIGEST_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/traffic`,
    TRAFFIC_DIGEST_WEBHOOK_SECRET: 'integration-digest-secret',
  };
}

/** A site of a test file's own (startSiteOfItsOwn). */
export interface SiteOfItsOwn extends RunningSite {
  /** The copy of this project it serves; `stop` removes it. */
  project: string;
  /** Its output (netlify-cli and every function's log). */
  log: string;
  /** Where its lead notifications and traffic digest go (127.0.0.1); nothing listens unless the test does. */
  webhookPort: number;
}

/**
 * Makes a copy of this project serve the harness's build instead of building again (the same
 * code and the same sample content give the same site; a build is about 30 s of both cores): its
 * dist/ and .generated/ are copied in, and its netlify.toml's build command does nothing.
 */
function serveTheHarnessBuild(project: string): void {
  for (const name of ['dist', '.generated'])
    cpSync(path.join(root, name), path.join(project, name), { recursive: true });
  const toml = path.join(project, 'netlify.toml');
  const config = readFileSync(toml, 'utf8');
  const command = /^(\[build\]\n(?:.*\n)*?\s*command\s*=\s*)"[^"]*"/m;
  if (!command.test(config))
    throw new Error(`${toml}: no [build] command to replace; serveTheHarnessBuild needs updating`);
  writeFileSync(toml, config.replace(command, '$1"true"'));
}

/** What a site of a test file's own is made of (startSiteOfItsOwn). */
export interface OwnSiteOptions {
  /** Its content: the sample's (the default), or only the company's files (projectCopy). */
  sampleContent?: boolean;
  /**
   * Changes the copy before it is built (another company's content, more entries). Without it
   * the copy is the sample and serves the harness's build when the harness built in this run.
   */
  prepare?: (project: string) => void;
  /** Set for its functions over the harness's (harnessEnv, with the site's own webhook port). */
  env?: NodeJS.ProcessEnv;
  /** Says what the site is in the test's output (`the <label> test's own site`). */
  description?: string;
  /** Where its lead notifications and traffic digest go: a port the test listens on already (else a free one). */
  webhookPort?: number;
}

/**
 * A copy of this project, built and served by a netlify-cli of its own, for a test file that must
 * be the only one talking to its site (one that counts every request the site saw, the traffic
 * record; or measures the server's memory under load, the soak) or that serves other content
 * (another company, a site of more entries). The other files share the harness's site and run
 * beside it. `stop` stops the site and removes the copy; so does a start that fails.
 */
export async function startSiteOfItsOwn(label: string, options: OwnSiteOptions = {}): Promise<SiteOfItsOwn> {
  const { sampleContent = true } = options;
  const project = projectCopy(label, sampleContent, { cards: true });
  const log = path.join(root, `test-results/${label}-server.log`);
  try {
    if (options.prepare) options.prepare(project);
    else if (sampleContent && inject('harnessBuilt')) serveTheHarnessBuild(project);
    const webhookPort = options.webhookPort ?? (await freePort());
    const site = await startSite({
      cwd: project,
      log,
      avoidPorts: [webhookPort],
      env: { ...harnessEnv(webhookPort), ...options.env },
      label: options.description ?? `the ${label} test's own site`,
    });
    const stop = async () => {
      await site.stop();
      rmSync(project, { recursive: true, force: true });
    };
    return { ...site, stop, project, log, webhookPort };
  } catch (error) {
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject) {
  project.provide('projectRoot', root);
  const external = process.env.TEST_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('webhookPort', undefined);
    project.provide('serverLog', undefined);
    project.provide('harnessBuilt', false);
    return;
  }
  const webhookPort = await freePort();
  project.provide('webhookPort', webhookPort);
  project.provide('serverLog', LOG);
  const site = await startSite({
    cwd: root,
    log: LOG,
    avoidPorts: [webhookPort],
    env: harnessEnv(webhookPort),
  });
  project.provide('baseUrl', site.baseUrl);
  project.provide('harnessBuilt', true);
  return site.stop;
}
