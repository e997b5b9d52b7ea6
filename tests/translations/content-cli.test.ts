/**
 * `npm run content` (scripts/content.ts) end to end, as a child process against a temporary copy
 * of the sample content (`--dir`): the sample's translations start current; an original edited,
 * a translation deleted and one without an original show as stale, missing and orphan, in the
 * exact --json shape and in the report; `mark` brings a translation back to current and changes
 * nothing else in its file; what it refuses, it refuses whole; a strings file from an older
 * template is listed key by key, and fails `status --strict`; usage errors exit 2.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parseCommandLine } from '../../scripts/content/args.ts';
import { CLI_TEST_TIMEOUT_MS, root, runContent } from '../support/run-leads.ts';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS, hookTimeout: CLI_TEST_TIMEOUT_MS });

interface StatusJson {
  languages: Record<string, { missing: string[]; stale: string[]; current: string[] }>;
  orphans: string[];
  strings: Record<string, { kind: string; key: string; message: string }[]>;
}

let project: string;
const file = (name: string) => path.join(project, name);
const read = (name: string) => readFileSync(file(name), 'utf8');

async function statusJson(): Promise<StatusJson> {
  const run = await runContent(['status', '--json', '--dir', project]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as StatusJson;
}

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'content-cli-'));
  cpSync(path.join(root, 'content'), path.join(project, 'content'), { recursive: true });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('npm run content', () => {
  test('status --json: the sample translations are all current, in exactly the documented shape', async () => {
    const status = await statusJson();
    expect(Object.keys(status)).toEqual(['languages', 'orphans', 'strings']);
    expect(status.strings).toEqual({
      'content/strings.yaml': [],
      'content/nl/strings.yaml': [],
      'content/pt/strings.yaml': [],
    });
    expect(Object.keys(status.languages)).toEqual(['nl', 'pt']);
    for (const state of Object.values(status.languages)) {
      expect(Object.keys(state)).toEqual(['missing', 'stale', 'current']);
      expect(state.stale).toEqual([]);
      expect(state.current).toHaveLength(32);
      for (const list of [state.missing, state.current]) {
        expect(list).toEqual([...list].sort());
        for (const entry of list)
          expect(entry).toMatch(/^content\/(services|case-studies|insights|pages|people|clients)\/[a-z0-9-]+\.mdx$/);
      }
      // Drafts are not published, so not missing either.
      expect(state.missing.filter((entry) => entry.includes('draft-'))).toEqual([]);
    }
    expect(status.languages.nl!.current).toContain('content/services/cloud-migration.mdx');
    expect(status.orphans).toEqual([]);
  });

  test('an edited original, a deleted translation and one without an original: stale, missing, orphan', async () => {
    const original = 'content/services/cloud-migration.mdx';
    writeFileSync(file(original), read(original).replace('a logistics problem', 'a logistical problem'));
    rmSync(file('content/pt/pages/about.mdx'));
    cpSync(file('content/nl/services/cloud-migration.mdx'), file('content/nl/services/cloud-migratie.mdx'));

    const status = await statusJson();
    expect(status.languages.nl!.stale).toEqual([original]);
    expect(status.languages.pt!.stale).toEqual([original]);
    expect(status.languages.nl!.current).not.toContain(original);
    expect(status.languages.pt!.missing).toContain('content/pages/about.mdx');
    expect(status.languages.pt!.current).toHaveLength(30);
    expect(status.orphans).toEqual(['content/nl/services/cloud-migratie.mdx']);

    const report = await runContent(['status', '--dir', project]);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('nl: 31 current, 1 stale, 23 missing');
    expect(report.stdout).toContain('pt: 30 current, 1 stale, 24 missing');
    expect(report.stdout).toContain('Strings: every strings file has every key, in the form the template reads now.');
    expect(report.stdout).toContain('    content/nl/services/cloud-migration.mdx\n');
    expect(report.stdout).toContain(
      'content/nl/services/cloud-migratie.mdx  (content/services/cloud-migratie.mdx does not exist: the build stops on it)',
    );
    expect(report.stdout).toContain('npm run content -- mark content/nl/services/cloud-migration.mdx');
  });

  test('mark brings the translation back to current and changes only its record', async () => {
    const translation = 'content/nl/services/cloud-migration.mdx';
    const before = read(translation);
    const run = await runContent(['mark', translation, '--dir', project]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^content\/nl\/services\/cloud-migration\.mdx: marked up to date with content\/services\/cloud-migration\.mdx \(source [0-9a-f]{12}, text [0-9a-f]{12}\)\nMarked 1 translation\.\n$/,
    );
    const after = read(translation);
    const source = /\(source ([0-9a-f]{12})/.exec(run.stdout)![1]!;
    expect(after).toBe(before.replace(/source: [0-9a-f]{12}/, `source: ${source}`));
    expect(after).not.toBe(before);

    const status = await statusJson();
    expect(status.languages.nl!.stale).toEqual([]);
    expect(status.languages.nl!.current).toContain('content/services/cloud-migration.mdx');
    expect(status.languages.pt!.stale).toEqual(['content/services/cloud-migration.mdx']);

    const again = await runContent(['mark', translation, '--dir', project]);
    expect(again.stdout).toContain('already marked up to date');
    expect(read(translation)).toBe(after);
  });

  test('mark refuses an original, an orphan or a stranger, and then writes nothing at all', async () => {
    const pt = 'content/pt/services/cloud-migration.mdx';
    const before = read(pt);
    const run = await runContent(
      [
        'mark',
        pt,
        'content/services/data-engineering.mdx',
        'content/nl/services/cloud-migratie.mdx',
        'README.md',
      ].concat(['--dir', project]),
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('nothing marked');
    expect(run.stderr).toContain('content/services/data-engineering.mdx: this is an original');
    expect(run.stderr).toContain(
      'content/nl/services/cloud-migratie.mdx: its original content/services/cloud-migratie.mdx does not exist',
    );
    expect(run.stderr).toContain('README.md: not a translation');
    expect(read(pt)).toBe(before);
  });

  test('mark --language and --all mark every translation that has an original, and skip the orphan', async () => {
    const pt = await runContent(['mark', '--language', 'pt', '--dir', project]);
    expect(pt.code).toBe(0);
    expect(pt.stdout).toContain('Marked 1 translation, 30 already up to date.');
    const all = await runContent(['mark', '--all', '--dir', project]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain(
      'content/nl/services/cloud-migratie.mdx: skipped, its original content/services/cloud-migratie.mdx does not exist',
    );
    expect(all.stdout).toContain('Marked 0 translations, 63 already up to date, skipped 1 without an original.');
    const status = await statusJson();
    expect(status.languages.pt!.stale).toEqual([]);
  });

  test('a strings file from an older template: each key listed with what to write; --strict exits 1', async () => {
    const complete = await runContent(['status', '--strict', '--dir', project]);
    expect(complete.code).toBe(0);
    cpSync(path.join(root, 'tests/fixtures/old-strings/content/nl/strings.yaml'), file('content/nl/strings.yaml'));
    const status = await statusJson();
    expect(status.strings['content/strings.yaml']).toEqual([]);
    const nl = status.strings['content/nl/strings.yaml']!;
    expect(nl.filter((notice) => notice.kind === 'older')).toHaveLength(26);
    expect(nl.filter((notice) => notice.kind === 'fallback')).toHaveLength(56);
    expect(nl.find((notice) => notice.key === 'find.label')).toEqual({
      kind: 'fallback',
      key: 'find.label',
      message: `missing: shows content/strings.yaml's text ("Search") until you add it translated`,
    });

    const report = await runContent(['status', '--dir', project]);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain(
      "content/nl/strings.yaml: 56 strings fall back to the default language's text and 26 use an older form\n",
    );
    expect(report.stdout).toContain(
      '    contact.correct: written as `contact.correctOne` and `contact.correctMany`, the keys the template used before plural forms;',
    );
    const strict = await runContent(['status', '--strict', '--dir', project]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe(report.stdout);
  });

  test.each([
    [[], 'no command given: status or mark'],
    [['publish'], 'unknown command "publish": use status or mark'],
    [['status', '--all'], '--all does not apply to "status"'],
    [['status', 'content/nl/pages/about.mdx'], 'status takes no arguments'],
    [['mark'], 'mark needs what to mark'],
    [['mark', '--all', '--language', 'nl'], 'mark takes translation paths, --language CODE or --all: give one of them'],
    [['mark', '--json', '--all'], '--json does not apply to "mark"'],
    [['mark', '--strict', '--all'], '--strict does not apply to "mark"'],
  ])('%j is a usage error that names the problem', (args, problem) => {
    const parsed = parseCommandLine([...args, '--dir', project], project);
    expect('usageError' in parsed && parsed.usageError).toContain(problem);
  });

  // The command turns any usage error into the same exit (scripts/command-line.ts): one is enough
  // to show it; each a child process of about half a second.
  test('a usage error exits 2, with the problem and the usage on stderr, nothing on stdout', async () => {
    const run = await runContent(['mark', '--dir', project]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('npm run content: mark needs what to mark');
    expect(run.stderr).toContain('Usage: npm run content -- <command> [options]');
  });

  test('--help prints the usage and exits 0', async () => {
    const run = await runContent(['status', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run content -- <command> \[options\]/);
  });
});
