/**
 * Type-only stand-in for https://edge.netlify.com/bootstrap/globals/types.ts, which netlify-cli's
 * edge-function config extractor imports for a type. Offline (this machine kind, CI) that URL
 * cannot be fetched; the import map in functions/edge/import_map.json points it here. The import
 * is type-only, so a real deploy behaves exactly the same with or without this mapping.
 */
export type NetlifyGlobal = Record<string, unknown>;
