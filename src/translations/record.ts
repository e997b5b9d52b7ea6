/**
 * Writes the translation record into a translation's frontmatter, and nothing else: the
 * `translation:` block is replaced where it stands, or added at the end of the frontmatter,
 * while every other byte of the file (other fields, their quotes and comments, line ends, the
 * body) stays as it was. Re-serialising the YAML would re-wrap long lines and re-quote values,
 * which an editor would see as changes in the diff. The edit is checked by parsing the result:
 * the fields must be the old ones with the new record.
 */
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';
import { splitContentFile } from '../model/load-sources.ts';
import { ContentError } from '../model/model.ts';

/** The record: the original's digest and the translation's own, when it was brought up to date. */
export interface TranslationRecord {
  source: string;
  text: string;
}

/**
 * A digest as the editor at /admin/ writes a string: plain, and in single quotes only when it
 * would otherwise be read as something else (`123456789012` or `21922e343831` are numbers), so a
 * save in the editor leaves the record's lines as they are.
 */
const scalar = (value: string) => stringify(value, { singleQuote: true }).trim();

/** The record's lines. */
const blockLines = (record: TranslationRecord) => [
  'translation:',
  `  source: ${scalar(record.source)}`,
  `  text: ${scalar(record.text)}`,
];

/**
 * The frontmatter's lines that hold the top-level `translation` field, as [first, end): from its
 * key to the next line at the margin (a field or a comment), blank lines before that left out.
 */
function recordLines(lines: readonly string[]): [number, number] | undefined {
  const first = lines.findIndex((line) => /^(translation|"translation"|'translation')[ \t]*:/.test(line));
  if (first < 0) return undefined;
  let end = first + 1;
  while (end < lines.length && !/^[^\s]/.test(lines[end]!)) end++;
  while (end > first + 1 && lines[end - 1]!.trim() === '') end--;
  return [first, end];
}

/** The YAML's value, or undefined when it does not parse (a key twice, say). */
function parsed(yaml: string): unknown {
  try {
    return parse(yaml) as unknown;
  } catch {
    return undefined;
  }
}

/** `source` (a content file's text) with `record` as its translation record; `file` names it in errors. */
export function withTranslationRecord(source: string, file: string, record: TranslationRecord): string {
  const { yaml, yamlStart } = splitContentFile(source, file);
  const eol = source.slice(0, yamlStart).endsWith('\r\n') ? '\r\n' : '\n';
  const block = blockLines(record).join(eol);
  const lines = yaml === '' ? [] : yaml.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const range = recordLines(lines);
  let edited: string;
  if (range) {
    // From the key to the end of the block's last line, its line end (LF or CRLF) kept.
    const [first, end] = range;
    const stop = starts[end - 1]! + lines[end - 1]!.replace(/\r$/, '').length;
    edited = yaml.slice(0, starts[first]) + block + yaml.slice(stop);
  } else edited = yaml === '' ? block : `${yaml}${eol}${block}`;
  const before = parse(yaml) as Record<string, unknown> | null;
  if (!isDeepStrictEqual(parsed(edited), { ...before, translation: { ...record } }))
    throw new ContentError(
      `${file}: could not add the translation record without changing other fields; ` +
        'check that `translation:` starts at the beginning of its line and holds only `source` and `text`.',
    );
  return source.slice(0, yamlStart) + edited + source.slice(yamlStart + yaml.length);
}
