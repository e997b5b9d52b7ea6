/** Binary search over ascending values: the ranker's postings (numbers) and the index's terms (strings). */

/** Whether `values[start]` to `values[end - 1]`, ascending, hold `value`. */
export function sortedHas<T extends number | string>(
  values: ArrayLike<T>,
  value: T,
  start = 0,
  end = values.length,
): boolean {
  let low = start;
  let high = end - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = values[middle]!;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Whether ascending `values` hold a string that starts with `prefix` and is longer than it. */
export function sortedHasLonger(values: ArrayLike<string>, prefix: string): boolean {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! <= prefix) low = middle + 1;
    else high = middle;
  }
  return low < values.length && values[low]!.startsWith(prefix);
}
