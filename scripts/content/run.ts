/**
 * `npm run content`: the translations' state, what the strings files lack or write in an older
 * form, and the record that a translation is up to date, separate from the process so it can be
 * driven in-process. stdout carries what was asked for
 * (the report, its JSON, what mark did); stderr usage and failures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCompany } from '../../src/model/company.ts';
import { languageListOf, readAllStrings } from '../../src/model/load-languages.ts';
import { entryDigest } from '../../src/translations/digest.ts';
import { readContentFiles, translationFile } from '../../src/translations/content-files.ts';
import { withTranslationRecord } from '../../src/translations/record.ts';
import { originalPathOf, statusJson, translationStatus, type ContentFiles } from '../../src/translations/status.ts';
import { formatStatus, formatStrings, stringsJson } from './format.ts';
import { parseCommandLine, usage, type Invocation } from './args.ts';

export interface ContentIo {
  defaultProjectDir: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A path as typed (from the project, or absolute) as a path from the project with `/`. */
const fromProject = (projectDir: string, file: string) =>
  path.relative(projectDir, path.resolve(projectDir, file)).split(path.sep).join('/');

/** The translations `mark` was asked for, each with its original; or every refusal, one per line. */
function translationsToMark(
  which: Extract<Invocation, { command: 'mark' }>['which'],
  files: ContentFiles,
): { translations: { path: string; original: string }[]; skipped: string[] } | { refused: string[] } {
  const originals = new Set(files.originals.map((file) => file.path));
  if ('paths' in which) {
    const refused: string[] = [];
    const translations: { path: string; original: string }[] = [];
    const existing = new Set(Object.values(files.translations).flatMap((list) => list.map((file) => file.path)));
    for (const file of new Set(which.paths)) {
      const named = translationFile(file, files.languages);
      if ('problem' in named) refused.push(`${file}: ${named.problem}`);
      else if (!existing.has(file)) refused.push(`${file}: no such file`);
      else if (!originals.has(named.original))
        refused.push(
          `${file}: its original ${named.original} does not exist; a translation has its original's file name`,
        );
      else translations.push({ path: file, original: named.original });
    }
    return refused.length ? { refused } : { translations, skipped: [] };
  }
  if ('language' in which && !files.languages.includes(which.language))
    return {
      refused: [
        `--language ${which.language}: not one of the site's other languages in content/company.yaml (${files.languages.join(', ') || 'none'})`,
      ],
    };
  const languages = 'language' in which ? [which.language] : files.languages;
  const translations: { path: string; original: string }[] = [];
  const skipped: string[] = [];
  for (const language of languages)
    for (const file of files.translations[language] ?? []) {
      const original = originalPathOf(file.path, language);
      if (originals.has(original)) translations.push({ path: file.path, original });
      else skipped.push(`${file.path}: skipped, its original ${original} does not exist`);
    }
  return { translations, skipped };
}

async function mark(invocation: Extract<Invocation, { command: 'mark' }>, io: ContentIo): Promise<number> {
  const { projectDir } = invocation;
  const files = readContentFiles(projectDir);
  const which =
    'paths' in invocation.which
      ? { paths: invocation.which.paths.map((file) => fromProject(projectDir, file)) }
      : invocation.which;
  const chosen = translationsToMark(which, files);
  if ('refused' in chosen) {
    io.stderr(`npm run content: nothing marked:\n${chosen.refused.map((line) => `  ${line}`).join('\n')}\n`);
    return EXIT.failed;
  }
  const byPath = new Map([...files.originals, ...Object.values(files.translations).flat()].map((f) => [f.path, f]));
  let marked = 0;
  let unchanged = 0;
  for (const { path: file, original } of chosen.translations) {
    // Both were read with the rest of the content: translationsToMark found them there.
    const translation = byPath.get(file)!;
    const source = byPath.get(original)!;
    const record = {
      source: await entryDigest(source.data, source.body),
      text: await entryDigest(translation.data, translation.body),
    };
    const target = path.join(projectDir, file);
    const before = readFileSync(target, 'utf8');
    const after = withTranslationRecord(before, file, record);
    if (after === before) {
      unchanged++;
      io.stdout(`${file}: already marked up to date with ${original}\n`);
      continue;
    }
    writeFileSync(target, after);
    marked++;
    io.stdout(`${file}: marked up to date with ${original} (source ${record.source}, text ${record.text})\n`);
  }
  for (const line of chosen.skipped) io.stdout(`${line}\n`);
  io.stdout(
    `Marked ${marked} translation${marked === 1 ? '' : 's'}` +
      `${unchanged ? `, ${unchanged} already up to date` : ''}` +
      `${chosen.skipped.length ? `, skipped ${chosen.skipped.length} without an original` : ''}.\n`,
  );
  return EXIT.ok;
}

export async function runContent(argv: readonly string[], io: ContentIo): Promise<number> {
  const parsed = parseCommandLine(argv, io.defaultProjectDir);
  if ('help' in parsed) {
    io.stdout(`${usage}\n`);
    return EXIT.ok;
  }
  if ('usageError' in parsed) {
    io.stderr(`npm run content: ${parsed.usageError}\n\n${usage}\n`);
    return EXIT.usage;
  }
  try {
    if (parsed.command === 'mark') return await mark(parsed, io);
    const status = await translationStatus(readContentFiles(parsed.projectDir));
    const strings = readAllStrings(parsed.projectDir, languageListOf(loadCompany(parsed.projectDir)));
    io.stdout(
      parsed.json
        ? `${JSON.stringify({ ...statusJson(status), strings: stringsJson(strings) }, null, 2)}\n`
        : `${formatStatus(status)}\n${formatStrings(strings)}`,
    );
    const outdated = strings.some((file) => file.notices.length > 0);
    return parsed.strict && outdated ? EXIT.failed : EXIT.ok;
  } catch (error) {
    io.stderr(`npm run content: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}
