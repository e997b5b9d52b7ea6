/**
 * The shape every tool shares: a zod input schema, a zod output schema and a run function that
 * only ever sees validated arguments. Two uses of one spec:
 *
 * - at build time, `describeTool` (describe.ts) turns it into the descriptor tools/list
 *   advertises (JSON Schemas from the zod schemas); the build puts the descriptors in the
 *   function's head, so the function never converts a schema;
 * - at run time, `toolCaller` validates the arguments and runs it. Invalid arguments become a
 *   tool error (`isError`) that names each problem and what to send instead, never a protocol
 *   error; so does an artefact the tool needs that is missing or damaged (ArtefactError).
 */
import { ArtefactError } from '../../artefacts/errors.ts';
import type { WaitUntil } from '../../leads/after-lead.ts';
import type { LeadClient } from '../../leads/schema.ts';
import type * as z from '../../zod.ts';
import type { ToolAnnotations, ToolDescriptor } from './tool-descriptor.ts';

/** What a tool knows about the request that called it. */
export interface ToolContext {
  /** The calling software as the request declared it (2026 `_meta` clientInfo, else User-Agent). */
  client?: LeadClient;
  /**
   * The client IP the platform saw (the API's socket address, never a header), for
   * start_conversation's per-IP lead limit; hashed for the limit key and never stored.
   */
  clientIp?: string;
  /** Keeps the function alive for work after the answer (start_conversation's afterLead). */
  waitUntil?: WaitUntil;
  /** The clock (injectable for tests). */
  now: () => Date;
}

export interface TextContent {
  type: 'text';
  text: string;
}

/** A `tools/call` result. */
export interface ToolResult {
  content: TextContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface Tool {
  descriptor: ToolDescriptor;
  /** Validates `args` and runs the tool. Never rejects for bad input or bad artefacts; rejects only on bugs. */
  call(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

/**
 * What a run function returns on success: the structured result and its readable text.
 * A run function may return the same object again for the same arguments (read tools memoize,
 * see src/memo.ts); the tool then returns the same ToolResult object, and the dispatcher reuses its
 * serialized JSON.
 */
export interface ToolSuccess<O> {
  structured: O;
  text: string;
}

/** A tool execution error: the message tells the agent what to do next. */
export interface ToolFailure {
  error: string;
}

export function toolError(message: string): ToolFailure {
  return { error: message };
}

export function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

type ObjectSchema = z.ZodMiniType<Record<string, unknown>>;

export interface ToolSpec<I extends ObjectSchema = ObjectSchema, O extends ObjectSchema = ObjectSchema> {
  name: string;
  title: string;
  description: string;
  annotations: Omit<ToolAnnotations, 'title'>;
  input: I;
  /** The result's schema, made on demand: only describing the tool (at build time) needs it. */
  output: () => O;
  run(
    args: z.output<I>,
    context: ToolContext,
  ): ToolSuccess<z.output<O>> | ToolFailure | Promise<ToolSuccess<z.output<O>> | ToolFailure>;
}

/** Keeps a spec's argument types while storing it among specs of other tools. */
export function defineTool<I extends ObjectSchema, O extends ObjectSchema>(spec: ToolSpec<I, O>): ToolSpec {
  return spec;
}

function valueAt(args: unknown, path: readonly PropertyKey[]): unknown {
  let value = args;
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** One readable sentence per zod issue, naming the argument and what is allowed. */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  args: unknown,
  argumentNames: readonly string[],
): string[] {
  const quoted = (names: readonly PropertyKey[]) => names.map((key) => `"${String(key)}"`).join(', ');
  return issues.map((issue) => {
    const name = issue.path.map(String).join('.') || 'arguments';
    // Schemas with messages of their own (the lead fields, the query) already say it best.
    if (issue.message.startsWith(`${name} `)) return issue.message;
    switch (issue.code) {
      case 'unrecognized_keys':
        return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${quoted(issue.keys)}; this tool takes ${quoted(argumentNames)}`;
      case 'invalid_value':
        return `${name} must be one of: ${issue.values.map(String).join(', ')} (case does not matter)`;
      case 'invalid_type':
        if (valueAt(args, issue.path) === undefined) return `${name} is required (${issue.expected})`;
        return `${name} must be ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}`;
      case 'too_small':
        return issue.origin === 'string'
          ? `${name} must not be empty`
          : `${name} must be at least ${String(issue.minimum)}`;
      case 'too_big':
        return issue.origin === 'string'
          ? `${name} is longer than ${String(issue.maximum)} characters`
          : `${name} must be at most ${String(issue.maximum)}`;
      default:
        return `${name}: ${issue.message}`;
    }
  });
}

/** The names of a strict object schema's arguments, for "this tool takes …". */
function argumentNamesOf(schema: ObjectSchema): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * How the tool reports an artefact it could not read: its isError answer carries the error's
 * message (which names the file and the cause, and nothing a caller sent); `report` gets the
 * error for one log line.
 */
export type ArtefactErrorReporter = (tool: string, error: ArtefactError) => void;

/** Validates arguments and runs the spec (run time). */
export function toolCaller(spec: ToolSpec, reportArtefactError: ArtefactErrorReporter): Tool['call'] {
  const argumentNames = argumentNamesOf(spec.input);
  const results = new WeakMap<ToolSuccess<unknown>, ToolResult>();
  return async (args, context) => {
    const parsed = spec.input.safeParse(args);
    if (!parsed.success) {
      const problems = describeIssues(parsed.error.issues, args, argumentNames);
      return errorResult(
        `Invalid arguments for ${spec.name}: ${problems.join('; ')}. Fix the arguments and call ${spec.name} again.`,
      );
    }
    let outcome: ToolSuccess<unknown> | ToolFailure;
    try {
      outcome = await spec.run(parsed.data, context);
    } catch (error) {
      if (!(error instanceof ArtefactError)) throw error;
      reportArtefactError(spec.name, error);
      return errorResult(
        `${spec.name} cannot answer right now: ${error.message} (a problem of this deployment, not of your request; the other tools may still work).`,
      );
    }
    if ('error' in outcome) return errorResult(outcome.error);
    let result = results.get(outcome);
    if (!result) {
      result = {
        content: [{ type: 'text', text: outcome.text }],
        structuredContent: outcome.structured as Record<string, unknown>,
      };
      results.set(outcome, result);
    }
    return result;
  };
}
