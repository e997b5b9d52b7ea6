/**
 * The help texts of the content schemas: the doc comment above each field in src/schemas/, read
 * from the source with TypeScript's parser. The editor at /admin/ shows them under its fields
 * (src/cms/config.ts), so an editor reads the same sentence a developer reads in the schema,
 * written once. A field's path is its keys from the schema's top, e.g. `quote.text` or
 * `contact.formTitle`; a field that is a constant imported from another file (`draft` from
 * fields.ts, `contact: contactStrings`) is followed into that file, and one made by a function
 * (`cover: imageField(…)`) into the function's body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Field path -> help text. */
export type HelpTexts = ReadonlyMap<string, string>;

/** A doc comment's text on one line, without its markers, developer paths and code references to files. */
export function cleanComment(raw: string): string {
  return raw
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s*\((?:see )?src\/[^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function docComment(source: ts.SourceFile, node: ts.Node): string | undefined {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges.filter((range) => source.text.startsWith('/**', range.pos)).at(-1);
  return last ? cleanComment(source.text.slice(last.pos, last.end)) : undefined;
}

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** The initializer of `export const <name> = …` in `file`, with its doc comment. */
function exportedConst(file: string, name: string): { init: ts.Expression; doc?: string } | undefined {
  const source = sourceOf(file);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer)
        return { init: declaration.initializer, doc: docComment(source, statement) };
    }
  }
  return undefined;
}

/** The body of `export function <name>(…) { … }` in `file`. */
function exportedFunction(file: string, name: string): ts.Block | undefined {
  for (const statement of sourceOf(file).statements)
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return statement.body;
  return undefined;
}

/** The file an identifier of `file` is imported from, if it is imported from a relative path. */
function importedFrom(file: string, name: string): string | undefined {
  for (const statement of sourceOf(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    if (!bindings.elements.some((element) => element.name.text === name)) continue;
    const specifier = statement.moduleSpecifier.text;
    return specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined;
  }
  return undefined;
}

function collect(file: string, node: ts.Node, prefix: string[], out: Map<string, string>, depth: number): void {
  if (depth > 8) return;
  const source = sourceOf(file);
  const visit = (child: ts.Node): void => {
    if (ts.isPropertyAssignment(child) || ts.isShorthandPropertyAssignment(child)) {
      const key = ts.isIdentifier(child.name) || ts.isStringLiteral(child.name) ? child.name.text : undefined;
      if (key === undefined) return;
      const own = [...prefix, key];
      const doc = docComment(source, child);
      const value = ts.isPropertyAssignment(child) ? child.initializer : child.name;
      // A field made elsewhere: its own comment there, unless the schema says more here.
      if (ts.isIdentifier(value)) {
        const from = importedFrom(file, value.text) ?? file;
        const constant = exportedConst(from, value.text);
        if (doc ?? constant?.doc) out.set(own.join('.'), (doc ?? constant?.doc)!);
        if (constant) collect(from, constant.init, own, out, depth + 1);
        return;
      }
      if (doc) out.set(own.join('.'), doc);
      // A field made by a function (`cover: imageField('cover', …)`): the fields its body declares.
      if (ts.isCallExpression(value) && ts.isIdentifier(value.expression)) {
        const from = importedFrom(file, value.expression.text) ?? file;
        const body = exportedFunction(from, value.expression.text);
        if (body) {
          collect(from, body, own, out, depth + 1);
          return;
        }
      }
      collect(file, value, own, out, depth + 1);
      return;
    }
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
}

/** The help texts of the schema exported as `name` from `file` (an absolute path). */
export function schemaHelpTexts(file: string, name: string): HelpTexts {
  let constant = exportedConst(file, name);
  // `export const companyFieldsSchema = companyFields;`: the schema is another constant.
  for (let hops = 0; constant && ts.isIdentifier(constant.init) && hops < 3; hops++)
    constant = exportedConst(importedFrom(file, constant.init.text) ?? file, constant.init.text);
  if (!constant) throw new Error(`${file} has no schema constant named ${name}`);
  const out = new Map<string, string>();
  collect(file, constant.init, [], out, 0);
  return out;
}
