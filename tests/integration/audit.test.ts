/**
 * `npm run audit` against real servers: the served site (every check passes but the named pending
 * ones), a plain static file server of the same build (no MCP endpoint: the findings name
 * /api/mcp), a proxy that strips Link and Vary, and one that corrupts a SKILL.md, server.json,
 * the card beside the endpoint and the ARD manifest and serves openapi.json as text/plain. The audit may only talk to the local servers (NETWORK_GUARD_SOURCE);
 * its connections leave from spread loopback addresses, so it may run faster than the contract's
 * pace without spending the rate-limit budget the other tests share.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { AuditResult } from '../../scripts/audit/report.ts';
import { baseUrl, randomLoopbackAddress, useGuardedWorkdir } from './http.ts';

const root = inject('projectRoot');
const guarded = useGuardedWorkdir('audit-test-');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function audit(args: string[], timeoutMs = 110_000): Promise<Run> {
  const workdir = guarded();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', pathToFileURL(workdir.guard).href, path.join(root, 'scripts/audit.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, NETWORK_GUARD_LOG: workdir.guardLog, NETWORK_GUARD_LOCAL_ADDRESS: 'spread' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const failed = (result: AuditResult) =>
  result.findings.filter((finding) => finding.outcome === 'fail').map((finding) => finding.id);

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

/** A plain static file server of the build: files only, no functions, no edge, no header rules. */
function staticServer(dist: string): Promise<string> {
  return listen((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const candidates = [pathname, `${pathname}.html`, path.join(pathname, 'index.html')].map((candidate) =>
      path.join(dist, candidate),
    );
    const file = candidates.find(
      (candidate) => candidate.startsWith(dist) && existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
}

/** A proxy to the served site that lets `change` rewrite each response's headers and body. */
function proxy(
  change: (path: string, headers: Record<string, string | string[] | undefined>, body: Buffer) => Buffer,
): Promise<string> {
  const target = new URL(baseUrl());
  return listen((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = httpRequest(
        {
          host: '127.0.0.1',
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: target.host },
          localAddress: randomLoopbackAddress(),
          agent: false,
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            const headers = { ...answer.headers };
            delete headers['content-length'];
            delete headers['transfer-encoding'];
            const changed = change(new URL(incoming.url ?? '/', 'http://x').pathname, headers, Buffer.concat(body));
            outgoing.writeHead(answer.statusCode ?? 502, headers).end(changed);
          });
        },
      );
      forward.on('error', () => outgoing.writeHead(502).end());
      forward.end(Buffer.concat(chunks));
    });
  });
}

describe('npm run audit', () => {
  test(
    'against the served site: every check passes but the pending ones, no lead filed, under 2 minutes',
    { timeout: 120_000 },
    async () => {
      // The agent host: the same deployment behind another address (a transparent proxy).
      const agentUrl = await proxy((_path, _headers, body) => body);
      const run = await audit([baseUrl(), '--agent-url', agentUrl, '--json', '--rate', '3000']);
      const result = JSON.parse(run.stdout) as AuditResult;
      expect(failed(result), run.stdout).toEqual([]);
      expect(run.code).toBe(0);
      expect(result.summary.passed).toBeGreaterThan(100);
      // Markdown on every sitemap page, each protocol revision, each contract tool, each discovery file.
      const passed = new Set(
        result.findings.filter((finding) => finding.outcome === 'pass').map((finding) => finding.id),
      );
      for (const id of [
        'pages.markdown',
        'pages.html',
        'mcp.initialize.2025-11-25',
        'mcp.initialize.2025-06-18',
        'mcp.initialize.2025-03-26',
        'mcp.resources.read',
        'mcp.resources.not-found',
        'mcp.prompts.get',
        'mcp.completion',
        'tools.call.search_site',
        'tools.invalid.start_conversation',
        'errors.unknown-tool',
        'errors.api-404',
        'http.preflight',
        'discovery.openapi.valid',
        'discovery.agent-skills.digest.northbeam-engineering-site',
        'discovery.server-card-beside.same',
        'discovery.server-card-beside.revalidate',
        'discovery.mcp-catalog.cards',
        'discovery.mcp-catalog.consistent',
        'headers.link.mcp-200',
        'headers.vary.preflight-204',
        'agent-host.initialize',
        'agent-host.tools',
        'agent-host.files',
        'agent-host.markdown',
      ])
        expect(passed, id).toContain(id);
      expect(result.findings.find((finding) => finding.id === 'tools.call.start_conversation')?.outcome).toBe('skip');
      expect(run.stderr).toMatch(/pacing: at most 3000 requests\/min/);
      expect(run.stderr).toMatch(/pages: \d+\/\d+ fetched as Markdown/);
      expect(readFileSync(guarded().guardLog, 'utf8'), 'connections other than to localhost').toBe('');
    },
  );

  test(
    'against a plain static file server of the same build: fails, naming the MCP endpoint',
    { timeout: 60_000 },
    async () => {
      const dist = path.join(root, 'dist');
      if (!existsSync(path.join(dist, 'index.html'))) return; // TEST_BASE_URL mode without a local build
      const url = await staticServer(dist);
      const run = await audit([url, '--max-pages', '3', '--rate', '3000']);
      expect(run.code, run.stdout).toBe(1);
      // One finding per area that needs the endpoint, each naming it, instead of one per check.
      for (const area of ['mcp', 'tools', 'batches', 'errors'])
        expect(run.stdout).toMatch(
          new RegExp(
            `FAIL the MCP endpoint /api/mcp answers JSON-RPC \\[${area}\\.mcp-endpoint\\]\\n\\s+expected: a JSON-RPC response from POST http://127\\.0\\.0\\.1:\\d+/api/mcp`,
          ),
        );
      expect(run.stdout).toMatch(/fix: +Serve the MCP server at \/api\/mcp/);
      expect(run.stdout).toMatch(/FAIL GET \/api\/mcp: 405.*\[errors\.get-mcp\]/);
      expect(run.stdout).toMatch(/FAIL .*\[pages\.markdown\]/);
      expect(run.stdout).toMatch(/FAIL .*\[headers\.link\.html-page\]/);
      expect(run.stdout).toMatch(/^FAILED: \d+ passed, \d+ failed, \d+ skipped \(\d+ requests in [\d.]+ s\)$/m);
    },
  );

  test(
    'a proxy that strips Link and Vary: the header and negotiation findings say so',
    { timeout: 60_000 },
    async () => {
      const url = await proxy((_path, headers, body) => {
        delete headers.link;
        delete headers.vary;
        return body;
      });
      const run = await audit([url, '--only', 'pages,headers', '--max-pages', '3', '--rate', '3000', '--json']);
      const result = JSON.parse(run.stdout) as AuditResult;
      expect(run.code).toBe(1);
      const ids = failed(result);
      for (const kind of ['html-page', 'markdown-page', 'mcp-200', 'health']) {
        expect(ids).toContain(`headers.link.${kind}`);
        expect(ids).toContain(`headers.vary.${kind}`);
      }
      const markdown = result.findings.find((finding) => finding.id === 'pages.markdown');
      expect(markdown?.outcome).toBe('fail');
      expect(markdown?.got).toMatch(/Vary "" without Accept/);
    },
  );

  test(
    'a proxy that corrupts SKILL.md, server.json, the card beside the endpoint and the ARD manifest and serves openapi.json as text/plain: one finding each',
    { timeout: 60_000 },
    async () => {
      const url = await proxy((pathname, headers, body) => {
        if (pathname.endsWith('/SKILL.md')) return Buffer.concat([body, Buffer.from('\nTampered on the way.\n')]);
        if (pathname === '/openapi.json') headers['content-type'] = 'text/plain';
        const edit = (change: (value: Record<string, unknown>) => void) => {
          if (body.length === 0) return body; // a 304 or a HEAD
          const value = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          change(value);
          return Buffer.from(JSON.stringify(value));
        };
        // A server.json and a card beside the endpoint left behind by an earlier release; an ARD
        // entry without its queries.
        if (pathname === '/.well-known/mcp/server.json' || pathname === '/api/mcp/server-card')
          return edit((entry) => (entry.version = '0.9.0'));
        if (pathname === '/.well-known/ard.json')
          return edit((manifest) => delete (manifest.entries as Record<string, unknown>[])[0]!.representativeQueries);
        return body;
      });
      const run = await audit([url, '--only', 'discovery', '--rate', '3000', '--json']);
      const result = JSON.parse(run.stdout) as AuditResult;
      expect(run.code).toBe(1);
      expect(failed(result).sort()).toEqual([
        'discovery.agent-skills.digest.northbeam-engineering-site',
        'discovery.ard.rules',
        'discovery.openapi.fetch',
        'discovery.server-card-beside.same',
        'discovery.server-json.card',
      ]);
      const beside = result.findings.find((finding) => finding.id === 'discovery.server-card-beside.same');
      expect(beside?.got).toMatch(/"version":"0\.9\.0"/);
      const card = result.findings.find((finding) => finding.id === 'discovery.server-json.card');
      expect(card?.got).toMatch(/"version":"0\.9\.0"/);
      const ard = result.findings.find((finding) => finding.id === 'discovery.ard.rules');
      expect(ard?.got).toMatch(/has 0 representativeQueries, not 2-5/);
      const digest = result.findings.find((finding) => finding.id.startsWith('discovery.agent-skills.digest'));
      expect(digest?.expected).toMatch(/^HTTP 200 and sha256:[0-9a-f]{64}$/);
      expect(digest?.fix).toMatch(/Recompute the digest/);
    },
  );

  test('wrong usage exits 2 with what to do', async () => {
    const run = await audit(['not a url']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not a URL; give the full address, e\.g\. https:\/\/www\.example\.com/);
    const fast = await audit(['https://www.example.com', '--rate', '1000']);
    expect(fast.code).toBe(2);
    expect(fast.stderr).toMatch(/--rate above 112 is allowed only for a server on this machine/);
  });
});
