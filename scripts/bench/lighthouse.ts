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

/** What every page of a Lighthouse run shares. */
export interface LighthouseSetup {
  /** The hosts to map to the proxy (the base host and the agent host). */
  hosts: readonly string[];
  front: TlsFront;
  formFactor: 'desktop' | 'mobile';
  categories: readonly string[];
  /** The project folder (its scripts/bench/lighthouse-pages.ts and node_modules/lighthouse). */
  root: string;
  chromium: string;
}

export interface LighthouseRun extends LighthouseSetup {
  /** The page's address on the site's own host, e.g. https://www.northbeam.example/contact. */
  url: string;
}

/**
 * Lighthouse's own failures to record a page load ("Something went wrong with recording the
 * trace… Please run Lighthouse again", NO_NAVSTART, NO_FCP…), which it asks to be retried: they
 * say nothing about the page.
 */
export const RETRYABLE = /Please run Lighthouse again|NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/;

/**
 * Audits `urls` one after another in one Chromium (scripts/bench/lighthouse-pages.ts, in a process
 * of its own: Lighthouse cannot run two audits at once in one process, and keeps state between
 * them); one promise per URL, in order, each settled as soon as its page is done. A page is
 * audited again when Lighthouse asks (up to `attempts` runs), and once more when one of its
 * audits could not run. Two calls run side by side, each with its own Chromium.
 */
export function auditPages(setup: LighthouseSetup, urls: readonly string[], attempts = 3): Promise<LighthouseReport>[] {
  const settled = urls.map(() => Promise.withResolvers<LighthouseReport>());
  const pending = new Map(urls.map((url, index) => [url, settled[index]!]));
  const child = spawn(process.execPath, [path.join(setup.root, 'scripts/bench/lighthouse-pages.ts')], {
    cwd: setup.root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let buffered = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as { url: string; report?: LighthouseReport; error?: string };
      buffered = buffered.slice(newline + 1);
      const waiting = pending.get(line.url);
      pending.delete(line.url);
      if (line.report) waiting?.resolve(line.report);
      else waiting?.reject(new Error(line.error));
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    process.stderr.write(chunk);
  });
  const fail = (why: string) => {
    for (const [url, waiting] of pending) waiting.reject(new Error(`Lighthouse on ${url}: ${why}`));
    pending.clear();
  };
  child.on('error', (error) => fail(String(error)));
  child.on('close', (code) => fail(`the audit process exited ${code} first: ${err.trim().slice(-2000)}`));
  child.stdin.end(
    JSON.stringify({
      urls,
      hosts: setup.hosts,
      frontPort: setup.front.port,
      formFactor: setup.formFactor,
      categories: setup.categories,
      chromium: setup.chromium,
      attempts,
    }),
  );
  // Marked handled here: a page whose caller has not come to it yet when the process fails must
  // not count as an unhandled rejection; its caller still sees the error when it awaits.
  for (const { promise } of settled) promise.catch(() => undefined);
  return settled.map(({ promise }) => promise);
}

/** One page's Lighthouse report (auditPages with one URL). */
export function runLighthouse(run: LighthouseRun, attempts = 3): Promise<LighthouseReport> {
  return auditPages(run, [run.url], attempts)[0]!;
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
