/**
 * A bounded memo for work whose answer depends only on its key and on the build's artefacts,
 * which never change while the function lives: the read tools' answers, search answers, page
 * records. The same key gets the same (never mutated) value, so a tool's serialized JSON is
 * reused too. Concurrent first calls of a key share one computation. Least recently used keys go
 * first once `size` is reached. A computation that fails, or answers `undefined` ("nothing
 * here"), is not kept: an unknown key is forgotten as soon as it is answered.
 */
export function createMemo<V>(size: number): (key: string, make: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, Promise<V>>();
  const forget = (key: string, pending: Promise<V>) => {
    if (entries.get(key) === pending) entries.delete(key);
  };
  return (key, make) => {
    const kept = entries.get(key);
    if (kept) {
      entries.delete(key);
      entries.set(key, kept);
      return kept;
    }
    const pending: Promise<V> = make().then(
      (value) => {
        if (value === undefined) forget(key, pending);
        return value;
      },
      (error: unknown) => {
        forget(key, pending);
        throw error;
      },
    );
    entries.set(key, pending);
    if (entries.size > size) entries.delete(entries.keys().next().value!);
    return pending;
  };
}
