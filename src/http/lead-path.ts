/**
 * The lead path: the code only a lead request runs (a contact form post, or tools/call
 * start_conversation): the contact endpoint and its HTML, start_conversation, and through them
 * the intake, validation, limits, duplicate suppression and the language of the answers. The API
 * function does not bundle it into its entry: the build bundles it apart
 * (src/lazy/lead-path.ts -> .generated/lazy/lead-path.mjs, src/build/lazy-modules.ts) and the
 * function hands `createApiHandler` a loader that imports that file on the first lead request
 * (docs/architecture.md, "What ships"). In-process callers (tests, benchmarks) import its source.
 *
 * In the function the lead path is a second copy of every module it shares with the entry (zod,
 * log.ts, once.ts…), so only plain values and functions cross between the two: requests and
 * responses (the platform's own classes), options and callbacks, the head's JSON, tool specs
 * whose methods the entry calls. Nothing on either side may test an `instanceof` of a class the
 * other side made, and the lead pipeline it files into (its store, its limits and their error
 * classes) must come from the lead path's own copy too: functions/api.mts takes the Netlify
 * pipeline from the same lazy module.
 */
import type { LeadTools } from '../mcp/tools/dependencies.ts';
import type { ContactHandler, ContactHandlerOptions } from './contact.ts';

export interface LeadPath extends LeadTools {
  /** POST /api/contact's handler (src/http/contact.ts). */
  createContactHandler: (options: ContactHandlerOptions) => ContactHandler;
}
