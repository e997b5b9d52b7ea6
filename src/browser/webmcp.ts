/**
 * The pages' WebMCP entry, loaded by src/layouts/BaseLayout.astro as an external module script
 * (deferred like every module script, so it never holds up rendering; astro.config.mjs keeps
 * Astro from inlining it, which a strict Content-Security-Policy would block). In a browser
 * without `document.modelContext` it does nothing at all: no request, no error, no change to the
 * page. With it, it registers the site's read tools (site-tools.ts).
 */
import { offerSiteTools } from './site-tools.ts';

const modelContext = document.modelContext;
if (modelContext) {
  offerSiteTools(modelContext).catch((error: unknown) =>
    console.warn('WebMCP: the site tools were not registered.', error),
  );
}
