/**
 * Work done once per instance and shared: the first call starts `load`, later and concurrent
 * calls get the same promise. A rejected promise is dropped, so the next call tries again (an
 * unreadable artefact or a lead store that failed to load is not remembered as broken).
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * `once` per key: each key's first call starts `load(key)`, later and concurrent calls with that
 * key share it, and a rejected load is dropped for that key only. For a handful of keys (a
 * site's languages); the keys are never forgotten.
 */
export function onceEach<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const loads = new Map<string, () => Promise<T>>();
  return (key) => {
    let cached = loads.get(key);
    if (!cached) loads.set(key, (cached = once(() => load(key))));
    return cached();
  };
}
