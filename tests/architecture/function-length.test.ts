/**
 * No function of the project's code (src/, functions/, scripts/) is longer than 80 lines without
 * a reason written above it: a line `Long: <why>` in the comment right above the function (or
 * above the declaration that holds it). A long function is usually two that were not split; when
 * it is not (a factory whose inner functions share its state, a literal document, a table of
 * checks run in order), the reason says so where the reader starts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 80;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The comments right above `node`, or above the statement that declares it (`const f = () => …`). */
function leadingComments(source: ts.SourceFile, node: ts.Node): string {
  let holder: ts.Node = node;
  while (
    holder.parent &&
    (ts.isVariableDeclaration(holder.parent) ||
      ts.isVariableDeclarationList(holder.parent) ||
      ts.isVariableStatement(holder.parent) ||
      ts.isPropertyAssignment(holder.parent) ||
      ts.isExportAssignment(holder.parent) ||
      ts.isReturnStatement(holder.parent))
  )
    holder = holder.parent;
  const text = source.getFullText();
  return (ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [])
    .map((range) => text.slice(range.pos, range.end))
    .join('\n');
}

/** Functions over `max` lines in `text` without a `Long:` reason, as `file:line name (N lines)`. */
function unexplainedLongFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)) &&
      node.body
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > max && !/\bLong: \S/.test(leadingComments(source, node))) {
        const name = node.name?.getText(source) ?? '(a function)';
        found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no function over ${MAX_LINES} lines without a reason above it`, () => {
  const files = ['src', 'functions', 'scripts'].flatMap((dir) => walk(path.join(ROOT, dir)));
  const found = files.flatMap((file) =>
    unexplainedLongFunctions(path.relative(ROOT, file), readFileSync(file, 'utf8')),
  );
  expect(found, 'split these, or say above each why it is long ("Long: …")').toEqual([]);
});

test('the check finds a long function and accepts one with its reason', () => {
  const body = Array.from({ length: 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const plain = `function f() {\n${body}\n}\n`;
  expect(unexplainedLongFunctions('x.ts', plain, 3)).toEqual(['x.ts:1 f (7 lines)']);
  expect(unexplainedLongFunctions('x.ts', `/** Long: a table. */\n${plain}`, 3)).toEqual([]);
  expect(unexplainedLongFunctions('x.ts', `/** Long: a table. */\nexport const g = () => {\n${body}\n};\n`, 3)).toEqual(
    [],
  );
  expect(unexplainedLongFunctions('x.ts', `const g = () => {\n${body}\n};\n`, 3)).toEqual([
    'x.ts:1 (a function) (7 lines)',
  ]);
});
