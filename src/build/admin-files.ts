/**
 * The editor at /admin/: its page, its configuration (generated from the content schemas,
 * src/cms/config.ts), the editor's code (Sveltia CMS from node_modules, served from the site so
 * no script comes from another host), the fonts it would fetch from a CDN, the one module it
 * would import from unpkg (Immutable.js, for its event hooks), and the site's own admin script
 * (src/cms/admin-script.ts: the MDX components as editor blocks and the translation record).
 * The build writes these into dist/admin/; `astro dev` serves the same files.
 *
 * /admin/ is not a page of the site: it is not in the site model, so not in the sitemap,
 * llms.txt, search, the MCP resources or the Markdown files; its headers are its own
 * (src/http/security-headers.ts ADMIN_CSP, src/discovery/static-headers.ts) and `noindex`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { stringify } from 'yaml';
import { editorConfig, type EditorBackend, type EditorSite } from '../cms/config.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import type { SiteSources } from '../model/types.ts';
import { languageListOf } from '../site/languages.ts';
import { schemaHelpTexts } from './schema-help.ts';

import { ADMIN_PREFIX } from '../site/routes.ts';

export interface AdminFile {
  /** Site path, e.g. `/admin/config.yml`. */
  path: string;
  body: string | Uint8Array;
  contentType: string;
}

/** A package's file in the project's node_modules (package exports do not list fonts or dist files). */
function packageFile(root: string, file: string): string {
  return path.join(root, 'node_modules', file);
}

/**
 * The fonts Sveltia CMS loads from cdn.jsdelivr.net, served by the site instead: the same
 * Fontsource files from npm. Each entry is the URL in the editor's code and the package file.
 */
const FONTS = [
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/source-sans-3:vf@[\d.]+\/latin-wght-normal\.woff2/g,
    package: '@fontsource-variable/source-sans-3',
    file: 'files/source-sans-3-latin-wght-normal.woff2',
    name: 'source-sans-3.woff2',
  },
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/noto-mono@[\d.]+\/latin-400-normal\.woff2/g,
    package: '@fontsource/noto-mono',
    file: 'files/noto-mono-latin-400-normal.woff2',
    name: 'noto-mono.woff2',
  },
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/material-symbols-outlined:vf@[\d.]+\/latin-wght-normal\.woff2/g,
    package: '@fontsource-variable/material-symbols-outlined',
    file: 'files/material-symbols-outlined-latin-wght-normal.woff2',
    name: 'material-symbols-outlined.woff2',
  },
] as const;

/** The editor's code with its CDN fonts and unpkg modules pointed at the site's copies. */
export function localEditorCode(code: string): string {
  let local = code;
  for (const font of FONTS) {
    if (!font.cdn.test(local))
      throw new Error(
        `Sveltia CMS no longer loads ${font.name} from the CDN address src/build/admin-files.ts expects: update FONTS.`,
      );
    font.cdn.lastIndex = 0;
    local = local.replace(font.cdn, `${ADMIN_PREFIX}fonts/${font.name}`);
  }
  // Modules it imports on demand (`https://unpkg.com/<package>@<version>/<file>`): the site serves
  // the ones its features need under /admin/vendor/ (VENDOR_MODULES); any other fails to load,
  // as it would offline, which only the features the site does not use need.
  const unpkg = '`https://unpkg.com/${e}`';
  if (!local.includes(unpkg))
    throw new Error(
      'Sveltia CMS no longer builds unpkg URLs as src/build/admin-files.ts expects: update localEditorCode.',
    );
  return local.replace(unpkg, `\`${ADMIN_PREFIX}vendor/\${e}\``);
}

/** The editor's package: its code, copied into /admin/. */
const EDITOR_PACKAGE = '@sveltia/cms';

/**
 * The packages the build copies files of into /admin/ by path rather than importing them
 * (tests/architecture/dependencies.test.ts counts them as used).
 */
export const COPIED_PACKAGES = [EDITOR_PACKAGE, ...FONTS.map((font) => font.package)];

/**
 * Whether a file of /admin/ is a package's own (the editor's code, its fonts, Immutable.js), as
 * copied from node_modules, rather than made from the site's content and code.
 */
export function isPackageFile(sitePath: string): boolean {
  return (
    sitePath === `${ADMIN_PREFIX}sveltia-cms.js` ||
    sitePath.startsWith(`${ADMIN_PREFIX}fonts/`) ||
    sitePath.startsWith(`${ADMIN_PREFIX}vendor/`)
  );
}

/** The packages the editor imports on demand that the site serves: Immutable.js runs the event hooks. */
const VENDOR_MODULES = [{ name: 'immutable', file: 'dist/immutable.es.js' }] as const;

/** The version the editor asks for: its package.json's range without the operator. */
function requestedVersion(editorPackage: { dependencies?: Record<string, string> }, name: string): string {
  const range = editorPackage.dependencies?.[name];
  if (!range)
    throw new Error(`Sveltia CMS no longer depends on ${name}: update VENDOR_MODULES in src/build/admin-files.ts.`);
  return range.replace(/^\D/, '');
}

/** The site's repository, for the editor's production backend: CMS_REPOSITORY, Netlify's REPOSITORY_URL or git's origin. */
export function editorBackend(env: NodeJS.ProcessEnv, root: string): EditorBackend & { known: boolean } {
  let url = env.CMS_REPOSITORY ?? env.REPOSITORY_URL;
  if (!url) {
    try {
      url = execFileSync('git', ['remote', 'get-url', 'origin'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      url = undefined;
    }
  }
  const branch = env.CMS_BRANCH ?? env.BRANCH ?? 'main';
  const match = url
    ? (/(?:github|gitlab)\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url) ?? /^([\w.-]+\/[\w.-]+)$/.exec(url))
    : null;
  if (!match) return { name: 'github', repo: 'your-account/your-site', branch, known: false };
  return { name: url!.includes('gitlab') ? 'gitlab' : 'github', repo: match[1]!, branch, known: true };
}

/** Everything the editor's configuration needs to know about the site. */
export function editorSite(sources: SiteSources, root: string, backend: EditorBackend): EditorSite {
  const languages = languageListOf(sources.company).codes;
  const strings = sources.strings[languages[0]!]!;
  const schemaFile = (file: string) => path.join(root, 'src/schemas', file);
  const translations = Object.values(sources.translations ?? {});
  const caseStudies = [...sources.caseStudies, ...translations.flatMap((translation) => translation.caseStudies)];
  const insights = [...sources.insights, ...translations.flatMap((translation) => translation.insights)];
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  const collectionFiles: Record<CollectionName, [string, string]> = {
    services: ['service.ts', 'serviceSchema'],
    caseStudies: ['case-study.ts', 'caseStudySchema'],
    insights: ['insight.ts', 'insightSchema'],
    pages: ['page.ts', 'pageSchema'],
    people: ['person.ts', 'personSchema'],
    clients: ['client.ts', 'clientSchema'],
  };
  return {
    languages,
    languageNames: Object.fromEntries(languages.map((code) => [code, sources.strings[code]?.language.name ?? code])),
    languageLocales: Object.fromEntries(
      languages.map((code) => [code, sources.strings[code]?.language.locale ?? code]),
    ),
    collectionLabels: {
      services: strings.listings.services,
      caseStudies: strings.listings.caseStudies,
      insights: strings.listings.insights,
      pages: 'Pages',
      people: strings.team.title,
      clients: 'Clients',
    },
    backend,
    siteUrl: sources.company.baseUrl,
    companyName: sources.company.name,
    industries: sorted(caseStudies.map((entry) => entry.data.industry)),
    tags: sorted(insights.flatMap((entry) => entry.data.tags)),
    expertise: sorted(
      [...sources.people, ...translations.flatMap((translation) => translation.people)].flatMap(
        (entry) => entry.data.expertise,
      ),
    ),
    help: {
      collections: Object.fromEntries(
        COLLECTION_NAMES.map((name) => {
          const [file, exported] = collectionFiles[name];
          return [name, schemaHelpTexts(schemaFile(file), exported)];
        }),
      ) as Record<CollectionName, ReturnType<typeof schemaHelpTexts>>,
      company: schemaHelpTexts(schemaFile('company.ts'), 'companyFieldsSchema'),
      companyTranslation: schemaHelpTexts(schemaFile('company-translation.ts'), 'companyTranslationSchema'),
      strings: schemaHelpTexts(schemaFile('strings.ts'), 'stringsSchema'),
    },
  };
}

/** The editor's page: the CMS, then the site's script, both from the site. */
function adminPage(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <title>${title}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link href="${ADMIN_PREFIX}config.yml" type="application/yaml" rel="cms-config-url">
  </head>
  <body>
    <script src="${ADMIN_PREFIX}sveltia-cms.js"></script>
    <script src="${ADMIN_PREFIX}admin.js"></script>
  </body>
</html>
`;
}

/** The site's admin script, bundled for the browser. */
async function adminScript(root: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, 'src/cms/admin-script.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    // The content collections, whose entries carry translation records (not the settings files).
    define: { __ENTRY_COLLECTIONS__: JSON.stringify(COLLECTION_NAMES) },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Every file of /admin/. */
export async function adminFiles(sources: SiteSources, root: string, env: NodeJS.ProcessEnv): Promise<AdminFile[]> {
  const backend = editorBackend(env, root);
  const site = editorSite(sources, root, { name: backend.name, repo: backend.repo, branch: backend.branch });
  const config = `# Generated from the content schemas by src/cms/config.ts at build time. Do not edit.\n${stringify(editorConfig(site), { lineWidth: 0 })}`;
  const editorDir = packageFile(root, EDITOR_PACKAGE);
  const editorPackage = JSON.parse(readFileSync(path.join(editorDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const files: AdminFile[] = [
    {
      path: ADMIN_PREFIX,
      body: adminPage(`Content editor · ${sources.company.name}`),
      contentType: 'text/html; charset=utf-8',
    },
    { path: `${ADMIN_PREFIX}config.yml`, body: config, contentType: 'application/yaml; charset=utf-8' },
    {
      path: `${ADMIN_PREFIX}sveltia-cms.js`,
      body: localEditorCode(readFileSync(path.join(editorDir, 'dist/sveltia-cms.js'), 'utf8')),
      contentType: 'text/javascript; charset=utf-8',
    },
    { path: `${ADMIN_PREFIX}admin.js`, body: await adminScript(root), contentType: 'text/javascript; charset=utf-8' },
    ...FONTS.map((font) => ({
      path: `${ADMIN_PREFIX}fonts/${font.name}`,
      body: readFileSync(packageFile(root, `${font.package}/${font.file}`)),
      contentType: 'font/woff2',
    })),
    ...VENDOR_MODULES.map((module) => ({
      path: `${ADMIN_PREFIX}vendor/${module.name}@${requestedVersion(editorPackage, module.name)}/${module.file}`,
      body: readFileSync(packageFile(root, `${module.name}/${module.file}`)),
      contentType: 'text/javascript; charset=utf-8',
    })),
  ];
  return files;
}
