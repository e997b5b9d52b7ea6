/** The liveness body of GET /api/health. */
import * as z from '../zod.ts';

export const healthSchema = z.object({
  /** Always `ok` when the function answers. */
  status: z.literal('ok'),
  /** The service's name. */
  service: z.optional(z.string()),
  /** The server's clock (ISO date-time). */
  time: z.optional(z.iso.datetime()),
});

export type Health = z.infer<typeof healthSchema>;

/** The health body at `now`. */
export function healthBody(service: string, now: Date): Health {
  return { status: 'ok', service, time: now.toISOString() };
}
