/**
 * The weekly digest: settings read like the lead notification's (errors name the variable, never
 * its value), the week's summary (the visits assistants sent among it), and a signed POST whose
 * signature a receiver can check.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DIGEST_SIGNATURE_HEADER, digestOf, readDigestConfig, sendDigest } from '../../src/traffic/digest.ts';
import { trafficReport } from '../../src/traffic/report.ts';

const report = trafficReport(
  [
    {
      version: 1,
      day: '2026-11-24',
      counts: [
        ['page', '/about', 'ok', 'ai-training', 'GPTBot', 4],
        ['page', '/', 'ok', 'browser', 'Chrome', 6],
        ['mcp', 'tools/call search_site', 'ok', 'mcp-client', 'claude-code 2', 3],
        ['mcp', 'tools/call get_page_markdown', 'tool-error', 'mcp-client', 'claude-code 2', 1],
      ],
      searches: [
        ['en', 'kubernetes pricing', 0, 2],
        ['en', 'cloud migration', 9, 1],
      ],
      referrals: [
        ['/', 'ok', 'Perplexity', 1],
        ['/about', 'ok', 'ChatGPT', 2],
        ['/', 'ok', 'ChatGPT', 1],
      ],
    },
  ],
  '2026-11-20',
  '2026-11-26',
);

describe('the weekly digest', () => {
  test('settings: none, valid, and invalid with a message that names the variable only', () => {
    expect(readDigestConfig({})).toBeUndefined();
    expect(readDigestConfig({ TRAFFIC_DIGEST_WEBHOOK_URL: ' ' })).toBeUndefined();
    expect(readDigestConfig({ TRAFFIC_DIGEST_WEBHOOK_URL: 'https://hooks.example.com/t' })).toEqual({
      url: 'https://hooks.example.com/t',
    });
    expect(
      readDigestConfig({
        TRAFFIC_DIGEST_WEBHOOK_URL: 'http://127.0.0.1:9/t',
        TRAFFIC_DIGEST_WEBHOOK_SECRET: 's'.repeat(16),
      }),
    ).toEqual({
      url: 'http://127.0.0.1:9/t',
      secret: 's'.repeat(16),
    });
    expect(() => readDigestConfig({ TRAFFIC_DIGEST_WEBHOOK_URL: 'http://hooks.example.com/secret-path' })).toThrow(
      /must use https/,
    );
    expect(() => readDigestConfig({ TRAFFIC_DIGEST_WEBHOOK_URL: 'not a url' })).toThrow(/absolute URL/);
    expect(() => readDigestConfig({ TRAFFIC_DIGEST_WEBHOOK_SECRET: 'x'.repeat(20) })).toThrow(/URL is not/);
    try {
      readDigestConfig({
        TRAFFIC_DIGEST_WEBHOOK_URL: 'https://h.example/t',
        TRAFFIC_DIGEST_WEBHOOK_SECRET: 'short-secret',
      });
    } catch (error) {
      expect(String(error)).toMatch(/at least 16/);
      expect(String(error)).not.toContain('short-secret');
    }
  });

  test("the week's figures, agents, the visits assistants sent, tools and gaps", () => {
    const digest = digestOf(report, 'Northbeam Engineering');
    expect(digest).toMatchObject({
      type: 'traffic.digest',
      site: 'Northbeam Engineering',
      from: '2026-11-20',
      to: '2026-11-26',
      requests: 14,
      agentRequests: 8,
      mcpCalls: 4,
      searches: 3,
      searchesWithoutResults: 2,
      referredVisits: 4,
    });
    expect(digest.referrals).toEqual([
      { assistant: 'ChatGPT', visits: 3 },
      { assistant: 'Perplexity', visits: 1 },
    ]);
    expect(digest.agents).toEqual([
      { family: 'GPTBot', class: 'ai-training', requests: 4 },
      { family: 'claude-code 2', class: 'mcp-client', requests: 4 },
    ]);
    expect(digest.gaps).toEqual([{ query: 'kubernetes pricing', language: 'en', searches: 2, results: 0 }]);
  });

  test('a signed POST; a receiver that refuses it is an error', async () => {
    const secret = 'a-secret-of-some-length';
    const received: { headers: Headers; body: string }[] = [];
    const receiver =
      (status: number): typeof fetch =>
      (_input, init) => {
        received.push({ headers: new Headers(init?.headers), body: init?.body as string });
        return Promise.resolve(new Response(null, { status }));
      };
    const digest = digestOf(report, 'Northbeam Engineering');
    await sendDigest({ url: 'https://hooks.example/t', secret }, digest, receiver(204));
    const [{ headers, body }] = received as [{ headers: Headers; body: string }];
    expect(JSON.parse(body)).toEqual(digest);
    expect(headers.get(DIGEST_SIGNATURE_HEADER)).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    await expect(sendDigest({ url: 'https://hooks.example/t' }, digest, receiver(500))).rejects.toThrow(/HTTP 500/);
  });
});
