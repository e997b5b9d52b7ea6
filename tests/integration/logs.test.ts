/**
 * Personal data is never written to logs, checked where logs really go: the served site's whole
 * output (netlify-cli and every function's console, test-results/server.log). This file sends
 * leads down every path the API has (a new lead through the form as JSON and as a form post, the
 * same again as a duplicate, bad input, the honeypot, malformed bodies, start_conversation new and
 * repeated and invalid), lets the api function's notification attempt run (the harness's webhook
 * address, where nothing listens unless the notification test does: a failed delivery), runs both
 * scheduled functions, and then finds none of the names, addresses, companies or messages it sent
 * anywhere in the log. Every value carries this run's id, which appears nowhere else.
 * Skipped with TEST_BASE_URL (the server's output is not ours to read).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, test } from 'vitest';
import { baseUrl, fetchFrom, randomLoopbackAddress, runId, runScheduledFunction, sleep } from './http.ts';

const serverLog = inject('serverLog');
const run = `logcheck${runId()}`;

const lead = (label: string) => ({
  name: `Person ${run} ${label}`,
  email: `${run}-${label}@example.com`,
  company: `Company ${run} ${label}`,
  message: `Message ${run} ${label}: we would like to talk about a data platform.`,
});

describe.skipIf(serverLog === undefined)('no personal data in the logs (npm start)', () => {
  test('after leads on every path, the server log holds none of what they carried', { timeout: 120_000 }, async () => {
    const from = fetchFrom(randomLoopbackAddress());
    const statuses: Record<string, number> = {};
    const send = async (what: string, path: string, init: RequestInit) => {
      const response = await from(`${baseUrl()}${path}`, { method: 'POST', ...init });
      statuses[what] = response.status;
      await response.arrayBuffer();
    };
    const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const formPost = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' };
    const mcpHeaders = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    };
    const toolCall = (id: number, args: Record<string, unknown>) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'start_conversation', arguments: args },
      });

    await send('form json', '/api/contact', {
      headers: json,
      body: JSON.stringify({ ...lead('json'), consent: true }),
    });
    await send('form json again', '/api/contact', {
      headers: json,
      body: JSON.stringify({ ...lead('json'), consent: true }),
    });
    await send('form post', '/api/contact', {
      headers: formPost,
      body: new URLSearchParams({ ...lead('post'), consent: 'yes', website: '' }).toString(),
    });
    await send('form post, bad input', '/api/contact', {
      headers: formPost,
      body: new URLSearchParams({ ...lead('bad'), email: `not-an-address ${run}`, consent: 'yes' }).toString(),
    });
    await send('form post, honeypot', '/api/contact', {
      headers: formPost,
      body: new URLSearchParams({ ...lead('bot'), consent: 'yes', website: `https://${run}.example` }).toString(),
    });
    await send('form json, malformed', '/api/contact', {
      headers: json,
      body: `{"email": "${run}-broken@example.com", `,
    });
    await send('tool', '/api/mcp', { headers: mcpHeaders, body: toolCall(1, lead('tool')) });
    await send('tool again', '/api/mcp', { headers: mcpHeaders, body: toolCall(2, lead('tool')) });
    await send('tool, bad input', '/api/mcp', {
      headers: mcpHeaders,
      body: toolCall(3, { ...lead('tool-bad'), email: `nope ${run}` }),
    });
    await send('tool, malformed', '/api/mcp', {
      headers: mcpHeaders,
      body: `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"${run}`,
    });
    expect(statuses).toMatchObject({
      'form json': 200,
      'form json again': 200,
      'form post': 200,
      'form post, bad input': 400,
      tool: 200,
      'tool again': 200,
      'tool, bad input': 200,
    });

    // The scheduled functions read every lead (the retry may deliver, and fail on, ours).
    for (const name of ['lead-notifications', 'lead-retention']) await runScheduledFunction(name);
    // Let the notification attempts after the answers (waitUntil) finish and their output land.
    await sleep(5_000);

    const log = readFileSync(serverLog!, 'utf8');
    // The log is the real one: it holds the functions' own lines from this run.
    expect(log).toMatch(/lead-notifications: attempted \d+/);
    expect(log).toMatch(/lead-retention: deleted \d+ lead\(s\)/);
    const leaks = log.split('\n').filter((line) => line.includes(run));
    expect(leaks, `log lines with this run's personal data:\n${leaks.join('\n')}`).toEqual([]);
  });
});
