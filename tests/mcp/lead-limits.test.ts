/**
 * start_conversation under the same abuse limits as the contact form: the limit ledger passed
 * to createApiHandler / createMcpHandler reaches the tool, and the request's client IP reaches
 * it through the tool context. A refusal is a tool error (isError) that says why, when to retry
 * and whom to write to; a duplicate still returns the earlier reference and counts nothing.
 */
import { describe, expect, test } from 'vitest';
import { createApiHandler } from '../../src/http/api.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { createMemoryLimitLedger, LEAD_LIMITS, limitKey } from '../../src/leads/limits.ts';
import { createMcpHandler } from '../../src/http/mcp-endpoint.ts';
import { callTool, mcpRequest, pipeline, sampleAgent, send } from './fixtures.ts';

const agent = sampleAgent();
const site = agent.head.site;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const now = () => NOW;
const lead = (n: number, email = `agent-${n}@example.com`) => ({
  name: 'Ada Lovelace',
  email,
  message: `Please get in touch about platform work, part ${n}.`,
});

describe('start_conversation abuse limits', () => {
  test('the per-IP limit refuses the 11th new lead from one client IP as a tool error', async () => {
    const leads = createMemoryLeadStore();
    const handler = createMcpHandler({
      ...agent,
      leads: pipeline({ store: leads, limits: createMemoryLimitLedger() }),
      now,
    });
    for (let n = 0; n < LEAD_LIMITS.ip.max; n++) {
      const answer = await send(handler, mcpRequest(callTool(n, 'start_conversation', lead(n))), '198.51.100.9');
      expect(answer.json.result.isError, `lead ${n}`).toBeUndefined();
    }
    const refused = await send(handler, mcpRequest(callTool(99, 'start_conversation', lead(99))), '198.51.100.9');
    expect(refused.status).toBe(200);
    expect(refused.json.result.isError).toBe(true);
    const text: string = refused.json.result.content[0].text;
    expect(text).toContain('new contact requests have already come from this network in the last hour');
    expect(text).toContain(`Try again after ${new Date(NOW.getTime() + LEAD_LIMITS.ip.windowMs).toISOString()}`);
    expect(text).toContain(`write to ${site.contactEmail}`);
    expect(leads.leads).toHaveLength(LEAD_LIMITS.ip.max);

    // Another client IP is not affected.
    const other = await send(handler, mcpRequest(callTool(100, 'start_conversation', lead(100))), '198.51.100.10');
    expect(other.json.result.isError).toBeUndefined();
    expect(leads.leads).toHaveLength(LEAD_LIMITS.ip.max + 1);
  });

  test('the per-e-mail limit refuses the 4th new lead from one address; a duplicate still returns the earlier reference', async () => {
    const leads = createMemoryLeadStore();
    const handler = createMcpHandler({
      ...agent,
      leads: pipeline({ store: leads, limits: createMemoryLimitLedger() }),
      now,
    });
    const references: string[] = [];
    for (let n = 0; n < LEAD_LIMITS.email.max; n++) {
      const answer = await send(
        handler,
        mcpRequest(callTool(n, 'start_conversation', lead(n, 'same@example.com'))),
        `192.0.2.${n + 1}`,
      );
      references.push(answer.json.result.structuredContent.reference);
    }
    const refused = await send(
      handler,
      mcpRequest(callTool(9, 'start_conversation', lead(9, 'same@example.com'))),
      '192.0.2.50',
    );
    expect(refused.json.result.isError).toBe(true);
    expect(refused.json.result.content[0].text).toMatch(
      new RegExp(
        '^Not sent: this e-mail address has already sent 3 new contact requests in the last 24 hours\\. ' +
          'Try again after ' +
          `${new Date(NOW.getTime() + LEAD_LIMITS.email.windowMs).toISOString().replace(/\./g, '\\.')}, ` +
          `or write to ${site.contactEmail.replace(/\./g, '\\.')}\\.`,
      ),
    );
    expect(refused.json.result.structuredContent).toBeUndefined();

    // The first request sent again: the earlier reference, nothing new, nothing refused.
    const again = await send(
      handler,
      mcpRequest(callTool(10, 'start_conversation', lead(0, 'same@example.com'))),
      '192.0.2.50',
    );
    expect(again.json.result.isError).toBeUndefined();
    expect(again.json.result.structuredContent).toMatchObject({ reference: references[0], duplicate: true });
    expect(leads.leads).toHaveLength(LEAD_LIMITS.email.max);
  });

  test('the tool and the contact form share one ledger through createApiHandler (IP counted, never stored)', async () => {
    const leads = createMemoryLeadStore();
    const limits = createMemoryLimitLedger();
    const api = createApiHandler({ ...agent, leads: pipeline({ store: leads, limits }), now });
    const ip = '203.0.113.77';
    // Two form leads, then agent leads from the same IP up to the per-IP maximum.
    for (let n = 0; n < 2; n++) {
      const response = await api(
        new Request('https://www.northbeam.example/api/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...lead(n, `form-${n}@example.com`), consent: true }),
        }),
        { clientIp: ip },
      );
      expect(response.status).toBe(200);
    }
    for (let n = 2; n < LEAD_LIMITS.ip.max; n++) {
      const answer = await send(api, mcpRequest(callTool(n, 'start_conversation', lead(n))), ip);
      expect(answer.json.result.isError, `lead ${n}`).toBeUndefined();
    }
    const refused = await send(api, mcpRequest(callTool(50, 'start_conversation', lead(50))), ip);
    expect(refused.json.result.isError).toBe(true);
    expect(refused.json.result.content[0].text).toContain('from this network');
    expect(leads.leads).toHaveLength(LEAD_LIMITS.ip.max);
    expect(leads.leads.filter((stored) => stored.source === 'agent')).toHaveLength(LEAD_LIMITS.ip.max - 2);
    expect(limits.keys).toContain(await limitKey('ip', ip));
    expect(JSON.stringify(leads.leads)).not.toContain(ip);
  });

  test('without a ledger no limits apply (as before)', async () => {
    const leads = createMemoryLeadStore();
    const handler = createMcpHandler({ ...agent, leads: pipeline({ store: leads }), now });
    for (let n = 0; n < LEAD_LIMITS.ip.max + 1; n++) {
      const answer = await send(handler, mcpRequest(callTool(n, 'start_conversation', lead(n))), '198.51.100.9');
      expect(answer.json.result.isError).toBeUndefined();
    }
    expect(leads.leads).toHaveLength(LEAD_LIMITS.ip.max + 1);
  });
});
