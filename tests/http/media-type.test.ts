/** Content-Type and Accept checks, and bounded body reading. */
import { describe, expect, test } from 'vitest';
import { acceptsJson, isJsonContentType } from '../../src/http/media-type.ts';
import { readBody } from '../../src/http/read-body.ts';

describe('isJsonContentType', () => {
  test.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['APPLICATION/JSON', true],
    [' application/json ;charset=UTF-8', true],
    ['application/json-seq', false],
    ['text/json', false],
    ['application/x-www-form-urlencoded', false],
    [null, false],
  ])('%s -> %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});

describe('acceptsJson', () => {
  test.each([
    [null, true],
    ['', true],
    ['*/*', true],
    ['application/*', true],
    ['application/json, text/event-stream', true],
    ['text/event-stream, application/json;q=0.5', true],
    ['text/html, */*;q=0.1', true],
    ['text/event-stream', false],
    ['text/html', false],
    ['application/json;q=0', false],
    ['*/*;q=0', false],
  ])('%s -> %s', (value, expected) => {
    expect(acceptsJson(value)).toBe(expected);
  });
});

describe('readBody', () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request('https://x.example/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  test('reads text up to the limit, multi-byte characters included', async () => {
    expect(await readBody(post('héllo ✓'), 100)).toEqual({ ok: true, text: 'héllo ✓' });
    expect(await readBody(post('x'.repeat(100)), 100)).toEqual({ ok: true, text: 'x'.repeat(100) });
  });

  test('refuses a declared Content-Length over the limit without reading', async () => {
    expect(await readBody(post('x', { 'content-length': '101' }), 100)).toEqual({ ok: false, reason: 'too_large' });
  });

  test('stops a stream as soon as it passes the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(40));
      },
    });
    expect(await readBody(post(stream), 100)).toEqual({ ok: false, reason: 'too_large' });
    expect(pulled).toBeLessThanOrEqual(4);
  });

  test('joins several chunks', async () => {
    const parts = ['{"a":', '"é"', '}'].map((part) => new TextEncoder().encode(part));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    expect(await readBody(post(stream), 100)).toEqual({ ok: true, text: '{"a":"é"}' });
  });

  test('an empty body is empty text', async () => {
    expect(await readBody(post(null), 100)).toEqual({ ok: true, text: '' });
  });
});
