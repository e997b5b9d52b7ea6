/**
 * The Astro side of the site model: the model for the page templates (built from the content
 * folder by the same loader the tests and scripts use) and renders an entry's MDX to HTML through Astro's
 * content collections for the page templates.
 */
import { getEntry, render } from 'astro:content';
import { collectionOfKind, COLLECTIONS } from '../schemas/collections.ts';
import { contentEntryId } from './content-ids.ts';
import { handedOverModel } from './hand-over.ts';
import { loadSources } from './load-sources.ts';
import { buildSiteModel, modelOfLanguage, type AnyEntry, type SiteModel } from './model.ts';
import { languageOfPath } from '../site/languages.ts';

/**
 * The site model: in a build, the one the build hook made (src/integrations/site-files.ts),
 * handed over once; in `astro dev`, where nothing is handed over, afresh on every call so edits
 * show at once. Decided by the hand-over, not by import.meta.env.DEV: netlify serve (npm start)
 * builds with NODE_ENV=development, which makes DEV true in a build, and a model rebuilt for
 * every page took a build of a few thousand entries from a minute to hours.
 */
export function getSiteModel(): SiteModel {
  return handedOverModel() ?? buildSiteModel(loadSources());
}

/** The model of each render, by its `Astro.url` (one URL object per render, shared by its components). */
const modelOfRender = new WeakMap<URL, SiteModel>();

/**
 * The model of the language the page at `url` is in (`/nl/...` -> Dutch), for templates and
 * components. Made once per render: in `astro dev` every getSiteModel() builds the model afresh
 * (~80 ms for the sample), and a page's components ask for it a few dozen times.
 */
export function pageModel(url: URL): SiteModel {
  let model = modelOfRender.get(url);
  if (!model) {
    const site = getSiteModel();
    model = modelOfLanguage(site, languageOfPath(site.languages, url.pathname));
    modelOfRender.set(url, model);
  }
  return model;
}

/**
 * Renders a published entry's MDX body, in its own language, to an Astro component for the page
 * template: the collection entry is found by the model entry's file (content/nl/services/x.mdx
 * has the id `nl/x`, src/model/content-ids.ts).
 */
export async function renderEntry(entry: AnyEntry) {
  const collection = collectionOfKind(entry.kind);
  const source = await getEntry(collection, contentEntryId(entry.file, COLLECTIONS[collection].folder));
  if (!source)
    throw new Error(
      handedOverModel()
        ? `Content entry ${entry.file} disappeared during the build.`
        : // `astro dev` (npm run dev): the model reads the file at once, Astro's content layer
          // stores a new file about half a second after it is saved and then reloads the page.
          `Content entry ${entry.file} is not loaded yet: a new file is added within about a second of being saved, and the page then reloads by itself. If it is not, the terminal says why the file could not be loaded.`,
    );
  return render(source);
}
