/**
 * A bounded memo for the read tools: their answers depend only on the arguments and the build's
 * artefacts, which never change while the function lives, so the same arguments may get the
 * same (frozen in spirit: never mutated) result object, and its serialized JSON is then reused
 * too. Least recently used entries go first once `size` is reached. A failed computation is not
 * kept.
 */
export function createMemo<V>(size: number): (key: string, make: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, V>();
  return async (key, make) => {
    let value = entries.get(key);
    if (value !== undefined) {
      entries.delete(key);
    } else {
      value = await make();
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
    }
    entries.set(key, value);
    return value;
  };
}
