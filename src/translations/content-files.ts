/**
 * Reads what the translation status is made from (src/translations/status.ts): every entry of
 * every language, its frontmatter as YAML gives it (not checked against a schema: the digest
 * covers what the file says, as the CMS sees it) and its body. A translation without an original
 * is read like any other, so the status can name it instead of stopping.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCompany } from '../model/company.ts';
import { readContentFile } from '../model/load-sources.ts';
import { ContentError } from '../model/model.ts';
import { COLLECTION_NAMES, COLLECTIONS } from '../schemas/collections.ts';
import { languageListOf } from '../site/languages.ts';
import { originalPathOf, type ContentFile, type ContentFiles } from './status.ts';

/** The `.mdx` files of `content/<folder>/`, sorted, as paths from the project. */
function entryPaths(root: string, folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, 'content', folder));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => `content/${folder}/${name}`);
}

/** One content file, read and cut into its frontmatter and body (`file` is a path from the project). */
function readEntry(root: string, file: string): ContentFile {
  const { raw, body } = readContentFile(readFileSync(path.join(root, file), 'utf8'), file);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ContentError(`${file}: the frontmatter is not a list of fields (\`name: value\` lines).`);
  return { path: file, data: raw as Record<string, unknown>, body };
}

/** Every language's entries under `root`, by company.yaml's languages. */
export function readContentFiles(root: string): ContentFiles {
  const languages = languageListOf(loadCompany(root));
  const read = (prefix: string) =>
    COLLECTION_NAMES.flatMap((name) => entryPaths(root, `${prefix}${COLLECTIONS[name].folder}`)).map((file) =>
      readEntry(root, file),
    );
  const others = languages.codes.slice(1);
  return {
    defaultLanguage: languages.default,
    languages: others,
    originals: read(''),
    translations: Object.fromEntries(others.map((code) => [code, read(`${code}/`)])),
  };
}

/**
 * What a path from the project names, for `mark`: a translation (`content/<code>/<folder>/<slug>.mdx`
 * of a language and a collection of the site) with its language and original, or why not.
 */
export function translationFile(
  file: string,
  languages: readonly string[],
): { language: string; original: string } | { problem: string } {
  const match = /^content\/([^/]+)\/([^/]+)\/[^/]+\.mdx$/.exec(file);
  const folders: readonly string[] = COLLECTION_NAMES.map((name) => COLLECTIONS[name].folder);
  if (!match || !folders.includes(match[2]!)) {
    const original = /^content\/([^/]+)\/[^/]+\.mdx$/.exec(file);
    return {
      problem:
        original && folders.includes(original[1]!)
          ? 'this is an original (the default language); mark its translations, e.g. ' +
            `${file.replace(/^content\//, `content/${languages[0] ?? '<code>'}/`)}`
          : `not a translation: translations are content/<code>/<${folders.join('|')}>/<slug>.mdx`,
    };
  }
  const language = match[1]!;
  if (!languages.includes(language))
    return {
      problem: languages.length
        ? `"${language}" is not one of the site's other languages (${languages.join(', ')}) in content/company.yaml`
        : 'content/company.yaml lists no language besides the default one',
    };
  return { language, original: originalPathOf(file, language) };
}
