/**
 * The MCP conformance suite (@modelcontextprotocol/conformance) against the served /api/mcp:
 * every server scenario it has (`--suite all`), with conformance-baseline.yml listing the ones
 * that cannot pass for a stateless, tools-only, JSON-only server (each with its reason). The
 * CLI exits 0 only when every other scenario passes AND every listed one still fails, so the
 * baseline can neither hide a regression nor go stale. The scenarios that apply to any server
 * are also checked one by one in the saved results. The suite may only talk to the local
 * server: a preload refuses and records any other connection (NETWORK_GUARD_SOURCE).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, inject, test } from 'vitest';
import { parse } from 'yaml';
import { baseUrl, useGuardedWorkdir } from './http.ts';

const root = inject('projectRoot');
const CONFORMANCE = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = path.join(root, 'tests/integration/conformance-baseline.yml');
/** Scenarios that apply to any MCP server, this one included: they must pass. */
const MUST_PASS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

const guarded = useGuardedWorkdir('conformance-test-');

function conformance(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const workdir = guarded();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(workdir.guard).href, CONFORMANCE, ...args], {
      cwd: workdir.dir,
      env: {
        ...process.env,
        HOME: workdir.dir,
        NETWORK_GUARD_LOG: workdir.guardLog,
        NETWORK_GUARD_LOCAL_ADDRESS: 'spread',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the MCP conformance suite', () => {
  let scenarios: string[] = [];
  const baseline: string[] = (parse(readFileSync(BASELINE, 'utf8')) as { server: string[] }).server;

  test('every server scenario of the suite is either required to pass or in the baseline', async () => {
    const listed = await conformance(['list', '--server'], 30_000);
    expect(listed.code, listed.output).toBe(0);
    scenarios = [...stripVTControlCharacters(listed.output).matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((match) => match[1]!);
    expect(scenarios.length).toBeGreaterThan(20);
    for (const name of MUST_PASS) expect(scenarios, name).toContain(name);
    for (const name of baseline) {
      expect(scenarios, `baseline entry ${name} is a scenario of the suite`).toContain(name);
      expect(MUST_PASS, name).not.toContain(name);
    }
    expect(new Set(baseline).size).toBe(baseline.length);
    expect([...MUST_PASS, ...baseline].sort()).toEqual([...scenarios].sort());
  });

  test('conformance server --suite all with the baseline exits 0; the applicable scenarios pass every check', async () => {
    const results = path.join(guarded().dir, 'results');
    const run = await conformance(
      ['server', '--url', `${baseUrl()}/api/mcp`, '--suite', 'all', '--expected-failures', BASELINE, '-o', results],
      280_000,
    );
    const output = stripVTControlCharacters(run.output);
    expect(run.code, output.slice(-6000)).toBe(0);
    expect(output).toMatch(/Baseline check passed/);
    expect(output).not.toMatch(/Unexpected failures|Stale baseline entries/);

    // One results folder per scenario: server-<scenario>-<timestamp>/checks.json.
    const byScenario = new Map<string, { id: string; status: string; errorMessage?: string }[]>();
    for (const folder of readdirSync(results)) {
      const name = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
      if (name) byScenario.set(name, JSON.parse(readFileSync(path.join(results, folder, 'checks.json'), 'utf8')));
    }
    if (scenarios.length > 0) expect([...byScenario.keys()].sort()).toEqual([...scenarios].sort());
    for (const name of MUST_PASS) {
      const checks = byScenario.get(name) ?? [];
      const judged = checks.filter((check) => check.status !== 'INFO');
      expect(judged.length, `${name} made at least one check`).toBeGreaterThan(0);
      for (const check of judged)
        expect(check.status, `${name} / ${check.id}: ${check.errorMessage ?? ''}`).toBe('SUCCESS');
    }
    for (const name of baseline) {
      const statuses = (byScenario.get(name) ?? []).map((check) => check.status);
      expect(
        statuses.some((status) => status === 'FAILURE' || status === 'WARNING'),
        `${name} fails, as the baseline says`,
      ).toBe(true);
    }
  }, 300_000);

  test('the suite connected to nothing but the local server', () => {
    expect(readFileSync(guarded().guardLog, 'utf8')).toBe('');
  });
});
