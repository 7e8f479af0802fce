/**
 * `load`'s result, asked for once and shared by every caller; a failed load (offline, a chunk
 * the server no longer has) is tried again on the next ask instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
