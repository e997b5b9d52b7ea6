/**
 * The rules an ARD manifest is checked by, written out from ARD's JSON Schema
 * (`ai-catalog.schema.json`, specVersion 1.0) and its conformance suite, which Lighthouse's
 * `ard-schema` audit runs: errors (the schema, a domain-anchored URN, exactly one of `url` and
 * `data`) and the warnings that cost the audit its full score (a media type that is not one of
 * ARD's discovery types, other than 2-5 representative queries). Used by the tests of the
 * manifest the build writes and by `npm run audit` on a deployment's.
 */
import { z } from 'zod';

/** The media types ARD lists as discovery types; any other earns a warning. */
export const ARD_DISCOVERY_TYPES = [
  'application/ai-catalog+json',
  'application/agent-card+json',
  'application/a2a-agent-card+json',
  'application/mcp-server-card+json',
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
] as const;

/** `urn:air:<publisher>:<namespace>:<name>`; group 1 is the publisher's domain. */
export const ARD_URN = /^urn:air:([a-zA-Z0-9.-]+)(?::([a-zA-Z0-9._:-]+))?:([a-zA-Z0-9._-]+)$/;

const entrySchema = z
  .object({
    identifier: z.string().regex(ARD_URN, { error: 'is not urn:air:<publisher>:<namespace>:<name>' }),
    displayName: z.string().min(1),
    type: z.string().min(1),
    url: z.url().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    capabilities: z.array(z.string()).optional(),
    representativeQueries: z.array(z.string()).optional(),
    version: z.string().optional(),
    updatedAt: z.iso.datetime({ offset: true }).optional(),
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    trustManifest: z.object({ identity: z.string() }).optional(),
  })
  .refine((entry) => (entry.url === undefined) !== (entry.data === undefined), {
    error: 'must have exactly one of url and data',
  });

const manifestSchema = z.strictObject({
  specVersion: z.literal('1.0'),
  host: z
    .strictObject({
      displayName: z.string(),
      identifier: z.string().optional(),
      documentationUrl: z.url().optional(),
      logoUrl: z.url().optional(),
      trustManifest: z.object({ identity: z.string() }).optional(),
    })
    .optional(),
  entries: z.array(entrySchema),
});

/**
 * What is wrong with `manifest` by ARD's rules, one line each (an empty list: nothing), errors and
 * warnings alike. With `domain`, an identifier anchored in another domain is wrong too.
 */
export function ardProblems(manifest: unknown, domain?: string): string[] {
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`);
  const problems: string[] = [];
  parsed.data.entries.forEach((entry, index) => {
    const label = `entries.${index} (${entry.displayName})`;
    if (!(ARD_DISCOVERY_TYPES as readonly string[]).includes(entry.type))
      problems.push(`${label}: type ${entry.type} is not one of ARD's discovery types`);
    const queries = entry.representativeQueries?.length ?? 0;
    if (queries < 2 || queries > 5) problems.push(`${label}: has ${queries} representativeQueries, not 2-5`);
    const publisher = ARD_URN.exec(entry.identifier)?.[1];
    if (domain && publisher !== domain) problems.push(`${label}: identifier ${entry.identifier} is not in ${domain}`);
  });
  return problems;
}
