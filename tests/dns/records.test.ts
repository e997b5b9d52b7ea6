import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { dnsRecords, formatZoneLines, notInRecords, TTL_LIMITS } from '../../src/dns/records.ts';
import { dnsReport } from '../../src/dns/report.ts';
import { loadCompany, parseCompany } from '../../src/model/company.ts';

const root = path.resolve(import.meta.dirname, '../..');
const sampleYaml = readFileSync(path.join(root, 'content/company.yaml'), 'utf8');
const sample = loadCompany(root);

/** The sample company with one top-level field set (replaced, or added), parsed through the schema. */
function companyWith(line: string) {
  const key = line.slice(0, line.indexOf(':'));
  const pattern = new RegExp(`^${key}:.*$`, 'm');
  return parseCompany(pattern.test(sampleYaml) ? sampleYaml.replace(pattern, line) : `${sampleYaml}\n${line}\n`);
}

describe('dnsRecords', () => {
  test('publishes the index and MCP names of the sample company, agent host first', () => {
    expect(formatZoneLines(dnsRecords(sample))).toEqual([
      '_index._agents.northbeam.example. 3600 IN SVCB 1 agents.northbeam.example. alpn="mcp,h2" port=443',
      '_index._agents.northbeam.example. 3600 IN SVCB 2 www.northbeam.example. alpn="mcp,h2" port=443',
      '_mcp._agents.northbeam.example. 3600 IN SVCB 1 agents.northbeam.example. alpn="mcp,h2" port=443',
      '_mcp._agents.northbeam.example. 3600 IN SVCB 2 www.northbeam.example. alpn="mcp,h2" port=443',
    ]);
  });

  test('returns structured records with absolute names', () => {
    expect(dnsRecords(sample)[0]).toEqual({
      role: 'index',
      host: 'agent',
      owner: '_index._agents.northbeam.example.',
      ttl: 3600,
      class: 'IN',
      type: 'SVCB',
      priority: 1,
      target: 'agents.northbeam.example.',
      params: { alpn: ['mcp', 'h2'], port: 443 },
    });
  });

  test('every record is ServiceMode and carries alpn=mcp', () => {
    for (const record of dnsRecords(sample)) {
      expect(record.priority).toBeGreaterThanOrEqual(1);
      expect(record.params.alpn).toContain('mcp');
    }
  });

  test('uses the dnsZone override, normalised', () => {
    const company = companyWith('dnsZone: Northbeam-Group.Example.');
    expect(formatZoneLines(dnsRecords(company, { ttl: 600 }))).toEqual([
      '_index._agents.northbeam-group.example. 600 IN SVCB 1 agents.northbeam.example. alpn="mcp,h2" port=443',
      '_index._agents.northbeam-group.example. 600 IN SVCB 2 www.northbeam.example. alpn="mcp,h2" port=443',
      '_mcp._agents.northbeam-group.example. 600 IN SVCB 1 agents.northbeam.example. alpn="mcp,h2" port=443',
      '_mcp._agents.northbeam-group.example. 600 IN SVCB 2 www.northbeam.example. alpn="mcp,h2" port=443',
    ]);
  });

  test('takes the port from an origin that names one', () => {
    const company = companyWith('agentUrl: https://agents.northbeam.example:8443');
    expect(formatZoneLines(dnsRecords(company))[0]).toBe(
      '_index._agents.northbeam.example. 3600 IN SVCB 1 agents.northbeam.example. alpn="mcp,h2" port=8443',
    );
  });

  test('leaves out the alternative when the base host is the agent host', () => {
    const company = companyWith('agentUrl: https://www.northbeam.example');
    const records = dnsRecords(company);
    expect(records.map((record) => `${record.owner} ${record.priority} ${record.target}`)).toEqual([
      '_index._agents.northbeam.example. 1 www.northbeam.example.',
      '_mcp._agents.northbeam.example. 1 www.northbeam.example.',
    ]);
    expect(dnsReport(company, records).join('\n')).toContain('no alternative record');
  });

  test('refuses a TTL outside 60..86400 or not a whole number', () => {
    for (const ttl of [0, 59, 86_401, 300.5, Number.NaN]) {
      expect(() => dnsRecords(sample, { ttl })).toThrow(RangeError);
    }
    expect(dnsRecords(sample, { ttl: TTL_LIMITS.min })[0]!.ttl).toBe(60);
    expect(dnsRecords(sample, { ttl: TTL_LIMITS.max })[0]!.ttl).toBe(86_400);
  });

  test('refuses an http origin, naming the field', () => {
    const company = companyWith('agentUrl: http://agents.northbeam.example');
    expect(() => dnsRecords(company)).toThrow(/`agentUrl` is http:\/\/agents\.northbeam\.example.*https:\/\//);
  });

  test('refuses a zone that is not a domain name', () => {
    expect(() => dnsRecords(companyWith('dnsZone: northbeam..example'))).toThrow(/dnsZone/);
    expect(() => dnsRecords(companyWith('dnsZone: localhost'))).toThrow(/not a domain name/);
  });
});

describe('notInRecords', () => {
  test('says that SVCB has no path and where agents find the endpoint', () => {
    const text = notInRecords(sample).join('\n');
    expect(text).toContain('SVCB has no URL path');
    expect(text).toContain('https://agents.northbeam.example/api/mcp');
    expect(text).toContain('https://agents.northbeam.example/.well-known/mcp/server-card.json');
  });
});

describe('dnsReport', () => {
  test('is a zone-file fragment: comment lines, then the records', () => {
    const lines = dnsReport(sample, dnsRecords(sample));
    const records = lines.filter((line) => !line.startsWith(';'));
    expect(records).toEqual(formatZoneLines(dnsRecords(sample)));
    expect(lines.slice(0, lines.length - records.length).every((line) => line.startsWith(';'))).toBe(true);
    const header = lines.join('\n');
    expect(header).toContain('Zone:       northbeam.example');
    expect(header).toContain('DNSSEC');
    expect(header).toContain('dig +dnssec _mcp._agents.northbeam.example SVCB');
  });
});

describe('scripts/dns.ts', () => {
  const script = path.join(root, 'scripts/dns.ts');
  const run = (args: string[], cwd = root) => spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
  const scratch = mkdtempSync(path.join(tmpdir(), 'dns-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('prints the header and the zone-file lines', () => {
    const result = run([]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('; Zone:       northbeam.example');
    expect(result.stdout.trimEnd().split('\n').slice(-4)).toEqual(formatZoneLines(dnsRecords(sample)));
  });

  test('--json prints the structured records', () => {
    const result = run(['--json', '--ttl', '300']);
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.zone).toBe('northbeam.example');
    expect(output.records).toEqual(dnsRecords(sample, { ttl: 300 }));
    expect(output.notInRecords).toEqual(notInRecords(sample));
  });

  test('--ttl=N sets the TTL', () => {
    const result = run(['--ttl=86400']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('_mcp._agents.northbeam.example. 86400 IN SVCB 1 agents.northbeam.example.');
  });

  test.each([['--ttl', '5'], ['--ttl', '86401'], ['--ttl', '3600s'], ['--ttl', '-60'], ['--ttl=']])(
    'exits 2 with a clear message for %s %s',
    (...args) => {
      const result = run(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--ttl: the TTL must be a whole number of seconds from 60 to 86400');
      expect(result.stdout).toBe('');
    },
  );

  test('exits 2 for a missing TTL value or an unknown option', () => {
    expect(run(['--ttl']).status).toBe(2);
    const unknown = run(['--zone', 'x']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown option "--zone"');
  });

  test('--help prints the usage and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: npm run dns');
  });

  test('passes on the message of an invalid company.yaml and exits 1', () => {
    mkdirSync(path.join(scratch, 'content'), { recursive: true });
    writeFileSync(
      path.join(scratch, 'content/company.yaml'),
      sampleYaml.replace('agentUrl: https://agents.northbeam.example', 'agentUrl: agents'),
    );
    const result = run([], scratch);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content/company.yaml has invalid company facts');
    expect(result.stderr).toContain('agentUrl');
  });
});
