/**
 * The audit's HTTP client: one request at a time, paced so a whole run stays under the
 * deployment's rate limit, over node:http/https with a fresh connection per request (so nothing
 * is cached or pooled between checks). A network failure is a response with status 0 and the
 * reason, so a check reports it like any other wrong answer.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AUDIT_USER_AGENT } from '../../src/traffic/events.ts';

export interface HttpResponse {
  /** 0 when no HTTP response came back (then `error` says why). */
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
  url: string;
  method: string;
  error?: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The contract's limit is 120 requests per 60 s; the audit sends at most this many a minute by default. */
export const DEFAULT_RATE_PER_MINUTE = 112;
const TIMEOUT_MS = 20_000;
/** The longest Retry-After the audit honours before giving up on a request. */
const MAX_RETRY_AFTER_S = 90;

export interface ClientOptions {
  /** Requests per minute at most. */
  ratePerMinute: number;
  /** Called with a line for the operator (stderr), e.g. when the client waits. */
  say: (line: string) => void;
  /** Replaces the network, for unit tests. */
  transport?: (url: URL, options: RequestOptions) => Promise<HttpResponse>;
  /** Replaces the clock's waiting, for unit tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function nodeTransport(url: URL, options: RequestOptions): Promise<HttpResponse> {
  const method = options.method ?? 'GET';
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { 'user-agent': AUDIT_USER_AGENT, ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve) => {
    const failed = (error: string): void =>
      resolve({ status: 0, headers: new Headers(), body: Buffer.alloc(0), text: '', url: url.href, method, error });
    const outgoing = send(url, { method, headers, agent: false, timeout: TIMEOUT_MS }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', (error) => failed(error.message));
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
          try {
            responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          } catch {
            // a header value Headers cannot hold is left out
          }
        }
        const body = Buffer.concat(chunks);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: responseHeaders,
          body,
          text: body.toString('utf8'),
          url: url.href,
          method,
        });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', (error) => failed(`${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`));
    outgoing.end(options.body);
  });
}

export class HttpClient {
  ratePerMinute: number;
  /** How many requests were sent. */
  count = 0;
  private nextAt = 0;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions) {
    this.options = options;
    this.ratePerMinute = options.ratePerMinute;
  }

  /** Milliseconds between two request starts. */
  get intervalMs(): number {
    return 60_000 / this.ratePerMinute;
  }

  async request(url: string | URL, options: RequestOptions = {}): Promise<HttpResponse> {
    const sleep = this.options.sleep ?? realSleep;
    const transport = this.options.transport ?? nodeTransport;
    const target = new URL(url);
    for (let attempt = 0; ; attempt += 1) {
      const wait = this.nextAt - Date.now();
      if (wait > 0) await sleep(wait);
      this.nextAt = Math.max(Date.now(), this.nextAt) + this.intervalMs;
      this.count += 1;
      const response = await transport(target, options);
      // A 429 despite the pacing (another client shares the address): wait as told, once.
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status !== 429 || attempt > 0 || !Number.isInteger(retryAfter) || retryAfter > MAX_RETRY_AFTER_S)
        return response;
      this.options.say(
        `rate limited (429) on ${options.method ?? 'GET'} ${target.pathname}: waiting ${retryAfter} s as Retry-After says`,
      );
      await sleep(retryAfter * 1000);
    }
  }
}

/** A host name or address on this machine (where a faster pace may be allowed). */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}
