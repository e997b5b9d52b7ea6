/**
 * The pages' WebMCP entry, loaded by src/layouts/BaseLayout.astro as an external module script
 * (deferred like every module script, so it never holds up rendering; astro.config.mjs keeps
 * Astro from inlining it, which a strict Content-Security-Policy would block). It registers the
 * site's read tools (site-tools.ts) with WebMCP: through `document.modelContext` (the current
 * draft) where the browser has it, else through `navigator.modelContext` (the earlier draft, which
 * browsers and agent runtimes built on it still expose). In a browser with neither it does nothing
 * at all: no request, no error, no change to the page.
 */
import { offerSiteTools } from './site-tools.ts';

const modelContext = document.modelContext ?? navigator.modelContext;
if (modelContext) {
  offerSiteTools(modelContext).catch((error: unknown) =>
    console.warn('WebMCP: the site tools were not registered.', error),
  );
}
