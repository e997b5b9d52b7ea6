/**
 * Global set-up of the integration project: starts `node scripts/start.mjs` (build + netlify-cli
 * serve, offline) on a free port, waits until pages, the edge function and the API answer, and
 * stops the whole process group afterwards. With TEST_BASE_URL set, uses that server instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    projectRoot: string;
    /**
     * The port the served functions POST lead notifications to (LEADS_WEBHOOK_URL, plain http on
     * 127.0.0.1); nothing listens there unless a test does. Undefined with TEST_BASE_URL.
     */
    webhookPort: number | undefined;
    /** The file the served site's output (netlify-cli and every function's log) goes to. Undefined with TEST_BASE_URL. */
    serverLog: string | undefined;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const LOG = path.join(root, 'test-results/server.log');
const STARTUP_LIMIT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Status of GET /api/health, sent from 127.0.0.2 so polling spends none of the rate-limit budget the tests share. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/health', localAddress: '127.0.0.2' }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.end();
  });
}

async function ready(baseUrl: string, port: number): Promise<boolean> {
  try {
    const [page, markdown, health] = await Promise.all([fetch(`${baseUrl}/`), fetch(`${baseUrl}/`, { headers: { Accept: 'text/markdown' } }), healthStatus(port)]);
    return page.ok && markdown.headers.get('content-type')?.startsWith('text/markdown') === true && health === 200;
  } catch {
    return false;
  }
}

let child: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  project.provide('projectRoot', root);
  const external = process.env.TEST_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('webhookPort', undefined);
    project.provide('serverLog', undefined);
    return;
  }
  const port = await freePort();
  let webhookPort = await freePort();
  while (webhookPort === port) webhookPort = await freePort();
  project.provide('webhookPort', webhookPort);
  project.provide('serverLog', LOG);
  const baseUrl = `http://localhost:${port}`;
  mkdirSync(path.dirname(LOG), { recursive: true });
  const log = createWriteStream(LOG);
  console.log(`[integration] building and starting the site on ${baseUrl} (log: ${path.relative(root, LOG)})`);
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BROWSER: 'none', LEADS_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/leads`, LEADS_WEBHOOK_SECRET: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const started = Date.now();
  while (!(await ready(baseUrl, port))) {
    if (exited !== undefined) {
      throw new Error(`npm start exited with code ${exited} before the site was ready. Log:\n${readFileSync(LOG, 'utf8').slice(-4000)}`);
    }
    if (Date.now() - started > STARTUP_LIMIT_MS) {
      stop();
      throw new Error(`The site did not become ready within ${STARTUP_LIMIT_MS / 1000} s. Log:\n${readFileSync(LOG, 'utf8').slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`[integration] ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('baseUrl', baseUrl);
  return stop;
}

function stop() {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
