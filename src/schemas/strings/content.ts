/** Words the content's components show, on the HTML page and in its Markdown alike. */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const contentStrings = z.strictObject({
  /** The label of `<Callout type="note">`. */
  note: phrase([], 40),
  /** The label of `<Callout type="tip">`. */
  tip: phrase([], 40),
  /** The label of `<Callout type="warning">`. */
  warning: phrase([], 40),
  /** What `<LeadRetention />` states, e.g. "180 days" (leads.retentionDays is at least 7); plural forms by {days}. */
  retentionPeriod: pluralPhrase(['days'], 60),
});
