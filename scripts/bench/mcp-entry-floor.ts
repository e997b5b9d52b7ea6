/**
 * Cold-start entry of the floor for `npm run bench:mcp`: shaped like the Netlify function
 * (functions/api.mts): the build's catalog imported as JSON (so it is bundled in), the Blobs
 * lead store, a default export taking (Request, Context). The handler is the no-validation
 * floor (see mcp-floor.ts).
 */
import catalogJson from '../../.generated/agent-catalog.json' with { type: 'json' };
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import type { Catalog } from '../../src/mcp/catalog.ts';
import { createFloorHandler } from './mcp-floor.ts';

const handle = createFloorHandler(catalogJson as unknown as Catalog, createBlobsLeadStore());

export default (request: Request, _context: { ip: string }) => handle(request);
