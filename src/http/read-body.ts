/**
 * Reads a request body as text without ever holding more than `maxBytes` of it: a declared
 * Content-Length over the limit is refused before reading, and a body without one (or lying
 * about it) is cut off as soon as it passes the limit.
 */

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' };

export async function readBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, reason: 'too_large' };
  const stream = request.body;
  if (stream === null) return { ok: true, text: '' };

  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  if (chunks.length === 1) return { ok: true, text: decoder.decode(chunks[0]) };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: decoder.decode(bytes) };
}
