/**
 * Lighthouse 13.5 (the devDependency, run with the project's Node) on every kind of page of the
 * served site, with Debian's Chromium and WebMCP testing on, desktop preset: accessibility, best
 * practices, SEO and Agentic Browsing must each score 100; performance is printed, not gated (it
 * swings on a small machine; docs/performance.md has the measured figures).
 *
 * The pages are audited at the site's own address, https://www.northbeam.example: Chromium maps
 * that host (and the agent host) to a TLS proxy in front of `npm start`, with a throwaway
 * self-signed certificate made by openssl for the run. At localhost the canonical links, the
 * hreflang links and the discovery files' absolute URLs would name another host than the page,
 * and Lighthouse would audit a site that is not the one deployed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { AGENT_ORIGIN, baseUrl, PUBLIC_ORIGIN } from './http.ts';

/** Every kind of page, and a page in each other language. */
const PAGES = {
  home: '/',
  service: '/services/cloud-migration',
  'case study': '/case-studies/kestrel-bank-core-ledger',
  insight: '/insights/golden-paths-not-golden-cages',
  listing: '/case-studies',
  contact: '/contact',
  'Dutch page': '/nl/services/cloud-migration',
  'Portuguese page': '/pt/insights',
} as const;

/** The categories held at 100. */
const GATED = ['accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;

interface Report {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; title: string; displayValue?: string; details?: { items?: unknown[] } }
  >;
}

const root = inject('projectRoot');
let tls: Server;
let dir: string;
let port = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-tls-'));
  const hosts = [PUBLIC_ORIGIN, AGENT_ORIGIN].map((origin) => new URL(origin).hostname);
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', `/CN=${hosts[0]}`,
    '-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
  ], { stdio: 'ignore' });
  const upstream = new URL(baseUrl());
  tls = createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
    (request, response) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', (error) => response.writeHead(502).end(String(error)));
      request.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  port = (tls.address() as AddressInfo).port;
});

afterAll(() => {
  tls?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One Lighthouse run of `pagePath` at the site's own address; its JSON report. */
function lighthouse(pagePath: string): Promise<Report> {
  const hosts = [PUBLIC_ORIGIN, AGENT_ORIGIN].map((origin) => new URL(origin).hostname);
  const rules = hosts.map((host) => `MAP ${host}:443 127.0.0.1:${port}`).join(',');
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--enable-features=WebMCPTesting',
    `--host-resolver-rules="${rules}"`,
    // The proxy's certificate is the run's own, self-signed.
    '--ignore-certificate-errors',
  ].join(' ');
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    `${PUBLIC_ORIGIN}${pagePath}`,
    '--preset=desktop',
    `--only-categories=performance,${GATED.join(',')}`,
    `--chrome-flags=${chromeFlags}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(new Error(`Lighthouse on ${pagePath} exited ${code}: ${err.trim() || out.slice(0, 500)}`));
      resolve(JSON.parse(out) as Report);
    });
  });
}

/** The audits that cost a category points, as one line each (empty when the category is at 100). */
function shortfalls(report: Report, category: string): string[] {
  return report.categories[category]!.auditRefs.filter(
    (ref) => ref.weight > 0 && report.audits[ref.id]!.score !== null && report.audits[ref.id]!.score! < 1,
  ).map((ref) => {
    const audit = report.audits[ref.id]!;
    return `${ref.id} (${audit.score}): ${audit.title} ${audit.displayValue ?? ''} ${JSON.stringify(audit.details?.items?.slice(0, 2) ?? '')}`;
  });
}

describe('Lighthouse 13.5 with WebMCP testing, desktop', () => {
  test.each(Object.entries(PAGES))(
    '%s (%s): 100 in accessibility, best practices, SEO and Agentic Browsing',
    { timeout: 120_000 },
    async (kind, pagePath) => {
      const report = await lighthouse(pagePath);
      expect(report.lighthouseVersion).toBe('13.5.0');
      const scores = Object.fromEntries(
        Object.entries(report.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
      );
      console.log(`Lighthouse ${kind} ${pagePath}: ${JSON.stringify(scores)} (performance reported, not gated)`);
      for (const category of GATED) expect(shortfalls(report, category), `${category} on ${pagePath}`).toEqual([]);
      for (const category of GATED) expect(scores[category], `${category} on ${pagePath}`).toBe(100);
      // The WebMCP audits ran (WebMCPTesting), and the ARD manifest was found and had nothing to say.
      expect(report.audits['webmcp-schema-validity']!.score).toBe(1);
      expect(report.audits['ard-schema']!.score).toBe(1);
      expect(report.audits['ard-schema']!.details).toBeUndefined();
    },
  );
});
