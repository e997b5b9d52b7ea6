/** Team notification: config, webhook against a local receiver, backoff, escaping, pipeline. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { leadInputSchema, leadSchema, type Lead, type LeadConsent } from '../../src/leads/schema.ts';
import { submitLead } from '../../src/leads/submit.ts';
import { createNotifier, NotifyConfigError, readNotifyConfig } from '../../src/notify/config.ts';
import {
  backoffDelay,
  deliverNotification,
  dueForRetry,
  FIRST_ATTEMPT_GRACE_MS,
  notifyLead,
  resendNotification,
  retryDueNotifications,
  RETRY_GIVE_UP_MS,
} from '../../src/notify/deliver.ts';
import { leadCreatedEvent, NotifyError, type Notifier } from '../../src/notify/notifier.ts';
import { escapeMarkdown, leadSummary } from '../../src/notify/summary.ts';
import { createWebhookNotifier, SIGNATURE_HEADER, signBody } from '../../src/notify/webhook.ts';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;
const consent: LeadConsent = {
  given: true,
  at: NOW.toISOString(),
  statement: 'I agree that my details are sent.',
  via: 'form-checkbox',
};
const input = leadInputSchema.parse({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Engines',
  message: 'We need help with a data platform for our shops.',
});

async function newLead(): Promise<Lead> {
  return (await submitLead(createMemoryLeadStore(), input, { source: 'form', consent, language: 'pt' }, NOW)).lead;
}

// A local webhook receiver on 127.0.0.1 whose behaviour each test sets.
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let url: string;
let received: Received[] = [];
let respond: (response: ServerResponse) => void = (response) => response.writeHead(204).end();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      respond(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  respond = (response) => response.writeHead(204).end();
});

describe('readNotifyConfig', () => {
  test('no webhook configured: notifications disabled', () => {
    expect(readNotifyConfig({})).toEqual({});
    expect(readNotifyConfig({ LEADS_WEBHOOK_URL: '  ' })).toEqual({});
    expect(createNotifier({})).toBeUndefined();
  });

  test('reads the URL and the secret', () => {
    expect(
      readNotifyConfig({ LEADS_WEBHOOK_URL: 'https://hooks.example.com/x', LEADS_WEBHOOK_SECRET: 's'.repeat(16) }),
    ).toEqual({
      webhook: { url: 'https://hooks.example.com/x', secret: 's'.repeat(16) },
    });
    expect(createNotifier(readNotifyConfig({ LEADS_WEBHOOK_URL: 'http://127.0.0.1:9/x' }))?.kind).toBe('webhook');
  });

  test.each([
    [{ LEADS_WEBHOOK_URL: 'not a url' }, 'LEADS_WEBHOOK_URL must be an absolute URL'],
    [{ LEADS_WEBHOOK_URL: 'http://hooks.example.com/x' }, 'LEADS_WEBHOOK_URL must use https'],
    [
      { LEADS_WEBHOOK_URL: 'https://hooks.example.com/x', LEADS_WEBHOOK_SECRET: 'short-secret' },
      'at least 16 characters',
    ],
    [{ LEADS_WEBHOOK_SECRET: 'a-long-enough-secret' }, 'LEADS_WEBHOOK_URL is not'],
  ])('a clear error for %j, never echoing the value', (env, message) => {
    const error = (() => {
      try {
        readNotifyConfig(env);
      } catch (caught) {
        return caught;
      }
    })() as Error;
    expect(error).toBeInstanceOf(NotifyConfigError);
    expect(error.message).toContain(message);
    for (const value of Object.values(env)) expect(error.message).not.toContain(value);
  });
});

describe('webhook notifier (local receiver on 127.0.0.1)', () => {
  test('POSTs the lead.created JSON with a verifiable signature; 2xx is success', async () => {
    const lead = await newLead();
    const secret = 'a-webhook-secret-of-some-length';
    const notification = await notifyLead(lead, createWebhookNotifier({ url, secret }), NOW);
    expect(notification).toEqual({ status: 'sent', attempts: 1, lastAttemptAt: NOW.toISOString() });
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(headers['content-type']).toBe('application/json');
    const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(headers[SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    expect(await signBody(body, secret)).toBe(expected);
    const event = JSON.parse(body);
    expect(event).toEqual(leadCreatedEvent(lead));
    expect(event).toMatchObject({
      type: 'lead.created',
      reference: lead.reference,
      receivedAt: lead.createdAt,
      source: 'form',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Engines',
      consent,
      language: 'pt',
    });
    expect(typeof event.summary).toBe('string');
    expect(event.summary).toContain('\nLanguage: pt\n');
  });

  test('without a secret there is no signature header', async () => {
    await notifyLead(await newLead(), createWebhookNotifier({ url }), NOW);
    expect(received[0]!.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
  });

  test('a 500 schedules a retry with backoff; the error holds no personal data', async () => {
    respond = (response) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('ada@example.com broke us');
    const lead = await newLead();
    const notification = await notifyLead(lead, createWebhookNotifier({ url }), NOW);
    expect(notification).toEqual({
      status: 'pending',
      attempts: 1,
      lastAttemptAt: NOW.toISOString(),
      nextAttemptAt: later(1 * MIN).toISOString(),
      lastError: 'HTTP 500',
    });
  });

  test('a receiver that does not answer in time is a timeout', async () => {
    respond = () => undefined; // never answers
    const error = await createWebhookNotifier({ url, timeoutMs: 200 })
      .deliver(leadCreatedEvent(await newLead()))
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NotifyError);
    expect((error as Error).message).toBe('timeout after 0.2 s');
  });

  test('an unreachable receiver is a network error', async () => {
    const notification = await notifyLead(
      await newLead(),
      createWebhookNotifier({ url: 'http://127.0.0.1:9/hook' }),
      NOW,
    );
    expect(notification.status).toBe('pending');
    expect(notification.lastError).toMatch(/^network error/);
  });

  test('a redirect is not success', async () => {
    respond = (response) => response.writeHead(302, { Location: 'http://127.0.0.1:9/' }).end();
    expect((await notifyLead(await newLead(), createWebhookNotifier({ url }), NOW)).lastError).toBe('HTTP 302');
  });
});

describe('backoff and retries', () => {
  const failing: Notifier = {
    kind: 'test',
    deliver: () => Promise.reject(new NotifyError('HTTP 503')),
  };

  test('1 min, 5 min, 15 min, 1 h, 6 h, then daily, until 7 days after receipt -> failed', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([
      MIN,
      5 * MIN,
      15 * MIN,
      60 * MIN,
      360 * MIN,
      1440 * MIN,
      1440 * MIN,
    ]);
    let lead = await newLead();
    let now = NOW;
    const delays: number[] = [];
    while (lead.notification.status === 'pending') {
      const notification = await notifyLead(lead, failing, now);
      lead = { ...lead, notification };
      if (notification.nextAttemptAt) {
        const next = new Date(notification.nextAttemptAt);
        delays.push(next.getTime() - now.getTime());
        now = next;
      }
    }
    expect(lead.notification.status).toBe('failed');
    expect(lead.notification.lastError).toBe('HTTP 503');
    expect(delays.slice(0, 5)).toEqual([MIN, 5 * MIN, 15 * MIN, 60 * MIN, 360 * MIN]);
    expect(delays.slice(5).every((delay) => delay === 1440 * MIN)).toBe(true);
    expect(lead.notification.attempts).toBe(12);
    expect(Date.parse(lead.notification.lastAttemptAt!) - NOW.getTime()).toBeLessThanOrEqual(RETRY_GIVE_UP_MS);
  });

  test('dueForRetry: pending and due, or never attempted after the grace period', async () => {
    const base = await newLead();
    const fresh = { ...base, reference: 'NB-0000-0001' };
    const scheduled = {
      ...base,
      reference: 'NB-0000-0002',
      notification: { status: 'pending' as const, attempts: 1, nextAttemptAt: later(MIN).toISOString() },
    };
    const sent = { ...base, reference: 'NB-0000-0003', notification: { status: 'sent' as const, attempts: 1 } };
    const failed = { ...base, reference: 'NB-0000-0004', notification: { status: 'failed' as const, attempts: 12 } };
    const disabled = { ...base, reference: 'NB-0000-0005', notification: { status: 'disabled' as const, attempts: 0 } };
    const all = [fresh, scheduled, sent, failed, disabled];
    expect(dueForRetry(all, NOW)).toEqual([]);
    expect(dueForRetry(all, later(MIN)).map((lead) => lead.reference)).toEqual(['NB-0000-0002']);
    expect(
      dueForRetry(all, later(FIRST_ATTEMPT_GRACE_MS))
        .map((lead) => lead.reference)
        .sort(),
    ).toEqual(['NB-0000-0001', 'NB-0000-0002']);
  });

  test('no notifier: disabled, and no attempt counted', async () => {
    expect(await notifyLead(await newLead(), undefined, NOW)).toEqual({ status: 'disabled', attempts: 0 });
  });
});

describe('deliverNotification (the pipeline after the durable write)', () => {
  test('a failing receiver followed by a successful retry: the lead is never lost', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'agent', consent }, NOW);
    const notifier = createWebhookNotifier({ url });
    respond = (response) => response.writeHead(500).end();
    const first = await deliverNotification(store, notifier, lead, NOW);
    expect(first.stored).toBe(true);
    expect((await store.get(lead.reference))!.notification).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'HTTP 500',
    });
    // Not due yet.
    expect(await retryDueNotifications(store, notifier, later(30_000))).toEqual({
      attempted: 0,
      sent: 0,
      pending: 0,
      failed: 0,
      disabled: 0,
    });
    respond = (response) => response.writeHead(200).end('ok');
    expect(await retryDueNotifications(store, notifier, later(MIN))).toEqual({
      attempted: 1,
      sent: 1,
      pending: 0,
      failed: 0,
      disabled: 0,
    });
    const stored = (await store.get(lead.reference))!;
    expect(stored.notification).toEqual({ status: 'sent', attempts: 2, lastAttemptAt: later(MIN).toISOString() });
    expect(stored.message).toBe(lead.message);
    expect(received).toHaveLength(2);
  });

  test('a failing store or a throwing notifier never throws to the caller', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'agent', consent }, NOW);
    const broken = {
      ...store,
      update: () => Promise.reject(new Error('503')),
    };
    const wild: Notifier = {
      kind: 'wild',
      deliver: () => Promise.reject(new Error('ada@example.com exploded')),
    };
    await expect(deliverNotification(broken, createWebhookNotifier({ url }), lead, NOW)).resolves.toMatchObject({
      stored: false,
    });
    const outcome = await deliverNotification(store, wild, lead, NOW);
    expect(outcome.lead.notification.lastError).toBe('unexpected error');
    expect(await store.get(lead.reference)).toBeDefined();
  });

  test('resend delivers again whatever the state', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'agent', consent }, NOW, { notify: false });
    expect(lead.notification.status).toBe('disabled');
    const outcome = await resendNotification(store, createWebhookNotifier({ url }), lead, later(MIN));
    expect(outcome.lead.notification).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await store.get(lead.reference))!.notification.status).toBe('sent');
  });
});

describe('a lead stored before languages were recorded', () => {
  test('notifies with language null and says so in the summary', async () => {
    const { language: _language, ...older } = await newLead();
    const event = leadCreatedEvent(leadSchema.parse(older));
    expect(event.language).toBeNull();
    expect(event.summary).toContain('\nLanguage: not recorded\n');
  });
});

describe('summary escaping', () => {
  test('Markdown and HTML from the person cannot inject anything', async () => {
    const evil = leadInputSchema.parse({
      name: '**Boss** <script>alert(1)</script>',
      email: 'x_y@example.com',
      company: '[Click](https://evil.example) ![img](https://evil.example/a.png)',
      message:
        '# Heading\n<img src=x onerror=alert(1)>\n`code` ```fence```\n@channel <!here> | table |\n> quote & more\n- list',
    });
    const { lead } = await submitLead(createMemoryLeadStore(), evil, { source: 'form', consent }, NOW);
    const summary = leadSummary(lead);
    expect(summary).not.toMatch(/<|>(?!\s)/);
    expect(summary).not.toContain('<script>');
    expect(summary).not.toContain('](');
    expect(summary).not.toContain('**');
    expect(summary).not.toMatch(/(^|[^\\])`/);
    expect(summary).not.toMatch(/^#/m);
    expect(summary).toContain('&lt;script&gt;');
    expect(summary).toContain('\\[Click\\]\\(https\\:');
    expect(summary).toContain('> \\# Heading');
    expect(summary).toContain('&amp; more');
    // Every message line is quoted, none starts a block of its own.
    const messageLines = summary.split('\n').slice(summary.split('\n').indexOf('Message:') + 1);
    expect(messageLines).toHaveLength(6);
    for (const line of messageLines) expect(line.startsWith('> ')).toBe(true);
    expect(leadCreatedEvent(lead).summary).toBe(summary);
  });

  test('escapeMarkdown strips control and bidi characters', () => {
    expect(escapeMarkdown('a\u202eb\u0007c\r\nd')).toBe('abc\nd');
  });
});
