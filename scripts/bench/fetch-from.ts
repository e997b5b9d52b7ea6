/**
 * Requests from a loopback address of one's own: the API keys its rate limit on the socket
 * address, so the integration tests and the benchmarks that send many requests to `npm start`
 * use addresses of their own and leave 127.0.0.1 to everyone else.
 */

/**
 * A `fetch` whose connections leave from `localAddress` (any address in 127.0.0.0/8 works on
 * Linux), built on node:http. The API keys its rate limit on the socket address the platform
 * sees, so a test that floods the limiter (or just sends many requests) can use a loopback
 * address of its own and leave 127.0.0.1 to every other test. Connects to 127.0.0.1 and keeps
 * the URL's Host header (`localhost:<port>`), which the DNS-rebinding guard accepts.
 * Buffers the whole response (the API sends JSON only, never a stream).
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    if (!headers.has('host')) headers.set('host', url.host);
    const body =
      init.body == null
        ? undefined
        : typeof init.body === 'string'
          ? Buffer.from(init.body)
          : Buffer.from(await new Response(init.body).arrayBuffer());
    if (body && !headers.has('content-length')) headers.set('content-length', String(body.length));
    const { request } = await import('node:http');
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers: Object.fromEntries(headers),
          localAddress,
          signal: init.signal ?? undefined,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
              responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
            const status = incoming.statusCode ?? 500;
            const empty = status === 204 || status === 304 || init.method === 'HEAD';
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                statusText: incoming.statusMessage ?? '',
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** A random address in 127.0.0.0/8 other than 127.0.0.1, so each run starts with a fresh rate-limit window. */
export function randomLoopbackAddress(): string {
  const octet = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
  return `127.${octet(1, 254)}.${octet(0, 255)}.${octet(1, 254)}`;
}
