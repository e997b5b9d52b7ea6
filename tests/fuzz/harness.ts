/**
 * The fuzz harness: the API function's real Request -> Response handler (src/http/api.ts, what
 * functions/api.mts exports) over the sample site's artefacts as the build makes them, with an
 * in-memory lead store (no lead reaches the disk), a clock that moves on with every request,
 * and a record of every error the handler reports or leaves unhandled.
 *
 * Reproducing a failure: fast-check prints the seed and path of the smallest failing case;
 * run `FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run tests/fuzz` (docs/testing.md).
 */
import fc from 'fast-check';
import { createApiHandler } from '../../src/http/api.ts';
import { createRateLimiter } from '../../src/http/rate-limit.ts';
import { createMemoryLimitLedger } from '../../src/leads/limits.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { pipeline, sampleAgent, sampleModel } from '../support/sample-site.ts';
import { toRequest, type FuzzRequest } from './arbitraries.ts';
import { createShapeChecker } from './documented-shape.ts';

/** The run's parameters, from the environment: FUZZ_SEED, FUZZ_RUNS, FUZZ_PATH. */
export function fuzzParameters(defaultRuns = 2_500): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;
  const numRuns = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : defaultRuns;
  return {
    seed,
    numRuns,
    ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH, endOnFailure: true } : {}),
  };
}

export function createHarness() {
  const errors: unknown[] = [];
  /** How many answers had each status: the run must reach every kind of answer, not just one. */
  const statuses = new Map<number, number>();
  const agent = sampleAgent();
  let ms = Date.parse('2026-11-23T12:00:00.000Z');
  const handler = createApiHandler({
    ...agent,
    leads: pipeline({ store: createMemoryLeadStore(), limits: createMemoryLimitLedger() }),
    now: () => new Date((ms += 25)),
    rateLimiter: createRateLimiter(),
    onError: (error) => errors.push(error),
    onArtefactError: (tool, error) => errors.push(new Error(`${tool}: ${error.file} ${error.problem}`)),
  });
  const problemsOf = createShapeChecker(sampleModel().company);

  /** Sends one fuzzed request; resolves to the problems with its answer (none: it conforms). */
  async function check(input: FuzzRequest): Promise<string[]> {
    const request = toRequest(input);
    if (!request) return [];
    const before = errors.length;
    let response: Response;
    try {
      response = await handler(request, { clientIp: input.clientIp });
    } catch (error) {
      return [`the handler threw: ${(error as Error)?.stack ?? String(error)}`];
    }
    const text = await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const problems = problemsOf({
      method: request.method,
      pathname: new URL(request.url).pathname,
      status: response.status,
      headers: response.headers,
      text,
    });
    for (const error of errors.slice(before))
      problems.push(`reported error: ${(error as Error)?.stack ?? String(error)}`);
    return problems;
  }

  return { check, errors, statuses, handler };
}

/** A property over `requests`: every answer conforms. The failure message names the request and the problems. */
export function conforms(harness: ReturnType<typeof createHarness>, requests: fc.Arbitrary<FuzzRequest>) {
  return fc.asyncProperty(requests, async (input) => {
    const problems = await harness.check(input);
    if (problems.length > 0) {
      const shown = {
        ...input,
        body:
          typeof input.body === 'string' && input.body.length > 300
            ? `${input.body.slice(0, 300)}… (${input.body.length} chars)`
            : input.body,
      };
      throw new Error(`${problems.join('\n')}\nrequest: ${JSON.stringify(shown)}`);
    }
  });
}
