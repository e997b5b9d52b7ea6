/**
 * References between entries: a field that names other entries (a case study's `services`) names
 * each by its id, the entry's file name without `.mdx`, which is the same in every language and
 * does not change when the entry's title does. The title is what pages show, never what is
 * matched. A value that is not an id but is the title of one (the form the template used before)
 * is read as that entry, with a warning that names the id to write; anything else stops the build
 * with the file, the field, the value and the ids there are.
 */
import { closeMatch } from '../edit-distance.ts';
import { ContentError } from '../markdown/mdx-to-markdown.ts';

/** What one reference field may name, for resolving and for the messages. */
export interface ReferenceTargets<T extends { slug: string }> {
  /** What the field names, in the messages: "service". */
  noun: string;
  /** The published entries it may name, by id. */
  byId: ReadonlyMap<string, T>;
  /** Titles that also name an entry (the older form), by title: this language's and the original's. */
  byTitle: ReadonlyMap<string, T>;
  /** Ids of entries that exist but are not published (drafts), for a clearer message. */
  drafts: ReadonlySet<string>;
}

/**
 * The targets for `entries` (this language's first, then `others`, e.g. the original's, for
 * titles); `titleOf` gives the title an entry is also known by (a person's is their name).
 */
export function referenceTargets<T extends { slug: string }>(
  noun: string,
  entries: readonly T[],
  others: readonly T[],
  drafts: Iterable<string>,
  titleOf: (entry: T) => string,
): ReferenceTargets<T> {
  const byId = new Map(entries.map((entry) => [entry.slug, entry]));
  const byTitle = new Map<string, T>();
  for (const entry of entries) if (!byTitle.has(titleOf(entry))) byTitle.set(titleOf(entry), entry);
  for (const other of others) {
    const entry = byId.get(other.slug);
    if (entry && !byTitle.has(titleOf(other))) byTitle.set(titleOf(other), entry);
  }
  return { noun, byId, byTitle, drafts: new Set(drafts) };
}

/** How an id (a file name) is written: lower-case words joined by hyphens. A value written otherwise is a name. */
export const ID_FORM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The entries `values` name in `field` of `file`, in order, each once. Pushes a warning for each
 * value written as a title; throws ContentError for a value that names nothing published.
 */
export function resolveReferences<T extends { slug: string }>(
  file: string,
  field: string,
  values: readonly string[],
  targets: ReferenceTargets<T>,
  warnings: string[],
): T[] {
  const found = new Map<string, T>();
  for (const value of values) {
    const byId = targets.byId.get(value);
    if (byId) {
      found.set(byId.slug, byId);
      continue;
    }
    const byTitle = targets.byTitle.get(value);
    if (byTitle) {
      warnings.push(
        targets.noun === 'person'
          ? `${file}: \`${field}\` names the person "${value}" by name; write their id \`${byTitle.slug}\` ` +
              `(their file name in content/people/) instead, so that a change of name in any language breaks nothing.`
          : `${file}: \`${field}\` names the ${targets.noun} "${value}" by its title; write its id \`${byTitle.slug}\` ` +
              `(its file name) instead, so that renaming it in any language breaks nothing.`,
      );
      found.set(byTitle.slug, byTitle);
      continue;
    }
    throw new ContentError(referenceProblem(file, field, value, targets));
  }
  return [...found.values()];
}

/** The message for `value` in `field` of `file`, which names no published entry of `targets`. */
export function referenceProblem(
  file: string,
  field: string,
  value: string,
  targets: ReferenceTargets<{ slug: string }>,
): string {
  const ids = [...targets.byId.keys()].sort();
  const where = `${file}: \`${field}\` names "${value}"`;
  if (targets.drafts.has(value))
    return `${where}, a ${targets.noun} that is a draft: publish it (remove its \`draft: true\`) or take it out of \`${field}\`.`;
  const guess = closeMatch(value, ids);
  const known = ids.length
    ? `The ${targets.noun} ids (file names) are: ${ids.join(', ')}.`
    : `There is no published ${targets.noun} to name.`;
  return `${where}, which is not the id (file name) of a published ${targets.noun}.${guess ? ` Did you mean \`${guess}\`?` : ''} ${known}`;
}
