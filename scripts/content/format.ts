/**
 * How `npm run content -- status` reads to a person: per language the counts, the paths to act
 * on (stale translations, missing ones, at most LIST_LIMIT of each: --json has them all), the
 * orphans, and what to do next; then each strings file's fallbacks and older forms, every one.
 */
import { stringsSummary, type StringsNotice } from '../../src/model/strings-fallback.ts';
import { translationPathOf, type TranslationStatus } from '../../src/translations/status.ts';

/** Paths listed per group before "… and N more". */
export const LIST_LIMIT = 25;

function list(paths: readonly string[], line: (path: string) => string): string[] {
  const shown = paths.slice(0, LIST_LIMIT).map((path) => `    ${line(path)}`);
  if (paths.length > LIST_LIMIT) shown.push(`    … and ${paths.length - LIST_LIMIT} more (--json lists them all)`);
  return shown;
}

/** The human report of `status`. */
export function formatStatus(status: TranslationStatus): string {
  const codes = Object.keys(status.languages);
  if (codes.length === 0)
    return (
      `content/company.yaml lists no language besides ${status.defaultLanguage}: there is nothing to translate.\n` +
      'To add one, see docs/content.md, "Adding a language".\n'
    );
  const out = [`Translations of the ${status.defaultLanguage} content into ${codes.join(', ')}:`, ''];
  for (const code of codes) {
    const state = status.languages[code]!;
    out.push(
      `${code}: ${state.current.length} current, ${state.stale.length} stale, ${state.missing.length} missing`,
    );
    if (state.stale.length) {
      out.push('  stale: the original changed after the translation was last marked up to date, or it never was');
      out.push(
        ...list(state.stale, (original) => {
          const never = state.unmarked.includes(original) ? '  (never marked)' : '';
          return `${translationPathOf(original, code)}${never}`;
        }),
      );
    }
    if (state.missing.length) {
      out.push(`  missing: published in ${status.defaultLanguage}, not in ${code}`);
      out.push(
        ...list(state.missing, (original) =>
          state.drafts.includes(original)
            ? `${original}  (${translationPathOf(original, code)} is a draft)`
            : original,
        ),
      );
    }
    out.push('');
  }
  if (status.orphans.length) {
    out.push(`orphans: ${status.orphans.length} translation(s) without a published original`);
    out.push(
      ...list(
        status.orphans.map((orphan) => orphan.path),
        (path) => {
          const orphan = status.orphans.find((item) => item.path === path)!;
          return orphan.reason === 'absent'
            ? `${path}  (${orphan.original} does not exist: the build stops on it)`
            : `${path}  (${orphan.original} is a draft)`;
        },
      ),
    );
    out.push('');
  }
  out.push(...nextSteps(status));
  return `${out.join('\n')}\n`;
}

/** What to do about what the report found. */
function nextSteps(status: TranslationStatus): string[] {
  const states = Object.entries(status.languages);
  const stale = states.find(([, state]) => state.stale.length);
  const missing = states.find(([, state]) => state.missing.length);
  const steps: string[] = [];
  if (stale) {
    const [code, state] = stale;
    const example = translationPathOf(state.stale[0]!, code);
    steps.push(
      '- Stale: bring the translation up to date with its original (`git log -p <original>` shows what',
      '  changed), then record that it is:',
      `      npm run content -- mark ${example}`,
      `  \`mark --language ${code}\` and \`mark --all\` record every translation as it is now: use them only`,
      '  when all of them are up to date.',
    );
  }
  if (missing) {
    const [code, state] = missing;
    const original = state.missing[0]!;
    steps.push(
      `- Missing: copy the original to the same place under content/${code}/`,
      `  (e.g. ${translationPathOf(original, code)}), translate it (docs/content.md,`,
      '  "Adding a translation"), then mark it as above.',
    );
  }
  if (status.orphans.some((orphan) => orphan.reason === 'absent'))
    steps.push(
      "- Orphan without an original: give the translation its original's file name, or delete it.",
    );
  if (status.orphans.some((orphan) => orphan.reason === 'draft'))
    steps.push(
      '- Orphan of a draft: the translation is not published while its original is a draft;',
      '  publish the original with it, or set `draft: true` in the translation too.',
    );
  if (steps.length === 0) return ['Every translation is current.'];
  return ['Next:', ...steps];
}

/** A strings file as status reports it: its path and what reading it changed. */
interface StringsFileNotices {
  file: string;
  notices: readonly StringsNotice[];
}

/** The `strings` of `status --json`: every strings file, default language's first, with its notices. */
export function stringsJson(files: readonly StringsFileNotices[]): Record<string, StringsNotice[]> {
  return Object.fromEntries(
    files.map((read) => [read.file, read.notices.map(({ kind, key, message }) => ({ kind, key, message }))]),
  );
}

const NOTICE_GROUPS: readonly { kinds: readonly StringsNotice['kind'][]; heading: string }[] = [
  { kinds: ['fallback'], heading: 'falling back: add each key, or it keeps showing the text named' },
  { kinds: ['older'], heading: 'older forms: write each as it says' },
  { kinds: ['removed', 'unknown'], heading: 'ignored: remove each' },
];

/** The strings part of `status`: each file that fell back or used older forms, every key with what to write. */
export function formatStrings(files: readonly StringsFileNotices[]): string {
  const out: string[] = [];
  for (const [index, read] of files.entries()) {
    const summary = stringsSummary(read.notices, index === 0);
    if (!summary) continue;
    out.push(`${read.file}: ${summary}`);
    for (const group of NOTICE_GROUPS) {
      const notices = read.notices.filter((notice) => group.kinds.includes(notice.kind));
      if (notices.length === 0) continue;
      out.push(`  ${group.heading}`, ...notices.map((notice) => `    ${notice.key}: ${notice.message}`));
    }
    out.push('');
  }
  if (out.length === 0) return 'Strings: every strings file has every key, in the form the template reads now.\n';
  out.push(
    'The build shows the texts named meanwhile and warns once per file; `npm run content -- status --strict`',
    'exits 1 while any is left (docs/content.md, "Updating the template").',
  );
  return `Strings:\n\n${out.join('\n')}\n`;
}
