/**
 * The operator command `npm run leads` (scripts/leads.ts), run as a child process the way an
 * operator runs it, against a project-like temp directory whose `.netlify/blobs-serve` store was
 * filled exactly as netlify-cli fills it: a BlobsServer over that directory, site ID `unlinked`,
 * and the project's own createBlobsLeadStore + submitLead.
 */
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, runLeads } from '../support/run-leads.ts';
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import * as z from '../../src/zod.ts';
import { LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import { leadInputSchema, leadSchema, type Lead } from '../../src/leads/schema.ts';
import { submitLead } from '../../src/leads/submit.ts';
import { csvCell, formatLead, terminalSafe } from '../../scripts/leads/format.ts';
import { parseCommandLine } from '../../scripts/leads/args.ts';
import { fetchWithTimeout } from '../../scripts/leads/target.ts';

// Each test starts the command as a child process, up to four times (see run-leads.ts).
vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS, hookTimeout: CLI_TEST_TIMEOUT_MS });

const NOW = new Date('2026-11-20T10:00:00.000Z');
const hoursLater = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

let project: string;
let emptyProject: string;
let leads: Lead[]; // newest first
let deployedDir: string;
let deployedServer: BlobsServer;
let deployedURL: string;
let deployedLead: Lead;
const DEPLOYED_TOKEN = 'deployed-test-token';

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'leads-cli-project-'));
  emptyProject = await mkdtemp(path.join(tmpdir(), 'leads-cli-empty-'));

  // The local store, as `npm start` leaves it: <project>/.netlify/blobs-serve, site `unlinked`.
  const token = 'fill-token';
  const server = new BlobsServer({ directory: path.join(project, '.netlify', 'blobs-serve'), token });
  const { port } = await server.start();
  const store = createBlobsLeadStore({ siteID: 'unlinked', token, apiURL: `http://127.0.0.1:${port}` });
  const inserted: Lead[] = [];
  const add = async (fields: Record<string, string>, origin: Parameters<typeof submitLead>[2], at: Date) =>
    inserted.push((await submitLead(store, leadInputSchema.parse(fields), origin, at)).lead);
  await add(
    {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'US Navy',
      message: 'We have COBOL to modernise, can we talk?',
    },
    { source: 'agent', client: { name: 'claude-ai', version: '1.4.2' }, language: 'nl' },
    NOW,
  );
  await add(
    { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Line one, with a comma.\nLine two with "quotes".' },
    { source: 'form', language: 'pt' },
    hoursLater(24 * 3),
  );
  await add(
    {
      name: '=HYPERLINK("http://evil.example")',
      email: 'mallory@example.com',
      company: 'Evil Corp',
      message: 'A message from someone with a hostile name.',
    },
    { source: 'agent', client: { userAgent: 'curl/8.5.0 \u001b[31mred\u001b[0m' } },
    hoursLater(24 * 10),
  );
  await server.stop();
  leads = [...inserted].reverse();

  // A stand-in for Netlify's Blobs API: another site ID, another token.
  deployedDir = await mkdtemp(path.join(tmpdir(), 'leads-cli-deployed-'));
  deployedServer = new BlobsServer({ directory: deployedDir, token: DEPLOYED_TOKEN });
  deployedURL = `http://127.0.0.1:${(await deployedServer.start()).port}`;
  const deployed = createBlobsLeadStore({ siteID: 'site-1234', token: DEPLOYED_TOKEN, apiURL: deployedURL });
  deployedLead = (
    await submitLead(
      deployed,
      leadInputSchema.parse({
        name: 'Katherine Johnson',
        email: 'kj@example.com',
        message: 'Orbital mechanics consulting, please.',
      }),
      { source: 'form' },
      NOW,
    )
  ).lead;
});

afterAll(async () => {
  await deployedServer?.stop();
  for (const dir of [project, emptyProject, deployedDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('list', () => {
  test('prints an aligned table, newest first, with a count; nothing on stderr', async () => {
    const { code, stdout, stderr } = await runLeads(['list', '--dir', project]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^REFERENCE\s+RECEIVED \(UTC\)\s+SOURCE\s+LANG\s+NAME\s+COMPANY\s+E-MAIL$/);
    const rows = lines.slice(1, 4);
    expect(rows.map((row) => row.slice(0, 12))).toEqual(leads.map((lead) => lead.reference));
    // Columns line up: every column starts at the same offset as its header.
    for (const title of ['RECEIVED', 'SOURCE', 'LANG', 'NAME', 'COMPANY', 'E-MAIL']) {
      const offset = lines[0]!.indexOf(title);
      for (const row of rows) expect(row[offset - 1]).toBe(' ');
    }
    expect(rows[2]).toContain('2026-11-20 10:00');
    expect(rows[2]).toContain('agent: claude-ai 1.4.2');
    expect(rows[2]).toContain('grace@example.com');
    // The request's language; '-' for a lead stored before languages were recorded.
    const language = (row: string) => row.slice(lines[0]!.indexOf('LANG')).split(/\s+/)[0];
    expect(rows.map(language)).toEqual(['-', 'pt', 'nl']);
    expect(rows[2]).toContain('US Navy');
    expect(rows[1]).toMatch(/\bform\b.*Ada Lovelace\s+-\s+ada@example.com$/);
    expect(lines[5]).toMatch(/^3 leads, newest first \(local store .*\.netlify[/\\]blobs-serve\)\.$/);
  });

  test('never writes terminal escapes a request smuggled in', async () => {
    const { stdout } = await runLeads(['list', '--dir', project]);
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toContain('agent: curl/8.5.0 \uFFFD[31mred');
  });

  test('--json prints exactly the stored records as a JSON array, newest first', async () => {
    const { code, stdout, stderr } = await runLeads(['list', '--json', '--dir', project]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const parsed: unknown = JSON.parse(stdout);
    expect(parsed).toEqual(leads);
    expect(
      z
        .array(leadSchema)
        .parse(parsed)
        .map((lead) => lead.source),
    ).toEqual(['agent', 'form', 'agent']);
  });

  test('--limit and --since select the newest leads', async () => {
    const limited = await runLeads(['list', '--json', '--limit', '2', '--dir', project]);
    expect((JSON.parse(limited.stdout) as Lead[]).map((lead) => lead.reference)).toEqual(
      leads.slice(0, 2).map((lead) => lead.reference),
    );

    const since = await runLeads(['list', '--dir', project, '--since=2026-11-23']);
    expect(since.code).toBe(0);
    expect(since.stdout).toContain(leads[0]!.reference);
    expect(since.stdout).toContain(leads[1]!.reference);
    expect(since.stdout).not.toContain(leads[2]!.reference);
    expect(since.stdout).toContain('2 leads received since 2026-11-23, newest first');

    const table = await runLeads(['list', '--dir', project, '--limit', '1']);
    expect(table.stdout).toContain('Showing the newest 1 of 3 leads');

    const none = await runLeads(['list', '--dir', project, '--since', '2027-01-01']);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('No leads received since 2027-01-01');
  });
});

describe('show', () => {
  test('prints one lead in full, the message included; the reference may be typed in lower case', async () => {
    const ada = leads[1]!;
    const { code, stdout, stderr } = await runLeads(['show', ada.reference.toLowerCase(), '--dir', project]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`Reference  ${ada.reference}`);
    expect(stdout).toContain('Source     form (contact page)');
    expect(stdout).toContain('Language   pt');
    expect(stdout).toContain('E-mail     ada@example.com');
    expect(stdout).toContain('Received   2026-11-23 10:00 UTC (2026-11-23T10:00:00.000Z)');
    // Whether the team was told: this lead has not been notified yet (nothing has tried).
    expect(ada.notification).toEqual({ status: 'pending', attempts: 0 });
    expect(stdout).toContain('Notified   not yet: the first attempt is due');
    expect(stdout).toContain('Message:\n  Line one, with a comma.\n  Line two with "quotes".\n');
  });

  test('says whether and when the team was notified, in each state of the notification', () => {
    const lead = leads[1]!;
    const notified = (notification: Lead['notification']) =>
      formatLead({ ...lead, notification })
        .split('\n')
        .find((line) => line.startsWith('Notified'));
    expect(notified({ status: 'sent', attempts: 1, lastAttemptAt: '2026-11-23T10:00:02.000Z' })).toBe(
      'Notified   yes, 2026-11-23 10:00 UTC (1 attempt)',
    );
    expect(
      notified({
        status: 'pending',
        attempts: 2,
        lastAttemptAt: '2026-11-23T10:05:00.000Z',
        nextAttemptAt: '2026-11-23T10:15:00.000Z',
        lastError: 'HTTP 500',
      }),
    ).toBe(
      'Notified   not yet: 2 attempts failed, the last 2026-11-23 10:05 UTC, last error: HTTP 500; next try 2026-11-23 10:15 UTC',
    );
    expect(
      notified({ status: 'failed', attempts: 12, lastAttemptAt: '2026-11-30T10:00:00.000Z', lastError: 'timeout' }),
    ).toBe(
      `Notified   no: given up after 12 attempts, the last 2026-11-30 10:00 UTC, last error: timeout; npm run leads -- resend ${lead.reference} sends it again`,
    );
    expect(notified({ status: 'disabled', attempts: 0 })).toBe(
      `Notified   no: no notification was configured when it arrived; npm run leads -- resend ${lead.reference} sends it again once LEADS_WEBHOOK_URL is set`,
    );
    // What a receiver answered is shown terminal-safe.
    expect(notified({ status: 'pending', attempts: 1, lastError: 'HTTP 500 \u001b[2J' })).toContain(
      'HTTP 500 \uFFFD[2J',
    );
  });

  test('a lead stored before languages were recorded shows its language as not recorded', async () => {
    const { stdout } = await runLeads(['show', leads[0]!.reference, '--dir', project]);
    expect(leads[0]).not.toHaveProperty('language');
    expect(stdout).toContain('Language   not recorded (received before languages were recorded)');
  });

  test('--json prints the record as one JSON object', async () => {
    const { code, stdout, stderr } = await runLeads(['show', leads[2]!.reference, '--json', '--dir', project]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual(leads[2]);
  });

  test('an unknown reference exits 1 and says so on stderr, without personal data', async () => {
    const { code, stdout, stderr } = await runLeads(['show', 'NB-0000-0000', '--dir', project]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('no lead NB-0000-0000');
    expect(stderr).not.toMatch(/@example\.com|Grace|Ada/);
  });
});

describe('export', () => {
  test('JSON lines by default: one record per line, newest first', async () => {
    const { code, stdout, stderr } = await runLeads(['export', '--dir', project]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.endsWith('\n')).toBe(true);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(leads);
  });

  test('--format csv: header, RFC 4180 quoting, formula guard', async () => {
    const { code, stdout } = await runLeads(['export', '--format', 'csv', '--dir', project]);
    expect(code).toBe(0);
    const lines = stdout.split('\r\n');
    expect(lines[0]).toBe(
      'reference,createdAt,source,clientName,clientVersion,clientUserAgent,name,email,company,message,language',
    );
    expect(lines[1]).toContain(
      `${leads[0]!.reference},2026-11-30T10:00:00.000Z,agent,,,curl/8.5.0 \u001b[31mred\u001b[0m,`,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")",mallory@example.com,Evil Corp,`);
    expect(stdout).toContain(
      `,form,,,,Ada Lovelace,ada@example.com,,"Line one, with a comma.\nLine two with ""quotes"".",pt\r\n`,
    );
    expect(lines.at(-1)).toBe('');
  });

  test('--json (or --format json) prints one array; --since applies', async () => {
    const { stdout } = await runLeads(['export', '--json', '--since', '2026-11-23', '--dir', project]);
    expect(JSON.parse(stdout)).toEqual(leads.slice(0, 2));
  });
});

describe('no local store yet', () => {
  test('a friendly message and exit 0; --json prints []; nothing is created', async () => {
    const human = await runLeads(['list', '--dir', emptyProject]);
    expect(human).toEqual({
      code: 0,
      stdout:
        'No leads stored locally yet: start the site with npm start and send one (through start_conversation or the contact form).\n',
      stderr: '',
    });
    const json = await runLeads(['list', '--json', '--dir', emptyProject]);
    expect(json).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    const exported = await runLeads(['export', '--format', 'csv', '--dir', emptyProject]);
    expect(exported.code).toBe(0);
    expect(exported.stdout.split('\r\n')).toHaveLength(2);
    const show = await runLeads(['show', 'NB-0000-0000', '--dir', emptyProject]);
    expect(show.code).toBe(1);
    expect(existsSync(path.join(emptyProject, '.netlify'))).toBe(false);
  });

  test('a --dir that does not exist is an error, not an empty store', async () => {
    const { code, stdout, stderr } = await runLeads(['list', '--dir', path.join(emptyProject, 'typo')]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/could not open the lead store: the project directory .*typo does not exist/);
  });
});

describe('the deployed store (Netlify API mode, against a local stand-in)', () => {
  test('--site/--token/--api-url read that site, not the local store', async () => {
    const { code, stdout, stderr } = await runLeads([
      'list',
      '--json',
      '--site',
      'site-1234',
      '--token',
      DEPLOYED_TOKEN,
      '--api-url',
      deployedURL,
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual([deployedLead]);
  });

  test('NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN select it too; --local and --dir override them', async () => {
    const env = { NETLIFY_SITE_ID: 'site-1234', NETLIFY_AUTH_TOKEN: DEPLOYED_TOKEN };
    const table = await runLeads(['list', '--api-url', deployedURL], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(deployedLead.reference);
    expect(table.stdout).toContain('1 lead, newest first (deployed store of site site-1234');
    expect(table.stdout).not.toContain(DEPLOYED_TOKEN);
    const local = await runLeads(['list', '--json', '--dir', project], env);
    expect((JSON.parse(local.stdout) as Lead[]).map((lead) => lead.reference)).toEqual(
      leads.map((lead) => lead.reference),
    );
  });

  test('an ambient NETLIFY_BLOBS_CONTEXT does not redirect the command', async () => {
    const context = Buffer.from(
      JSON.stringify({
        siteID: 'site-1234',
        token: DEPLOYED_TOKEN,
        edgeURL: deployedURL,
        uncachedEdgeURL: deployedURL,
      }),
    ).toString('base64');
    const { stdout } = await runLeads(['list', '--json', '--dir', project], { NETLIFY_BLOBS_CONTEXT: context });
    expect(JSON.parse(stdout)).toEqual(leads);
  });

  test('a refused token exits 1 with a hint, without the token', async () => {
    const { code, stdout, stderr } = await runLeads([
      'list',
      '--site',
      'site-1234',
      '--token',
      'wrong-token',
      '--api-url',
      deployedURL,
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('could not read the deployed store of site site-1234');
    expect(stderr).toContain('NETLIFY_AUTH_TOKEN');
    expect(stderr).not.toContain('wrong-token');
  });

  test('an unreachable API exits 1', async () => {
    const { code, stderr } = await runLeads([
      'list',
      '--site',
      'site-1234',
      '--token',
      'x',
      '--api-url',
      'http://127.0.0.1:9',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('could not read the deployed store');
  });
});

describe('usage', () => {
  test.each([
    [[], 'no command given'],
    [['lists'], 'unknown command "lists"'],
    [['list', '--bogus'], 'unknown option "--bogus"'],
    [['list', '--limit', '0'], '--limit needs a whole number'],
    [['list', '--limit'], '--limit needs a value'],
    [['list', '--since', '2026-02-30'], '--since needs a date'],
    [['list', '--format', 'csv'], '--format does not apply to "list"'],
    [['list', 'extra'], 'list takes no arguments'],
    [['show'], 'show needs a lead reference'],
    [['show', 'NB-ILOU-0000'], 'is not a lead reference'],
    [['show', 'NB-0000-0000', 'NB-0000-0001'], 'show takes one reference'],
    [['export', '--format', 'xml'], '--format is jsonl, csv or json'],
    [['export', '--json', '--format', 'csv'], 'contradict'],
    [['list', '--site', 'site-1234'], '--site needs a token'],
    [['list', '--local', '--site', 'a', '--token', 'b'], '--local cannot be combined'],
  ])('%j is a usage error that names the problem', (args, problem) => {
    const parsed = parseCommandLine(args, {}, project);
    expect('usageError' in parsed && parsed.usageError).toContain(problem);
  });

  // The command turns any usage error into the same exit (scripts/command-line.ts): one is enough
  // to show it; each a child process of about half a second.
  test.each([
    [['list', '--bogus'], 'unknown option "--bogus"'],
    [['show'], 'show needs a lead reference'],
  ])('%j exits 2 with the problem and the usage on stderr, nothing on stdout', async (args, problem) => {
    const { code, stdout, stderr } = await runLeads(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(problem);
    expect(stderr).toContain('Usage: npm run leads -- <command> [options]');
  });

  test('--help prints the usage on stdout and exits 0', async () => {
    for (const args of [['--help'], ['list', '-h'], ['help']]) {
      const { code, stdout, stderr } = await runLeads(args);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toContain('Usage: npm run leads -- <command> [options]');
    }
  });
});

describe('helpers', () => {
  test('parseCommandLine: flags win over the environment; --dir means the local store', () => {
    const env = { NETLIFY_SITE_ID: 's', NETLIFY_AUTH_TOKEN: 't' };
    expect(parseCommandLine(['list'], env, '/p')).toMatchObject({
      target: { kind: 'deployed', siteID: 's', token: 't' },
    });
    expect(parseCommandLine(['list', '--local'], env, '/p')).toMatchObject({
      target: { kind: 'local', projectDir: '/p' },
    });
    expect(parseCommandLine(['list', '--dir', '/q'], env, '/p')).toMatchObject({
      target: { kind: 'local', projectDir: '/q' },
    });
    expect(parseCommandLine(['list'], { NETLIFY_SITE_ID: 's' }, '/p')).toMatchObject({ target: { kind: 'local' } });
    expect(parseCommandLine(['show', ' nb-7k3m-q9xd '], {}, '/p')).toMatchObject({ reference: 'NB-7K3M-Q9XD' });
    expect('NB-7K3M-Q9XD').toMatch(LEAD_REFERENCE_PATTERN);
  });

  test('terminalSafe and csvCell', () => {
    expect(terminalSafe('a\u001b[2Jb\u202ec\u009bd')).toBe('a\uFFFD[2Jb\uFFFDc\uFFFDd');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  test("fetchWithTimeout: a server that accepts and never answers is given up on; answers and the caller's own abort pass through", async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    const answering = createHttpServer((_request, response) => response.end('ok')).listen(0, '127.0.0.1');
    await Promise.all([silent, answering].map((server) => new Promise((resolve) => server.once('listening', resolve))));
    const url = (server: { address(): unknown }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const limited = fetchWithTimeout(300);
      const started = Date.now();
      await expect(limited(url(silent) + 'path?query')).rejects.toMatchObject({
        name: 'TimeoutError',
        message: `no answer from ${url(silent).slice(0, -1)} within 0.3 s`,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await (await limited(url(answering))).text()).toBe('ok');
      const caller = new AbortController();
      const pending = fetchWithTimeout(60_000)(url(silent), { signal: caller.signal });
      caller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all([silent, answering].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
