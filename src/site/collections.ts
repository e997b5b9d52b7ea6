/**
 * The Astro side of the site model: the model for the page templates (built from the content
 * folder by the same loader the tests and scripts use) and renders an entry's MDX to HTML through Astro's
 * content collections for the page templates.
 */
import { getEntry, render, type CollectionKey } from 'astro:content';
import { handedOverModel } from './hand-over.ts';
import { loadSources } from './load-sources.ts';
import { buildSiteModel, type AnyEntry, type SiteModel } from './model.ts';

const COLLECTION_OF: Record<AnyEntry['kind'], CollectionKey> = {
  service: 'services',
  'case-study': 'caseStudies',
  insight: 'insights',
  page: 'pages',
};

let cached: SiteModel | undefined;

/**
 * The site model: in a build, the one the build hook made (src/integrations/site-files.ts);
 * in `astro dev`, afresh on every request so edits show at once.
 */
export function getSiteModel(): SiteModel {
  if (import.meta.env.DEV) return buildSiteModel(loadSources());
  cached ??= handedOverModel() ?? buildSiteModel(loadSources());
  return cached;
}

/** Renders a published entry's MDX body to an Astro component for the page template. */
export async function renderEntry(entry: AnyEntry) {
  const source = await getEntry(COLLECTION_OF[entry.kind], entry.slug);
  if (!source) throw new Error(`Content entry ${entry.file} disappeared during the build.`);
  return render(source);
}
