/** afterLead (the team notification's first attempt): once per NEW lead, never for duplicates or the honeypot, never changing the answer. */
import { describe, expect, test } from 'vitest';
import { createApiHandler, type ApiRequestContext } from '../../src/http/api.ts';
import { startAfterLead } from '../../src/leads/after-lead.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import type { Lead } from '../../src/leads/schema.ts';
import { deliverNotification } from '../../src/notify/deliver.ts';
import { loadNotifier } from '../../src/notify/load.ts';
import type { Notifier } from '../../src/notify/notifier.ts';
import { callTool, contactForm, contactJson, mcpRequest, pipeline, sampleAgent } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const NOW = new Date('2026-11-20T10:00:00.000Z');
const good = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme',
  message: 'We need help with our platform migration.',
};

const startConversation = (args: Record<string, unknown>) => mcpRequest(callTool(1, 'start_conversation', args));

function setup(afterLead: (lead: Lead) => Promise<void>) {
  const leads = createMemoryLeadStore();
  const errors: unknown[] = [];
  const pending: Promise<unknown>[] = [];
  const api = createApiHandler({
    ...agent,
    leads: pipeline({ store: leads, afterLead }),
    now: () => NOW,
    onError: (error) => errors.push(error),
  });
  const ctx: ApiRequestContext = { clientIp: '203.0.113.7', waitUntil: (promise) => pending.push(promise) };
  return { api, leads, errors, pending, ctx };
}

describe('afterLead from the contact form', () => {
  test('a new lead triggers it once, with the stored lead, through waitUntil; a duplicate does not', async () => {
    const seen: Lead[] = [];
    const { api, leads, pending, ctx } = setup((lead) => {
      seen.push(lead);
      return Promise.resolve();
    });
    const first = await api(contactJson({ ...good, consent: true }), ctx);
    expect(first.status).toBe(200);
    const { reference } = (await first.json()) as { reference: string };
    await Promise.all(pending);
    expect(seen.map((lead) => lead.reference)).toEqual([reference]);
    expect(seen[0]).toEqual(leads.leads[0]);
    expect(pending).toHaveLength(1);

    const again = await api(contactJson({ ...good, consent: true }), ctx);
    expect(((await again.json()) as { duplicate: boolean }).duplicate).toBe(true);
    await Promise.all(pending);
    expect(seen).toHaveLength(1);
    expect(pending).toHaveLength(1);
  });

  test('the honeypot and refused posts do not trigger it', async () => {
    let calls = 0;
    const { api, ctx } = setup(() => {
      calls++;
      return Promise.resolve();
    });
    const honeypot = await api(contactForm({ ...good, consent: 'yes', website: 'https://spam.example' }), ctx);
    expect(honeypot.status).toBe(200);
    const invalid = await api(contactJson({ ...good, consent: false }), ctx);
    expect(invalid.status).toBe(400);
    expect(calls).toBe(0);
  });

  test('a throwing or rejecting afterLead never changes the answer', async () => {
    for (const afterLead of [
      () => {
        throw new Error('boom');
      },
      () => Promise.reject(new Error('boom')),
    ] as Array<(lead: Lead) => Promise<void>>) {
      const { api, leads, errors, pending, ctx } = setup(afterLead);
      const response = await api(contactJson({ ...good, consent: true }), ctx);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { duplicate: boolean }).duplicate).toBe(false);
      await Promise.all(pending);
      expect(leads.leads).toHaveLength(1);
      expect(errors).toHaveLength(1);
    }
  });

  test('without waitUntil the answer does not wait for the work', async () => {
    let release!: () => void;
    let started = false;
    const { api } = setup(() => {
      started = true;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const response = await api(contactJson({ ...good, consent: true }), { clientIp: '203.0.113.7' });
    expect(response.status).toBe(200);
    expect(started).toBe(true);
    release();
  });
});

describe('afterLead from start_conversation', () => {
  test('a new lead triggers it once; a duplicate does not', async () => {
    const seen: Lead[] = [];
    const { api, pending, ctx } = setup((lead) => {
      seen.push(lead);
      return Promise.resolve();
    });
    const first = (await (await api(startConversation(good), ctx)).json()) as {
      result: { structuredContent: { reference: string; duplicate: boolean } };
    };
    expect(first.result.structuredContent.duplicate).toBe(false);
    await Promise.all(pending);
    expect(seen.map((lead) => lead.reference)).toEqual([first.result.structuredContent.reference]);
    expect(seen[0]!.source).toBe('agent');

    const again = (await (await api(startConversation(good), ctx)).json()) as {
      result: { structuredContent: { duplicate: boolean } };
    };
    expect(again.result.structuredContent.duplicate).toBe(true);
    await Promise.all(pending);
    expect(seen).toHaveLength(1);
  });

  test('a throwing afterLead never changes the tool result', async () => {
    const { api, leads, errors, pending, ctx } = setup(() => {
      throw new Error('boom');
    });
    const answer = (await (await api(startConversation(good), ctx)).json()) as {
      result: { isError?: boolean; structuredContent: { duplicate: boolean } };
    };
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.structuredContent.duplicate).toBe(false);
    await Promise.all(pending);
    expect(leads.leads).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

describe('the production afterLead (deliverNotification)', () => {
  test('records the first attempt on the stored lead', async () => {
    const events: unknown[] = [];
    const ok: Notifier = {
      kind: 'test',
      deliver: (event) => {
        events.push(event);
        return Promise.resolve();
      },
    };
    const { api, leads, pending, ctx } = setup(async (lead) => {
      await deliverNotification(leads, ok, lead, NOW);
    });
    await api(contactJson({ ...good, consent: true }), ctx);
    await Promise.all(pending);
    expect(events).toHaveLength(1);
    expect(leads.leads[0]!.notification).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('startAfterLead', () => {
  test('does nothing without afterLead and swallows a failing waitUntil', () => {
    const lead = {} as Lead;
    const errors: unknown[] = [];
    expect(() => startAfterLead(undefined, lead, undefined, (error) => errors.push(error))).not.toThrow();
    expect(() =>
      startAfterLead(
        async () => {},
        lead,
        () => {
          throw new Error('no');
        },
        (error) => errors.push(error),
      ),
    ).not.toThrow();
    expect(errors).toHaveLength(1);
  });
});

describe('loadNotifier', () => {
  test('none without LEADS_WEBHOOK_URL; a webhook with it', () => {
    expect(loadNotifier('test', {})).toBeUndefined();
    expect(loadNotifier('test', { LEADS_WEBHOOK_URL: 'https://hooks.example.com/leads' })?.kind).toBe('webhook');
  });

  test('an invalid setting is logged in one line naming the variable, never its value, and disables notifications', () => {
    const lines: string[] = [];
    const notifier = loadNotifier('api', { LEADS_WEBHOOK_URL: 'http://hooks.example.com/secret-path' }, (line) =>
      lines.push(line),
    );
    expect(notifier).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('LEADS_WEBHOOK_URL');
    expect(lines[0]).not.toContain('secret-path');
    expect(lines[0]).not.toContain('\n');
  });
});
