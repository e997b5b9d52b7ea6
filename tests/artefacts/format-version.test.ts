/**
 * ARTEFACT_FORMAT_VERSION follows the artefact schemas (src/artefacts/schema.ts): the reader
 * refuses artefacts of another version, so a change of shape with the same version would let a
 * function read files it misunderstands. Nobody has to remember it: this test fingerprints every
 * schema the file exports (as JSON Schema) and fails, with the two lines to change, when the
 * shapes and the version stop matching what was recorded.
 */
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import * as schemas from '../../src/artefacts/schema.ts';
import * as z from '../../src/zod.ts';

/** The version and the schemas' fingerprint it was recorded with. */
const RECORDED = { version: 9, fingerprint: '4192696b5f2cd922' };

function schemasFingerprint(module: Record<string, unknown>): string {
  const named = Object.entries(module)
    .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, schema]) => [name, z.toJSONSchema(schema as z.ZodMiniType, { unrepresentable: 'any' })]);
  return createHash('sha256').update(JSON.stringify(named)).digest('hex').slice(0, 16);
}

test('the artefact format version changes with the artefact schemas', () => {
  const fingerprint = schemasFingerprint(schemas);
  const { ARTEFACT_FORMAT_VERSION: version } = schemas;
  if (fingerprint !== RECORDED.fingerprint && version === RECORDED.version)
    expect.fail(
      `The artefact schemas changed (fingerprint ${fingerprint}, recorded ${RECORDED.fingerprint} for version ${version}). ` +
        `Set ARTEFACT_FORMAT_VERSION in src/artefacts/schema.ts to ${version + 1}, and RECORDED in ` +
        `tests/artefacts/format-version.test.ts to { version: ${version + 1}, fingerprint: '${fingerprint}' }.`,
    );
  expect(
    { version, fingerprint },
    `ARTEFACT_FORMAT_VERSION is ${version} and the schemas' fingerprint ${fingerprint}: set RECORDED in ` +
      `tests/artefacts/format-version.test.ts to { version: ${version}, fingerprint: '${fingerprint}' }.`,
  ).toEqual(RECORDED);
});

test('the fingerprint sees a new field', () => {
  const before = schemasFingerprint({ itemSchema: z.object({ title: z.string() }) });
  const after = schemasFingerprint({ itemSchema: z.object({ title: z.string(), sector: z.string() }) });
  expect(after).not.toBe(before);
});
