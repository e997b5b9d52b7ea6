/**
 * The state of every translation, from the content files alone (no git history, so a shallow
 * clone on the build host knows it as well as an editor's checkout): for each language other
 * than the default, which published originals have no translation (missing), which translations
 * were brought up to date with an original that has changed since (stale: the translation's
 * `translation.source` is not its original's digest now, or it has no record) and which are
 * current; and which translations have no published original (orphans). Pure: the files are
 * read by the caller (src/translations/content-files.ts).
 */
import { entryDigest } from './digest.ts';

/** One content file as read: its path from the project (`content/nl/services/x.mdx`), frontmatter as YAML gives it, body. */
export interface ContentFile {
  path: string;
  data: Readonly<Record<string, unknown>>;
  body: string;
}

/** The content files a status is made from. */
export interface ContentFiles {
  /** The default language, e.g. `en`. */
  defaultLanguage: string;
  /** Every other language, in company.yaml's order. */
  languages: readonly string[];
  /** The default language's entries: `content/<folder>/<slug>.mdx`, drafts included. */
  originals: readonly ContentFile[];
  /** Each other language's entries, `content/<code>/<folder>/<slug>.mdx`, by code, drafts included. */
  translations: Readonly<Record<string, readonly ContentFile[]>>;
}

/** One language's translations. Every list holds originals' paths (`content/services/x.mdx`), sorted. */
export interface LanguageState {
  /** Published originals without a published translation in this language. */
  missing: string[];
  /** Originals whose translation was brought up to date with another version of them, or never marked. */
  stale: string[];
  /** Originals whose translation was brought up to date with them as they are now. */
  current: string[];
  /** Of `stale`: the translations that carry no record at all (never marked). */
  unmarked: string[];
  /** Of `missing`: the originals whose translation exists but is a draft. */
  drafts: string[];
}

/**
 * A translation without a published original: its original does not exist (the build stops on
 * it), or is a draft while the translation is not (the translation is not published until its
 * original is).
 */
export interface Orphan {
  /** The translation, e.g. `content/nl/services/x.mdx`. */
  path: string;
  language: string;
  /** The original it would translate. */
  original: string;
  /** Whether that original is not there at all or is a draft. */
  reason: 'absent' | 'draft';
}

export interface TranslationStatus {
  defaultLanguage: string;
  /** By language code, in company.yaml's order. */
  languages: Record<string, LanguageState>;
  /** Sorted by path. */
  orphans: Orphan[];
}

/** The translation of `original` in `language`: `content/services/x.mdx` -> `content/nl/services/x.mdx`. */
export function translationPathOf(original: string, language: string): string {
  return original.replace(/^content\//, `content/${language}/`);
}

/** The original of a translation in `language`: `content/nl/services/x.mdx` -> `content/services/x.mdx`. */
export function originalPathOf(translation: string, language: string): string {
  return translation.replace(`content/${language}/`, 'content/');
}

const isDraft = (file: ContentFile) => file.data.draft === true;

/** The `source` digest of a translation's record, if it has a well-formed one. */
export function recordedSource(file: ContentFile): string | undefined {
  const record = file.data.translation;
  if (record === null || typeof record !== 'object') return undefined;
  const source = (record as Record<string, unknown>).source;
  return typeof source === 'string' ? source : undefined;
}

/** Every language's missing, stale and current translations, and the orphans. */
export async function translationStatus(files: ContentFiles): Promise<TranslationStatus> {
  const originals = new Map(files.originals.map((file) => [file.path, file]));
  const published = files.originals.filter((file) => !isDraft(file));
  const digests = new Map(
    await Promise.all(published.map(async (file) => [file.path, await entryDigest(file.data, file.body)] as const)),
  );
  const languages: Record<string, LanguageState> = {};
  const orphans: Orphan[] = [];
  for (const language of files.languages) {
    const translations = new Map((files.translations[language] ?? []).map((file) => [file.path, file]));
    const state: LanguageState = { missing: [], stale: [], current: [], unmarked: [], drafts: [] };
    for (const original of published) {
      const translation = translations.get(translationPathOf(original.path, language));
      if (!translation || isDraft(translation)) {
        state.missing.push(original.path);
        if (translation) state.drafts.push(original.path);
        continue;
      }
      const source = recordedSource(translation);
      if (source === digests.get(original.path)) state.current.push(original.path);
      else {
        state.stale.push(original.path);
        if (source === undefined) state.unmarked.push(original.path);
      }
    }
    for (const translation of translations.values()) {
      const originalPath = originalPathOf(translation.path, language);
      const original = originals.get(originalPath);
      // A draft translation of a draft original publishes nothing either: they agree.
      if (!original || (isDraft(original) && !isDraft(translation)))
        orphans.push({
          path: translation.path,
          language,
          original: originalPath,
          reason: original ? 'draft' : 'absent',
        });
    }
    for (const list of [state.missing, state.stale, state.current, state.unmarked, state.drafts]) list.sort();
    languages[language] = state;
  }
  orphans.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { defaultLanguage: files.defaultLanguage, languages, orphans };
}

/**
 * What `npm run content -- status --json` prints: per language the originals' paths that are
 * missing, stale and current, and beside the languages the orphans' own paths.
 */
export function statusJson(status: TranslationStatus): {
  languages: Record<string, { missing: string[]; stale: string[]; current: string[] }>;
  orphans: string[];
} {
  return {
    languages: Object.fromEntries(
      Object.entries(status.languages).map(([code, { missing, stale, current }]) => [
        code,
        { missing, stale, current },
      ]),
    ),
    orphans: status.orphans.map((orphan) => orphan.path),
  };
}

/** The build's one line: `translations: nl 14 current, 1 stale, 3 missing · pt …`; undefined on a one-language site. */
export function statusSummary(status: TranslationStatus): string | undefined {
  const parts = Object.entries(status.languages).map(
    ([code, state]) =>
      `${code} ${state.current.length} current, ${state.stale.length} stale, ${state.missing.length} missing`,
  );
  if (parts.length === 0) return undefined;
  const orphans = status.orphans.length ? ` · ${status.orphans.length} without a published original` : '';
  return `translations: ${parts.join(' · ')}${orphans}`;
}
