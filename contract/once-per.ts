/**
 * `make`, computed once per key object and kept while the key lives (a WeakMap): for what is derived from a definition
 * or a schema and used on every request (zod compiles a schema's fast path on its first parse; views and constraints
 * are walks over the definition).
 */
export function oncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key)!;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
