import { describe, expect, test } from 'vitest';
import { parseArgs } from '../../scripts/audit.ts';
import { decodeResponse, dnsZone, encodeQuery, checkDns, type DnsOutcome } from '../../scripts/audit/checks/dns.ts';
import { HttpClient, isLoopback } from '../../scripts/audit/http.ts';
import { renderText, summarise, type AuditResult, type Finding } from '../../scripts/audit/report.ts';
import { runAudit } from '../../scripts/audit/run.ts';
import { cannedAudit, json, response } from './support.ts';

describe('command line', () => {
  test('a base URL and options', () => {
    const parsed = parseArgs([
      'https://www.acme.test',
      '--json',
      '--agent-url',
      'https://agents.acme.test',
      '--only',
      'mcp,dns',
      '--max-pages',
      '5',
    ]);
    expect(parsed).toMatchObject({
      json: true,
      rate: 112,
      options: { fileTestLead: false, areas: ['mcp', 'dns'], maxPages: 5, rateGiven: false },
    });
    if (!('options' in parsed)) throw new Error('parsed');
    expect(parsed.options.base.href).toBe('https://www.acme.test/');
    expect(parsed.options.agent?.href).toBe('https://agents.acme.test/');
    expect(parseArgs(['http://localhost:8888', '--file-test-lead', '--rate', '3000'])).toMatchObject({
      rate: 3000,
      options: { fileTestLead: true, rateGiven: true },
    });
  });

  test('wrong usage says what to do', () => {
    const problem = (args: string[]) => {
      const parsed = parseArgs(args);
      return 'problem' in parsed ? parsed.problem : undefined;
    };
    expect(problem([])).toMatch(
      /give the address of the deployment to audit, e\.g\. npm run audit -- http:\/\/localhost:8888/,
    );
    expect(problem(['www.acme.test'])).toMatch(/is not a URL; give the full address/);
    expect(problem(['ftp://acme.test'])).toMatch(/must be an http:\/\/ or https:\/\/ address/);
    expect(problem(['https://acme.test/api/mcp'])).toMatch(/without a path \(e\.g\. https:\/\/acme\.test\)/);
    expect(problem(['https://acme.test', '--only', 'mcp,everything'])).toMatch(
      /unknown area\(s\) everything; areas are mcp, tools/,
    );
    expect(problem(['https://acme.test', '--rate', '500'])).toMatch(/only for a server on this machine/);
    expect(problem(['https://acme.test', '--max-pages', '0'])).toMatch(/whole number of at least 1/);
    expect(problem(['https://acme.test', '--agent-url'])).toBe('--agent-url needs a value');
    expect(problem(['https://acme.test', '--frobnicate'])).toBe('unknown option "--frobnicate"');
    expect(parseArgs(['--help'])).toEqual({ help: true });
  });

  test('loopback hosts', () => {
    for (const host of ['http://localhost:8888', 'http://127.0.0.1:1', 'http://[::1]:8888', 'http://site.localhost'])
      expect(isLoopback(new URL(host)), host).toBe(true);
    expect(isLoopback(new URL('https://www.acme.test'))).toBe(false);
  });
});

describe('paced client', () => {
  test('spaces requests by 60 s / rate and waits out a 429 once, saying how long', async () => {
    const waits: number[] = [];
    const said: string[] = [];
    let calls = 0;
    const client = new HttpClient({
      ratePerMinute: 60,
      say: (line) => said.push(line),
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      transport: () => Promise.resolve(calls++ === 1 ? response(429, { 'retry-after': '7' }) : response(200)),
    });
    await client.request('http://site.test/a');
    const second = await client.request('http://site.test/b');
    expect(second.status).toBe(200);
    expect(client.count).toBe(3);
    expect(waits.some((ms) => ms > 900 && ms <= 1000)).toBe(true);
    expect(waits).toContain(7000);
    expect(said).toEqual(['rate limited (429) on GET /b: waiting 7 s as Retry-After says']);
  });
});

describe('DNS', () => {
  test('reserved and local names are not asked', () => {
    for (const host of ['localhost:8888', 'www.northbeam.example', 'site.test', '127.0.0.1', 'app.invalid'])
      expect(dnsZone(host), host).toBeUndefined();
    expect(dnsZone('www.acme.com')).toBe('acme.com');
    expect(dnsZone('acme.co.uk')).toBe('acme.co.uk');
  });

  test('an SVCB answer is read from the wire format (RFC 9460)', () => {
    const query = encodeQuery(0x1234, '_mcp._agents.acme.com', 64);
    // The response: the query's header with QR set and one answer pointing back at the question name.
    const header = Buffer.from(query.subarray(0, 12));
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 6);
    const target = Buffer.from([6, ...Buffer.from('agents'), 4, ...Buffer.from('acme'), 3, ...Buffer.from('com'), 0]);
    const alpn = Buffer.from([3, ...Buffer.from('mcp'), 2, ...Buffer.from('h2')]);
    const params = Buffer.concat([Buffer.from([0, 1, 0, alpn.length]), alpn, Buffer.from([0, 3, 0, 2, 1, 187])]);
    const rdata = Buffer.concat([Buffer.from([0, 1]), target, params]);
    const answer = Buffer.concat([
      Buffer.from([0xc0, 12, 0, 64, 0, 1, 0, 0, 14, 16, rdata.length >> 8, rdata.length & 0xff]),
      rdata,
    ]);
    const message = Buffer.concat([header, query.subarray(12), answer]);
    expect(decodeResponse(message)).toEqual({
      kind: 'answers',
      records: [{ priority: 1, target: 'agents.acme.com.', alpn: ['mcp', 'h2'], port: 443 }],
    });
    const nx = Buffer.from(query);
    nx.writeUInt16BE(0x8183, 2);
    expect(decodeResponse(nx)).toEqual({ kind: 'nxdomain' });
  });

  test('records with alpn=mcp pass, NXDOMAIN fails with the fix, offline is skipped', async () => {
    const card = json(200, { websiteUrl: 'https://www.acme.com' });
    const answers: Record<string, DnsOutcome> = {
      'acme.com': { kind: 'answers', records: [] },
      '_index._agents.acme.com': { kind: 'nxdomain' },
      '_mcp._agents.acme.com': {
        kind: 'answers',
        records: [{ priority: 1, target: 'agents.acme.com.', alpn: ['mcp', 'h2'] }],
      },
    };
    const { audit, outcome } = cannedAudit({ '/.well-known/mcp/server-card.json': card });
    await checkDns(audit, (name) => Promise.resolve(answers[name]!));
    expect(outcome('dns.svcb.mcp')).toBe('pass');
    expect(audit.findings.find((item) => item.id === 'dns.svcb.index')).toMatchObject({
      outcome: 'fail',
      got: 'NXDOMAIN',
      fix: expect.stringMatching(/npm run dns/),
    });
    const offline = cannedAudit({ '/.well-known/mcp/server-card.json': card });
    await checkDns(offline.audit, () => Promise.resolve({ kind: 'offline', why: 'no answer' } as const));
    expect(offline.audit.findings.map((item) => item.outcome)).toEqual(['skip']);
    // A resolver that answers NXDOMAIN for everything (no internet): skipped, not failed.
    const isolated = cannedAudit({ '/.well-known/mcp/server-card.json': card });
    await checkDns(isolated.audit, () => Promise.resolve({ kind: 'nxdomain' } as const));
    expect(isolated.audit.findings).toMatchObject([
      { outcome: 'skip', fix: expect.stringMatching(/the zone acme.com does not resolve from here \(NXDOMAIN\)/) },
    ]);
  });
});

test('the text report: grouped by area, failures with expected / got / fix, a summary line', () => {
  const findings: Finding[] = [
    { id: 'mcp.ping.2025-11-25', area: 'mcp', title: 'ping 2025-11-25', outcome: 'pass' },
    {
      id: 'headers.vary.health',
      area: 'headers',
      title: 'health: Vary: Accept',
      outcome: 'fail',
      expected: 'Vary including Accept',
      got: '(no Vary)',
      fix: 'Send Vary: Accept.',
    },
    { id: 'dns.svcb', area: 'dns', title: 'SVCB', outcome: 'skip', fix: 'offline' },
  ];
  const result: AuditResult = {
    target: 'https://acme.test/',
    startedAt: '',
    durationMs: 1500,
    requests: 3,
    summary: summarise(findings),
    findings,
  };
  expect(renderText(result)).toBe(
    [
      'Agent interface audit of https://acme.test/',
      '',
      'MCP handshake and methods: 1 passed, 0 failed, 0 skipped',
      '  PASS ping 2025-11-25 [mcp.ping.2025-11-25]',
      '',
      'Link, Vary and security headers: 0 passed, 1 failed, 0 skipped',
      '  FAIL health: Vary: Accept [headers.vary.health]',
      '       expected: Vary including Accept',
      '       got:      (no Vary)',
      '       fix:      Send Vary: Accept.',
      '',
      'DNS SVCB records: 0 passed, 0 failed, 1 skipped',
      '  SKIP SVCB [dns.svcb]',
      '       note:     offline',
      '',
      'FAILED: 1 passed, 1 failed, 1 skipped (3 requests in 1.5 s)',
    ].join('\n'),
  );
});

test('a base address that redirects elsewhere stops the audit with the address to use', async () => {
  const { client, said } = cannedAudit({
    '/api/health': response(301, { location: 'https://www.acme.test/api/health' }),
  });
  const result = await runAudit(
    { base: new URL('https://acme.test/'), fileTestLead: false, areas: ['mcp', 'pages'], rateGiven: false },
    client,
    (line) => said.push(line),
  );
  expect(result.summary).toEqual({ passed: 0, failed: 1, skipped: 0 });
  expect(result.findings[0]).toMatchObject({
    id: 'http.reachable',
    fix: expect.stringMatching(/audit that address \(npm run audit -- https:\/\/www\.acme\.test\)/),
  });
  expect(result.requests).toBe(1);
});
