/** Annotations of the read tools: they return public content and change nothing. */
import type { ToolAnnotations } from './tool-descriptor.ts';

export const READ_ONLY_ANNOTATIONS: Omit<ToolAnnotations, 'title'> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
