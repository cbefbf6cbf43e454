// IndexedDB stores values by structured clone. A browser clones a Blob as a Blob (same bytes, new object); Node's
// structuredClone, which fake-indexeddb calls, does not know jsdom's Blob and would give a plain object. Studio tests
// that keep a Blob in IndexedDB stub the global with this browser-like clone.
const nodeClone = globalThis.structuredClone;

export function browserStructuredClone<T>(value: T): T {
  if (value instanceof Blob) return value.slice(0, value.size, value.type) as T;
  if (Array.isArray(value)) return value.map((item) => browserStructuredClone(item)) as T;
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype === Object.prototype || prototype === null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, browserStructuredClone(item)])) as T;
    }
  }
  return nodeClone(value);
}
