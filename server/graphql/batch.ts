// Per-request batching for field resolvers (bazaarSales of every holding on a page → one query).
// Keys requested in the same tick are loaded together, like DataLoader; results are cached per request.

interface Loader<K, V> {
  cache: Map<K, Promise<V | undefined>>;
  pending: Map<K, { resolve(value: V | undefined): void; reject(error: unknown): void }[]>;
  scheduled: boolean;
}

const loadersByContext = new WeakMap<object, Map<string, Loader<unknown, unknown>>>();

export function batchLoad<K, V>(
  context: object,
  name: string,
  key: K,
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
): Promise<V | undefined> {
  let loaders = loadersByContext.get(context);
  if (!loaders) loadersByContext.set(context, (loaders = new Map()));
  let loader = loaders.get(name) as Loader<K, V> | undefined;
  if (!loader) {
    loader = { cache: new Map(), pending: new Map(), scheduled: false };
    loaders.set(name, loader as Loader<unknown, unknown>);
  }
  const cached = loader.cache.get(key);
  if (cached) return cached;
  const current = loader;
  const promise = new Promise<V | undefined>((resolve, reject) => {
    const waiting = current.pending.get(key) ?? [];
    waiting.push({ resolve, reject });
    current.pending.set(key, waiting);
  });
  current.cache.set(key, promise);
  if (!current.scheduled) {
    current.scheduled = true;
    // After the resolvers of the current tick have all asked (graphql-js resolves list items together).
    void Promise.resolve().then(() =>
      process.nextTick(() => {
        const batch = current.pending;
        current.pending = new Map();
        current.scheduled = false;
        loadMany([...batch.keys()]).then(
          (values) => {
            for (const [k, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(k));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
          },
        );
      }),
    );
  }
  return promise;
}
