/**
 * MCP message parameters the server reads, as zod schemas (parsed once per request, with the
 * types inferred), and the reserved `_meta` keys of the 2026-07-28 revision.
 */
import { z } from 'zod';

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
  [META.protocolVersion]: z.string().optional(),
  [META.clientInfo]: implementationSchema.optional(),
  [META.clientCapabilities]: objectSchema.optional(),
});

/** Params every request may carry. */
export const baseParamsSchema = z.looseObject({ _meta: requestMetaSchema.optional() });

/** initialize (2025 revisions): the requested version is required, the rest type-checked when present. */
export const initializeParamsSchema = baseParamsSchema.extend({
  protocolVersion: z.string(),
  capabilities: objectSchema.optional(),
  clientInfo: implementationSchema.optional(),
});

/** tools/call. */
export const callToolParamsSchema = baseParamsSchema.extend({
  name: z.string().min(1),
  arguments: objectSchema.optional(),
});

/** tools/list, resources/list, resources/templates/list, prompts/list. */
export const listParamsSchema = baseParamsSchema.extend({ cursor: z.string().optional() });

export type RequestMeta = z.infer<typeof requestMetaSchema>;
