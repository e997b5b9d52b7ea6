/**
 * Seeded, bounded fuzzing of the API function (src/http/api.ts, as functions/api.mts runs it):
 * thousands of malformed and hostile bodies, headers, methods and paths. Every answer must be
 * documented (tests/fuzz/documented-shape.ts: the OpenAPI description and the error tables),
 * no answer may be a 5xx, and the handler may neither throw, nor report an error, nor leave a
 * promise rejected. FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH reproduce or widen a run (docs/testing.md).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { anyRequests, mcpRequests } from './arbitraries.ts';
import { conforms, createHarness, fuzzParameters } from './harness.ts';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

beforeAll(() => process.on('unhandledRejection', record));
afterAll(() => process.off('unhandledRejection', record));

describe('fuzzing the API function', () => {
  test('POST /api/mcp: hostile bodies and headers get documented answers, never a 5xx', async () => {
    const harness = createHarness();
    await fc.assert(conforms(harness, mcpRequests), fuzzParameters());
    expect(harness.errors).toEqual([]);
    // The generators reach every kind of answer of the endpoint, not only its first refusal.
    expect([...harness.statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 202, 400, 404, 406, 413, 415]));
    expect(unhandled).toEqual([]);
  }, 240_000);

  test('any method, path, header and body under /api gets a documented answer, never a 5xx', async () => {
    const harness = createHarness();
    await fc.assert(conforms(harness, anyRequests), fuzzParameters());
    expect(harness.errors).toEqual([]);
    expect([...harness.statuses.keys()].sort()).toEqual(
      expect.arrayContaining([200, 204, 400, 403, 404, 405, 415, 429]),
    );
    expect(unhandled).toEqual([]);
  }, 240_000);
});
