/**
 * Where the artefacts are: their folder in the project (written by the build, shipped inside the
 * API function's zip) and the name of each file in it. One definition for the writer, the
 * reader, the function's `includedFiles` and the docs.
 */

/** The artefacts' folder, relative to the project root (and to the root of the function's zip). */
export const ARTEFACT_DIR = '.generated/agent';

/** The head the function imports (bundled into its entry file, not shipped as a file). */
export const HEAD_FILE = '.generated/agent-head.json';

/** The artefact files other than the page records, by what they hold. */
export const ARTEFACT_FILES = {
  manifest: 'manifest.json',
  profile: 'profile.json',
  caseStudies: 'case-studies.json',
  insights: 'insights.json',
  pageIndex: 'page-index.json',
  searchTerms: 'search-terms.json',
  searchPostings: 'search-postings.bin',
  messages: 'messages.json',
} as const;

/**
 * The artefacts each language has its own copy of (the others, the manifest and the page
 * records, are one for the whole site: a page record's path says its language).
 */
export const LANGUAGE_FILES = [
  'profile',
  'caseStudies',
  'insights',
  'searchTerms',
  'searchPostings',
  'messages',
] as const;
export type LanguageFile = (typeof LANGUAGE_FILES)[number];

/**
 * Where a language's copy of an artefact is: the default language's at the top of the folder
 * (where a one-language site has always had it), another language's in a folder named by its
 * code: `nl/search-terms.json`.
 */
export function languageFile(file: LanguageFile, language: string, defaultLanguage: string): string {
  return language === defaultLanguage ? ARTEFACT_FILES[file] : `${language}/${ARTEFACT_FILES[file]}`;
}

/** The folder of the page records, one file per published page. */
export const PAGES_DIR = 'pages';

/**
 * Every page path the site publishes has this form: `/`, or slash-separated segments of
 * lowercase letters and digits joined by single hyphens, where a letter or digit outside ASCII
 * (an industry or tag named in another script) is its UTF-8 bytes percent-encoded, each byte
 * 0x80 or above (`%E7%89%A9`): never an escaped ASCII character, so never a dot, slash or
 * backslash. The build refuses a page whose path does not (so every page has a record); the
 * reader looks up nothing that does not (so no request can name a file outside the page records).
 */
const CHARACTER = '(?:[a-z0-9]|%[89A-F][0-9A-F])';
const SEGMENT = `${CHARACTER}+(?:-${CHARACTER}+)*`;
const PAGE_PATH = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*)?$`);

export function isPagePath(path: string): boolean {
  return PAGE_PATH.test(path);
}

/**
 * The record file of a page path, relative to the artefacts' folder: `/` -> `pages/index.json`,
 * `/a/b` -> `pages/a/b.json`. A URL path, read as one (src/artefacts/disk.ts): the record of
 * `/a/%E7%89%A9` is the file `pages/a/物.json`, written by that name (src/integrations/artefact-worker.ts).
 */
export function pageRecordFile(path: string): string {
  if (!isPagePath(path))
    throw new Error(`"${path}" is not a page path (lowercase words joined by hyphens, separated by slashes).`);
  return path === '/' ? `${PAGES_DIR}/index.json` : `${PAGES_DIR}${path}.json`;
}
