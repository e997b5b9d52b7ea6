/**
 * The id of a content file in Astro's content collections (src/content.config.ts), from its path:
 * the file name for the default language (`services/cloud-migration.mdx` -> `cloud-migration`),
 * `<code>/<file name>` for a translation (`nl/services/cloud-migration.mdx` ->
 * `nl/cloud-migration`). One rule for the loader that names entries and for `renderEntry`
 * (src/model/collections.ts), which finds a model entry's source by its file.
 */

/** `path` is relative to content/ (`nl/services/x.mdx`) or to the project (`content/nl/services/x.mdx`). */
export function contentEntryId(path: string, folder: string): string {
  const relative = path.replace(/^content\//, '').replace(/\.mdx$/, '');
  const language = relative.startsWith(`${folder}/`) ? '' : relative.slice(0, relative.indexOf('/') + 1);
  return `${language}${relative.slice(relative.lastIndexOf('/') + 1)}`;
}
