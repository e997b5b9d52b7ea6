/**
 * One lead pipeline under load, against the served site (`npm start`): 50 leads submitted at
 * once, 25 through the contact form's endpoint (POST /api/contact, JSON) and 25 through the MCP
 * tool start_conversation (JSON-RPC tools/call over HTTP; half as MCP 2025-11-25 requests, which
 * declare no client, so the lead records the User-Agent, half as 2026-07-28 requests declaring
 * clientInfo in `_meta`, which the lead records), all land, each once, with the right
 * source and client; a repeated submission stores one lead and answers with the same reference; and the
 * tool counts against the same per-IP lead limit as the form (a refusal is a tool error).
 *
 * Every lead has its own e-mail address and message, and every request leaves from a loopback
 * address of its own (fetchFrom(randomLoopbackAddress())), so neither the request rate limit
 * nor the per-IP and per-e-mail lead limits (kept in the local Blobs store, which persists
 * between runs) interfere. The stored leads are read back with the operator command
 * (`scripts/leads.ts list --json`), the way an operator would find them.
 */
import { describe, expect, inject, test } from 'vitest';
import { LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import type { Lead } from '../../src/leads/schema.ts';
import { listStoredLeads as listLeads } from '../support/run-leads.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runId } from './http.ts';

const run = runId();
const USER_AGENT = `leads-concurrency-test/${run}`;
const PER_SOURCE = 25;

interface Submission {
  email: string;
  message: string;
}

const submission = (label: string): Submission => ({
  email: `concurrency-${label}-${run}@example.com`,
  message: `Concurrency test ${run}, lead ${label}: we would like to talk about a platform migration.`,
});

/** Addresses in 127.0.0.0/8, none used twice in this file. */
const used = new Set<string>();
function freshAddress(): string {
  for (;;) {
    const address = randomLoopbackAddress();
    if (!used.has(address)) {
      used.add(address);
      return address;
    }
  }
}

/** POST /api/contact as the form's JavaScript does: the reference, or a failure with the answer. */
async function viaForm(lead: Submission, from = freshAddress()): Promise<{ reference: string; duplicate: boolean }> {
  const response = await fetchFrom(from)(`${baseUrl()}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'User-Agent': USER_AGENT },
    body: JSON.stringify({ name: 'Concurrency Test', ...lead, company: 'Load Test Ltd', consent: true, website: '' }),
  });
  const text = await response.text();
  expect(response.status, `POST /api/contact: ${text}`).toBe(200);
  const body = JSON.parse(text) as { reference: string; duplicate: boolean };
  return { reference: body.reference, duplicate: body.duplicate };
}

/** The client a 2026-07-28 request declares in `_meta`. */
const CLIENT_INFO = { name: 'leads-concurrency-test', version: `1.0.0-${run}` };

/**
 * tools/call start_conversation over HTTP, as a stateless MCP client sends it: a 2025-11-25
 * request (no clientInfo on the call), or a 2026-07-28 one (clientInfo in `_meta`).
 */
async function viaTool(
  lead: Submission,
  id: number,
  from = freshAddress(),
  era: 'legacy' | 'modern' = 'legacy',
): Promise<{ reference: string; duplicate: boolean }> {
  const modern = era === 'modern';
  const response = await fetchFrom(from)(`${baseUrl()}/api/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'User-Agent': USER_AGENT,
      ...(modern
        ? { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'start_conversation' }
        : { 'MCP-Protocol-Version': '2025-11-25' }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: 'start_conversation',
        arguments: { name: 'Concurrency Test', ...lead },
        ...(modern
          ? {
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
              },
            }
          : {}),
      },
    }),
  });
  const text = await response.text();
  expect(response.status, `POST /api/mcp: ${text}`).toBe(200);
  const body = JSON.parse(text) as {
    result?: {
      isError?: boolean;
      content: { text: string }[];
      structuredContent?: { reference: string; duplicate: boolean };
    };
  };
  expect(body.result?.isError, `start_conversation: ${text}`).toBeUndefined();
  const structured = body.result!.structuredContent!;
  return { reference: structured.reference, duplicate: structured.duplicate };
}

/** The operator command `npm run leads -- list --json` against the local store `npm start` writes. */
const listStoredLeads = () => listLeads(inject('projectRoot'));

/** The leads of this run: e-mail addresses carry the run id. */
const ofThisRun = (leads: Lead[]) => leads.filter((lead) => lead.email.endsWith(`-${run}@example.com`));

describe('the lead pipeline under concurrent submissions (npm start)', () => {
  test(
    '50 leads at once, form and tool mixed: 50 distinct references, exactly those 50 stored with their sources',
    { timeout: 120_000 },
    async () => {
      const form = Array.from({ length: PER_SOURCE }, (_, n) => submission(`form-${n}`));
      const agent = Array.from({ length: PER_SOURCE }, (_, n) => submission(`agent-${n}`));
      // Interleaved, all in flight together.
      const jobs = form.flatMap((lead, n) => [
        viaForm(lead).then((answer) => ({ ...answer, source: 'form' as const, lead, client: undefined })),
        viaTool(agent[n]!, n + 1, freshAddress(), n % 2 ? 'modern' : 'legacy').then((answer) => ({
          ...answer,
          source: 'agent' as const,
          lead: agent[n]!,
          client: n % 2 ? CLIENT_INFO : { userAgent: USER_AGENT },
        })),
      ]);
      const answers = await Promise.all(jobs);

      expect(answers).toHaveLength(2 * PER_SOURCE);
      for (const answer of answers) {
        expect(answer.reference).toMatch(LEAD_REFERENCE_PATTERN);
        expect(answer.duplicate, answer.lead.email).toBe(false);
      }
      const references = new Set(answers.map((answer) => answer.reference));
      expect(references.size).toBe(2 * PER_SOURCE);

      const stored = ofThisRun(await listStoredLeads());
      expect(stored).toHaveLength(2 * PER_SOURCE);
      expect(new Set(stored.map((lead) => lead.reference))).toEqual(references);
      const byReference = new Map(stored.map((lead) => [lead.reference, lead]));
      for (const answer of answers) {
        const lead = byReference.get(answer.reference)!;
        expect(lead, answer.reference).toBeDefined();
        expect(lead.source, answer.reference).toBe(answer.source);
        expect(lead.email).toBe(answer.lead.email);
        expect(lead.message).toBe(answer.lead.message);
        expect(lead.client, answer.reference).toEqual(answer.client);
      }
      expect(stored.filter((lead) => lead.source === 'form')).toHaveLength(PER_SOURCE);
      expect(stored.filter((lead) => lead.source === 'agent')).toHaveLength(PER_SOURCE);
    },
  );

  test(
    'the same submission sent twice returns the same reference and stores one lead (form and tool)',
    { timeout: 60_000 },
    async () => {
      const formLead = submission('repeat-form');
      const first = await viaForm(formLead);
      const second = await viaForm(formLead);
      expect(first.duplicate).toBe(false);
      expect(second).toEqual({ reference: first.reference, duplicate: true });

      const agentLead = submission('repeat-agent');
      const firstCall = await viaTool(agentLead, 101);
      const secondCall = await viaTool(agentLead, 102);
      expect(firstCall.duplicate).toBe(false);
      expect(secondCall).toEqual({ reference: firstCall.reference, duplicate: true });

      const stored = ofThisRun(await listStoredLeads());
      expect(stored.filter((lead) => lead.email === formLead.email).map((lead) => lead.reference)).toEqual([
        first.reference,
      ]);
      expect(stored.filter((lead) => lead.email === agentLead.email).map((lead) => lead.reference)).toEqual([
        firstCall.reference,
      ]);
    },
  );

  test(
    'start_conversation is under the per-IP lead limit of the contact form: the 11th new lead from one address is a tool error',
    { timeout: 60_000 },
    async () => {
      const from = freshAddress();
      // The form and the tool count against the same ledger: 5 form leads, then tool calls.
      for (let n = 0; n < 5; n++) await viaForm(submission(`ip-form-${n}`), from);
      for (let n = 5; n < 10; n++) await viaTool(submission(`ip-agent-${n}`), 200 + n, from);
      const response = await fetchFrom(from)(`${baseUrl()}/api/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 300,
          method: 'tools/call',
          params: { name: 'start_conversation', arguments: { name: 'Concurrency Test', ...submission('ip-refused') } },
        }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
      expect(body.result.isError).toBe(true);
      expect(body.result.content[0]!.text).toMatch(
        /^Not sent: 10 new contact requests have already come from this network in the last hour\. Try again after \S+, or write to \S+@\S+\./,
      );
      const stored = ofThisRun(await listStoredLeads());
      expect(stored.filter((lead) => lead.email.includes('-ip-'))).toHaveLength(10);
    },
  );
});
