/**
 * Cold-start entry of the reference server for `npm run bench:mcp`: shaped like the Netlify
 * function (functions/api.mts): the build's catalog imported as JSON (so it is bundled in), the
 * Blobs lead store, a default export taking (Request, Context). Only the protocol layer differs:
 * the SDK's McpServer + web-standard transport (see mcp-reference.ts).
 */
import catalogJson from '../../.generated/agent-catalog.json' with { type: 'json' };
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import type { Catalog } from '../../src/mcp/catalog.ts';
import { createReferenceHandler } from './mcp-reference.ts';

const handle = createReferenceHandler(catalogJson as unknown as Catalog, createBlobsLeadStore());

export default (request: Request, _context: { ip: string }) => handle(request);
