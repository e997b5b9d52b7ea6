/**
 * Lighthouse against a local server as if it were the deployed site: Chromium maps the site's
 * hosts to a TLS proxy in front of the server (`npm start`), with a throwaway self-signed
 * certificate made by openssl, so the pages are audited at https://www.<company>… and their
 * canonical links, hreflang links and discovery files name the host they are served from. Used by
 * tests/integration/lighthouse.test.ts (the scores held at 100) and `npm run bench:pages` (mobile
 * performance, median of several runs).
 *
 * Lighthouse 13.5 (a devDependency) needs Node >= 22.19: it runs with this process's Node, the
 * project's (npm scripts put node_modules/.bin, with the `node` package's Node 24, first).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium, which the browser tests and Lighthouse use (`CHROMIUM_PATH` for another). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The categories held at 100 by the tests; performance is measured, not held. */
export const GATED_CATEGORIES = ['accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;

export interface LighthouseReport {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      title: string;
      numericValue?: number;
      /** What fixing it would save, per metric (ms), for Lighthouse's insights. */
      metricSavings?: Record<string, number>;
      displayValue?: string;
      /** Set when the audit itself could not run (the tool's failure, not the page's). */
      errorMessage?: string;
      scoreDisplayMode?: string;
      details?: { items?: unknown[]; overallSavingsBytes?: number; overallSavingsMs?: number };
    }
  >;
}

/** The audits of `categories` that could not run in `report` (Lighthouse's own errors), as `id: message`. */
export function erroredAudits(report: LighthouseReport, categories: readonly string[]): string[] {
  return categories.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .map((ref) => [ref.id, report.audits[ref.id]] as const)
      .filter(([, audit]) => audit?.scoreDisplayMode === 'error' || audit?.errorMessage !== undefined)
      .map(([id, audit]) => `${id}: ${audit?.errorMessage ?? 'error'}`),
  );
}

export interface TlsFront {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  close: () => void;
}

/** A TLS proxy on 127.0.0.1 in front of `upstream` (http://host:port), with a certificate for `hosts`. */
export async function startTlsFront(upstream: string, hosts: readonly string[]): Promise<TlsFront> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', key, '-out', cert, '-subj', `/CN=${hosts[0]}`,
      '-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
    ], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make the proxy's certificate (apt-get install -y openssl): ${String(error)}`, {
      cause: error,
    });
  }
  const target = new URL(upstream);
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', (error) => response.writeHead(502).end(String(error)));
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LighthouseRun {
  /** The page's address on the site's own host, e.g. https://www.northbeam.example/contact. */
  url: string;
  /** The hosts to map to the proxy (the base host and the agent host). */
  hosts: readonly string[];
  front: TlsFront;
  formFactor: 'desktop' | 'mobile';
  categories: readonly string[];
  /** The project folder (node_modules/lighthouse). */
  root: string;
  chromium: string;
}

/**
 * Lighthouse's own failures to record a page load ("Something went wrong with recording the
 * trace… Please run Lighthouse again", NO_NAVSTART, NO_FCP…), which it asks to be retried: they
 * say nothing about the page.
 */
const RETRYABLE = /Please run Lighthouse again|NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/;

/** One Lighthouse run (Chromium with WebMCP testing on), retried up to twice when Lighthouse asks; its JSON report. */
export async function runLighthouse(run: LighthouseRun, attempts = 3): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(run);
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.test(String(error))) throw error;
      console.warn(`${String(error)}: attempt ${attempt + 1} of ${attempts}`);
    }
  }
}

function runLighthouseOnce(run: LighthouseRun): Promise<LighthouseReport> {
  const rules = run.hosts.map((host) => `MAP ${host}:443 127.0.0.1:${run.front.port}`).join(',');
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--enable-features=WebMCPTesting',
    `--host-resolver-rules="${rules}"`,
    // The proxy's certificate is the run's own, self-signed.
    '--ignore-certificate-errors',
  ].join(' ');
  const args = [
    path.join(run.root, 'node_modules/lighthouse/cli/index.js'),
    run.url,
    ...(run.formFactor === 'desktop' ? ['--preset=desktop'] : []),
    `--only-categories=${run.categories.join(',')}`,
    `--chrome-flags=${chromeFlags}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: run.root,
      env: { ...process.env, CHROME_PATH: run.chromium },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(new Error(`Lighthouse on ${run.url} exited ${code}: ${err.trim() || out.slice(0, 500)}`));
      resolve(JSON.parse(out) as LighthouseReport);
    });
  });
}

/** A category's score out of 100. */
export const scoreOf = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);

/** The audits that cost `category` points, one line each (none when it is at 100). */
export function shortfalls(report: LighthouseReport, category: string): string[] {
  return report.categories[category]!.auditRefs.filter((ref) => {
    const score = report.audits[ref.id]!.score;
    return ref.weight > 0 && score !== null && score < 1;
  }).map((ref) => {
    const audit = report.audits[ref.id]!;
    const items = JSON.stringify(audit.details?.items?.slice(0, 2) ?? '');
    return `${ref.id} (${audit.score}): ${audit.title} ${audit.displayValue ?? ''} ${items}`;
  });
}
