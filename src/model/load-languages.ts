/**
 * Reads the languages of `content/`: each language's translation file (strings.yaml), and for
 * every language other than the default its folder `content/<code>/` (translated company facts
 * and entries, laid out like content/ itself). Checks what an editor can get wrong: a language
 * folder company.yaml does not list, a translation without an original. A strings file need not
 * have every key: one written against an older template builds, each key it lacks falling back
 * to the default language's text (the template's English for the default language's own file)
 * and older forms read as the keys they became, with a warning per file
 * (src/model/strings-fallback.ts); a wrong value still stops the build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../schemas/collections.ts';
import type { Company } from '../schemas/company.ts';
import { companyTranslationSchema } from '../schemas/company-translation.ts';
import { stringsFile, type Strings } from '../schemas/strings.ts';
import { LANGUAGE_CODE, type LanguageList } from '../site/languages.ts';
export { languageListOf } from '../site/languages.ts';
import { ContentError } from '../markdown/mdx-to-markdown.ts';
import {
  fallbackKeys,
  readStringsFile,
  stringsWarning,
  TEMPLATE_STRINGS_FILE,
  type ReadStrings,
  type StringsFallback,
} from './strings-fallback.ts';
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

let templateStrings: unknown;

/** The template's English (src/schemas/strings/template.en.yaml), the last fallback of every key; read once. */
function templateEnglish(): unknown {
  if (templateStrings === undefined) {
    const file = fileURLToPath(new URL('../schemas/strings/template.en.yaml', import.meta.url));
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (cause) {
      throw new ContentError(`Cannot read ${TEMPLATE_STRINGS_FILE}: it comes with the template; restore it from git.`, {
        cause,
      });
    }
    templateStrings = parse(text) as unknown;
  }
  return templateStrings;
}

/**
 * One language's strings, read as src/model/strings-fallback.ts says: older forms brought to the
 * template's shape, missing keys from `reference` (the default language's file, already read)
 * or, for the default language's file, from the template's English. Throws naming each problem.
 */
export function readStrings(raw: unknown, file: string, reference?: { file: string; read: ReadStrings }): ReadStrings {
  const fallback: StringsFallback = reference
    ? {
        file: reference.file,
        values: reference.read.strings,
        fromTemplate: fallbackKeys(reference.read.notices),
      }
    : { file: TEMPLATE_STRINGS_FILE, values: templateEnglish() };
  return readStringsFile(raw, file, fallback);
}

/** One language's strings (readStrings without the notices). */
export function parseStrings(raw: unknown, file: string, reference?: { file: string; read: ReadStrings }): Strings {
  return readStrings(raw, file, reference).strings;
}

/** Every language's strings file: its path, the strings, and what reading it changed (fallbacks, older forms). */
export interface StringsFileRead extends ReadStrings {
  language: string;
  file: string;
}

/** Every language's strings, default language first, with their notices. */
export function readAllStrings(root: string, languages: LanguageList): StringsFileRead[] {
  const defaultFile = stringsFile(languages.default, languages.default);
  const defaultRaw = readYaml(
    root,
    defaultFile,
    'it holds every text the site shows (copy it from the project template and adapt it).',
  );
  const defaultRead = readStrings(defaultRaw, defaultFile);
  const files: StringsFileRead[] = [{ language: languages.default, file: defaultFile, ...defaultRead }];
  for (const code of languages.codes.slice(1)) {
    const file = stringsFile(code, languages.default);
    const raw = readYaml(root, file, `copy ${defaultFile} there and translate every value into "${code}".`);
    files.push({ language: code, file, ...readStrings(raw, file, { file: defaultFile, read: defaultRead }) });
  }
  return files;
}

/** The build's warnings about the strings files: one line for each file that fell back or used older forms. */
export function stringsWarnings(files: readonly StringsFileRead[]): string[] {
  return files.flatMap((read, index) => stringsWarning(read.file, read.notices, index === 0) ?? []);
}

/** Every language's strings, by code. */
export function loadStrings(root: string, languages: LanguageList): Record<string, Strings> {
  return Object.fromEntries(readAllStrings(root, languages).map((read) => [read.language, read.strings]));
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
