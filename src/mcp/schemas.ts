/**
 * The MCP messages this server reads, as zod schemas: JSON-RPC 2.0 envelopes as the contract
 * defines them and the params of the methods it serves. They are the one definition of what is
 * valid: the OpenAPI description is generated from them, and the handler takes their verdict
 * on every message that is not plainly valid (src/mcp/read.ts, which loads this module only
 * then, so an ordinary request never loads zod).
 */
import * as z from '../zod.ts';
import { META } from '../mcp-meta.ts';

export const requestIdSchema = z.union([z.int(), z.string()]);

/** A request (with `id`) or a notification (without). `params` may carry further properties. */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  /** Omitted means the message is a notification. */
  id: z.optional(requestIdSchema),
  method: z.string().check(z.minLength(1)),
  params: z.optional(z.record(z.string(), z.unknown())),
});

export const jsonRpcErrorObjectSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.optional(z.unknown()),
});

export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  /** Echoes the request id; null when the request could not be read. */
  id: z.union([requestIdSchema, z.null()]),
  result: z.optional(z.record(z.string(), z.unknown())),
  error: z.optional(jsonRpcErrorObjectSchema),
});

export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>;
export type JsonRpcResponse = z.infer<typeof jsonRpcResponseSchema>;

/** MCP `Implementation` as a client declares it; further fields allowed. */
export const implementationSchema = z.looseObject({ name: z.string(), version: z.string() });

const objectSchema = z.record(z.string(), z.unknown());

/** `params._meta` of any request: the 2026 keys are type-checked when present. */
export const requestMetaSchema = z.looseObject({
  [META.protocolVersion]: z.optional(z.string()),
  [META.clientInfo]: z.optional(implementationSchema),
  [META.clientCapabilities]: z.optional(objectSchema),
});

const baseParams = { _meta: z.optional(requestMetaSchema) };

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

/** resources/read. */
export const readResourceParamsSchema = z.looseObject({ ...baseParams, uri: z.string().check(z.minLength(1)) });

/** prompts/get: prompt arguments are strings (the prompt's own schema checks them further, src/mcp/prompts.ts). */
export const getPromptParamsSchema = z.looseObject({
  ...baseParams,
  name: z.string().check(z.minLength(1)),
  arguments: z.optional(z.record(z.string(), z.string())),
});

/** completion/complete: a prompt's or the page template's argument, with what the user typed so far. */
export const completeParamsSchema = z.looseObject({
  ...baseParams,
  ref: z.union([
    z.looseObject({ type: z.literal('ref/prompt'), name: z.string() }),
    z.looseObject({ type: z.literal('ref/resource'), uri: z.string() }),
  ]),
  argument: z.looseObject({ name: z.string(), value: z.string() }),
  context: z.optional(z.looseObject({ arguments: z.optional(z.record(z.string(), z.string())) })),
});

export type ReadResourceParams = z.infer<typeof readResourceParamsSchema>;
export type GetPromptParams = z.infer<typeof getPromptParamsSchema>;
export type CompleteParams = z.infer<typeof completeParamsSchema>;
export type RequestMeta = z.infer<typeof requestMetaSchema>;
export type InitializeParams = z.infer<typeof initializeParamsSchema>;
export type CallToolParams = z.infer<typeof callToolParamsSchema>;
export type ListParams = z.infer<typeof listParamsSchema>;
