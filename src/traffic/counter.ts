/**
 * The traffic edge function's work (functions/edge/traffic.ts is its glue): let the request
 * through, then count it. It runs for every path but the API's (/api/* reports its own answers:
 * notes.ts), the build's assets and the functions' URLs. Counting runs after the answer is in
 * hand and never changes it: the answer is returned as the next step gave it, whatever the
 * classifier, the recorder or the store do; their writing is handed to `waitUntil`. A page visit an
 * AI assistant sent is counted as a referral too, by the assistant's name (referrals.ts).
 */
import { prefersMarkdown } from '../site/negotiate.ts';
import { createClassifier, type AgentPatterns, type Classifier } from './classify.ts';
import { trafficEvents } from './events.ts';
import { NETLIFY_CLI_404_RETRY } from './notes.ts';
import type { TrafficRecorder } from './recorder.ts';
import { referringAssistant } from './referrals.ts';

export interface CounterContext {
  next(request?: Request): Promise<Response>;
  waitUntil?(promise: Promise<unknown>): void;
  /** Netlify's deploy; its context is `dev` under netlify-cli. */
  deploy?: { context?: string };
}

export interface CounterOptions {
  /** The classifier's data (.generated/traffic-data.ts); compiled on the first count. */
  patterns: AgentPatterns;

  /** The recorder for a request's origin (made once, on the first request that is counted). */
  recorder: (origin: string) => TrafficRecorder;
  now?: () => Date;
  /** Told when a request could not be counted. */
  onError?: (error: unknown) => void;
}

export type TrafficCounter = (request: Request, context: CounterContext) => Promise<Response>;

export function createTrafficCounter(options: CounterOptions): TrafficCounter {
  let classify: Classifier | undefined;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => {});

  return async (request, context) => {
    const response = await context.next();
    try {
      const url = new URL(request.url);
      const { pathname } = url;
      if (
        context.deploy?.context === 'dev' &&
        (response.status === 404 || response.status === 403) &&
        NETLIFY_CLI_404_RETRY.test(pathname)
      )
        return response;
      classify ??= createClassifier(options.patterns);
      const events = trafficEvents(
        {
          method: request.method,
          pathname,
          wantsMarkdown: prefersMarkdown(request.headers.get('accept')),
          userAgent: request.headers.get('user-agent'),
          status: response.status,
          notes: [],
          time: now(),
          // Only the assistant's name goes on: the Referer and the query stay here.
          assistant: referringAssistant(request.headers.get('referer'), url),
        },
        classify,
      );
      if (events.length > 0) {
        const recorder = options.recorder(url.origin);
        for (const event of events) recorder.record(event);
        context.waitUntil?.(recorder.writeIfDue());
      }
    } catch (error) {
      onError(error);
    }
    return response;
  };
}
