/** The liveness body of GET /api/health (its schema is in body-schemas.ts). */
import type { Health } from './body-schemas.ts';

/** The health body at `now`. */
export function healthBody(service: string, now: Date): Health {
  return { status: 'ok', service, time: now.toISOString() };
}
