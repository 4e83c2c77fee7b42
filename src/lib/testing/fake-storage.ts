/** A sessionStorage stand-in for unit tests: its entries can be read back directly. */
export function fakeStorage(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => { entries.set(key, value); },
    removeItem: (key: string) => { entries.delete(key); },
    // Enumerated as Storage is: by index, in an order the caller must not rely on.
    key: (index: number) => [...entries.keys()][index] ?? null,
    get length() { return entries.size; },
  };
}
