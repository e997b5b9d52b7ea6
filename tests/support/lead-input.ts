/** A valid lead as an agent or the form sends it, and the tests' clock around it. */
import { leadInputSchema } from '../../src/leads/schema.ts';

export const LEAD_INPUT = leadInputSchema.parse({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need help with a data platform for our shops.',
});
export const NOW = new Date('2026-11-20T10:00:00.000Z');
export const later = (ms: number) => new Date(NOW.getTime() + ms);
