/**
 * The API function's view of the build's artefacts: each one read on first use, checked, and
 * kept for the life of the instance (page records: the PAGE_CACHE_SIZE most recently used).
 * Concurrent first calls share one read. Nothing is read at start: `initialize`, `ping` and
 * `tools/list` answer from the head alone.
 *
 * Every file is checked when read: the manifest first (its format version must be this code's
 * and its build id the head's, so artefacts of another build or format are refused), then the
 * file's byte length against the manifest's (a truncated copy is caught before parsing), then
 * its JSON against its zod schema (schema.ts). A file that fails any check raises an
 * ArtefactError naming the file and the cause; the tool that needed it answers with that error
 * (isError) and the other tools keep working. A failed read is not kept, so the next call tries
 * again.
 */
import { createMemo } from '../memo.ts';
import { once, onceEach } from '../once.ts';
import { ArtefactError } from './errors.ts';
import { ARTEFACT_FILES, isPagePath, languageFile, pageRecordFile, type LanguageFile } from './layout.ts';
import { decodePostings, PostingsFormatError, type Postings } from '../search/index-format.ts';
import type * as z from '../zod.ts';
import type {
  CaseStudyListing,
  Head,
  InsightListing,
  Manifest,
  Messages,
  PageIndex,
  PageRecord,
  Profile,
  SearchTerms,
} from './schema.ts';

export { ArtefactError } from './errors.ts';

/** Reads an artefact file's bytes; rejects with `code: 'ENOENT'` when there is no such file. */
export type ArtefactSource = (file: string) => Promise<Uint8Array>;

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** How many page records an instance keeps in memory (the most recently used ones). */
export const PAGE_CACHE_SIZE = 500;

/**
 * The reader's methods that take a language read that language's copy (layout.ts,
 * `languageFile`); without one, the default language's. A language the head does not name is a
 * bug of the caller (the tools accept only the head's languages) and throws.
 */
export interface ArtefactReader {
  /** The manifest, checked against this code's format and the head's build. */
  manifest(): Promise<Manifest>;
  profile(language?: string): Promise<Profile>;
  caseStudies(language?: string): Promise<CaseStudyListing>;
  insights(language?: string): Promise<InsightListing>;
  /** Every page of every language, the default language's first. */
  pageIndex(): Promise<PageIndex>;
  /** A published page's record; undefined when no page has this path. */
  page(path: string): Promise<PageRecord | undefined>;
  /** The search index's documents and terms (and the language's stop words and synonyms), without the postings. */
  searchTerms(language?: string): Promise<SearchTerms>;
  /** The search index: its documents and terms, and the postings as typed arrays (checked against the terms). */
  searchIndex(language?: string): Promise<{ terms: SearchTerms; postings: Postings }>;
  /** What the read tools say in the language. */
  messages(language?: string): Promise<Messages>;
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match its schema';
  return `does not match its schema at ${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`;
}

/** Long: a factory: the reader's caches and its one-time checks are shared by the per-file readers it returns, each a few lines. */
export function createArtefactReader(
  source: ArtefactSource,
  head: Pick<Head, 'buildId'> & Partial<Pick<Head, 'languages'>>,
): ArtefactReader {
  const languages = head.languages ?? [];
  const defaultLanguage = languages[0] ?? '';
  /** The language a read is for: the default one without a language; an unknown one throws. */
  const languageOf = (language: string | undefined): string => {
    if (language === undefined || language === defaultLanguage) return defaultLanguage;
    if (!languages.includes(language))
      throw new Error(`No artefacts in language "${language}": this site publishes ${languages.join(', ') || 'one'}.`);
    return language;
  };
  /** One memoized read per language, each given its language's files (layout.ts, `languageFile`). */
  const perLanguage = <T>(read: (file: (name: LanguageFile) => string, language: string) => Promise<T>) => {
    const reads = onceEach((language) => read((name) => languageFile(name, language, defaultLanguage), language));
    return (language?: string): Promise<T> => reads(languageOf(language));
  };
  const decoder = new TextDecoder();
  // The schemas are built on the first read, not when the function starts.
  const schemas = once(() => import('./schema.ts'));

  const bytesOf = async (file: string, expectedLength?: number): Promise<Uint8Array> => {
    let bytes: Uint8Array;
    try {
      bytes = await source(file);
    } catch (error) {
      if (isMissing(error))
        throw new ArtefactError(
          file,
          'missing',
          'is missing: the function was deployed without it. Run the build again and redeploy',
          { cause: error },
        );
      throw new ArtefactError(file, 'unreadable', 'could not be read', { cause: error });
    }
    if (expectedLength !== undefined && bytes.byteLength !== expectedLength) {
      const problem = bytes.byteLength < expectedLength ? 'truncated' : 'mismatch';
      throw new ArtefactError(
        file,
        problem,
        `has ${bytes.byteLength} bytes where the manifest says ${expectedLength}: ` +
          `${problem === 'truncated' ? 'it is truncated' : 'it is not the file this build wrote'}. ` +
          'Run the build again and redeploy',
      );
    }
    return bytes;
  };

  const jsonOf = <T>(file: string, bytes: Uint8Array, schema: z.ZodMiniType<T>): T => {
    let raw: unknown;
    try {
      raw = JSON.parse(decoder.decode(bytes));
    } catch (error) {
      throw new ArtefactError(
        file,
        'invalid',
        'is not valid JSON (truncated or damaged). Run the build again and redeploy',
        { cause: error },
      );
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      throw new ArtefactError(
        file,
        'mismatch',
        `${firstIssue(parsed.error)}: it was written by another version of the site. Run the build again and redeploy`,
      );
    return parsed.data;
  };

  const manifest = once(async () => {
    const file = ARTEFACT_FILES.manifest;
    const { manifestSchema, ARTEFACT_FORMAT_VERSION } = await schemas();
    const value = jsonOf(file, await bytesOf(file), manifestSchema);
    if (value.formatVersion !== ARTEFACT_FORMAT_VERSION) {
      throw new ArtefactError(
        file,
        'mismatch',
        `has format version ${value.formatVersion}, and this function reads version ${ARTEFACT_FORMAT_VERSION}. Run the build again and redeploy`,
      );
    }
    if (value.buildId !== head.buildId) {
      throw new ArtefactError(
        file,
        'mismatch',
        `is from build ${value.buildId}, and this function was built with ${head.buildId}: ` +
          'the artefacts and the function come from different builds. Run the build again and redeploy',
      );
    }
    return value;
  });

  /** A named artefact, its length checked against the manifest. */
  const listed = async (file: string): Promise<Uint8Array> => {
    const { files } = await manifest();
    const length = files[file];
    if (length === undefined)
      throw new ArtefactError(
        file,
        'mismatch',
        'is not listed in the manifest: the artefacts are incomplete. Run the build again and redeploy',
      );
    return bytesOf(file, length);
  };
  type Schemas = Awaited<ReturnType<typeof schemas>>;
  const readJson = async <T>(file: string, schemaOf: (all: Schemas) => z.ZodMiniType<T>): Promise<T> => {
    const bytes = await listed(file);
    return jsonOf(file, bytes, schemaOf(await schemas()));
  };
  const listedJson = <T>(file: string, schemaOf: (all: Schemas) => z.ZodMiniType<T>) =>
    once(() => readJson(file, schemaOf));
  const languageJson = <T>(name: LanguageFile, schemaOf: (all: Schemas) => z.ZodMiniType<T>) =>
    perLanguage((file) => readJson(file(name), schemaOf));

  const pageIndex = listedJson(ARTEFACT_FILES.pageIndex, (all) => all.pageIndexSchema);
  const knownPaths = once(async () => new Set((await pageIndex()).pages.map(([path]) => path)));

  const readPage = async (path: string): Promise<PageRecord | undefined> => {
    const file = pageRecordFile(path);
    // The record is read while the manifest is checked (the first read of an instance does both).
    const reading = bytesOf(file);
    reading.catch(() => undefined);
    await manifest();
    let record: PageRecord;
    try {
      record = jsonOf(file, await reading, (await schemas()).pageRecordSchema);
      if (record.path !== path)
        throw new ArtefactError(
          file,
          'mismatch',
          `holds the page ${record.path}, not ${path}. Run the build again and redeploy`,
        );
    } catch (error) {
      // A path the page index does not list is no page, whatever its file did: missing, a name
      // too long for the file system, or another page's record (`/index` names the home page's).
      // For a listed page it is a broken artefact.
      if (error instanceof ArtefactError && !(await knownPaths()).has(path)) return undefined;
      throw error;
    }
    return record;
  };
  const pages = createMemo<PageRecord | undefined>(PAGE_CACHE_SIZE);
  const page = async (path: string): Promise<PageRecord | undefined> =>
    isPagePath(path) ? pages(path, () => readPage(path)) : undefined;

  const searchTerms = languageJson('searchTerms', (all) => all.searchTermsSchema);
  const searchIndex = perLanguage(async (file, language) => {
    const [terms, bytes] = await Promise.all([searchTerms(language), listed(file('searchPostings'))]);
    try {
      return { terms, postings: decodePostings(bytes, terms.terms.length, terms.documents.length) };
    } catch (error) {
      if (!(error instanceof PostingsFormatError)) throw error;
      throw new ArtefactError(
        file('searchPostings'),
        'mismatch',
        `is not the postings this code reads: ${error.message}. Run the build again and redeploy`,
        { cause: error },
      );
    }
  });

  return {
    manifest,
    profile: languageJson('profile', (all) => all.profileSchema),
    caseStudies: languageJson('caseStudies', (all) => all.caseStudyListingSchema),
    insights: languageJson('insights', (all) => all.insightListingSchema),
    pageIndex,
    page,
    searchTerms,
    searchIndex,
    messages: languageJson('messages', (all) => all.messagesSchema),
  };
}
