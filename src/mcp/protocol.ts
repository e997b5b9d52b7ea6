/**
 * MCP message parameters the server reads, as zod schemas (parsed once per request, with the
 * types inferred), and the reserved `_meta` keys of the 2026-07-28 revision.
 */
import * as z from '../zod.ts';

/** Reserved `_meta` keys (MCP 2026-07-28). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** MCP `Implementation` as a client declares it; further fields allowed. */
export const implementationSchema = z.looseObject({ name: z.string(), version: z.string() });

const objectSchema = z.record(z.string(), z.unknown());

/** `params._meta` of any request: the 2026 keys are type-checked when present. */
export const requestMetaSchema = z.looseObject({
  [META.protocolVersion]: z.optional(z.string()),
  [META.clientInfo]: z.optional(implementationSchema),
  [META.clientCapabilities]: z.optional(objectSchema),
});

/** Params every request may carry. */
const baseParams = { _meta: z.optional(requestMetaSchema) };
export const baseParamsSchema = z.looseObject(baseParams);

/** initialize (2025 revisions): the requested version is required, the rest type-checked when present. */
export const initializeParamsSchema = z.looseObject({
  ...baseParams,
  protocolVersion: z.string(),
  capabilities: z.optional(objectSchema),
  clientInfo: z.optional(implementationSchema),
});

/** tools/call. */
export const callToolParamsSchema = z.looseObject({
  ...baseParams,
  name: z.string().check(z.minLength(1)),
  arguments: z.optional(objectSchema),
});

/** tools/list, resources/list, resources/templates/list, prompts/list. */
export const listParamsSchema = z.looseObject({ ...baseParams, cursor: z.optional(z.string()) });

export type RequestMeta = z.infer<typeof requestMetaSchema>;
