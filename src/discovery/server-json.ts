/**
 * /.well-known/mcp/server.json: the server's entry for the MCP Registry (the official directory MCP
 * clients and marketplaces read), in the registry's server.json format (schema 2025-12-11): the
 * same name, version, title, description and endpoints as the server card (server-card.ts,
 * `serverIdentity`), the company's site as `websiteUrl` and its icons (the favicon, and the PNGs of src/site/icons.ts). Published with the
 * registry's `mcp-publisher` after DNS authentication on the company's domain (docs/deploy.md);
 * served beside the card so the file published is the file deployed, and `npm run audit` can hold
 * the two together.
 */
import type { Company } from '../schemas/company.ts';
import { ICONS, sizesOf } from '../site/icons.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import { serverIdentity } from './server-card.ts';

/** The server.json schema the registry validates against. */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

export function serverJson(company: Company) {
  const { endpoints, ...identity } = serverIdentity(company);
  return {
    $schema: SERVER_JSON_SCHEMA,
    ...identity,
    // The SVG, and PNGs: MCP clients that show icons must read PNG, and only should read SVG.
    icons: [
      { src: absoluteUrl(company.baseUrl, ROUTES.favicon), mimeType: 'image/svg+xml', sizes: ['any'] },
      ...[ICONS.small, ICONS.large].map((icon) => ({
        src: absoluteUrl(company.baseUrl, icon.path),
        mimeType: 'image/png',
        sizes: [sizesOf(icon)],
      })),
    ],
    remotes: endpoints.map((url) => ({ type: 'streamable-http' as const, url })),
  };
}
