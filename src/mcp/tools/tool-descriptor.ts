/**
 * The shape of a tool as `tools/list` advertises it; the discovery docs are generated from these.
 * Inferred from the head's schemas (src/artefacts/schema.ts), which the build writes them with.
 */
import type { toolAnnotationsSchema, toolDescriptorSchema } from '../../artefacts/schema.ts';
import type * as z from '../../zod.ts';

/** A JSON Schema, as a tool's inputSchema and outputSchema. */
export type JsonSchema = Record<string, unknown>;

export type ToolAnnotations = z.infer<typeof toolAnnotationsSchema>;

export type ToolDescriptor = z.infer<typeof toolDescriptorSchema>;
