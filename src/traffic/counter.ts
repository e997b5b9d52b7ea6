/**
 * The traffic edge function's work (functions/edge/traffic.ts is its glue): let the request
 * through, then count it. For /api/* it asks the API function for its notes (notes.ts) and
 * removes them from the answer. Counting runs after the answer is in hand and never changes it:
 * the answer is returned as the next step gave it (without the notes header), whatever the
 * classifier, the recorder or the store do; their writing is handed to `waitUntil`.
 */
import { prefersMarkdown } from '../http/negotiate.ts';
import { createClassifier, type AgentPatterns, type Classifier } from './classify.ts';
import { trafficEvents } from './events.ts';
import { decodeMessageNotes, mcpNotes, type McpNames } from './mcp-notes.ts';
import { TRAFFIC_REQUEST_HEADER, TRAFFIC_RESPONSE_HEADER } from './notes.ts';
import type { TrafficRecorder } from './recorder.ts';

export interface CounterContext {
  next(request?: Request): Promise<Response>;
  waitUntil?(promise: Promise<unknown>): void;
  /** Netlify's deploy; its context is `dev` under netlify-cli. */
  deploy?: { context?: string };
}

/**
 * netlify-cli (not Netlify) answers a 404 by trying the path again as `.html`, `.htm`,
 * `/index.html` and `/index.htm`, and each try passes through the edge functions: under
 * `npm start`, those tries are not counted, so one request counts once, as on Netlify.
 */
const LOCAL_RETRY = /(?:\.html?|\/index\.html?)$/;

export interface CounterOptions {
  /** The classifier's data (.generated/traffic-data.ts); compiled on the first count. */
  patterns: AgentPatterns;
  /** The MCP server's tools, prompts, methods and base URL (.generated/traffic-data.ts). */
  names: McpNames;
  /** The recorder for a request's origin (made once, on the first request that is counted). */
  recorder: (origin: string) => TrafficRecorder;
  now?: () => Date;
  /** Told when a request could not be counted. */
  onError?: (error: unknown) => void;
}

export type TrafficCounter = (request: Request, context: CounterContext) => Promise<Response>;

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The most of an MCP request's body the counter reads (a larger one is counted as unread). */
export const MAX_READ_BYTES = 65_536;

/** A body's text if it is at most `max` bytes, else undefined (reading stops there). */
async function textUpTo(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

export function createTrafficCounter(options: CounterOptions): TrafficCounter {
  let classify: Classifier | undefined;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => {});

  return async (request, context) => {
    const { pathname, origin } = new URL(request.url);
    const api = isApi(pathname);
    let forwarded = request;
    // An MCP request's body, read beside the function (which gets the request as it came).
    let body: Promise<string | undefined> = Promise.resolve(undefined);
    if (api) {
      if (request.method === 'POST' && pathname.replace(/\/+$/, '') === '/api/mcp')
        body = textUpTo(request.clone(), MAX_READ_BYTES).catch(() => undefined);
      forwarded = new Request(request);
      forwarded.headers.set(TRAFFIC_REQUEST_HEADER, '1');
    }
    const response = await context.next(forwarded);
    const notes = api ? response.headers.get(TRAFFIC_RESPONSE_HEADER) : null;
    let answer = response;
    if (notes !== null) {
      const headers = new Headers(response.headers);
      headers.delete(TRAFFIC_RESPONSE_HEADER);
      answer = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    try {
      if (
        context.deploy?.context === 'dev' &&
        (response.status === 404 || response.status === 403) &&
        LOCAL_RETRY.test(pathname)
      )
        return answer;
      classify ??= createClassifier(options.patterns);
      const events = trafficEvents(
        {
          method: request.method,
          pathname,
          wantsMarkdown: prefersMarkdown(request.headers.get('accept')),
          userAgent: request.headers.get('user-agent'),
          status: response.status,
          notes: notes === null ? [] : mcpNotes(await body, decodeMessageNotes(notes), options.names),
          time: now(),
        },
        classify,
      );
      if (events.length > 0) {
        const recorder = options.recorder(origin);
        for (const event of events) recorder.record(event);
        const written = recorder.writeIfDue();
        context.waitUntil?.(written);
      }
    } catch (error) {
      onError(error);
    }
    return answer;
  };
}
