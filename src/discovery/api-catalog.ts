/**
 * /.well-known/api-catalog (RFC 9727): a linkset (RFC 9264) with one context per host of the
 * MCP endpoint, each linking the machine-readable description (service-desc), the developer
 * documentation (service-doc), the liveness check (status) and the server card beside the
 * endpoint (service-meta: metadata about the service for machines), the relations of RFC 8631.
 * Served as `application/linkset+json` with the RFC 9727 profile.
 */
import type { Company } from '../schemas/company.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import { DISCOVERY_FILES, mediaTypeOf } from './discovery-files.ts';

export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}

export interface LinksetContext {
  anchor: string;
  'service-desc': LinkTarget[];
  'service-doc': LinkTarget[];
  'service-meta': LinkTarget[];
  status: LinkTarget[];
}

export function apiCatalog(company: Company): { linkset: LinksetContext[] } {
  // Both hosts serve the same deployment; each context links documents on its own host.
  const context = (origin: string): LinksetContext => ({
    anchor: absoluteUrl(origin, ROUTES.mcp),
    'service-desc': [
      {
        href: absoluteUrl(origin, DISCOVERY_FILES.openapi.path),
        type: mediaTypeOf(DISCOVERY_FILES.openapi.contentType),
        title: DISCOVERY_FILES.openapi.title,
      },
    ],
    'service-doc': [
      {
        href: absoluteUrl(origin, DISCOVERY_FILES.mcpDocs.path),
        type: mediaTypeOf(DISCOVERY_FILES.mcpDocs.contentType),
        title: DISCOVERY_FILES.mcpDocs.title,
      },
    ],
    'service-meta': [
      {
        href: absoluteUrl(origin, ROUTES.mcpServerCard),
        type: DISCOVERY_FILES.serverCard.contentType,
        title: DISCOVERY_FILES.serverCard.title,
      },
    ],
    status: [{ href: absoluteUrl(origin, ROUTES.health), type: 'application/json', title: 'Liveness' }],
  });
  return { linkset: [context(company.baseUrl), context(company.agentUrl)] };
}
