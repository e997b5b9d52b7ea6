/**
 * `npm run leads -- prune` and `npm run leads -- resend`, run as child processes the way an
 * operator runs them, against temp project stores filled as netlify-cli fills them (see
 * leads-cli.test.ts). Each command gets its own store, since both change it. resend talks to a
 * local node:http webhook receiver on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, root, runLeads } from '../support/run-leads.ts';
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import { DEFAULT_RETENTION_DAYS } from '../../src/schemas/company.ts';
import { leadInputSchema, type Lead } from '../../src/leads/schema.ts';
import { submitLead } from '../../src/leads/submit.ts';
import { loadCompany } from '../../src/model/company.ts';
import { parseCommandLine } from '../../scripts/leads/args.ts';
import { localLeadsDirectory } from '../../scripts/leads/target.ts';

// Each test starts the command as a child process, up to four times (see run-leads.ts).
vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS, hookTimeout: CLI_TEST_TIMEOUT_MS });

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A project directory with a local store holding one lead per age (in days), oldest first. */
async function projectWithLeads(prefix: string, ages: number[]): Promise<{ dir: string; leads: Lead[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const token = 'fill-token';
  const server = new BlobsServer({ directory: path.join(dir, '.netlify', 'blobs-serve'), token });
  const { port } = await server.start();
  const store = createBlobsLeadStore({ siteID: 'unlinked', token, apiURL: `http://127.0.0.1:${port}` });
  const leads: Lead[] = [];
  for (const [i, age] of ages.entries()) {
    const input = leadInputSchema.parse({
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      message: `Request number ${i}, about a platform project.`,
    });
    leads.push((await submitLead(store, input, { source: 'form' }, daysAgo(age))).lead);
  }
  await server.stop();
  return { dir, leads };
}

const references = async (dir: string) =>
  (JSON.parse((await runLeads(['list', '--json', '--dir', dir])).stdout) as Lead[])
    .map((lead) => lead.reference)
    .sort();

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('prune', () => {
  let dir: string;
  let leads: Lead[]; // 400, 200 and 10 days old
  beforeAll(async () => {
    ({ dir, leads } = await projectWithLeads('leads-cli-prune-', [400, 200, 10]));
    dirs.push(dir);
  });

  test('the default period is leads.retentionDays of content/company.yaml', () => {
    expect(loadCompany(root).leads.retentionDays).toBe(DEFAULT_RETENTION_DAYS);
  });

  test('without --yes: lists what would be deleted, deletes nothing, asks for --yes, exit 2', async () => {
    const { code, stdout, stderr } = await runLeads(['prune', '--dir', dir]);
    expect(code).toBe(2);
    expect(stdout).toContain(leads[0]!.reference);
    expect(stdout).toContain(leads[1]!.reference);
    expect(stdout).not.toContain(leads[2]!.reference);
    expect(stdout).toContain(`2 leads received more than ${DEFAULT_RETENTION_DAYS} days ago`);
    expect(stdout).toContain('would be deleted');
    expect(stderr).toContain('--yes');
    expect(await references(dir)).toEqual(leads.map((lead) => lead.reference).sort());
  });

  test('--dry-run --json --days: the references, nothing deleted, exit 0', async () => {
    const { code, stdout, stderr } = await runLeads(['prune', '--dry-run', '--json', '--days', '300', '--dir', dir]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as {
      retentionDays: number;
      cutoff: string;
      deleted: boolean;
      references: string[];
    };
    expect(report).toMatchObject({ retentionDays: 300, deleted: false, references: [leads[0]!.reference] });
    expect(Math.abs(Date.parse(report.cutoff) - daysAgo(300).getTime())).toBeLessThan(60_000);
    expect(await references(dir)).toHaveLength(3);
  });

  test('--yes deletes them (pruneLeads) and prints the deleted references', async () => {
    const json = await runLeads(['prune', '--yes', '--json', '--days', '300', '--dir', dir]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      retentionDays: 300,
      deleted: true,
      references: [leads[0]!.reference],
    });
    expect(await references(dir)).toEqual([leads[1]!.reference, leads[2]!.reference].sort());

    const human = await runLeads(['prune', '--yes', '--dir', dir]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`Deleted 1 lead received more than ${DEFAULT_RETENTION_DAYS} days ago`);
    expect(human.stdout).toContain(leads[1]!.reference);
    expect(await references(dir)).toEqual([leads[2]!.reference]);
  });

  test('nothing old enough: says so, exit 0, even without --yes', async () => {
    const { code, stdout, stderr } = await runLeads(['prune', '--dir', dir]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^No leads received more than 180 days ago/);
    const empty = await mkdtemp(path.join(tmpdir(), 'leads-cli-prune-empty-'));
    dirs.push(empty);
    const json = await runLeads(['prune', '--json', '--dir', empty]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ deleted: false, references: [] });
  });
});

describe('a stored record that is not a readable lead', () => {
  let dir: string;
  let leads: Lead[]; // 400 and 1 days old
  let badRecord: string;
  beforeAll(async () => {
    ({ dir, leads } = await projectWithLeads('leads-cli-unreadable-', [400, 1]));
    dirs.push(dir);
    badRecord = path.join(localLeadsDirectory(dir), 'NB-BAD0-0000');
    await writeFile(badRecord, '{"reference": "NB-BAD0-0000", "name": '); // cut short
  });

  const warning =
    /^npm run leads: 1 stored record is not a readable lead, so not shown or pruned: NB-BAD0-0000 \(local store .*\)\. docs\/deploy\.md \("Reading leads"\) says how to look at one and delete it\.\n$/;

  test('list and export show the leads on stdout, name the record on stderr, exit 0', async () => {
    const list = await runLeads(['list', '--json', '--dir', dir]);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as Lead[]).map((lead) => lead.reference)).toEqual([
      leads[1]!.reference,
      leads[0]!.reference,
    ]);
    expect(list.stderr).toMatch(warning);
    const table = await runLeads(['list', '--dir', dir]);
    expect(table.stdout).toContain('2 leads, newest first');
    expect(table.stderr).toMatch(warning);
    const csv = await runLeads(['export', '--format', 'csv', '--dir', dir]);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\r\n')).toHaveLength(4); // header, two leads, final line end
    expect(csv.stderr).toMatch(warning);
  });

  test('prune deletes the old lead and leaves the record, saying so', async () => {
    const { code, stdout, stderr } = await runLeads(['prune', '--yes', '--days', '300', '--dir', dir]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Deleted 1 lead received more than 300 days ago`);
    expect(stderr).toMatch(warning);
    expect(await references(dir)).toEqual([leads[1]!.reference]);
    expect(existsSync(badRecord)).toBe(true);
  });
});

describe('resend', () => {
  let dir: string;
  let lead: Lead;
  let receiver: Server;
  let hookURL: string;
  let status = 204;
  const received: { reference: string; type: string }[] = [];

  beforeAll(async () => {
    let leads: Lead[];
    ({ dir, leads } = await projectWithLeads('leads-cli-resend-', [1]));
    dirs.push(dir);
    lead = leads[0]!;
    receiver = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push(JSON.parse(body) as { reference: string; type: string });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('delivers to LEADS_WEBHOOK_URL and stores and prints the new state', async () => {
    status = 204;
    const { code, stdout, stderr } = await runLeads(['resend', lead.reference.toLowerCase(), '--json', '--dir', dir], {
      LEADS_WEBHOOK_URL: hookURL,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(received.at(-1)).toMatchObject({ type: 'lead.created', reference: lead.reference });
    const report = JSON.parse(stdout) as { reference: string; stored: boolean; notification: Lead['notification'] };
    expect(report).toMatchObject({
      reference: lead.reference,
      stored: true,
      notification: { status: 'sent', attempts: lead.notification.attempts + 1 },
    });
    const shown = JSON.parse((await runLeads(['show', lead.reference, '--json', '--dir', dir])).stdout) as Lead;
    expect(shown.notification).toEqual(report.notification);
    // show says it in words: when the team was told.
    const text = await runLeads(['show', lead.reference, '--dir', dir]);
    expect(text.stdout).toContain(
      `Notified   yes, ${report.notification.lastAttemptAt!.slice(0, 16).replace('T', ' ')} UTC (${report.notification.attempts} attempt`,
    );
  });

  test('a refused delivery: the new state (a retry scheduled), exit 1', async () => {
    status = 500;
    const before = received.length;
    const { code, stdout, stderr } = await runLeads(['resend', lead.reference, '--dir', dir], {
      LEADS_WEBHOOK_URL: hookURL,
    });
    expect(code).toBe(1);
    expect(received.length).toBe(before + 1);
    expect(stdout).toMatch(
      new RegExp(
        `^Notification of ${lead.reference}: pending \\(2 attempts, last .*, last error: HTTP 500, next retry `,
      ),
    );
    expect(stderr).toContain('was not delivered (HTTP 500)');
    const shown = JSON.parse((await runLeads(['show', lead.reference, '--json', '--dir', dir])).stdout) as Lead;
    expect(shown.notification).toMatchObject({ status: 'pending', attempts: 2, lastError: 'HTTP 500' });
  });

  test('no webhook configured: a clear message, exit 1, nothing changed', async () => {
    const { code, stdout, stderr } = await runLeads(['resend', lead.reference, '--dir', dir]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('no notification is configured');
    expect(stderr).toContain('LEADS_WEBHOOK_URL');
  });

  test('an invalid webhook setting or an unknown lead: exit 1', async () => {
    const insecure = await runLeads(['resend', lead.reference, '--dir', dir], {
      LEADS_WEBHOOK_URL: 'http://hooks.example.com/x',
    });
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain('LEADS_WEBHOOK_URL must use https');
    const unknown = await runLeads(['resend', 'NB-0000-0000', '--dir', dir], { LEADS_WEBHOOK_URL: hookURL });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no lead NB-0000-0000');
  });
});

describe('usage of prune and resend', () => {
  test.each([
    [['prune', '--days', '0'], '--days needs a whole number'],
    [['prune', '--dry-run', '--yes'], 'contradict'],
    [['prune', 'extra'], 'prune takes no arguments'],
    [['list', '--yes'], '--yes does not apply to "list"'],
    [['resend'], 'resend needs a lead reference'],
    [['resend', 'nope'], 'is not a lead reference'],
    [['resend', 'NB-0000-0000', '--days', '3'], '--days does not apply to "resend"'],
  ])('%j is a usage error', (args, problem) => {
    const parsed = parseCommandLine(args, {}, '/p');
    expect(parsed).toHaveProperty('usageError');
    expect((parsed as { usageError: string }).usageError).toContain(problem);
  });
});
