/**
 * Reads the languages of `content/`: each language's translation file (strings.yaml), and for
 * every language other than the default its folder `content/<code>/` (translated company facts
 * and entries, laid out like content/ itself). Checks what an editor can get wrong: a language
 * folder company.yaml does not list, a strings file with a missing or unknown key, a translation
 * without an original.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../schemas/collections.ts';
import type { Company } from '../schemas/company.ts';
import { companyTranslationSchema } from '../schemas/company-translation.ts';
import { stringsFile, stringsSchema, type Strings } from '../schemas/strings.ts';
import { LANGUAGE_CODE, type LanguageList } from '../site/languages.ts';
export { languageListOf } from '../site/languages.ts';
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import type { SourceEntry, TranslationSources } from './types.ts';

function readYaml(root: string, file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch (cause) {
    throw new ContentError(`Cannot read ${file}: ${what}`, { cause });
  }
  try {
    return parse(text) ?? {};
  } catch (cause) {
    throw new ContentError(`${file} is not valid YAML: ${(cause as Error).message.split('\n')[0]}`, { cause });
  }
}

/** `value` at a dotted path of a parsed YAML object, for quoting the default language's text. */
function at(value: unknown, keys: readonly PropertyKey[]): unknown {
  return keys.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

/** The default language's text of a key, to quote: a text, or a count string's forms (`one: "…", other: "…"`). */
function quoted(value: unknown): string | undefined {
  if (typeof value === 'string') return `"${value}"`;
  if (!value || typeof value !== 'object') return undefined;
  const forms = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return forms.length ? forms.map(([form, text]) => `${form}: "${text}"`).join(', ') : undefined;
}

/** Parses one language's strings, naming each missing, unknown or wrong key with what to write. */
export function parseStrings(raw: unknown, file: string, reference?: { file: string; raw: unknown }): Strings {
  const result = stringsSchema.safeParse(raw);
  if (result.success) return result.data;
  // A count string's missing forms are named once, with all the forms its language needs
  // (src/schemas/strings.ts), rather than again for its `other` alone.
  const formsNamed = new Set(
    result.error.issues.filter((issue) => issue.code === 'custom').map((issue) => issue.path.join('.')),
  );
  const problems = result.error.issues.flatMap((issue) => {
    const missingOther = issue.code === 'invalid_type' && issue.path.at(-1) === 'other';
    if (missingOther && formsNamed.has(issue.path.slice(0, -1).join('.'))) return [];
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map(
        (key) =>
          `  - ${[...issue.path, key].join('.')}: unknown key; remove it or check its spelling (src/schemas/strings/)`,
      );
    const key = issue.path.join('.');
    const missing = issue.code === 'invalid_type' && at(raw, issue.path) === undefined;
    if (missing) {
      const original = reference ? quoted(at(reference.raw, issue.path)) : undefined;
      return [`  - ${key}: missing; add it${original ? ` (${reference!.file} has ${original})` : ''}`];
    }
    return [`  - ${key}: ${issue.message}`];
  });
  throw new ContentError(`${file} does not match the translation keys:\n${problems.join('\n')}`, {
    cause: result.error,
  });
}

/** Every language's strings, by code. */
export function loadStrings(root: string, languages: LanguageList): Record<string, Strings> {
  const defaultFile = stringsFile(languages.default, languages.default);
  const defaultRaw = readYaml(
    root,
    defaultFile,
    'it holds every text the site shows (copy it from the project template and adapt it).',
  );
  const strings: Record<string, Strings> = { [languages.default]: parseStrings(defaultRaw, defaultFile) };
  for (const code of languages.codes.slice(1)) {
    const file = stringsFile(code, languages.default);
    const raw = readYaml(root, file, `copy ${defaultFile} there and translate every value into "${code}".`);
    strings[code] = parseStrings(raw, file, { file: defaultFile, raw: defaultRaw });
  }
  return strings;
}

type ReadCollection = <S extends z.ZodType>(root: string, folder: string, schema: S) => SourceEntry<z.output<S>>[];

/**
 * The folders of content/ that are languages (anything that is not a collection and looks like
 * a language code), checked against company.yaml's `languages`.
 */
function languageFolders(root: string, languages: LanguageList): string[] {
  const collectionFolders = new Set<string>(COLLECTION_NAMES.map((name) => COLLECTIONS[name].folder));
  let names: string[];
  try {
    names = readdirSync(path.join(root, 'content'));
  } catch {
    return [];
  }
  const folders = names.filter(
    (name) =>
      !collectionFolders.has(name) &&
      LANGUAGE_CODE.test(name) &&
      statSync(path.join(root, 'content', name)).isDirectory(),
  );
  for (const folder of folders) {
    if (folder === languages.default)
      throw new ContentError(
        `content/${folder}/ is the default language's folder, but the default language lives in content/ itself. ` +
          `Move its files up into content/, or set another \`defaultLanguage\` in content/company.yaml.`,
      );
    if (!languages.codes.includes(folder))
      throw new ContentError(
        `content/${folder}/ looks like a language folder, but content/company.yaml does not list "${folder}" under \`languages\`. ` +
          `Add it (e.g. \`languages: [${[...languages.codes, folder].join(', ')}]\`) or remove the folder.`,
      );
  }
  return folders;
}

/** Each other language's translated company facts and entries, checked against the originals. */
export function loadTranslations(
  root: string,
  company: Company,
  languages: LanguageList,
  originals: { [C in CollectionName]: readonly { slug: string }[] },
  readCollection: ReadCollection,
): Record<string, TranslationSources> {
  languageFolders(root, languages);
  const translations: Record<string, TranslationSources> = {};
  for (const code of languages.codes.slice(1)) {
    const companyFile = `content/${code}/company.yaml`;
    let companyTranslation;
    if (existsSync(path.join(root, companyFile))) {
      const result = companyTranslationSchema.safeParse(readYaml(root, companyFile, ''));
      if (!result.success) {
        const problems = result.error.issues.map(
          (issue) =>
            `  - ${issue.path.join('.') || '(file)'}: ${issue.code === 'unrecognized_keys' ? `${issue.message}; only texts in a language belong here (src/schemas/company-translation.ts)` : issue.message}`,
        );
        throw new ContentError(`${companyFile} has invalid translated facts:\n${problems.join('\n')}`, {
          cause: result.error,
        });
      }
      companyTranslation = result.data;
      if (companyTranslation.offices && companyTranslation.offices.length !== company.offices.length)
        throw new ContentError(
          `${companyFile}: \`offices\` lists ${companyTranslation.offices.length} offices, content/company.yaml ${company.offices.length}. ` +
            'Translate the same offices in the same order.',
        );
    }
    const collections = {} as { [C in CollectionName]: TranslationSources[C] };
    for (const name of COLLECTION_NAMES) {
      const folder = `${code}/${COLLECTIONS[name].folder}`;
      const entries = readCollection(root, folder, COLLECTIONS[name].schema);
      const known = new Set(originals[name].map((entry) => entry.slug));
      for (const entry of entries)
        if (!known.has(entry.slug))
          throw new ContentError(
            `${entry.file} translates content/${COLLECTIONS[name].folder}/${entry.slug}.mdx, which does not exist. ` +
              'A translation has the same file name as its original: rename it, or write the original first.',
          );
      (collections as Record<string, unknown>)[name] = entries;
    }
    translations[code] = { ...(companyTranslation ? { company: companyTranslation } : {}), ...collections };
  }
  return translations;
}
