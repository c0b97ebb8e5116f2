/**
 * A Map that keeps at most `max` entries, dropping the least recently used one: for caches whose keys
 * come from requests (a language code, formatter options), so that no input can grow them unbounded.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): V {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as K);
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
