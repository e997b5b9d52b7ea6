/**
 * The API function's own part of the traffic record (docs/traffic.md, "How it is counted"): the
 * facts of its answers (notes.ts), classified and counted in the function itself and written to
 * the store as parts by a recorder (recorder.ts: keys the writer names, retries under the same
 * key, nothing counted twice). The edge counter does not run for /api/* (notes.ts says why).
 *
 * The function loads this on its first send, after an answer, from a module bundled apart from
 * its entry (src/lazy/api-traffic.ts, .generated/lazy/api-traffic.mjs): the classifier's patterns
 * and the Blobs client weigh about 100 KB that no request needs before its answer.
 */
import type { Classifier } from './classify.ts';
import { trafficEvents } from './events.ts';
import { messageNote, type McpNames } from './mcp-notes.ts';
import { normaliseQuery } from './normalise.ts';
import type { ApiFacts } from './notes.ts';
import { createTrafficRecorder, type RecorderOptions } from './recorder.ts';

export interface ApiRecordOptions extends RecorderOptions {
  classify: Classifier;
  /** The server's tools, prompts and methods (the build's), so made-up names are not kept. */
  names: McpNames;
  /** The time the answers are counted under (default: now). */
  clock?: () => Date;
}

/** Counts what the noter held and writes it; resolves when written or kept for later, never rejects. */
export type ApiRecord = (held: readonly (readonly [ApiFacts, number])[]) => Promise<void>;

/** One per instance: its recorder keeps parts that could not be written for the next send. */
export function createApiRecord(options: ApiRecordOptions): ApiRecord {
  const recorder = createTrafficRecorder(options);
  const clock = options.clock ?? (() => new Date());
  return async (held) => {
    const time = clock();
    for (const [facts, times] of held) {
      const events = trafficEvents(
        {
          method: facts.h,
          pathname: facts.p,
          wantsMarkdown: false,
          userAgent: facts.u,
          status: facts.s,
          notes: (facts.n ?? []).map((note) => messageNote(options.names, note)),
          time,
          // The function's answers outside /api are the search page's (src/http/search-page.ts).
          ...(facts.p === '/api' || facts.p.startsWith('/api/') ? {} : { searchPage: true }),
          ...(facts.q
            ? {
                pageSearch: {
                  query: normaliseQuery(facts.q.q),
                  language: String(facts.q.l).slice(0, 20),
                  results: Number.isSafeInteger(facts.q.r) && facts.q.r >= 0 ? facts.q.r : 0,
                },
              }
            : {}),
        },
        options.classify,
      );
      for (const event of events) recorder.record(event, times);
    }
    await recorder.write();
  };
}
