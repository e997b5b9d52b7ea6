/**
 * The Levenshtein distance of two strings (insertions, deletions, substitutions), for the search's
 * misspelt words (src/search/query.ts), get_page_markdown's "did you mean" paths
 * (src/mcp/tools/page-path.ts) and the build's guesses at a misspelt field or id (`closeMatch`). With `max`, it stops as soon as the distance must be larger and
 * returns `max + 1`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * The candidate `typed` most likely misspells, ignoring case: the nearest within a third of its
 * length (at least 2 edits), or undefined when none is that near. For the build's messages on a
 * field the schemas do not know (src/schemas/fields.ts) and an id that names no entry
 * (src/model/references.ts).
 */
export function closeMatch(typed: string, candidates: readonly string[]): string | undefined {
  const key = typed.trim().toLowerCase();
  const max = Math.max(2, Math.floor(key.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(key, candidate.toLowerCase(), max);
    if (distance <= max && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
