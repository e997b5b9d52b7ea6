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
