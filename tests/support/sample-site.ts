/** The sample site's model, built from the project's own content/ as the build builds it (once per test file). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSources } from '../../src/site/load-sources.ts';
import { buildSiteModel, type SiteModel } from '../../src/site/model.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let cached: SiteModel | undefined;

export function sampleModel(): SiteModel {
  cached ??= buildSiteModel(loadSources(ROOT));
  return cached;
}
