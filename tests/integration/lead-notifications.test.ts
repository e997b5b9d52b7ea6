/**
 * The lead notification end to end under netlify-cli: the served functions POST to a webhook
 * receiver on 127.0.0.1 (the harness sets LEADS_WEBHOOK_URL, tests/integration/server.ts). The
 * receiver refuses this test's first delivery, so the `api` function's first attempt (after the
 * answer, via waitUntil) fails and schedules a retry one minute later; the test then moves that
 * retry to now in the local store (rather than wait the minute), and the scheduled function
 * `lead-notifications`, triggered by a request to /.netlify/functions/lead-notifications,
 * delivers it. Leads of other tests (and of earlier runs, kept in the local Blobs sandbox) may
 * be delivered too: they get a 200 and are ignored.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { LOCAL_BLOBS_DIR } from '../../scripts/leads/target.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runScheduledFunction, sleep } from './http.ts';

const webhookPort = inject('webhookPort');
const RETRY_AFTER_FIRST_FAILURE_MS = 60_000;

interface Delivery {
  email: string;
  reference: string;
  type: string;
  status: number;
}

const deliveries: Delivery[] = [];
let server: Server | undefined;
/** This test's lead, by its unique e-mail address (known before the lead is filed). */
let ours: string | undefined;

async function until<T>(what: string, check: () => T | undefined, timeoutMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

beforeAll(async () => {
  if (webhookPort === undefined) return;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let event: { type?: string; reference?: string; email?: string } = {};
      try {
        event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof event;
      } catch {
        // recorded with an empty reference
      }
      const email = event.email ?? '';
      // Fail the first delivery of this test's lead only; accept everything else.
      const status = email === ours && !deliveries.some((delivery) => delivery.email === ours) ? 500 : 200;
      deliveries.push({ email, reference: event.reference ?? '', type: event.type ?? '', status });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'try later');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server!.once('error', reject);
    server!.listen(webhookPort, '127.0.0.1', () => resolve());
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe.skipIf(webhookPort === undefined)('lead notifications (webhook, retry by the scheduled function)', () => {
  test('a failed first attempt is retried by lead-notifications and delivered', async () => {
    const from = fetchFrom(randomLoopbackAddress());
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    ours = `notify-${unique}@example.com`;
    const response = await from(`${baseUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Notify Test',
        email: ours,
        message: `Integration test of the lead notification ${unique}.`,
        consent: true,
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reference: string; duplicate: boolean };
    expect(body.duplicate).toBe(false);
    const stored = Date.now();

    // The api function's own attempt, after the answer: refused by the receiver.
    const first = await until(
      'the first attempt',
      () => deliveries.find((delivery) => delivery.email === ours),
      20_000,
    );
    expect(first).toMatchObject({ type: 'lead.created', reference: body.reference, status: 500 });

    // Before the retry is due, the scheduled function leaves the lead alone (the receiver is
    // what is checked: see runScheduledFunction).
    await runScheduledFunction('lead-notifications');
    expect(deliveries.filter((delivery) => delivery.email === ours)).toHaveLength(1);

    // The retry is due a minute after the first attempt (src/notify/deliver.ts; the schedule is
    // unit-tested). Rather than wait that minute, the stored lead's next attempt is moved to now,
    // as the clock would move it: the lead as the first attempt left it, in the local store.
    const file = path.join(inject('projectRoot'), LOCAL_BLOBS_DIR, 'entries/unlinked/site:leads', body.reference);
    const pending = await until(
      'the retry of the first attempt in the stored lead',
      () => {
        const lead = JSON.parse(readFileSync(file, 'utf8')) as { notification?: { nextAttemptAt?: string } };
        return lead.notification?.nextAttemptAt ? lead : undefined;
      },
      20_000,
    );
    expect(Date.parse(pending.notification!.nextAttemptAt!) - stored).toBeGreaterThan(
      RETRY_AFTER_FIRST_FAILURE_MS - 5_000,
    );
    pending.notification!.nextAttemptAt = new Date(Date.now() - 1_000).toISOString();
    writeFileSync(file, JSON.stringify(pending));
    // Each run handles at most 50 due leads, oldest first; leads of earlier runs may be ahead.
    for (
      let run = 0;
      run < 10 && !deliveries.some((delivery) => delivery.email === ours && delivery.status === 200);
      run++
    ) {
      await runScheduledFunction('lead-notifications');
    }
    const attempts = deliveries.filter((delivery) => delivery.email === ours);
    expect(attempts.map((delivery) => delivery.status)).toEqual([500, 200]);
    expect(attempts[1]!.reference).toBe(body.reference);
  }, 180_000);
});
