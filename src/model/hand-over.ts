/**
 * Hands the site model built by the build hook to the page templates rendered in the same
 * process, so a build makes the model once. Astro bundles the templates separately from the
 * integration, so a module variable would not be shared; a process-wide symbol is. When nothing
 * was handed over (a render in another process), the templates build the model themselves.
 */
import type { SiteModel } from './model.ts';

const KEY = Symbol.for('agent-ready-site/site-model');

export function handOverModel(model: SiteModel | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = model;
}

export function handedOverModel(): SiteModel | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as SiteModel | undefined;
}
