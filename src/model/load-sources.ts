/**
 * Reads the content folder into validated sources for the site model: frontmatter parsed as
 * YAML and checked against the collection's schema, body kept as MDX. Plain Node, so the Astro
 * build, the tests, the benchmarks and the operator scripts build the model the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../schemas/collections.ts';
import { COMPANY_FILE, parseCompany } from './company.ts';
import { languageListOf, loadTranslations, readAllStrings, stringsWarnings } from './load-languages.ts';
import { readLogo } from './logo.ts';
import { ContentError, type SiteSources, type SourceEntry } from './model.ts';
import type { ImageAsset } from '../site/images.ts';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A content file cut in three: the frontmatter's YAML text, where that text starts, and the body after it. */
export interface ContentFileParts {
  yaml: string;
  /** The offset of `yaml` in the file: right after the opening `---` line. */
  yamlStart: number;
  body: string;
}

/** Cuts a content file at its frontmatter, or throws the editor's fix when it has none. */
export function splitContentFile(source: string, file: string): ContentFileParts {
  const match = FRONTMATTER.exec(source);
  if (!match) {
    throw new ContentError(
      `${file}: no frontmatter. Start the file with a block between two \`---\` lines holding its fields (see docs/content.md).`,
    );
  }
  return { yaml: match[1] ?? '', yamlStart: source.indexOf('\n') + 1, body: source.slice(match[0].length) };
}

/** The frontmatter of a content file as YAML gives it (not checked against a schema), and its body. */
export function readContentFile(source: string, file: string): { raw: unknown; body: string } {
  const { yaml, body } = splitContentFile(source, file);
  try {
    return { raw: parse(yaml) ?? {}, body };
  } catch (cause) {
    throw new ContentError(
      `${file}: the frontmatter is not valid YAML: ${(cause as Error).message.split('\n')[0]}. Quote values that contain a colon.`,
      { cause },
    );
  }
}

/** Splits a content file into its frontmatter data and MDX body. */
export function parseContentFile<S extends z.ZodType>(
  source: string,
  file: string,
  schema: S,
): { data: z.output<S>; body: string } {
  const { raw, body } = readContentFile(source, file);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || '(frontmatter)'}: ${issue.message}`,
    );
    throw new ContentError(`${file}: the frontmatter does not match the schema:\n${problems.join('\n')}`, {
      cause: result.error,
    });
  }
  return { data: result.data, body };
}

function readCollection<S extends z.ZodType>(root: string, folder: string, schema: S): SourceEntry<z.output<S>>[] {
  const dir = path.join(root, 'content', folder);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => {
      const file = `content/${folder}/${name}`;
      const { data, body } = parseContentFile(readFileSync(path.join(dir, name), 'utf8'), file, schema);
      return { slug: name.slice(0, -'.mdx'.length), file, data, body };
    });
}

/** Every file under `public/`, as site paths, so content may link to them. */
export function publicPaths(root: string): string[] {
  const walk = (dir: string, prefix: string): string[] => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
    );
  };
  return walk(path.join(root, 'public'), '');
}

/**
 * An original (the default language's entry) with a `translation` record: the record says when a
 * translation was last brought up to date with its original, so in an original it means nothing,
 * and is most likely a translation copied over its original. Refused rather than ignored, so the
 * mistake is seen where it was made.
 */
function refuseTranslationRecords(collections: {
  [C in CollectionName]: readonly { file: string; data: { translation?: unknown } }[];
}): void {
  for (const name of COLLECTION_NAMES)
    for (const entry of collections[name])
      if (entry.data.translation !== undefined)
        throw new ContentError(
          `${entry.file}: \`translation\` belongs in a translation (content/<code>/${COLLECTIONS[name].folder}/), ` +
            'where `npm run content -- mark` writes it; this file is the original. Remove the `translation` block ' +
            '(if this text is a translation copied over its original, put the original back).',
        );
}

/**
 * Loads company facts, the logo and every collection under `root` (the project folder by default).
 * Image files are read when the model names them, from `root`; `knownImages` are assets of them
 * already read in the same build (the artefact worker passes the page build's).
 */
export function loadSources(root = process.cwd(), knownImages?: readonly ImageAsset[]): SiteSources {
  let companySource: string;
  try {
    companySource = readFileSync(path.join(root, COMPANY_FILE), 'utf8');
  } catch (cause) {
    throw new ContentError(`Cannot read ${COMPANY_FILE}: create it with the company's facts (see docs/content.md).`, {
      cause,
    });
  }
  const company = parseCompany(companySource);
  const collections = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, readCollection(root, COLLECTIONS[name].folder, COLLECTIONS[name].schema)]),
  ) as { [C in CollectionName]: SiteSources[C] };
  refuseTranslationRecords(collections);
  const languages = languageListOf(company);
  const strings = readAllStrings(root, languages);
  return {
    company,
    ...collections,
    strings: Object.fromEntries(strings.map((read) => [read.language, read.strings])),
    warnings: stringsWarnings(strings),
    translations: loadTranslations(root, company, languages, collections, readCollection),
    logo: readLogo(root),
    staticPaths: publicPaths(root),
    images: { root, ...(knownImages ? { known: knownImages } : {}) },
  };
}
