/**
 * The lead path as the API function loads it on its first lead request (a contact form post, or
 * tools/call start_conversation), never before: bundled by the build apart from the function's
 * entry into .generated/lazy/lead-path.mjs (src/build/lazy-modules.ts), with everything it
 * imports (zod/mini, the Blobs client), and shipped beside the entry (netlify.toml
 * `included_files`). What it holds and what may cross between it and the entry:
 * src/http/lead-path.ts.
 */
export { createContactHandler } from '../http/contact.ts';
export { startConversationTool } from '../mcp/tools/start-conversation.ts';
/**
 * The Netlify lead pipeline (Blobs store and limits, the team notification). functions/api.mts
 * takes it from here rather than from its own bundle, so the store, the limits and the errors
 * they throw are the same copy the contact handler and start_conversation test them against.
 */
export { netlifyLeadPipeline } from '../notify/netlify-pipeline.ts';
